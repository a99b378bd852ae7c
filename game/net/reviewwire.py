"""A hand's review as it travels to the seat that asked for it (issue 41, item 4).

The review is made on the host, which alone holds the deal, from the seat's own view at each
decision (:func:`game.match.review.review_game_hand`), so what it says is what that player
could see: their own choices and what each was worth, the reasons in words, and two figures of
the hand (its score, and what the open level scored with every card seen: numbers, not cards).
Where each decision was ("trick 3, lead") is worked out on the host too, since the device never
had the hand's record; the device draws the review from this message alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.match.review import Graded
from game.match.reviewread import Row
from game.net.codec import WireError, items, text, whole
from game.net.schema import MAX_HANDS
from game.store.reviews import MAX_DECISIONS, StoredReview, review_from_json
from game.store.schema import SchemaError

MAX_ERROR = 300


@dataclass(frozen=True)
class NetReview:
    """A review as a device keeps it: the host's review, where each decision was, and the
    hand's score for the seat in the review's units (None when the host could not make it,
    with ``error`` saying why)."""

    hand: int
    review: StoredReview | None
    moments: tuple[tuple[str, int], ...] = ()
    score: float | None = None
    error: str = ""

    def rows(self) -> list[Row]:
        """The review's decisions with their moments, as the Review screen reads them."""
        if self.review is None:
            return []
        return [Row(Graded(d), where, trick) for d, (where, trick)
                in zip(self.review.decisions, self.moments, strict=True)]


def review_message(hand: int, review: StoredReview | None, moments: list[tuple[str, int]],
                   score: float | None, error: str = "") -> dict[str, Any]:
    """The host's ``review`` message: a review and its moments, or the reason there is none."""
    return {"t": "review", "hand": hand,
            "review": review.to_json() if review is not None else None,
            "moments": [[where, trick] for where, trick in moments],
            "score": score, "error": error}


def read_review(body: dict[str, Any], seat: int) -> NetReview:
    """A ``review`` message read for ``seat``: WireError names the first field that is wrong,
    and a review of another seat's decisions is refused."""
    hand = whole(body["hand"], "hand", 0, MAX_HANDS)
    error = text(body["error"], "error", MAX_ERROR)
    if body["review"] is None:
        if not error:
            raise WireError("error", "a review message with no review says why")
        return NetReview(hand, None, error=error)
    try:
        review = review_from_json(body["review"], "review")
    except SchemaError as exc:
        raise WireError("review", str(exc)) from None
    if review.seat != seat:
        raise WireError("review.seat", "a review of another seat's decisions")
    if review.hand_no != hand:
        raise WireError("review.hand", f"holds hand {review.hand_no}, not {hand}")
    moments = []
    for i, raw in enumerate(items(body["moments"], "moments", MAX_DECISIONS)):
        where = f"moments[{i}]"
        pair = items(raw, where, 2)
        if len(pair) != 2:
            raise WireError(where, "expected a moment's words and its trick")
        moments.append((text(pair[0], f"{where}[0]", 120), whole(pair[1], f"{where}[1]", -1, 99)))
    if len(moments) != len(review.decisions):
        raise WireError("moments", f"{len(moments)} moments for {len(review.decisions)} "
                        "decisions")
    score = body["score"]
    if score is not None and (isinstance(score, bool) or not isinstance(score, int | float)
                              or abs(score) > 1e6):
        raise WireError("score", "expected a number of points, or null")
    return NetReview(hand, review, tuple(moments), None if score is None else float(score))
