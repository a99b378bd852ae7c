"""Lesson positions as game states: the cards a position gives, the rest dealt from its seed,
at the phase it names; or a position the engine finds on the learner's table."""

from __future__ import annotations

import random

from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.compiled import best_meld
from game.rules.compose import auction_position, stock_position
from game.rules.engine import first_dealer, new_game
from game.rules.meld import MeldResult
from game.rules.notation import NotationError, read
from game.rules.notation import Position as NotationPosition
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import SeatingError
from game.rules.state import GameState
from game.store.lessons import SEATS, LessonError, Position
from game.tutorial.find import find


def seat_of(rules: RuleSet, name: str) -> int | None:
    """The seat a lesson's position key names (``south`` ... ``east``); None where the table
    has no such chair (a three-handed table has no north)."""
    try:
        return rules.seating.seat_of_name(name)
    except SeatingError:
        return None


def seat_key(rules: RuleSet, seat: int) -> str:
    """The position key of a seat, as a lesson writes it."""
    return rules.seating.name(seat).lower()


def build_state(rules: RuleSet, pos: Position, source: str, step: int | None = None) -> GameState:
    """The game state a position describes: the given cards, the rest dealt from its seed (or
    the position the engine finds for ``pos.find``, or the one its notation gives)."""
    if pos.notation:
        return _notation_state(rules, pos, source, step)
    if pos.find:
        found = find(rules, pos.find)
        if found is None:
            raise LessonError(source, step, "position.find",
                              f"no deal of {rules.name} gives {pos.find!r}")
        return found.state
    if pos.bidder not in rules.seating.seats:  # a dealer or leader is counted round instead
        raise LessonError(source, step, "position.bidder", f"{rules.name} has seats 0 to "
                          f"{rules.players - 1}, not {pos.bidder}")
    counts, widow, rest = _deal_position(rules, pos, source, step)
    dealer = first_dealer(rules) if pos.dealer is None else rules.seating.wrapped(pos.dealer)
    if pos.scores and len(pos.scores) != rules.n_sides:
        raise LessonError(source, step, "position.scores", f"{rules.name} has {rules.n_sides} "
                          f"sides, not {len(pos.scores)}")
    if pos.phase == "stock" or (rules.stock.enabled and pos.phase == "tricks"):
        state = _stock_state(rules, pos, counts, rest, dealer, source, step)
    else:
        state = _auction_state(rules, pos, counts, widow, rest, dealer, source, step)
    return state._replace(scores=pos.scores) if pos.scores else state


def dealt_of(rules: RuleSet, pos: Position, source: str) -> tuple[GameState, tuple[Action, ...]]:
    """A position written in the notation: its state just after the deal and the moves from
    there (a hand's replay starts at its deal; the other kinds of position give none)."""
    if not pos.notation:
        raise LessonError(source, None, "position", "gives no deal to replay the hand from: "
                          "write it in the notation (pn1 ...)")
    read_pos = _read(rules, pos, source, None)
    return read_pos.start, read_pos.moves


def _notation_state(rules: RuleSet, pos: Position, source: str, step: int | None
                    ) -> GameState:
    """The state a position in the notation reaches (checked when the lesson was loaded; read
    again here at the table the runner chose, which must be the one it names)."""
    return _read(rules, pos, source, step).state


def _read(rules: RuleSet, pos: Position, source: str, step: int | None) -> NotationPosition:
    def resolve(name: str) -> RuleSet:
        if name != rules.name:
            raise ValueError(f"the position is at {name!r}, the lesson runs at {rules.name!r}")
        return rules

    try:
        return read(pos.notation, resolve)
    except NotationError as exc:
        raise LessonError(source, step, "position", str(exc)) from None


