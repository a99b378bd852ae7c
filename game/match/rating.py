"""The player's rating (issue 28, item 4; made honest in issue 35, item 4) and the duplicate
challenge's figures (item 3): how they are computed is written out in docs/rating.md, whose
figures a test reads from here.

The scale is the levels' own: easy 1, medium 2, hard 3, expert 4. Each item (a duplicate deal
or a reviewed hand, game.store.challenge) gives the player's points and some levels' points on
the same cards or positions. The rating is a posterior over a grid of :data:`GRID` points on
[1, 4] with a uniform prior, from the most recent :data:`WINDOW` items:

* a player of rating ``r`` is expected to score, on an item, the straight-line interpolation
  at ``r`` of the levels' figures on that item (held at the nearest level's figure beyond the
  levels the item compares: an item without easy cannot tell 1 from 2, and says nothing there);
* the player's figure is that expectation blurred by the luck of the deal: the interpolated
  levels' luck and the player's own, each of scale ``tau`` (the blur's variance at ``r`` is
  ``tau² × (1 + w² + (1 - w)²)``, ``w`` the share of the upper level in the interpolation);
* ``tau²`` is estimated from the items themselves, as the spread of the levels' figures around
  each item's mean (pooled, ``Σ (K - 1)`` degrees of freedom for items of ``K`` levels), and its
  uncertainty is integrated out: the likelihood is the Student-t the scale's estimate leaves.

The rating is the posterior mean and its uncertainty the posterior standard deviation, so with
few items the uncertainty is wide (never 0), and a player behind every level reads near 1 with
a real spread, not "1.0 ± 0.00". ``tools/rating_sim.py`` simulates histories of players of known
rating and compares the reported spread with the true one (docs/rating.md shows the figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.match.duplicate import interval
from game.match.review import Graded, hand_lost
from game.store.challenge import Challenge, Item, RatingPoint
from game.store.reviews import LEVELS, StoredReview

POSITIONS = {lv: float(i + 1) for i, lv in enumerate(LEVELS)}  # easy 1 ... expert 4
LOWEST, HIGHEST = POSITIONS[LEVELS[0]], POSITIONS[LEVELS[-1]]
WINDOW = 200  # the most recent items the rating is made from: it follows the player's form
GRID = 151  # points of the rating's grid from 1 to 4 (a step of 0.02)
UNKNOWN_SD = (HIGHEST - LOWEST) / math.sqrt(12)  # a rating spread evenly over the scale
NEAR = 0.25  # this close to a level, the rating is said to be "about" it
STEPS = [LOWEST + (HIGHEST - LOWEST) * k / (GRID - 1) for k in range(GRID)]


def leads(items: Sequence[Item]) -> dict[str, float]:
    """The player's mean lead over each level, over the items that measured that level (shown
    as figures; the rating itself compares each item's levels with each other, not these)."""
    out = {}
    for lv in LEVELS:
        diffs = [i.player - v for i in items if (v := i.level(lv)) is not None]
        if diffs:
            out[lv] = sum(diffs) / len(diffs)
    return out


def position(lead: dict[str, float]) -> float:
    """Where mean leads place a player by the game review's rule (game.match.gamereview): after
    the strongest level led, where the lead drawn as a straight line to the next crosses 0."""
    order = [lv for lv in LEVELS if lv in lead]
    beaten = [lv for lv in order if lead[lv] >= 0]
    if not beaten:
        return LOWEST
    best = beaten[-1]
    at = order.index(best)
    if at == len(order) - 1:
        return POSITIONS[best]
    nxt = order[at + 1]
    a, b = lead[best], lead[nxt]  # a >= 0 > b
    return POSITIONS[best] + (POSITIONS[nxt] - POSITIONS[best]) * a / (a - b)


@dataclass(frozen=True)
class Rating:
    """The player's rating on the levels' scale (easy 1 ... expert 4): the posterior mean, its
    standard deviation, and how many items it comes from."""

    value: float
    sd: float
    items: int

    @property
    def words(self) -> str:
        return rating_words(self.value)


@dataclass(frozen=True)
class Fit:
    """The levels' figures fitted over one kind of item at one table: each item's figure for
    level ``k`` is ``swing_i + theta[k] + luck``, luck of variance ``tau2``."""

    theta: dict[str, float]  # each level's average, relative to the others
    seen: dict[str, int]  # items that compared each level
    tau2: float  # the luck's variance
    df: int  # its degrees of freedom


