"""The estimator: each compared action played out to the hand's end on deals sampled from the
player's view, paired.

For every kept deal, each action is applied and the hand is played to its end through the
engine with a bot of one level in every seat (medium by default), each seat with a generator
seeded by the deal and the seat alone, so that every action meets the same deals and the same
generators. The hand's margin (the review's units, :func:`game.match.review.margin`, which is
scoring) is read from its ``HandScored`` event. What is compared is the paired difference of
each action with a reference action, deal by deal, and its standard error.

Deals are added until every difference's standard error is at most ``se`` points (checked every
``step`` deals, from ``least`` on) or ``most`` deals are played: a budget in deals, never time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.review_bias.check import Tally, replay
from benchmarks.review_bias.deals import AuctionProposals
from benchmarks.review_bias.record import Record
from benchmarks.review_bias.stockdeals import StockProposals
from game.bots.registry import make_bot
from game.match.review import margin
from game.rules.actions import Action
from game.rules.engine import actor, apply
from game.rules.events import HandScored
from game.rules.state import GameState
from game.rules.view import observe

MOST_ACTIONS = 2_000  # a hand's play-out is a few hundred actions at most


class Sampler:
    """Deals consistent with a record, from the estimator's own proposals (two-handed or the
    auction tables) and the engine's check; ``policy`` names the level whose calls every other
    seat's auction calls must be."""

    def __init__(self, record: Record, policy: str = "", exact: bool = True) -> None:
        self.record = record
        self.proposals: AuctionProposals | StockProposals = (
            StockProposals(record, exact) if record.rules.stock.enabled
            else AuctionProposals(record, exact))
        self.policy = make_bot(policy) if policy else None
        self.tally = Tally()

    def draw(self, rng: random.Random, tries: int) -> GameState | None:
        """A kept deal's state at the decision; None after ``tries`` proposals failed."""
        for _ in range(tries):
            self.tally.tried += 1
            world = self.proposals.propose(rng)
            if world is None:
                self.tally.dropped += 1
                continue
            state = replay(self.record, world, self.tally, self.policy, rng)
            if state is not None:
                return state
        return None


def play_out(state: GameState, action: Action, seat: int, level: str, tag: str) -> float:
    """The margin for ``seat``'s side when ``action`` is taken in ``state`` and the hand is
    played to its end by ``level`` in every seat, seat ``s`` drawing from ``f"{tag} {s}"``."""
    rules = state.rules
    bots = {}
    rngs = {}
    state, events = apply(state, action)
    for _ in range(MOST_ACTIONS):
        for e in events:
            if isinstance(e, HandScored):
                return margin(rules, seat, e.result)
        who = actor(state)
        if who < 0:
            raise RuntimeError("the game ended without scoring the hand (declared out?)")
        if who not in bots:
            bots[who] = make_bot(level)
            rngs[who] = random.Random(f"{tag} {who}")
        state, events = apply(state, bots[who].choose(observe(state, who), rngs[who]))
    raise RuntimeError("a play-out did not end")


@dataclass(frozen=True)
class Estimate:
    deals: int
    reference: float  # the reference action's mean margin
    diffs: tuple[tuple[float, float], ...]  # per action: mean paired difference, its s.e.
    tally: Tally
    starved: bool  # the sampler ran out of tries before ``least`` deals


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return math.nan, math.inf
    m = sum(xs) / n
    if n == 1:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def estimate(record: Record, actions: Sequence[Action], reference: Action, tag: str, *,
             level: str = "medium", policy: str = "", least: int = 100, most: int = 400,
             se: float = 5.0, step: int = 25, tries: int = 20_000) -> Estimate:
    """Each of ``actions`` against ``reference`` (which need not be among them)."""
    sampler = Sampler(record, policy)
    rng = random.Random(f"deals {tag}")
    seat = record.seat
    base: list[float] = []
    diffs: list[list[float]] = [[] for _ in actions]
    starved = False
    while len(base) < most:
        state = sampler.draw(rng, tries)
        if state is None:
            starved = len(base) < least
            break
        k = len(base)
        ref = play_out(state, reference, seat, level, f"{tag} {k}")
        base.append(ref)
        for i, action in enumerate(actions):
            value = ref if action == reference else play_out(state, action, seat, level,
                                                              f"{tag} {k}")
            diffs[i].append(value - ref)
        n = len(base)
        if n >= least and n % step == 0 and all(mean_se(d)[1] <= se for d in diffs):
            break
    return Estimate(len(base), mean_se(base)[0], tuple(mean_se(d) for d in diffs),
                    sampler.tally, starved)
