"""A finished hand told in full, for the table's "show all hands" and replay: every hand as
dealt, the widow, the passes and discards, the auction and every trick. It is read by replaying
the game (its rules, seed and actions), so it holds exactly what happened; it is offered only
once the hand is over, when nothing in it is secret any more."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.engine import apply, new_game
from game.rules.gamehands import GameHand
from game.rules.notation import read, write
from game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class Trick:
    """One trick of a finished hand: the cards in play order, who won it and its points."""

    cards: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    winner: int
    points: int


@dataclass
class HandHistory:
    """One finished hand in full, gathered event by event (``add``): the deal, the exchanges, the
    auction, every trick, any claim and the result."""

    hand_no: int
    dealer: int = -1
    dealt: tuple[tuple[Card, ...], ...] = ()  # per seat, as dealt
    widow: tuple[Card, ...] = ()
    turnup: Card | None = None
    passes: list[ev.CardsPassed] = field(default_factory=list)
    discards: list[ev.Discarded] = field(default_factory=list)
    bids: list[tuple[int, int]] = field(default_factory=list)  # (seat, amount), 0: a pass
    tricks: list[Trick] = field(default_factory=list)
    claim: ev.HandClaimed | None = None
    result: ev.HandResult | None = None
    # What each seat holds as the events go by, and a copy as each trick is led: followed
    # event by event, so the widow, passes, discards, the dix exchange and two-handed's draws
    # from the stock are all counted.
    holding: list[list[Card]] = field(default_factory=list)
    held: list[tuple[tuple[Card, ...], ...]] = field(default_factory=list)

    def add(self, event: ev.Event) -> None:
        if isinstance(event, ev.CardsDealt):
            self.dealer, self.dealt, self.turnup = event.dealer, event.hands, event.turnup
            self.holding = [list(h) for h in event.hands]
        elif isinstance(event, ev.WidowShown):
            self.widow = event.cards
            self.holding[event.seat] += event.cards
        elif isinstance(event, ev.CardsPassed):
            self.passes.append(event)
            self._move(event.source, event.cards, event.target)
        elif isinstance(event, ev.Discarded):
            self.discards.append(event)
            self._move(event.seat, event.cards)
        elif isinstance(event, ev.DixExchanged):
            self._move(event.seat, (event.dix,))
            self.holding[event.seat].append(event.took)
        elif isinstance(event, ev.CardDrawn) and event.card is not None:
            self.holding[event.seat].append(event.card)
        elif isinstance(event, ev.CardPlayed):
            if len(self.held) == len(self.tricks):  # the lead: a new trick
                self.held.append(tuple(tuple(h) for h in self.holding))
            self._move(event.seat, (event.card,))
        elif isinstance(event, ev.BidMade):
            self.bids.append((event.seat, event.amount))
        elif isinstance(event, ev.Passed):
            self.bids.append((event.seat, 0))
        elif isinstance(event, ev.TrickWon):
            self.tricks.append(Trick(event.cards, event.seat, event.points))
        elif isinstance(event, ev.HandScored):
            self.result = event.result

    def _move(self, seat: int, cards: Sequence[Card], to: int = -1) -> None:
        for card in cards:
            self.holding[seat].remove(card)
            if to >= 0:
                self.holding[to].append(card)

    def held_before(self, trick: int) -> list[list[Card]]:
        """Each seat's cards just before trick ``trick`` (0-based) is led (melds laid on the
        table in two-handed are still held: they may be played)."""
        return [list(h) for h in self.held[trick]]


def hand_history(rules: RuleSet, seed: int, actions: Sequence[Action], hand_no: int
                 ) -> HandHistory:
    """Hand ``hand_no`` of the game, from its actions (unredacted: call it only for a hand
    that is over)."""
    state = new_game(rules, seed)
    out = HandHistory(hand_no)
    for action in actions:
        if state.hand_no > hand_no:
            break
        here = state.hand_no == hand_no
        state, events = apply(state, action)
        if here:
            for event in events:
                out.add(event)
    if out.result is None or out.result.hand_no != hand_no:
        raise ValueError(f"hand {hand_no + 1} is not over")
    return out


def history_of(hand: GameHand) -> HandHistory:
    """A hand given as its state just after the deal and the moves since: a hand cut from a
    game, or a lesson's position played on, which has no game around it (unredacted: call it
    only for a hand that is over)."""
    start = hand.start
    out = HandHistory(hand.hand_no)
    # The deal's own events (the cards, and a forced opening some tables announce with them),
    # as the engine makes them: the hand's deal written and read again.
    for event in read(write(start, ()), lambda _: start.rules).events:
        out.add(event)
    state = start
    for action in hand.moves:
        state, events = apply(state, action)
        for event in events:
            out.add(event)
    if out.result is None:
        raise ValueError(f"hand {hand.hand_no + 1} is not over")
    return out