FIT_ROUNDS = 30  # alternating least squares: swings, then level averages, this many times


def fit(items: Sequence[Item]) -> Fit:
    """The additive fit of the levels' figures (a swing per item, an average per level), and
    the luck's variance from what is left. Without room for a residual (one item, or items
    of one level), the spread of the levels around each item's mean stands in for the luck:
    it holds the levels' own differences too, so it errs wide, never narrow."""
    present = [lv for lv in LEVELS if any(i.level(lv) is not None for i in items)]
    theta = dict.fromkeys(present, 0.0)
    swings = [0.0] * len(items)
    for _ in range(FIT_ROUNDS):
        swings = [sum(v - theta[lv] for lv, v in it.levels) / len(it.levels) for it in items]
        for lv in present:
            got = [v - sw for it, sw in zip(items, swings, strict=True)
                   if (v := it.level(lv)) is not None]
            theta[lv] = sum(got) / len(got)
        shift = theta[present[0]]
        theta = {lv: t - shift for lv, t in theta.items()}
    seen = {lv: sum(it.level(lv) is not None for it in items) for lv in present}
    cells = sum(len(it.levels) for it in items)
    df = cells - len(items) - (len(present) - 1)
    rss = sum((v - sw - theta[lv]) ** 2 for it, sw in zip(items, swings, strict=True)
              for lv, v in it.levels)
    if df > 0 and rss > 0:
        return Fit(theta, seen, rss / df, df)
    spread, sdf = 0.0, 0
    for it in items:
        values = [v for _, v in it.levels]
        mean = sum(values) / len(values)
        spread += sum((v - mean) ** 2 for v in values)
        sdf += len(values) - 1
    if sdf and spread > 0:
        return Fit(theta, seen, spread / sdf, sdf)
    # Nothing to read the luck from (items of one level, or levels that all scored alike):
    # the player's own distances from the levels, with a single degree of freedom.
    dist = [(it.player - v) ** 2 for it in items for _, v in it.levels]
    return Fit(theta, seen, max(sum(dist) / len(dist), 1.0), 1)


def _weights(fitted: Fit, r: float) -> list[tuple[str, float]]:
    """The levels and their weights in the interpolation at ``r``: the two levels around it,
    or the nearest level beyond the levels fitted (where the items cannot tell)."""
    order = sorted(fitted.theta, key=POSITIONS.__getitem__)
    if r <= POSITIONS[order[0]]:
        return [(order[0], 1.0)]
    if r >= POSITIONS[order[-1]]:
        return [(order[-1], 1.0)]
    k = next(k for k in range(1, len(order)) if r <= POSITIONS[order[k]])
    lo, hi = order[k - 1], order[k]
    w = (r - POSITIONS[lo]) / (POSITIONS[hi] - POSITIONS[lo])
    return [(lo, 1.0 - w), (hi, w)]


def group_log_likelihood(items: Sequence[Item]) -> list[float]:
    """The log-likelihood of each grid rating from items of one kind at one table.

    Each item gives one figure for every rating: the player's score less the item's swing (its
    levels' figures less their fitted averages), ``d``. A player of rating ``r`` has ``d`` about
    the interpolated average ``g(r)``, blurred by the player's luck, the swing's (a mean of
    ``K`` levels' lucks) and the fitted averages' (common to every item: counted here as each
    item's share of it); the luck's unknown scale is integrated out (a Student-t of the fit's
    degrees of freedom)."""
    fitted = fit(items)
    n = len(items)
    rows = []
    for it in items:
        swing = sum(v - fitted.theta[lv] for lv, v in it.levels) / len(it.levels)
        rows.append((it.player - swing, 1.0 + 1.0 / len(it.levels)))
    out = []
    for r in STEPS:
        parts = _weights(fitted, r)
        g = sum(w * fitted.theta[lv] for lv, w in parts)
        shared = sum(w * w * n / fitted.seen[lv] for lv, w in parts)
        q = 0.0
        log_blur = 0.0
        for d, blur in rows:
            c = blur + shared
            q += (d - g) ** 2 / (fitted.tau2 * c)
            log_blur += math.log(c)
        out.append(-0.5 * log_blur - 0.5 * (fitted.df + n) * math.log1p(q / fitted.df))
    return out