def _deal_position(rules: RuleSet, pos: Position, source: str, step: int | None
                   ) -> tuple[tuple[int, ...], list[Card], list[Card]]:
    """(counts per seat, the widow, the undealt rest): the position's cards, and the rest of
    each hand dealt from its seed."""
    deck = rules.deck
    n = rules.players
    given: list[list[Card]] = [[] for _ in range(n)]
    for name, cards in zip(SEATS, pos.cards, strict=False):  # chairs left off: none given
        seat = seat_of(rules, name)
        if cards and seat is None:
            raise LessonError(source, step, f"position.{name}", f"{rules.name} has no {name}")
        if seat is not None:
            given[seat] = list(cards)
    try:
        used = deck.counts_of([c for cards in given for c in cards] + list(pos.widow))
    except ValueError as exc:
        raise LessonError(source, step, "position", str(exc)) from None
    if pos.turnup is not None:
        used += deck.one[deck.type_of(pos.turnup)]
    rest = deck.to_cards(deck.full() - used)
    random.Random(pos.seed).shuffle(rest)
    sizes = [pos.cards_each or rules.hand_size] * n
    if pos.phase == "discard":
        sizes[pos.bidder] += rules.widow.size
    widow = list(pos.widow)
    for seat in range(n):
        if len(given[seat]) > sizes[seat]:
            raise LessonError(source, step, f"position.{seat_key(rules, seat)}",
                              f"{len(given[seat])} cards, but a hand holds {sizes[seat]}")
        while len(given[seat]) < sizes[seat]:
            given[seat].append(rest.pop())
    if rules.widow.size and pos.phase in ("auction", "widow"):
        while len(widow) < rules.widow.size:
            widow.append(rest.pop())
    return tuple(deck.counts_of(h) for h in given), widow, rest


_PHASES = {"auction": Phase.AUCTION, "trump": Phase.TRUMP, "widow": Phase.WIDOW,
           "pass": Phase.PASS, "discard": Phase.DISCARD, "tricks": Phase.TRICKS}


def _auction_state(rules: RuleSet, pos: Position, counts: tuple[int, ...], widow: list[Card],
                   rest: list[Card], dealer: int, source: str, step: int | None) -> GameState:
    """A game whose hand of an auction game is at the position's phase."""
    trump = -1 if pos.trump is None else int(pos.trump)
    if pos.phase in ("pass", "tricks") and trump < 0:
        what = "passing" if pos.phase == "pass" else "trick play"
        raise LessonError(source, step, "position.trump", f"{what} needs a trump suit")
    melds: tuple[MeldResult | None, ...] = ()
    if pos.phase == "tricks":
        melded = melded_cards(rules, pos)
        melds = tuple(best_meld(rules, melded[s] if melded[s] else counts[s], trump)
                      for s in range(rules.players))
    discards = 0
    if pos.phase == "trump" and rules.widow.size and not pos.cards_each:
        # Three-handed, after the discard: the cards no hand holds are the bidder's
        # discards (banked for its tricks, known to it), as in a dealt hand.
        discards = rules.deck.counts_of(rest)
    leader = pos.bidder if pos.leader is None else pos.leader
    hand = auction_position(rules, dealer, counts, rules.deck.counts_of(widow),
                            _PHASES[pos.phase], pos.bidder, pos.bid or rules.auction.min_bid,
                            trump, melds, rules.seating.wrapped(leader), discards)
    return new_game(rules, pos.seed)._replace(dealer=dealer, hand=hand)


def _stock_state(rules: RuleSet, pos: Position, counts: tuple[int, ...], rest: list[Card],
                 dealer: int, source: str, step: int | None) -> GameState:
    turnup = pos.turnup
    if turnup is None:
        # A position written for any table names trump; the stock game shows it turned up.
        suited = [c for c in rest if pos.trump is not None and c.suit == pos.trump]
        if not suited:
            raise LessonError(source, step, "position.turnup", "the stock game needs a turn-up")
        turnup = suited[-1]
        rest = list(rest)
        rest.remove(turnup)  # one copy: identical cards are one object
    deck = rules.deck
    leader = rules.next_seat(dealer) if pos.leader is None else rules.seating.wrapped(pos.leader)
    hand = stock_position(dealer, counts, tuple(deck.type_of(c) for c in rest),
                          deck.type_of(turnup), int(turnup.suit), leader)
    return new_game(rules, pos.seed)._replace(dealer=dealer, hand=hand)


def melded_cards(rules: RuleSet, pos: Position) -> list[list[Card]]:
    """Per seat, the cards it melded when the position says (a position late in the hand, when
    the meld was shown from a full hand); empty lists mean: the hand as it is."""
    out: list[list[Card]] = [[] for _ in range(rules.players)]
    for name, cards in zip(SEATS, pos.melded, strict=False):
        seat = seat_of(rules, name)
        if cards and seat is not None:
            out[seat] = list(cards)
    return out
