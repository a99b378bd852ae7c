"""The review lesson's hand: the learner plays a short hand to its end (a ``play-out`` step, the
other seats playing the medium bot's cards), then the engine's review of that hand
(:func:`game.match.review.review_game_hand`) is made, cheaply and with seeded deals, so the
same play always gets the same grades. Its figures reach the prose only through
``{review:...}`` fields: a points figure or a grade typed by hand could be false of the
learner's own play."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from game.bots.registry import make_bot
from game.match.review import GRADES, hand_lost, review_game_hand
from game.match.reviewread import Row, rows, scored
from game.rules.actions import Action
from game.rules.engine import apply
from game.rules.events import Event, HandScored
from game.rules.gamehands import GameHand
from game.rules.state import GameState
from game.store.reviews import StoredReview

# Small and fixed: a lesson's review must be cheap and the same on every run (its sampled
# deals are seeded by the hand itself).
LESSON_BUDGET = 0.25
AUTO = make_bot("medium")
GRADE_WORDS = re.compile(r"\b(inaccurac(?:y|ies)|mistakes?|blunders?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class LessonReview:
    """A played hand and its review, read as the learner sees it."""

    hand: GameHand
    review: StoredReview

    @property
    def rows(self) -> list[Row]:
        return rows(self.hand, self.review)

    def ranked(self) -> list[Row]:
        """Every decision, the costliest first (ties in the order played)."""
        return sorted(self.rows, key=lambda r: -r.lost)


def auto_move(state_actions: int, view: object) -> Action:
    """The other seats' card: the medium bot's, seeded by the move's place in the game."""
    return AUTO.choose(view, random.Random(f"play-out/{state_actions}"))  # type: ignore[arg-type]


def hand_over(events: list[Event]) -> HandScored | None:
    return next((e for e in events if isinstance(e, HandScored)), None)


def make_review(start: GameState, moves: tuple[Action, ...], scored_event: HandScored
                ) -> LessonReview:
    hand = GameHand(0, start, moves, 0, scored_event.result)
    seats = ("human",) + ("medium",) * (start.rules.players - 1)
    review = review_game_hand(hand, 0, seats, LESSON_BUDGET, levels=())
    assert review is not None  # never cancelled
    return LessonReview(hand, review)


def _nth(lr: LessonReview, arg: str) -> Row:
    ranked = lr.ranked()
    n = int(arg)
    if not 1 <= n <= len(ranked):
        raise ValueError(f"the hand has {len(ranked)} graded decisions, not a decision {n}")
    return ranked[n - 1]


def _band(name: str) -> str:
    low = 0.0
    for grade, below in GRADES:
        if grade == name:
            if below == float("inf"):
                return f"{low:.0f} or more"
            return f"under {below:.0f}" if low == 0 else f"{low:.0f} to under {below:.0f}"
        low = below
    raise ValueError(f"no grade {name!r} (grades: {', '.join(g for g, _ in GRADES)})")


def review_field(lr: LessonReview | None, arg: str) -> str:
    """``{review:<what>[:<n>]}``: n counts from the costliest decision (1)."""
    what, _, n = arg.partition(":")
    if what == "band":  # a grade's band of points lost: the review's own thresholds
        return _band(n)
    if what == "name":  # a grade's name, checked to be one of the review's
        _band(n)
        return n
    if lr is None:
        raise ValueError("no hand has been played and reviewed yet in this lesson")
    if what == "decisions":
        return str(len(lr.rows))
    if what == "lost" and not n:
        return f"{hand_lost([r.graded for r in lr.rows]) or 0.0:.0f}"
    if what == "score":
        return _score(lr)
    if what == "ceiling":
        c = lr.review.ceiling
        return f"{c:+.0f}" if c is not None else "nothing"
    row = _nth(lr, n)
    g = row.graded
    fields = {"lost": f"{row.lost:.0f}", "grade": g.grade, "moment": row.moment,
              "chosen": g.chosen.text, "best": g.best.text, "reason": g.decision.reason,
              "best_value": f"{g.best.value:+.0f}", "chosen_value": f"{g.chosen.value:+.0f}"}
    if what not in fields:
        raise ValueError(f"unknown review figure {what!r} (known: decisions, lost, score, "
                         f"ceiling, band:<grade>, {', '.join(fields)}:<n>)")
    return fields[what]


def _score(lr: LessonReview) -> str:
    """What the hand scored, as the score box shows it (each side's points), then the review's
    figure for it, the learner's side's points minus the others': a margin alone ("your side
    scored -130") reads as a loss of points the score box does not show."""
    margin = scored(lr.hand, 0)
    state, result = lr.hand.start, None
    for action in lr.hand.moves:
        state, events = apply(state, action)
        result = next((e.result for e in events if isinstance(e, HandScored)), result)
    if margin is None or result is None:
        raise ValueError("the hand has no score")
    rules = lr.hand.start.rules
    side = rules.side_of(0)
    points = {s.side: s.score for s in result.sides}
    others = ", ".join(str(v) for k, v in sorted(points.items()) if k != side)
    if rules.partnerships:
        return (f"Your side scored {points.get(side, 0)} this hand and the other side "
                f"{others}: the review counts that as {margin:+.0f}, your side's points minus "
                f"theirs")
    return (f"You scored {points.get(side, 0)} this hand and the others {others}: the review "
            f"counts that as {margin:+.0f}, your points minus the others' average")


def grade_words(plain: str) -> list[str]:
    """Grades typed by hand ("a blunder"): the review's word for the learner's own play is a
    field, ``{review:grade:1}``, or a band's name given to ``{review:band:...}``."""
    return [m.group(0) for m in GRADE_WORDS.finditer(plain)]
