"""The swing of a hand (issue 40, item 4): the player's side's expected margin after each of the
player's decisions, from the deal to the score, every point one of the review's own values:

* **the deal**: the best option's value at the player's first decision (what the hand held
  for them, played best from there);
* **after each decision**: the value of the option the player chose (the review's expected
  hand score for their side, minus the other sides' average);
* **the score**: what the hand scored, in the same units.

Between two points, what the others did moves the line too (an opponent's misplay, a lucky
lie of the cards); a decision's own cost is the drop from its best to its choice, which the
review grades. Two kinds of decision are marked: the **costliest** (the review's three that
lost most) and the **critical**: those where only one option was good (graded good: under 10
points lost), whether or not the player found it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.match.phases import phase_of
from game.match.review import grade, loss
from game.match.reviewread import Row, costliest


@dataclass(frozen=True)
class SwingPoint:
    """One point of a hand's swing: the side's expected margin at the deal, after one of the
    player's decisions, or at the score."""

    value: float  # the side's expected margin (the review's units)
    row: int | None  # the decision's index among the hand's rows (None: the deal, the score)
    label: str  # where, in words
    costly: int = 0  # 1, 2, 3: among the costliest (in that order); 0: not
    critical: bool = False  # only one option was good
    phase: str = ""  # the decision's phase (game.match.phases)


def critical(row: Row) -> bool:
    """Only one option of the decision was good (under 10 points lost)."""
    d = row.graded.decision
    best = row.graded.best.value
    good = sum(grade(loss(best, o.value)) == "good" for o in d.options)
    return len(d.options) >= 2 and good == 1


def swing(rows: Sequence[Row], score: float | None) -> list[SwingPoint]:
    """The swing's points, from the deal to the score (none without a decision)."""
    if not rows:
        return []
    top = {id(r): i + 1 for i, r in enumerate(costliest(list(rows)))}
    points = [SwingPoint(rows[0].graded.best.value, None, "the deal")]
    for i, r in enumerate(rows):
        points.append(SwingPoint(r.graded.chosen.value, i, r.moment, top.get(id(r), 0),
                                 critical(r), phase_of(r.graded.decision.chosen)))
    if score is not None:
        points.append(SwingPoint(score, None, "the score"))
    return points
