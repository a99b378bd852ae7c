"""A hand review made in a worker process (game.match.worker), so that the table keeps its frame
rate: it is handed the game's record as plain text and hands the review back as the saved
game's JSON, read with the same checks as a file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.match.worker import WorkerJob, saved_game
from game.store.reviews import LEVELS, StoredReview, review_from_json
from game.store.tables import TableChoice


@dataclass(frozen=True)
class ReviewTask:
    """Everything the worker needs, as plain data."""

    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    actions: tuple[str, ...]
    hand_no: int
    seat: int
    seats: tuple[str, ...]
    budget: float = 1.0
    levels: tuple[str, ...] = LEVELS  # each level's pick at each decision (the game review's)


def _work(task: ReviewTask, progress: Callable[[int, int], None],
          cancelled: Callable[[], bool]) -> Any:
    """The worker's work: the review as JSON, or None when cancelled."""
    from game.match.review import review_hand

    saved = saved_game(task)
    review = review_hand(saved.rules(), task.seed, saved.actions, task.hand_no, task.seat,
                         task.seats, task.budget, progress=progress, cancelled=cancelled,
                         levels=task.levels)
    return review.to_json() if review is not None else None


class ReviewJob(WorkerJob[StoredReview]):
    """One review being made in another process."""

    def __init__(self, task: ReviewTask) -> None:
        super().__init__(_work, task, lambda raw: review_from_json(
            raw, f"review of hand {task.hand_no + 1}"), f"The review of hand {task.hand_no + 1}")


def task_for(table: TableChoice, seed: int, actions: Sequence[object], hand_no: int, seat: int,
             seats: Sequence[str], budget: float = 1.0,
             levels: Sequence[str] = LEVELS) -> ReviewTask:
    """The review of ``hand_no`` of the game at ``table``, as plain data for the worker."""
    return ReviewTask(table.preset, table.text, table.rules.source, seed,
                      tuple(str(a) for a in actions), hand_no, seat, tuple(seats), budget,
                      tuple(levels))