def posterior(items: Sequence[Item]) -> list[float]:
    """The rating's posterior on :data:`STEPS` (summing to 1, uniform prior), from ``items``
    that each measure at least one level: the items of each kind at each table are fitted
    apart (their points are not alike: a duplicate deal's score, a review's points lost)."""
    groups: dict[tuple[str, str], list[Item]] = {}
    for it in items:
        groups.setdefault((it.kind, it.table), []).append(it)
    logs = [0.0] * GRID
    for group in groups.values():
        logs = [a + b for a, b in zip(logs, group_log_likelihood(group), strict=True)]
    top = max(logs)
    weights = [math.exp(v - top) for v in logs]
    total = sum(weights)
    return [w / total for w in weights]


def rate(items: Sequence[Item]) -> Rating | None:
    """The rating from the most recent :data:`WINDOW` items; None without any."""
    recent = [i for i in items if i.levels and not i.hint][-WINDOW:]
    if not recent:
        return None
    post = posterior(recent)
    mean = sum(p * r for p, r in zip(post, STEPS, strict=True))
    var = sum(p * (r - mean) ** 2 for p, r in zip(post, STEPS, strict=True))
    return Rating(mean, math.sqrt(max(var, 0.0)), len(recent))


def rating_words(value: float) -> str:
    """The rating in a player's words: the nearest level, or the two it lies between."""
    near = min(LEVELS, key=lambda lv: abs(POSITIONS[lv] - value))
    if abs(POSITIONS[near] - value) < NEAR:
        return f"about {near}"
    below = max((lv for lv in LEVELS if POSITIONS[lv] <= value), key=POSITIONS.__getitem__)
    above = min((lv for lv in LEVELS if POSITIONS[lv] >= value), key=POSITIONS.__getitem__)
    return f"between {below} and {above}"


def record(challenge: Challenge, item: Item) -> Rating | None:
    """Add an item (replacing one for the same hand) and the rating it makes to the history
    (a hand played with Hint changes no rating: it adds no point)."""
    challenge.items = [i for i in challenge.items if i.key != item.key] + [item]
    rating = rate(challenge.items)
    if rating is not None and not item.hint:
        challenge.history.append(RatingPoint(round(rating.value, 4), round(rating.sd, 4),
                                             rating.items))
    return rating


@dataclass(frozen=True)
class TableFigures:
    """A table's duplicate challenge: the player's score minus the expert's per deal, with
    its 95% interval (mean ± 1.96 standard errors; no interval under two deals), over the
    deals played without Hint; ``hinted`` deals played with it are left out (and said so)."""

    deals: int
    mean: float | None  # None: every deal was played with Hint
    low: float | None
    high: float | None
    hinted: int = 0

    @property
    def hinted_words(self) -> str:
        """"3 hands with Hint not counted", or nothing."""
        if not self.hinted:
            return ""
        return f"{self.hinted} hand{'s' if self.hinted != 1 else ''} with Hint not counted"


def table_figures(deals: Sequence[Item], level: str = LEVELS[-1]) -> TableFigures | None:
    """The player's points per deal against ``level``, with its 95% interval, over the
    deals measured without a hint (None when no deal was measured)."""
    measured = [d for d in deals if d.level(level) is not None]
    hinted = sum(d.hint for d in measured)
    diffs = [d.player - v for d in measured if not d.hint and (v := d.level(level)) is not None]
    if not diffs:
        return TableFigures(0, None, None, None, hinted) if hinted else None
    mean, (lo, hi), _ = interval(diffs)
    if len(diffs) < 2:
        return TableFigures(1, mean, None, None, hinted)
    return TableFigures(len(diffs), mean, lo, hi, hinted)


def review_item(table: str, game: int, review: StoredReview, hint: bool = False
                ) -> Item | None:
    """A reviewed hand as an item: minus the points the player lost, and minus what each
    level's choices lost on the same positions (only levels compared at every decision);
    ``hint``: the player asked for a Hint in the hand (kept, but not rated)."""
    if not review.decisions:
        return None
    graded = [Graded(d) for d in review.decisions]
    levels = []
    for lv in LEVELS:
        lost = hand_lost(graded, lv)
        if lost is not None:
            levels.append((lv, -lost))
    return Item("review", table, game, review.hand_no, -(hand_lost(graded) or 0.0),
                tuple(levels), hint)
