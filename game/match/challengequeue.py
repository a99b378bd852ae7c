"""The duplicate deals waiting to be played in the background at a challenge table: one worker
at a time (the machine's other core stays free for the table), in the order the hands were
scored, each task taken as the game stood when its hand was scored."""

from __future__ import annotations

from collections.abc import Callable

from game.match.challenge import ChallengeJob, ChallengeTask
from game.match.worker import WorkerJob
from game.store.challenge import Item

Start = Callable[[ChallengeTask], WorkerJob[Item]]


class ChallengeQueue:
    """A challenge table's duplicate deals: the scored hands waiting, the one its worker plays, and
    by hand number the deals played this session and why any could not be."""

    def __init__(self, start: Start = ChallengeJob) -> None:
        self._start = start
        self.waiting: list[ChallengeTask] = []
        self.job: WorkerJob[Item] | None = None
        self.items: dict[int, Item] = {}  # by hand number: played this session
        self.errors: dict[int, str] = {}  # by hand number: why a deal could not be played

    def add(self, task: ChallengeTask) -> None:
        """Queue a scored hand (a hand scored again after an undo replaces its task)."""
        self.waiting = [t for t in self.waiting if t.hand_no != task.hand_no] + [task]
        self.items.pop(task.hand_no, None)
        self.errors.pop(task.hand_no, None)

    def poll(self) -> list[Item]:
        """Take a finished deal and start the next, never waiting: the deals finished now."""
        out = []
        job = self.job
        if job is not None and job.poll():
            self.job = None
            hand_no = job.task.hand_no
            if job.result is not None:
                self.items[hand_no] = job.result
                out.append(job.result)
            else:
                self.errors[hand_no] = job.error or "the hand was not scored"
        if self.job is None and self.waiting:
            self.job = self._start(self.waiting.pop(0))
        return out

    def status(self, hand_no: int) -> tuple[str, float]:
        """("done" | "playing" | "waiting" | "error" | "none", the share done)."""
        if hand_no in self.items:
            return "done", 1.0
        if hand_no in self.errors:
            return "error", 0.0
        if self.job is not None and self.job.task.hand_no == hand_no:
            return "playing", self.job.fraction
        if any(t.hand_no == hand_no for t in self.waiting):
            return "waiting", 0.0
        return "none", 0.0

    def cancel(self) -> None:
        """Stop the worker and forget the deals waiting (the table is closing)."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.waiting.clear()
