"""Work done in another process so that the table keeps its frame rate (issue 28: "Never
freeze the table"): the table starts a job, polls it once a frame (never waiting), shows its
progress, and may cancel it. The worker is a fresh process (``spawn``: nothing of the window is
copied into it); it is handed plain data and hands back plain JSON, which the job reads with
the same checks as a file. The review of a hand (game.match.reviewjob) and the expert's play of
a duplicate deal (game.match.challengejob) are two such jobs."""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import queue
from collections.abc import Callable
from typing import Any, Generic, TypeVar

R = TypeVar("R")
# The worker's target: (task, progress(done, total), cancelled()) -> its result as JSON, or None
# when cancelled. The messages to the table are :func:`_run`'s, the same for every job.
Target = Callable[[Any, Callable[[int, int], None], Callable[[], bool]], Any]
NICENESS = 10  # the worker yields the processor to the table whenever both want it


def _run(target: Target, task: Any, out: Any, stop: Any) -> None:
    """In the worker: lower its priority below the window's, then do the work, putting
    ("progress", done, total) as it goes and ending with ("done", json, 0) or ("error", line,
    0)."""
    with contextlib.suppress(OSError, AttributeError):  # not every system lets a process
        os.nice(NICENESS)
    try:
        result = target(task, lambda done, total: out.put(("progress", done, total)),
                        stop.is_set)
        out.put(("done", result, 0))
    except Exception as exc:  # reported to the player in one line, never a dead worker
        out.put(("error", f"{type(exc).__name__}: {exc}".splitlines()[0], 0))


class WorkerJob(Generic[R]):
    """One piece of work being done in another process."""

    def __init__(self, target: Target, task: Any, read: Callable[[Any], R]) -> None:
        ctx = mp.get_context("spawn")
        self.task = task
        self._read = read
        self._out: Any = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(target=_run, args=(target, task, self._out, self._stop),
                                 daemon=True)
        self._proc.start()
        self.done, self.total = 0, 0
        self.result: R | None = None
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
        """Stop the worker: asked first (it stops between steps), then ended."""
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
            try:
                self.result = self._read(a) if a is not None else None
            except Exception as exc:  # a reply that fails its checks: one line, no crash
                self.error = f"{type(exc).__name__}: {exc}".splitlines()[0]
            self.finished = True
        else:
            self.error = str(a)
            self.finished = True
