"""Claiming the rest of the tricks: a side may claim when it can be shown that it takes every
remaining trick whatever anyone plays. The proof is exhaustive over the cards actually held
(every hand is known to the engine): the claiming side needs one winning answer to each play,
the others may play any legal card. A claim is then played out, card by card, along a line
the proof found, so the hand is scored exactly as if it had been played: every counter of the
remaining tricks and the last trick go to the claiming side, whatever line is played.

The search is bounded: a position too large to settle within the budget is simply not shown
(no claim), never guessed. Claims are not offered where reneges are allowed (002's option),
since a renege is a play the proof does not cover.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import PlayCard
from game.rules.auction_game.state import HandState
from game.rules.engine import actor, apply, hand_sides
from game.rules.errors import IllegalActionError
from game.rules.events import Event, HandClaimed, TrickWon
from game.rules.kernel import PlayKernel
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand

BUDGET = 60_000  # positions searched before giving up (a few tenths of a second at most)
# Above this many tricks left only :func:`solid` is tried: a full search could take seconds.
SEARCH_TRICKS = 7


class _OutOfBudgetError(Exception):
    pass


@dataclass(frozen=True)
class Position:
    """The trick play left: each seat's cards (counts ints), the trick so far and its leader."""

    kernel: PlayKernel
    hands: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card type) in play order
    leader: int
    trump: int
    # The seat that plays after each seat in this hand (round the chairs dealt a hand, where
    # people sit out in turn: VARIANTS.md, "Sitting out").
    order: tuple[int, ...]


def position(state: GameState) -> Position | None:
    """The trick play of ``state``, or None when no claim can be made now: outside the play
    of the tricks, in two-handed before the playoff (cards are still drawn), or with reneges
    allowed."""
    hand = state.hand
    if hand.phase != Phase.TRICKS or state.rules.tricks.reneges:
        return None
    if isinstance(hand, HandState) and hand.play is not None:
        ps = hand.play
        kernel = state.compiled.kernel
        return Position(kernel, hand.hands, ps.trick, ps.leader, hand.trump,
                        kernel.next_in_hand[hand.dealer])
    if isinstance(hand, StockHand) and hand.playoff and not any(hand.on_table):
        consts = state.compiled.stock
        assert consts is not None
        kernel = consts.kernels[True]
        return Position(kernel, hand.hands, hand.trick, hand.leader, hand.trump,
                        kernel.next_seat)
    return None


class _Search:
    """Whether the seats in ``ours`` win every trick from a position, memoised per position."""

    def __init__(self, kernel: PlayKernel, trump: int, ours: tuple[bool, ...], budget: int,
                 order: tuple[int, ...]) -> None:
        self.k = kernel
        self.order = order
        self.trump = trump
        self.ours = ours
        self.budget = budget
        self.memo: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int], bool] = {}
        self.solid = False  # proven by :func:`solid`: the leader leads, any card wins

    def to_play(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int
                ) -> tuple[int, list[int]]:
        """The seat to play and its legal card types."""
        k = self.k
        if not trick:
            return leader, k.types_in(hands[leader])
        seat = self.order[trick[-1][0]]
        wt = trick[0][1]
        for _, t in trick[1:]:
            if k.beats(t, wt, self.trump):
                wt = t
        return seat, k.types_in(k.legal(hands[seat], trick, wt, self.trump))

    def after(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int,
              seat: int, t: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int] | None:
        """The position after ``seat`` plays type ``t``; None when that ends a trick the
        claiming side does not win."""
        k = self.k
        hands = (*hands[:seat], hands[seat] - k.one[t], *hands[seat + 1:])
        trick = (*trick, (seat, t))
        if len(trick) < k.players:
            return hands, trick, leader
        ws, wt = trick[0]
        for s, x in trick[1:]:
            if k.beats(x, wt, self.trump):
                ws, wt = s, x
        if not self.ours[ws]:
            return None
        return hands, (), ws

    def wins(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int
             ) -> bool:
        if not any(hands):
            return True
        key = (hands, trick, leader)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudgetError
        seat, types = self.to_play(hands, trick, leader)
        if self.ours[seat]:
            # Strongest first: a winning answer is usually the high card.
            result = any(self._wins_after(hands, trick, leader, seat, t) for t in reversed(types))
        else:
            result = all(self._wins_after(hands, trick, leader, seat, t) for t in types)
        self.memo[key] = result
        return result

    def _wins_after(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...],
                    leader: int, seat: int, t: int) -> bool:
        nxt = self.after(hands, trick, leader, seat, t)
        return nxt is not None and self.wins(*nxt)

    def line(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int
             ) -> list[int]:
        """One play-out of a proven position: the claimers' winning answers, the others'
        lowest legal cards (any would do)."""
        out = []
        while any(hands):
            seat, types = self.to_play(hands, trick, leader)
            pick = types[0]
            if self.solid:
                pick = types[-1] if not trick else pick
            elif self.ours[seat]:
                pick = next(t for t in reversed(types)
                            if self._wins_after(hands, trick, leader, seat, t))
            nxt = self.after(hands, trick, leader, seat, pick)
            assert nxt is not None  # proven: every trick is the claimers'
            hands, trick, leader = nxt
            out.append(pick)
        return out


