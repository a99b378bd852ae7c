"""Two-handed Pinochle with a stock (document 004).

"The non-dealer leads ... It is not necessary to follow suit." After each trick the winner may
meld one combination, count the dix and exchange it for the turn-up, then both draw, winner
first. With the stock gone, melded cards return to hand and the last twelve tricks are played
with the strict rules (follow suit, beat a trump lead, trump when void).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules import stockscore
from game.rules.actions import (
    Action,
    CountDix,
    DeclareOut,
    EndTurn,
    ExchangeDix,
    LayMeld,
    PlayCard,
)
from game.rules.cards import Card
from game.rules.errors import IllegalActionError
from game.rules.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DixCounted,
    DixExchanged,
    Event,
    MeldLaid,
    PlayoffStarted,
    TrickWon,
)
from game.rules.kernel import kernel_for
from game.rules.meld import Meld, level_name
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, Phase
from game.rules.stockmeld import MeldOption, Tabled, lay, options
from game.rules.stockscore import declared_total, hand_points, rounded  # noqa: F401 (public here)
from game.rules.tricks import explain_plays


class StockHand(NamedTuple):
    phase: Phase
    dealer: int
    hands: tuple[int, ...] = ()  # counts, tabled cards included
    tabled: tuple[tuple[Tabled, ...], ...] = ((), ())
    stock: tuple[int, ...] = ()  # face-down card types, top first
    turnup: int = -1  # card type of the turned-up trump card (the dix after an exchange)
    trump: int = -1
    leader: int = 0
    turn: int = 0
    trick: tuple[tuple[int, int], ...] = ()  # (seat, type)
    taken: tuple[int, ...] = (0, 0)
    won: tuple[int, ...] = (0, 0)
    meld_pts: tuple[int, ...] = (0, 0)
    dix_counted: tuple[int, ...] = (0, 0)  # counted dixes still held
    exchanged: bool = False
    playoff: bool = False
    melded: bool = False  # the trick winner has melded this turn
    dixed: bool = False  # ... and counted or exchanged a dix
    tricks: tuple[tuple[tuple[int, int], ...], ...] = ()
    played: int = 0
    laid: tuple[tuple[Meld, ...], ...] = ((), ())
    last_winner: int = -1


def _dix_type(rules: RuleSet, trump: int) -> int:
    dix = rules.dix_rank
    assert dix is not None
    return rules.deck.type_of(Card(dix, trump))  # type: ignore[arg-type]


def start(state: GameState, hands: list[list[Card]], turnup: Card, rest: list[Card],
          plan: list[tuple[int, int]]) -> tuple[GameState, list[Event]]:
    rules = state.rules
    deck = rules.deck
    trump = int(turnup.suit)
    dealer = state.dealer
    meld_pts = [0, 0]
    events: list[Event] = [CardsDealt(dealer, tuple(plan), tuple(tuple(h) for h in hands), turnup)]
    if turnup.rank == rules.dix_rank:
        meld_pts[dealer] += rules.meld.dix  # "If the dealer turns a dix ... they score 10"
        events.append(DixCounted(dealer, rules.meld.dix))
    leader = rules.next_seat(dealer)
    hand = StockHand(Phase.TRICKS, dealer, tuple(deck.counts_of(h) for h in hands), ((), ()),
                     tuple(deck.type_of(c) for c in rest), deck.type_of(turnup), trump, leader,
                     leader, meld_pts=tuple(meld_pts))
    return state._replace(hand=hand), events


def actor(rules: RuleSet, hand: StockHand) -> int:
    if hand.phase == Phase.DEAL:
        return hand.dealer
    return hand.turn


def _table_count(hand: StockHand, seat: int, t: int) -> int:
    return sum(1 for tc in hand.tabled[seat] if tc.type == t)


def _meld_options(rules: RuleSet, hand: StockHand, seat: int) -> list[MeldOption]:
    return options(rules, hand.hands[seat], hand.tabled[seat], hand.trump)


def _held_dix(rules: RuleSet, hand: StockHand, seat: int) -> int:
    if rules.dix_rank is None:
        return 0
    t = _dix_type(rules, hand.trump)
    return (hand.hands[seat] >> (t * rules.deck.bits)) & rules.deck.field_mask


def can_declare_out(rules: RuleSet, state: GameState) -> bool:
    return rules.stock.declare_out and rules.scoring.game == "score"


def legal(rules: RuleSet, hand: StockHand, state: GameState | None = None) -> tuple[Action, ...]:
    seat = hand.turn
    acts: list[Action] = []
    if hand.phase == Phase.MELD_TURN:
        if not hand.melded:
            acts += [LayMeld(o.kind, o.cards) for o in _meld_options(rules, hand, seat)]
        if not hand.dixed and rules.meld.dix:
            held = _held_dix(rules, hand, seat)
            if held > hand.dix_counted[seat]:
                acts.append(CountDix())
            if (held and rules.stock.dix_exchange and not hand.exchanged and hand.stock
                    and hand.turnup != _dix_type(rules, hand.trump)):
                acts.append(ExchangeDix())
        acts.append(EndTurn())
    else:
        deck = rules.deck
        kernel = kernel_for(rules, rules.stock.playoff_obligations if hand.playoff
                            else rules.tricks.obligations)
        h = hand.hands[seat]
        mask = h
        if hand.trick:
            mask = kernel.legal(h, kernel.suit_of[hand.trick[0][1]], _win_type(rules, hand),
                                hand.trump)
        tabled: dict[int, int] = {}
        for tc in hand.tabled[seat]:
            tabled[tc.type] = tabled.get(tc.type, 0) + 1
        for t in kernel.types_in(mask):
            on_table = tabled.get(t, 0)
            if (h >> (t * deck.bits)) & deck.field_mask > on_table:
                acts.append(kernel.play_actions[t])
            if on_table:
                acts.append(PlayCard(deck.types[t], True))
    if rules.stock.declare_out and rules.scoring.game == "score":
        acts.append(DeclareOut())
    return tuple(acts)


def _win_type(rules: RuleSet, hand: StockHand) -> int:
    kernel = kernel_for(rules)
    wt = hand.trick[0][1]
    for _, t in hand.trick[1:]:
        if kernel.beats(t, wt, hand.trump):
            wt = t
    return wt


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    hand = state.hand
    assert isinstance(hand, StockHand)
    if isinstance(action, DeclareOut):
        if DeclareOut() not in legal(rules, hand):
            raise IllegalActionError("Declaring out is only possible in a match to a target.")
        return stockscore.declare_out(state, hand)
    if hand.phase == Phase.MELD_TURN:
        if action not in legal(rules, hand):
            raise _illegal(rules, hand, action)
        return _meld_turn(state, hand, action)
    if not isinstance(action, PlayCard) or not _playable(rules, hand, action):
        raise _illegal(rules, hand, action)
    return _play(state, hand, action)


def _playable(rules: RuleSet, hand: StockHand, action: PlayCard) -> bool:
    """Whether this card may be played now (from the hand or the table, as asked)."""
    deck = rules.deck
    if not deck.has(action.card):
        return False
    t = deck.type_of(action.card)
    seat = hand.turn
    h = hand.hands[seat]
    held = (h >> (t * deck.bits)) & deck.field_mask
    on_table = _table_count(hand, seat, t)
    if (on_table if action.from_table else held - on_table) <= 0:
        return False
    if not hand.trick:
        return True
    kernel = kernel_for(rules, rules.stock.playoff_obligations if hand.playoff
                        else rules.tricks.obligations)
    mask = kernel.legal(h, kernel.suit_of[hand.trick[0][1]], _win_type(rules, hand), hand.trump)
    return bool(mask & kernel.field_of[t])


def _illegal(rules: RuleSet, hand: StockHand, action: Action) -> IllegalActionError:
    if hand.phase == Phase.MELD_TURN:
        if isinstance(action, LayMeld):
            return IllegalActionError(
                "Only one meld may be made in a turn; each meld needs at least one card from "
                "the hand; a melded card may be melded again only in a different class or in "
                "a higher-scoring meld of the same class.", f"{action} cannot be laid now")
        return IllegalActionError("After winning a trick you may meld, count or exchange the "
                                  "dix, then draw.")
    if not isinstance(action, PlayCard):
        return IllegalActionError("Play a card.")
    deck = rules.deck
    seat = hand.turn
    if not deck.has(action.card) or not deck.count(hand.hands[seat], action.card):
        return IllegalActionError("You can only play a card you hold.", str(action.card))
    if action.from_table:
        return IllegalActionError("That card is not on the table.", str(action.card))
    obligations = rules.stock.playoff_obligations if hand.playoff else rules.tricks.obligations
    verdict = explain_plays(rules, deck.to_cards(hand.hands[seat]),
                            [deck.types[t] for _, t in hand.trick], hand.trump, obligations)
    reason = verdict.reason(action.card)
    if reason is not None:
        return IllegalActionError(reason.message, f"{action.card.pretty} may not be played")
    return IllegalActionError("All your copies of that card are on the table.",
                              str(action.card))


def _play(state: GameState, hand: StockHand, action: PlayCard) -> tuple[GameState, list[Event]]:
    rules = state.rules
    deck = rules.deck
    kernel = kernel_for(rules)
    seat = hand.turn
    t = deck.type_of(action.card)
    hands = list(hand.hands)
    hands[seat] -= deck.one[t]
    tabled = list(hand.tabled)
    if action.from_table:
        mine = list(tabled[seat])
        idx = max((i for i, tc in enumerate(mine) if tc.type == t),
                  key=lambda i: len(mine[i].record))
        del mine[idx]
        tabled[seat] = tuple(mine)
    dix_counted = list(hand.dix_counted)
    if rules.dix_rank is not None and t == _dix_type(rules, hand.trump) and dix_counted[seat]:
        dix_counted[seat] -= 1  # a counted dix goes first: the uncounted one may count later
    trick = hand.trick + ((seat, t),)
    events: list[Event] = [CardPlayed(seat, action.card, action.from_table)]
    hand = hand._replace(hands=tuple(hands), tabled=tuple(tabled), trick=trick,
                         dix_counted=tuple(dix_counted), played=hand.played + deck.one[t])
    if len(trick) < 2:
        return state._replace(hand=hand._replace(turn=rules.next_seat(seat))), events
    (s0, t0), (s1, t1) = trick
    winner = s1 if kernel.beats(t1, t0, hand.trump) else s0
    points = kernel.points[t0] + kernel.points[t1]
    last = not hands[winner] and hand.playoff
    if last:
        points += rules.tricks.last_trick
    taken = list(hand.taken)
    taken[winner] += points
    won = list(hand.won)
    won[winner] += 1
    events.append(TrickWon(winner, ((s0, deck.types[t0]), (s1, deck.types[t1])), points, last))
    hand = hand._replace(trick=(), taken=tuple(taken), won=tuple(won), leader=winner,
                         turn=winner, tricks=hand.tricks + (trick,), last_winner=winner)
    if last:
        return stockscore.score(state, hand, events)
    if not hand.playoff:
        hand = hand._replace(phase=Phase.MELD_TURN, melded=False, dixed=False)
    return state._replace(hand=hand), events


def _meld_turn(state: GameState, hand: StockHand, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    deck = rules.deck
    seat = hand.turn
    if isinstance(action, LayMeld):
        option = next(o for o in _meld_options(rules, hand, seat)
                      if o.kind == action.kind and o.cards == action.cards)
        tabled = list(hand.tabled)
        tabled[seat] = lay(rules, hand.tabled[seat], option)
        meld = Meld(option.kind, rules.meld_class(option.kind),
                    level_name(rules.meld_name(option.kind), 1), option.cards, option.points)
        pts = list(hand.meld_pts)
        pts[seat] += option.points
        laid = list(hand.laid)
        laid[seat] = laid[seat] + (meld,)
        hand = hand._replace(tabled=tuple(tabled), meld_pts=tuple(pts), melded=True,
                             laid=tuple(laid))
        from_hand = tuple(deck.types[t] for t in option.from_hand)
        return state._replace(hand=hand), [MeldLaid(seat, meld, from_hand)]
    if isinstance(action, CountDix):
        pts = list(hand.meld_pts)
        pts[seat] += rules.meld.dix
        counted = list(hand.dix_counted)
        counted[seat] += 1
        hand = hand._replace(meld_pts=tuple(pts), dix_counted=tuple(counted), dixed=True)
        return state._replace(hand=hand), [DixCounted(seat, rules.meld.dix)]
    if isinstance(action, ExchangeDix):
        dix = _dix_type(rules, hand.trump)
        held = _held_dix(rules, hand, seat)
        counted = list(hand.dix_counted)
        gain = 0
        if held > counted[seat]:
            gain = rules.meld.dix
        else:
            counted[seat] -= 1
        hands = list(hand.hands)
        hands[seat] += deck.one[hand.turnup] - deck.one[dix]
        pts = list(hand.meld_pts)
        pts[seat] += gain
        took = deck.types[hand.turnup]
        hand = hand._replace(hands=tuple(hands), turnup=dix, exchanged=True, dixed=True,
                             meld_pts=tuple(pts), dix_counted=tuple(counted))
        return state._replace(hand=hand), [DixExchanged(seat, deck.types[dix], took, gain)]
    return _draw(state, hand)


def _draw(state: GameState, hand: StockHand) -> tuple[GameState, list[Event]]:
    """Both draw, the trick's winner first; the last face-down card and the turn-up are shown."""
    rules = state.rules
    deck = rules.deck
    winner = hand.turn
    loser = rules.next_seat(winner)
    hands = list(hand.hands)
    stock = hand.stock
    events: list[Event] = []
    if len(stock) >= 2:
        hands[winner] += deck.one[stock[0]]
        hands[loser] += deck.one[stock[1]]
        events += [CardDrawn(winner, deck.types[stock[0]]), CardDrawn(loser, deck.types[stock[1]])]
        stock = stock[2:]
        hand = hand._replace(hands=tuple(hands), stock=stock, phase=Phase.TRICKS)
        return state._replace(hand=hand), events
    # "They show this card to their opponent, who draws the trump card (or the dix)."
    hands[winner] += deck.one[stock[0]]
    hands[loser] += deck.one[hand.turnup]
    events += [CardDrawn(winner, deck.types[stock[0]], True),
               CardDrawn(loser, deck.types[hand.turnup], True), PlayoffStarted(winner)]
    hand = hand._replace(hands=tuple(hands), stock=(), turnup=-1, phase=Phase.TRICKS,
                         playoff=True, tabled=((), ()), dix_counted=(0, 0))
    return state._replace(hand=hand), events
