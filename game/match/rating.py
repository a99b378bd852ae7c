"""The player's rating (issue 28, item 4) and the duplicate challenge's figures (item 3): how
they are computed is written out in docs/rating.md, whose figures a test reads from here.

The scale is the levels' own: easy 1, medium 2, hard 3, expert 4. Each item (a duplicate deal
or a reviewed hand, game.store.challenge) gives the player's points and each level's points on
the same cards or positions. Over the most recent :data:`WINDOW` items, the player's mean lead
over each level is ``lead[level] = mean(player - level)``. The rating is placed like the game
review's words (game.match.gamereview): after the strongest level the player leads (a lead of
0 or more), at the point between it and the next stronger level where the lead, drawn as a
straight line between the two, crosses 0. Leading no level is 1 (easy or below); leading expert
is 4. Its uncertainty is the standard deviation of the rating over :data:`RESAMPLES` bootstrap
resamples of those items (drawn with a generator seeded by their number, so the same items
always give the same figure); under :data:`MIN_ITEMS` items, knowing nothing is said instead:
the standard deviation of a rating spread evenly over the whole scale.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.match.duplicate import interval
from game.match.review import Graded, hand_lost
from game.store.challenge import Challenge, Item, RatingPoint
from game.store.reviews import LEVELS, StoredReview

POSITIONS = {lv: float(i + 1) for i, lv in enumerate(LEVELS)}  # easy 1 ... expert 4
LOWEST, HIGHEST = POSITIONS[LEVELS[0]], POSITIONS[LEVELS[-1]]
WINDOW = 200  # the most recent items the rating is made from: it follows the player's form
RESAMPLES = 200  # bootstrap resamples for the uncertainty
MIN_ITEMS = 3  # fewer items than this: the uncertainty is the whole scale's
UNKNOWN_SD = (HIGHEST - LOWEST) / math.sqrt(12)  # a rating spread evenly over the scale
NEAR = 0.25  # this close to a level, the rating is said to be "about" it


def leads(items: Sequence[Item]) -> dict[str, float]:
    """The player's mean lead over each level, over the items that measured that level."""
    return _mean_leads([_diffs(i) for i in items])


def _diffs(item: Item) -> dict[str, float]:
    return {lv: item.player - v for lv, v in item.levels}


def _mean_leads(rows: Sequence[dict[str, float]]) -> dict[str, float]:
    out = {}
    for lv in LEVELS:
        diffs = [row[lv] for row in rows if lv in row]
        if diffs:
            out[lv] = sum(diffs) / len(diffs)
    return out


def position(lead: dict[str, float]) -> float:
    """Where the leads place the player on the levels' scale (see the module's words)."""
    order = [lv for lv in LEVELS if lv in lead]
    if not order:
        return LOWEST
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
    value: float
    sd: float
    items: int

    @property
    def words(self) -> str:
        return rating_words(self.value)


def rate(items: Sequence[Item]) -> Rating | None:
    """The rating from the most recent :data:`WINDOW` items; None without any."""
    recent = [i for i in items if i.levels and not i.hint][-WINDOW:]
    if not recent:
        return None
    rows = [_diffs(i) for i in recent]  # worked out once: the resamples only pick rows
    value = position(_mean_leads(rows))
    if len(rows) < MIN_ITEMS:
        return Rating(value, UNKNOWN_SD, len(rows))
    rng = random.Random(f"rating {len(rows)}")
    draws = [position(_mean_leads([rows[rng.randrange(len(rows))] for _ in rows]))
             for _ in range(RESAMPLES)]
    mean = sum(draws) / len(draws)
    sd = math.sqrt(sum((d - mean) ** 2 for d in draws) / (len(draws) - 1))
    return Rating(value, sd, len(recent))


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
