"""Where the Review screen's review comes from: this machine's game, or a network table's host.

At a game on this machine the review is made here, in a worker process, from the game's own
record, and a decision opens the replay at its moment (:class:`LocalReview`). At a network
table the record stays with the host: the device asks the host, which makes the review from the
player's own views and sends it with where each decision was (:class:`NetReview`); the screen
then shows the same summary, swing and costliest decisions, and a decision opens its choices
and their worth (the replay and "Find a better play" need the deal, which the device never
has). The screen (:mod:`game.ui.scenes.handreview`) reads either through :class:`ReviewSource`.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any, Protocol

from game.match.retry import GameRecordText, game_practice, item_for, practice_items
from game.match.reviewjob import ReviewJob, task_for
from game.match.reviewread import Row, rows, scored
from game.match.session import Session
from game.net.remote import RemoteMatch
from game.rules.gamehands import GameHand, game_hands
from game.rules.ruleset import RuleSet
from game.store.learning import PracticeItem
from game.store.reviews import StoredReview
from game.ui.scene import Route
from game.ui.table.faces import PromptTable


class ReviewedTable(PromptTable, Protocol):
    """The table as the review sees it: a prompt's view of it, its game's session, where the
    review is kept and saved, and where its reviews come from."""

    session: Session

    def review_source(self, hand_no: int) -> ReviewSource:
        ...


class ReviewSource(Protocol):
    """A hand's review for the Review screen, and what the screen may do with it."""

    seat: int
    rules: RuleSet
    result: StoredReview | None  # the review, once made
    error: str | None  # why there is none
    stops: bool  # closing the screen while it is made stops the making
    opens: str  # what a click on a decision shows, in a player's words

    def begin(self) -> None:
        """Start making (or asking for) the review, when it is not to hand already."""
        ...

    def poll(self) -> bool:
        """Whether the review (or its error) arrived since the last look; never waits."""
        ...

    @property
    def pending(self) -> bool:
        """The review is being made."""
        ...

    def progress(self) -> tuple[float | None, str]:
        """How far it is (None: not known here) and that in words."""
        ...

    def cancel(self) -> None:
        ...

    def rows(self, review: StoredReview) -> list[Row]:
        ...

    def score(self, review: StoredReview) -> float | None:
        """What the hand scored for the seat's side, in the review's units."""
        ...

    def reviews(self) -> list[StoredReview]:
        """The game's hands reviewed for the seat so far."""
        ...

    def hinted(self) -> Collection[int]:
        """The hands played with Hint (shown in the game's figures, not counted)."""
        ...

    def retries(self) -> bool:
        """Whether "Find a better play" and "Practice the game" can be offered."""
        ...

    def moment(self, row: Row) -> tuple[Route, dict[str, Any]]:
        """Where a click on a decision goes: a route and its arguments."""
        ...


