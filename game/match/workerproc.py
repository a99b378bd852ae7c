"""The worker process's side of a job (game.match.worker): what its target reports through,
the watch on its parent, and the work itself, from a fresh start (:func:`run`) or from a spare
started beforehand (:func:`serve`, game.match.spares). The job's side, in the table's process,
is :class:`game.match.worker.WorkerJob`; the messages between them are plain tuples of JSON:
``("progress", done, total)``, ``("part", json, 0)``, then ``("done", json, 0)`` or
``("error", line, 0)``."""

from __future__ import annotations

import contextlib
import importlib
import os
import threading
import time
from collections.abc import Callable
from typing import Any


class Reporter:
    """What a worker's target reports through: ``progress(done, total)``, and ``part(data)``
    for a piece of its answer the table may show before the whole is done (the play-out's
    tricks as they are played), plain JSON like the answer."""

    def __init__(self, out: Any) -> None:
        self._out = out

    def __call__(self, done: int, total: int) -> None:
        self._out.send(("progress", done, total))

    def part(self, data: Any) -> None:
        self._out.send(("part", data, 0))


# The worker's target: (task, progress(done, total), cancelled()) -> its result as JSON, or None
# when cancelled; ``progress`` is a :class:`Reporter`. The messages to the table are
# :func:`run`'s, the same for every job.
Target = Callable[[Any, Reporter, Callable[[], bool]], Any]
NICENESS = 10  # the worker yields the processor to the table whenever both want it
PARENT_POLL = 0.25  # seconds between a worker's looks at whether its parent is still there
ORPHANED = 70  # a worker's exit status when it ended itself because its parent was gone



def watch_parent(parent: int, poll: float = PARENT_POLL) -> None:
    """In a worker: end this process as soon as its parent (process ``parent``) is gone, from a
    daemon thread that looks every ``poll`` seconds. A process whose parent dies is handed to
    another (init, or a subreaper), so its parent's id changes; the parent's id is handed in,
    not read here, so that a parent already gone when the worker starts is seen as gone.
    ``os._exit``: nothing is flushed, since a pipe nobody reads is what would block for ever."""

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(ORPHANED)
            time.sleep(poll)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def run(target: Target, task: Any, out: Any, stop: Any, parent: int, niceness: int) -> None:
    """In the worker: watch the parent, lower the priority below the window's, then do the work,
    sending ("progress", done, total) and ("part", json, 0) as it goes and ending with ("done",
    json, 0) or ("error", line, 0)."""
    watch_parent(parent)
    _lower_priority(niceness)
    _work(target, task, out, stop)


def _idle_class() -> None:
    """Run only when the window does not want the processor (Linux's idle scheduling class):
    Play it out runs its lines in two spares at once, and on a two-core machine a niced worker
    still delayed the window's frames (p95 over 8 ms); an idle-class one gives way at once.
    Where the system has no such class nothing changes (the niceness still applies)."""
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _lower_priority(niceness: int) -> None:
    with contextlib.suppress(OSError, AttributeError):  # not every system lets a process
        if niceness:
            os.nice(niceness)


def _work(target: Target, task: Any, out: Any, stop: Any) -> None:
    try:
        result = target(task, Reporter(out), stop.is_set)
        message: tuple[str, Any, int] = ("done", result, 0)
    except Exception as exc:  # reported to the player in one line, never a dead worker
        message = ("error", f"{type(exc).__name__}: {exc}".splitlines()[0], 0)
    with contextlib.suppress(OSError):  # the parent gone, or no longer listening
        out.send(message)
    out.close()


def serve(tasks: Any, out: Any, stop: Any, up: Any, parent: int, niceness: int,
          modules: tuple[str, ...]) -> None:
    """A spare worker (game.match.spares): started before it is needed, it watches its parent,
    lowers its priority and imports ``modules`` (the work's own: most of a cold start), then
    sets ``up`` and waits for its one task, ``(target, task)``, on ``tasks``, and does it as
    :func:`run` does.
    The pipe's end before a task (the pool closed) ends it with nothing to do."""
    watch_parent(parent)
    _lower_priority(niceness)
    _idle_class()
    for name in modules:
        importlib.import_module(name)
    up.set()
    try:
        target, task = tasks.recv()
    except (EOFError, OSError):
        return
    finally:
        tasks.close()
    _work(target, task, out, stop)
