"""One position of the bias benchmark: the review's values at two budgets, and the estimator's.

The review is asked as a player's review asks it, ``analyse(view, rng, budget, chosen)``, at
budget 1 and, with another generator, at budget 2 (every action of the first analysis is
analysed there too, so each has a value at both). The estimator then plays every action the
first analysis valued against that analysis's best, on the same deals (``estimate.py``).

The result is one short JSON line per position, the checkpoint's unit: each option as
``[action, value at budget 1, value at budget 2, estimated difference from the best, its s.e.]``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.review_bias.estimate import estimate
from benchmarks.review_bias.positions import kind_of
from benchmarks.review_bias.record import Position, record
from game.bots.analysis import analyse
from game.rules.actions import DeclareOut
from game.rules.view import observe


@dataclass(frozen=True)
class Settings:
    """Everything a result depends on besides its position (a checkpoint keeps one)."""

    seed: int = 35
    deals: int = 100  # at least, per position
    most: int = 400  # at most
    se: float = 5.0  # deals are added until every difference's s.e. is at most this
    bots: str = "medium"
    condition: str = "calls"  # "calls": every other seat's calls must be the policy's
    tries: int = 20_000  # proposals per kept deal before the position is called starved

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _finite(x: float) -> float | None:
    return round(x, 1) if math.isfinite(x) else None


def run_position(position: Position, settings: Settings) -> dict[str, Any]:
    start = time.process_time()
    state = position.state()
    view = observe(state, position.seat)
    first = analyse(view, random.Random(f"bias review 1 {position.key}"), 1.0, position.chosen)
    if isinstance(first.best.action, DeclareOut):
        raise ValueError(f"{position.key}: declaring out is valued in other units")
    options = [o for o in first.options if not isinstance(o.action, DeclareOut)]
    chosen = first.option(position.chosen).action
    also = [o.action for o in options if o.action != chosen]
    second = analyse(view, random.Random(f"bias review 2 {position.key}"), 2.0, chosen, also)
    review_time = time.process_time() - start
    policy = position.policy if settings.condition == "calls" else ""
    est = estimate(record(position), [o.action for o in options], first.best.action,
                   position.key, level=settings.bots, policy=policy, least=settings.deals,
                   most=settings.most, se=settings.se, tries=settings.tries)
    rows = [[str(o.action), round(o.value, 1), round(second.option(o.action).value, 1),
             _finite(d), _finite(s)] for o, (d, s) in zip(options, est.diffs, strict=True)]
    return {"key": position.key, "preset": position.preset, "kind": first.kind,
            "mine": kind_of(state), "src": position.source, "chosen": str(chosen),
            "best": str(first.best.action), "b2": round(second.best.value, 1),
            "n": est.deals, "acc": est.tally.as_list(), "starved": est.starved,
            "ref": _finite(est.reference), "cpu": round(time.process_time() - start, 1),
            "cpu_review": round(review_time, 1), "o": rows}