class LocalReview:
    """A game on this machine: the review is made here and kept with the saved game."""

    stops = True
    opens = "it in the replay"

    def __init__(self, table: ReviewedTable, hand_no: int) -> None:
        self.table = table
        self.hand_no = hand_no
        m = table.match
        self.rules = m.rules
        self.seat = table.human
        self.hand: GameHand = game_hands(m.rules, m.seed, m.actions)[hand_no]
        kept = table.session.reviews.get(hand_no)
        self.result: StoredReview | None = kept if kept is not None and \
            kept.seat == self.seat else None
        self.error: str | None = None
        self.job: ReviewJob | None = None

    def begin(self) -> None:
        if self.result is None and self.job is None:
            m = self.table.match
            self.job = ReviewJob(task_for(self.table.session.chosen, m.seed, m.actions,
                                          self.hand_no, self.seat, m.seats))

    @property
    def pending(self) -> bool:
        return self.job is not None

    def poll(self) -> bool:
        job = self.job
        if job is None or not job.poll():
            return False
        self.job = None
        if job.error is not None:
            self.error = job.error
        elif job.result is not None:
            # kept with the saved game (instant next time) and counted in the rating
            self.table.session.reviewed(job.result)
            self.result = job.result
        return True

    def progress(self) -> tuple[float | None, str]:
        job = self.job
        if job is None:
            return 1.0, ""
        return job.fraction, (f"{job.done} of {job.total - 1} decisions" if job.total
                              else "starting...")

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def rows(self, review: StoredReview) -> list[Row]:
        return rows(self.hand, review)

    def score(self, review: StoredReview) -> float | None:
        return scored(self.hand, review.seat)

    def reviews(self) -> list[StoredReview]:
        return [r for r in self.table.session.reviews.values() if r.seat == self.seat]

    def hinted(self) -> Collection[int]:
        return self.table.session.match.hinted

    def retries(self) -> bool:
        return True

    def record(self) -> GameRecordText:
        return self.table.session.game_record()

    def moment(self, row: Row) -> tuple[Route, dict[str, Any]]:
        assert self.result is not None
        item = item_for(self.record(), self.hand, self.result, row.graded.decision)
        return Route.REPLAY, {"table": self.table, "hand_no": self.hand_no, "focus": row,
                              "item": item}

    def hand_items(self, review: StoredReview, hand_rows: list[Row]) -> list[PracticeItem]:
        """The hand's costly decisions to choose again (Find a better play)."""
        return practice_items(self.record(), self.hand, review, hand_rows)

    def game_items(self) -> list[PracticeItem]:
        """The costliest decisions of every hand of the game reviewed so far."""
        m = self.table.match
        hands = game_hands(m.rules, m.seed, m.actions)
        record = self.record()
        return game_practice([practice_items(record, hands[r.hand_no], r,
                                             rows(hands[r.hand_no], r))
                              for r in self.reviews() if r.hand_no < len(hands)])


class NetReview:
    """A seat at a network table: the host makes the review and sends it to this seat."""

    stops = False  # the host finishes it, and keeps it for the next look
    opens = "its choices and their worth"

    def __init__(self, table: PromptTable, remote: RemoteMatch, hand_no: int) -> None:
        self.table = table
        self.remote = remote
        self.hand_no = hand_no
        self.rules = remote.rules
        self.seat = remote.seat
        answer = remote.review(hand_no)
        self.result: StoredReview | None = answer.review if answer is not None else None
        self.error: str | None = None
        self.asked_at: float | None = None

    def begin(self) -> None:
        if self.result is not None or self.asked_at is not None:
            return
        if self.remote.ask_review(self.hand_no):
            self.asked_at = time.monotonic()
        else:
            self.error = "the link to the table is down: try again when it is back"

    @property
    def pending(self) -> bool:
        return self.asked_at is not None and self.result is None and self.error is None

    def poll(self) -> bool:
        if not self.pending:
            return False
        answer = self.remote.review(self.hand_no)
        if answer is None:
            return False
        self.result, self.error = answer.review, answer.error or None
        return True

    def progress(self) -> tuple[float | None, str]:
        waited = time.monotonic() - self.asked_at if self.asked_at is not None else 0.0
        told = self.remote.reviewing(self.hand_no)
        if told is None or not told[1]:
            return None, f"The host is starting it ({waited:.0f} s)."
        done, total = told
        return done / total, f"The host has graded {done} of {total} decisions ({waited:.0f} s)."

    def cancel(self) -> None:
        """Nothing to stop here: the host finishes the review and keeps it for a next look."""

    def rows(self, review: StoredReview) -> list[Row]:
        answer = self.remote.review(review.hand_no)
        return answer.rows() if answer is not None else []

    def score(self, review: StoredReview) -> float | None:
        answer = self.remote.review(review.hand_no)
        return answer.score if answer is not None else None

    def reviews(self) -> list[StoredReview]:
        return [r.review for r in self.remote.reviews()
                if r.review is not None and r.review.seat == self.seat]

    def hinted(self) -> Collection[int]:
        return self.remote.hinted

    def retries(self) -> bool:
        return False

    def moment(self, row: Row) -> tuple[Route, dict[str, Any]]:
        return Route.DECISION, {"table": self.table, "row": row}
