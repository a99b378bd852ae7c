"""Sampling until a grade is settled: the review's paired estimates, and when to stop adding
deals.

A decision's candidates are played in the same sampled deals (paired), so what the review needs
to know is each candidate's loss against the best, and how sure it is of that loss. Some
decisions settle in a few dozen deals (the best card by far); others swing by hundreds of
points from one deal to the next (a bid over partner: in one deal partner plays the hand, in
the next this seat does), and a fixed number of deals would grade them by luck. So deals come in
rounds, and sampling stops once every candidate's grade is known (:meth:`Paired.settled`,
with :data:`Z` standard errors either side), or when the budget's cap is reached. The rounds depend
only on the values drawn, never the clock: the same review every time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.rules.actions import Action, PlayCard

Values = list[tuple[Action, float]]  # an analysis's actions, each with its value
Result = tuple[str, Values, int]  # (kind of decision, values, deals behind each value)
Z = 1.65  # standard errors: each bound a loss is held to is 95% sure (one-sided)
# Points lost where the review's grades change: good < 10 <= inaccuracy < 30 <= mistake < 80
# <= blunder (game.match.review names them; docs/review.md says why these).
GRADE_EDGES = (10.0, 30.0, 80.0)
# Points: options this close to the best are equally good. A score moves by tens, so an expected
# difference under half a step is one no hand would show, and it is about what two searches of
# the same position differ by: the review cannot tell such options apart (docs/review.md).
TIE = 5.0


class Paired:
    """Weighted values of ``n`` candidates over the same deals."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.rows: list[tuple[float, tuple[float, ...]]] = []
        self.wsum = 0.0
        self.w2sum = 0.0
        self.totals = [0.0] * n

    def add(self, weight: float, values: Sequence[float]) -> None:
        self.rows.append((weight, tuple(values)))
        self.wsum += weight
        self.w2sum += weight * weight
        for i, v in enumerate(values):
            self.totals[i] += weight * v

    def means(self) -> list[float]:
        w = self.wsum or 1.0
        return [t / w for t in self.totals]

    def ess(self) -> float:
        """The effective number of deals behind the weighted means."""
        return self.wsum * self.wsum / self.w2sum if self.w2sum else 0.0

    def loss(self, best: int, other: int) -> tuple[float, float]:
        """(mean of best − other, its standard error) over the paired deals."""
        if not self.rows or self.wsum <= 0:
            return 0.0, math.inf
        diffs = [(w, v[best] - v[other]) for w, v in self.rows]
        mean = sum(w * d for w, d in diffs) / self.wsum
        var = sum(w * (d - mean) ** 2 for w, d in diffs) / self.wsum
        ess = self.ess()
        return mean, math.sqrt(var / ess) if ess > 1 else math.inf

    def settled(self, graded: Sequence[int] | None = None, edges: Sequence[float] = GRADE_EDGES,
                tie: float = TIE) -> bool:
        """Whether each ``graded`` candidate's loss against the best (every candidate's, by
        default) is known well enough to grade: within :data:`Z` standard errors, a loss
        graded good cannot be a mistake, and a loss graded worse is surely a loss (above the
        tie) and lies inside its band (the first band's edge aside: good and an inaccuracy
        differ by a few points, a mistake by a set)."""
        means = self.means()
        best = max(range(self.n), key=lambda i: means[i])
        for g in range(self.n) if graded is None else graded:
            if g == best:
                # Best so far: good, unless another could be better by a mistake's worth.
                for c in range(self.n):
                    if c != g:
                        mean, se = self.loss(c, g)
                        if mean + Z * se >= edges[1]:
                            return False
                continue
            mean, se = self.loss(best, g)
            low, high = mean - Z * se, mean + Z * se
            if mean < edges[0]:
                if high >= edges[1]:
                    return False
            elif low <= tie or band(max(low, edges[0]), edges) != band(high, edges):
                return False
        return True


def sample_until_settled(n: int, row: Callable[[], tuple[float, Sequence[float]]], base: int,
                         cap: int, graded: Sequence[int] | None = None) -> Paired:
    """``n`` candidates' values over ``base`` deals (``row()`` draws one: its weight and each
    candidate's value in it), then half as many again at a time while the grade of one of
    ``graded`` (the player's choice, the levels' picks; every candidate by default) is
    unsettled, up to ``cap`` deals. The other candidates are shown as alternatives, not
    graded: their values are as well measured as the deals drawn make them."""
    paired = Paired(n)
    goal = base
    while len(paired.rows) < goal:
        paired.add(*row())
        if len(paired.rows) == goal and goal < cap and not paired.settled(graded):
            goal = min(cap, goal + max(1, base // 2))
    return paired


def deals(base: int, budget: float) -> int:
    """The deals a search of ``base`` deals at budget 1 draws at ``budget``."""
    return max(4, round(base * budget))


def graded(cands: Sequence[Action], chosen: Sequence[Action]) -> list[int]:
    """The candidates whose grades a review reads: the player's choice and the levels' picks
    (a card by its kind); every candidate when none is given."""
    keys = {choice_key(c) for c in chosen}
    picked = [i for i, a in enumerate(cands) if choice_key(a) in keys]
    return picked or list(range(len(cands)))


def choice_key(action: Action) -> object:
    """An action as a choice: the two copies of a card are one choice."""
    return ("card", action.card) if isinstance(action, PlayCard) else action


def band(lost: float, edges: Sequence[float]) -> int:
    """The index of the grade band a loss falls in (0: under the first edge)."""
    return sum(lost >= e for e in edges)
