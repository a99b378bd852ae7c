"""Work done in another process so that the table keeps its frame rate (issue 28: "Never
freeze the table"): the table starts a job, polls it once a frame (never waiting), shows its
progress, and may cancel it. The worker is a fresh process (``spawn``: nothing of the window is
copied into it); it is handed plain data and hands back plain JSON, which the job reads with
the same checks as a file. The review of a hand (game.match.reviewjob) and the expert's play of
a duplicate deal (game.match.challengejob) are two such jobs.

A worker may die (issue 35, item 7: out of memory, a signal): the job then finishes with one
line saying so, and whoever polls it carries on. The worker's messages come through a pipe whose
writing end only the worker holds, so a worker that dies mid-message leaves an end of file, never
a reader waiting for the rest. A parent that dies takes its workers with it: each worker watches
its parent (game.match.workerproc, the worker's side) and ends itself once it is gone, rather
than computing, or waiting on a pipe nobody reads, for ever. A job may be handed a spare, a
worker started before it was needed (game.match.spares), which saves the worker's start."""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import signal
import threading
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from game.match.spares import Spare, stop_worker
from game.match.workerproc import NICENESS, Target, run
from game.rules.actions import parse_action
from game.store.saves import SavedGame
from game.store.tables import recorded_table

R = TypeVar("R")