def tricks_left(pos: Position) -> int:
    """Tricks still to be won, the one in progress included."""
    return max(pos.kernel.deck.size_of(h) for h in pos.hands)


def solid(pos: Position) -> bool:
    """Whether the player to lead holds only cards nobody else can beat: no other seat holds a
    higher card of the same suit, nor, for a card that is not trump, any trump (an identical
    card played later does not beat it: the first played wins). Such a leader takes every trick,
    whatever anyone plays, in any order: the others' cards only dwindle. This settles at once
    the long claims an exhaustive search could not (a partner holding every trump)."""
    if pos.trick:
        return False
    k = pos.kernel
    others = 0
    for seat, h in enumerate(pos.hands):
        if seat != pos.leader:
            others |= h
    trumps = others & k.trump_mask[pos.trump]
    for t in k.types_in(pos.hands[pos.leader]):
        if others & k.above[t]:
            return False
        if trumps and k.suit_of[t] != pos.trump:
            return False
    return True


def claim_line(state: GameState, side: int, budget: int = BUDGET) -> tuple[PlayCard, ...] | None:
    """Every play left in the hand, along which ``side`` wins every trick, when it can be shown
    that ``side`` wins every remaining trick whatever the others play; None when it cannot
    (or not within ``budget`` positions)."""
    pos = position(state)
    if pos is None:
        return None
    sides = hand_sides(state)
    ours = tuple(sides.side_of(seat) == side for seat in sides.seats)
    search = _Search(pos.kernel, pos.trump, ours, budget, pos.order)
    try:
        if solid(pos):
            search.solid = True
        elif tricks_left(pos) > SEARCH_TRICKS or not search.wins(pos.hands, pos.trick,
                                                                pos.leader):
            return None
        types = search.line(pos.hands, pos.trick, pos.leader)
    except _OutOfBudgetError:
        return None
    return tuple(pos.kernel.play_actions[t] for t in types)


def can_claim(state: GameState, seat: int, budget: int = BUDGET) -> bool:
    """Whether ``seat``, whose turn it is, may claim the rest for its side now."""
    if actor(state) != seat:
        return False
    return claim_line(state, hand_sides(state).side_of(seat), budget) is not None


def claim(state: GameState, seat: int, budget: int = BUDGET
          ) -> tuple[GameState, list[Event], tuple[PlayCard, ...]]:
    """``seat`` (to play) claims the rest: the state after the claimed tricks are played out,
    the events (a :class:`HandClaimed`, then the plays and the hand's score) and the plays, for
    the action list. Raises IllegalActionError when the claim cannot be shown."""
    if actor(state) != seat:
        raise IllegalActionError("Only the player whose turn it is may claim.")
    rules = state.rules
    side = hand_sides(state).side_of(seat)
    line = claim_line(state, side, budget)
    if line is None:
        raise IllegalActionError("A side may claim only when it takes every remaining trick "
                                 "whatever the others play, and that cannot be shown here.")
    hand = state.hand
    assert isinstance(hand, (HandState, StockHand))
    deck = rules.deck
    shown = tuple(tuple(deck.to_cards(h)) for h in hand.hands)
    played: list[Event] = []
    for action in line:
        state, events = apply(state, action)
        played += events
    tricks = [e for e in played if isinstance(e, TrickWon)]
    head = HandClaimed(seat, side, shown, len(tricks), sum(e.points for e in tricks))
    return state, [head, *played], line
