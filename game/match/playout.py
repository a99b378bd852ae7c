"""The better line played out (issue 40, item 2): from a reviewed decision, the hand continued on
the same cards from the best action and from the player's own (or any legal action the player
branches to), by the expert in every seat, each seat deciding from its own view as at the
table, to the score.

* **The same cards**: the deal as it was (the hidden cards too: this is the hand that was
  played, not a sampled one), from the state before the decision.
* **One play-out**: each line is one way the hand goes, its score one result, not the
  expected value the review grades by; both lines draw on generators of the same seed, so
  that they differ by the action and what follows from it, not by the draw.
* **The expert, at a budget in samples** (:data:`BUDGET`): the expert's own searches with
  fewer sampled deals, so that a line is played to its score in a few seconds of CPU in a
  worker (``benchmarks/playout.py`` measures it), the same every time.

Lines are played a trick at a time each in turn, so that the first trick of both is shown
while the rest is played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.bots.base import Bot
from game.bots.registry import make_bot
from game.match.review import margin
from game.rules.actions import Action
from game.rules.cards import Suit
from game.rules.engine import actor, apply
from game.rules.events import HandResult, HandScored, TrickWon
from game.rules.state import GameState
from game.rules.view import observe

# Samples per decision of the expert in a play-out: its card search, its calls, its exchanges.
# A racehorse or cutthroat hand from the deal to the score costs about 1.2 s of CPU at these,
# against 10 to 13 s at the expert's own budget. Two-handed, the stock game's searches cost
# more per sample, and the expert's exact solution of the whole twelve-trick playoff took
# 3 to 10 s a hand by itself: the play-out's expert solves the last ten tricks exactly (its
# generation 1) and searches the stock game with 24 samples, about 2.5 s a hand.
BUDGET: dict[str, object] = {"samples": 48, "bid_samples": 24, "exchange_samples": 32}
STOCK_BUDGET: dict[str, object] = {"samples": 24, "bid_samples": 16, "exchange_samples": 24,
                                   "generation": 1}
LEVEL = "expert"
MAX_ACTIONS = 2_000  # far beyond any hand: a line that has not ended by then is a bug


@dataclass(frozen=True)
class Line:
    """One line of play from the decision: its actions (the first is the decision's), the
    tricks they played, and the hand's score for the player's side when it has ended."""

    actions: tuple[Action, ...]
    tricks: tuple[TrickWon, ...]
    score: float | None  # the review's units: the side's score minus the others' average
    result: HandResult | None = None  # the engine's, once scored
    contract: tuple[int, int, Suit | None] = (-1, 0, None)  # (bidder, bid, trump) so far

    @property
    def first(self) -> Action:
        return self.actions[0]


def budget_for(state: GameState) -> dict[str, object]:
    return STOCK_BUDGET if state.rules.stock.enabled else BUDGET


def read_line(start: GameState, seat: int, actions: Sequence[Action]) -> Line:
    """A line's tricks and score, read by replaying its actions from ``start`` through the
    engine (the score is the engine's, never the worker's word)."""
    return LineReader(start, seat).feed(actions)


class LineReader:
    """A line read a trick at a time: each message carries the line's actions so far, and only
    those not yet read are applied (a frame reads a trick, not the whole line again)."""

    def __init__(self, start: GameState, seat: int) -> None:
        self.start, self.seat = start, seat
        self.state = start
        self.actions: list[Action] = []
        self.tricks: list[TrickWon] = []
        self.result: HandResult | None = None

    def feed(self, actions: Sequence[Action]) -> Line:
        if tuple(actions[:len(self.actions)]) != tuple(self.actions):
            raise ValueError("play it out: a line's actions changed under it")
        for action in actions[len(self.actions):]:
            if self.result is not None:
                raise ValueError("play it out: the line goes on after the hand was scored")
            self.state, events = apply(self.state, action)
            self.actions.append(action)
            for e in events:
                if isinstance(e, TrickWon):
                    self.tricks.append(e)
                elif isinstance(e, HandScored):
                    self.result = e.result
        result = self.result
        if result is not None:
            return Line(tuple(self.actions), tuple(self.tricks),
                        margin(self.start.rules, self.seat, result), result,
                        (result.bidder, result.bid, result.trump))
        view = observe(self.state, self.seat)
        return Line(tuple(self.actions), tuple(self.tricks), None, None,
                    (view.bidder, view.bid, view.trump_suit))


class Player:
    """One line being played: the state, the expert in every seat, its generator."""

    def __init__(self, start: GameState, first: Action, seed: str) -> None:
        if first not in observe(start, actor(start)).legal:
            raise ValueError(f"play it out: {first} is not legal here")
        self.state, events = apply(start, first)
        self.actions: list[Action] = [first]
        self.rng = random.Random(seed)
        self.bots: dict[int, Bot] = {}
        self.budget = budget_for(start)
        # the hand's last card ends it: the line is the first action alone
        self.done = any(isinstance(e, HandScored) for e in events)

    def bot(self, seat: int) -> Bot:
        if seat not in self.bots:  # one bot a seat for the hand, as at the table
            self.bots[seat] = make_bot(LEVEL, **self.budget)
        return self.bots[seat]

    def to_next_trick(self, cancelled: Callable[[], bool] = lambda: False) -> bool:
        """Play on until a trick is won or the hand is scored; False when cancelled."""
        for _ in range(MAX_ACTIONS):
            if cancelled():
                return False
            who = actor(self.state)
            if who < 0:
                self.done = True
                return True
            action = self.bot(who).choose(observe(self.state, who), self.rng)
            self.state, events = apply(self.state, action)
            self.actions.append(action)
            if any(isinstance(e, HandScored) for e in events):
                self.done = True
                return True
            if any(isinstance(e, TrickWon) for e in events):
                return True
        raise RuntimeError("a played-out line did not end")


def play_out(start: GameState, firsts: Sequence[Action], seed: str,
             cancelled: Callable[[], bool] = lambda: False
             ) -> Iterator[tuple[int, tuple[Action, ...], bool]]:
    """Each line from ``start``, a trick at a time in turn: yields (line, its actions so far,
    finished) after each trick of each line, until every line is scored (or cancelled)."""
    players = [Player(start, first, seed) for first in firsts]
    for i, p in enumerate(players):  # what the first actions alone did (a card: the trick)
        yield i, tuple(p.actions), p.done
    while not all(p.done for p in players):
        for i, p in enumerate(players):
            if p.done:
                continue
            if not p.to_next_trick(cancelled):
                return
            yield i, tuple(p.actions), p.done