class GameRecord(Protocol):
    """The game's record a worker's task carries as plain text (a review's, a duplicate
    deal's)."""

    @property
    def preset(self) -> str | None: ...
    @property
    def rules_text(self) -> str | None: ...
    @property
    def rules_source(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def actions(self) -> tuple[str, ...]: ...


def saved_game(record: GameRecord) -> SavedGame:
    """In the worker: the game the record was written from, its rules and actions read back."""
    return SavedGame(recorded_table(record.preset, record.rules_text, record.rules_source),
                     record.seed, list(record.seats), [parse_action(a) for a in record.actions])


def _died_starting(proc: Any) -> int | None:
    """The exit code of a worker process that died while it was being started (negative:
    the signal), or None when it did not get that far or is still running."""
    if proc is None or getattr(proc, "_popen", None) is None:
        return None
    with contextlib.suppress(Exception):
        proc.join(timeout=1)
        code: int | None = proc.exitcode
        return code
    return None


def death_line(what: str, exitcode: int | None) -> str:
    """One line for a worker that ended without its answer: killed by a signal (out of memory
    is SIGKILL), or exited with a status."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        hint = " (out of memory, or stopped from outside)" if name == "SIGKILL" else ""
        return f"{what} stopped: its worker process was killed by {name}{hint}"
    if exitcode is None:
        return f"{what} stopped: its worker process closed its pipe without an answer"
    return f"{what} stopped: its worker process exited with status {exitcode}"


class WorkerJob(Generic[R]):
    """One piece of work being done in another process.

    Starting a ``spawn`` process (its pipes, its semaphores, the resource tracker the first
    time, and the fork and exec) takes tens to hundreds of milliseconds, more on a busy
    machine: done in the caller, it is one frozen frame of the table. So the process is made
    and started by a short-lived thread; until it is up, :meth:`poll` says "not finished" and
    :meth:`cancel` leaves the thread to stop it as soon as it exists. Given a ``spare``
    (game.match.spares), started before the job, the thread hands it the task instead, and
    starts a fresh worker only if the spare cannot take it."""

    def __init__(self, target: Target, task: Any, read: Callable[[Any], R],
                 what: str = "The work", niceness: int = NICENESS,
                 spare: Spare | None = None) -> None:
        self.task = task
        self._spare = spare  # a worker started ahead (game.match.spares), or a fresh one
        self.what = what  # what the job does, for the line that says it stopped
        self._niceness = niceness
        self._read = read
        self._target = target
        self._out: Any = None  # the reading end of the worker's pipe
        self._stop: Any = None
        self._proc: Any = None
        self._lock = threading.Lock()
        self._up = False  # the starter thread has finished (the process started, or not)
        self._cancelled = False
        self._start_error: str | None = None
        self.done, self.total = 0, 0
        self.parts: list[Any] = []  # what the worker sent before its answer (Reporter.part)
        self.result: R | None = None
        self.error: str | None = None
        self.finished = False
        self.from_spare = False  # the work went to a spare, not to a worker started for it
        # Not a daemon: a game closed while a worker is starting waits for the start, so that
        # the process is stopped (cancel) rather than left running.
        self._starter = threading.Thread(target=self._start, name="worker start")
        self._starter.start()

    def _start(self) -> None:
        """In the starter thread: make the process and start it; if the job was cancelled
        meanwhile, stop it here (the table never waits for the start)."""
        error = None
        spare = self._spare
        if spare is not None and spare.hand(self._target, self.task):
            # The spare stays held (self._spare) while the job lives: a spare just started may
            # not yet have opened its events, which vanish with the last object that holds
            # them (the child then fails to start: FileNotFoundError)
            self._out, self._stop, self._proc = spare.out, spare.stop, spare.proc
            self.from_spare = True
        else:
            error = self._spawn()
        with self._lock:
            self._start_error = error
            self._up = True
            orphan = self._cancelled
        if orphan and self._proc is not None:
            self._end()

    def _spawn(self) -> str | None:
        """Start a fresh worker; the line to show when it could not be started."""
        proc = None
        try:
            ctx = mp.get_context("spawn")
            reader, writer = ctx.Pipe(duplex=False)
            self._out = reader
            self._stop = ctx.Event()
            proc = ctx.Process(target=run, args=(self._target, self.task, writer,
                                                  self._stop, os.getpid(), self._niceness),
                               daemon=True)
            proc.start()
            # Only the worker holds the writing end now: its death is an end of file here.
            writer.close()
            self._proc = proc
        except Exception as exc:  # reported to the player in one line, like the work's own
            died = _died_starting(proc)
            # A worker killed while it was being handed its task (out of memory, a signal)
            # breaks the start's pipe: said as its death, not as a start that failed.
            error = death_line(self.what, died) if died is not None else \
                f"the worker could not be started ({type(exc).__name__}: {exc})"
            return error.splitlines()[0]
        return None

    @property
    def started(self) -> bool:
        """The process is up (or could not be started: :attr:`error` says why)."""
        with self._lock:
            return self._up

    @property
    def pid(self) -> int | None:
        """The worker's process id, once it is up."""
        return self._proc.pid if self._proc is not None else None

    @property
    def alive(self) -> bool:
        """The worker's process is running."""
        return self._proc is not None and self._proc.is_alive()

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def wait_started(self) -> None:
        """For tests and scripts: wait until the process is up (or could not start)."""
        self._starter.join()

    def poll(self) -> bool:
        """Take what the worker has sent, without waiting; True once it has finished."""
        if self.finished:
            return True
        with self._lock:
            up, error = self._up, self._start_error
        if not up:
            return False  # still starting: the next frame asks again
        if error is not None:
            self.error, self.finished = error, True
            return True
        return self._drain(0)

    def _drain(self, seconds: float) -> bool:
        """Take the messages that come within ``seconds`` of each other; True once finished."""
        while not self.finished and self._readable(seconds):
            self._receive()
        if self.finished:
            self._proc.join(timeout=0)
        return self.finished

    def _readable(self, seconds: float) -> bool:
        """A message (or the pipe's end) is waiting, within ``seconds``."""
        try:
            return bool(self._out.poll(seconds))
        except OSError:  # the pipe closed under us: read as its end
            return True

    def _receive(self) -> None:
        """Take one message; at the pipe's end (the worker gone without its answer), finish
        with one line saying how it ended."""
        try:
            item = self._out.recv()
        except (EOFError, OSError):
            self._proc.join(timeout=5.0)  # it has closed its pipe: it is ending, or has ended
            self.error = death_line(self.what, self._proc.exitcode)
            self.finished = True
            return
        self._take(item)

    def cancel(self) -> None:
        """Stop the worker: asked first (it stops between steps), then ended. A worker still
        being started is stopped by its starter thread once it is up."""
        with self._lock:
            self._cancelled = True
            up = self._up
        if up and self._proc is not None:
            self._end()
        self.finished = True

    def _end(self) -> None:
        stop_worker(self._proc, self._stop, self._out)

    def wait(self, seconds: float) -> bool:
        """For tests and scripts: wait for the start, then take the worker's messages as they
        come, until it has finished or no message has come for ``seconds``."""
        self.wait_started()
        if self.poll():
            return True
        return self._drain(seconds)

    def _take(self, item: tuple[str, Any, Any]) -> None:
        kind, a, b = item
        if kind == "progress":
            self.done, self.total = a, b
        elif kind == "part":
            self.parts.append(a)
        elif kind == "done":
            try:
                self.result = self._read(a) if a is not None else None
            except Exception as exc:  # a reply that fails its checks: one line, no crash
                self.error = f"{type(exc).__name__}: {exc}".splitlines()[0]
            self.finished = True
        else:
            self.error = str(a)
            self.finished = True
