"""The review of a game (issue 28, item 2): the points lost in each reviewed hand, an accuracy
figure, and what easy, medium, hard and expert would have lost on the same positions, so that
the player reads "you played between medium and hard".

* **Points lost per hand**: what the hand's decisions lost against the best actions analysed,
  in all (:func:`game.match.review.hand_lost`: their sum, never more than what they could have
  changed; the hand review's units).
* **Accuracy**: the share of the player's decisions graded good (under 10 points lost).
* **The levels**: at each of the player's decisions, each level's own choice is analysed with
  the player's (game.match.review); a level's points lost per hand are measured on exactly the
  player's positions. The player is placed after the strongest level (in the order easy,
  medium, hard, expert) that lost more points per hand than they did.
* **Hint**: a hand played with Hint (the expert's own suggestion) is listed but counted in none
  of these figures, as the rating leaves it out (docs/rating.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.match.review import Graded, hand_lost
from game.store.reviews import LEVELS, StoredReview


@dataclass(frozen=True)
class GameReview:
    """A game's review (see the module): each reviewed hand's points lost, the accuracy, and each
    level's points lost per hand on the same positions."""

    hands: tuple[tuple[int, float, int], ...]  # (hand number, points lost, decisions)
    accuracy: float  # percent of decisions graded good
    lost_per_hand: float
    levels: dict[str, float]  # each level's points lost per hand on the same positions
    hinted: tuple[int, ...] = ()  # hands played with Hint: listed, in none of the figures

    @property
    def placed(self) -> str:
        """Where the player's play falls among the levels, in a player's words."""
        return place(self.lost_per_hand, self.levels)


def place(lost: float, levels: dict[str, float]) -> str:
    """Between the strongest level the player lost fewer points than and the next stronger
    one, the levels taken in their order of strength (easy, medium, hard, expert)."""
    order = [lv for lv in LEVELS if lv in levels]
    if not order:
        return "no level to compare with"
    beaten = [lv for lv in order if lost < levels[lv]]
    if not beaten:
        return f"you played below {order[0]}"
    best = order.index(beaten[-1])
    if best == len(order) - 1:
        return f"you played better than {order[-1]}"
    return f"you played between {order[best]} and {order[best + 1]}"


def game_review(reviews: Sequence[StoredReview], hinted: Collection[int] = ()) -> GameReview:
    """The figures over the hands reviewed, but for those in ``hinted`` (hand numbers). A
    level's points lost per hand are over the hands where it was compared at every decision."""
    rows = []
    counted = 0
    lost = 0.0
    good = total = 0
    level_lost = dict.fromkeys(LEVELS, 0.0)
    compared = dict.fromkeys(LEVELS, 0)
    for review in sorted(reviews, key=lambda r: r.hand_no):
        graded = [Graded(d) for d in review.decisions]
        hand = hand_lost(graded) or 0.0
        rows.append((review.hand_no, hand, len(review.decisions)))
        if review.hand_no in hinted:
            continue
        counted += 1
        lost += hand
        good += sum(g.grade == "good" for g in graded)
        total += len(graded)
        for lv in LEVELS:
            by = hand_lost(graded, lv)
            if by is not None and graded:
                level_lost[lv] += by
                compared[lv] += 1
    n = max(1, counted)
    levels = {lv: level_lost[lv] / compared[lv] for lv in LEVELS if compared[lv]}
    left_out = tuple(sorted(r.hand_no for r in reviews if r.hand_no in hinted))
    return GameReview(tuple(rows), 100.0 * good / total if total else 100.0, lost / n, levels,
                      left_out)
