"""A hand review made in a worker process, so that the table keeps its frame rate: the table
starts a :class:`ReviewJob`, polls it once a frame (never waiting), shows its progress, and may
cancel it. The worker is a fresh process (``spawn``: nothing of the window is copied into it);
it is handed the game's record as plain text and hands the review back as the saved game's
JSON, read with the same checks as a file."""

from __future__ import annotations

import multiprocessing as mp
import queue
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.store.reviews import StoredReview, review_from_json


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


def _work(task: ReviewTask, out: Any, stop: Any) -> None:
    """The worker: the review, its progress as it goes, or the one-line error."""
    try:
        from game.match.review import review_hand
        from game.rules.actions import parse_action
        from game.store.saves import SavedGame

        saved = SavedGame(task.preset, task.rules_text, task.rules_source, task.seed,
                          list(task.seats), [parse_action(a) for a in task.actions])
        review = review_hand(saved.rules(), task.seed, saved.actions, task.hand_no, task.seat,
                             task.seats, task.budget,
                             progress=lambda done, total: out.put(("progress", done, total)),
                             cancelled=stop.is_set)
        out.put(("done", review.to_json() if review is not None else None, 0))
    except Exception as exc:  # reported to the player in one line, never a dead worker
        out.put(("error", f"{type(exc).__name__}: {exc}".splitlines()[0], 0))


class ReviewJob:
    """One review being made in another process."""

    def __init__(self, task: ReviewTask) -> None:
        ctx = mp.get_context("spawn")
        self.task = task
        self._out: Any = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(target=_work, args=(task, self._out, self._stop), daemon=True)
        self._proc.start()
        self.done, self.total = 0, 0
        self.result: StoredReview | None = None
        self.error: str | None = None
        self.finished = False

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def poll(self) -> bool:
        """Take what the worker has sent, without waiting; True once it has finished."""
        while not self.finished:
            try:
                item = self._out.get_nowait()
            except queue.Empty:
                if not self._proc.is_alive() and self._proc.exitcode not in (None, 0):
                    self.error = f"the analysis stopped (exit code {self._proc.exitcode})"
                    self.finished = True
                break
            self._take(item)
        if self.finished:
            self._proc.join(timeout=0)
        return self.finished

    def cancel(self) -> None:
        """Stop the worker: asked first (it stops between decisions), then ended."""
        self._stop.set()
        self._proc.join(timeout=0.2)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=1.0)
        self.finished = True

    def wait(self, seconds: float) -> bool:
        """For tests and scripts: take the worker's messages as they come, until it has
        finished or no message has come for ``seconds``."""
        while not self.finished:
            try:
                item = self._out.get(timeout=seconds)
            except queue.Empty:
                break
            self._take(item)
        return self.finished

    def _take(self, item: tuple[str, Any, Any]) -> None:
        kind, a, b = item
        if kind == "progress":
            self.done, self.total = a, b
        elif kind == "done":
            self.result = (review_from_json(a, f"review of hand {self.task.hand_no + 1}")
                           if a is not None else None)
            self.finished = True
        else:
            self.error = str(a)
            self.finished = True


def task_for(preset: str | None, rules_text: str | None, rules_source: str, seed: int,
             actions: Sequence[object], hand_no: int, seat: int, seats: Sequence[str],
             budget: float = 1.0) -> ReviewTask:
    return ReviewTask(preset, rules_text, rules_source, seed, tuple(str(a) for a in actions),
                      hand_no, seat, tuple(seats), budget)
