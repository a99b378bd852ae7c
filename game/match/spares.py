"""Worker processes started before they are needed.

A fresh ``spawn`` worker costs about 0.6 s before it can work on this machine: the interpreter's
start and the imports of the rules and the bots. Play it out (issue 40: "the first trick shown in
≤ 1 s") cannot afford that after the click, so the screens that offer it ask for spares when they
open (:meth:`Spares.warm`), and the job takes one (:meth:`Spares.take`), hands it its task and
reads it like a fresh worker (game.match.worker). A spare waits on a pipe, asleep; it does one
task and ends, so that no state is carried from one task to the next; the pool is topped up at
the next ``warm``. A spare that died (a signal, out of memory) is never handed a task: ``take``
drops it, and the job starts a fresh worker instead.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import threading
from dataclasses import dataclass
from typing import Any

from game.match.workerproc import NICENESS, Target, serve


@dataclass(eq=False)
class Spare:
    """One worker started ahead: its process, the writing end of its task pipe, the reading
    end of its answer pipe, and the event that asks it to stop."""

    proc: Any
    tasks: Any
    out: Any
    stop: Any
    up: Any  # set by the spare once its imports are done and it waits for its task

    @property
    def waiting(self) -> bool:
        """Alive, its imports done: a task handed now starts at once."""
        return bool(self.up.is_set()) and bool(self.proc.is_alive())

    def hand(self, target: Target, task: Any) -> bool:
        """Give the spare its one task; False when it cannot take it (it died meanwhile)."""
        try:
            self.tasks.send((target, task))
        except (OSError, ValueError):  # a broken pipe: the spare is gone
            self.end()
            return False
        finally:
            with contextlib.suppress(OSError):
                self.tasks.close()
        return True

    def end(self) -> None:
        """Stop it, whether it is waiting for a task or working on one."""
        with contextlib.suppress(OSError):
            self.tasks.close()
        stop_worker(self.proc, self.stop, self.out)


def stop_worker(proc: Any, stop: Any, out: Any) -> None:
    """End a worker process (a job's or a spare's): asked first through ``stop`` (it stops
    between steps), then terminated if it has not; its pipe to us closed."""
    stop.set()
    proc.join(timeout=0.2)
    if proc.is_alive():
        proc.terminate()
        proc.join(timeout=1.0)
    with contextlib.suppress(OSError):
        out.close()


class Spares:
    """Up to ``keep`` spare workers that have imported ``modules`` (the work's own), each
    started by a short-lived thread so that the table never waits for a start."""

    def __init__(self, modules: tuple[str, ...], keep: int = 2,
                 niceness: int = NICENESS) -> None:
        self.modules = modules
        self.keep = keep
        self._niceness = niceness
        self._lock = threading.Lock()
        self._ready: list[Spare] = []
        self._starting = 0
        self._closed = False
        self.started = 0  # spares started so far (tests and benchmarks read it)
        self.failed = 0  # spares that could not be started (a job then starts its own)

    def warm(self) -> None:
        """Start spares until ``keep`` are up or on their way; returns at once."""
        with self._lock:
            if self._closed:
                return
            self._ready = [s for s in self._ready if s.proc.is_alive()]
            need = self.keep - len(self._ready) - self._starting
            self._starting += max(0, need)
        for _ in range(need):
            # Not a daemon, like a job's starter: a table closed mid-start ends the spare.
            threading.Thread(target=self._start_one, name="spare start").start()

    def _start_one(self) -> None:
        spare = None
        try:
            ctx = mp.get_context("spawn")
            tasks_in, tasks_out = ctx.Pipe(duplex=False)
            out_in, out_out = ctx.Pipe(duplex=False)
            stop, up = ctx.Event(), ctx.Event()
            proc = ctx.Process(target=serve, args=(tasks_in, out_out, stop, up, os.getpid(),
                                                   self._niceness, self.modules), daemon=True)
            proc.start()
            # Only the spare holds the task pipe's reading end and the answer pipe's writing
            # end now: its death is an end of file for the job that reads it.
            tasks_in.close()
            out_out.close()
            spare = Spare(proc, tasks_out, out_in, stop, up)
        except Exception:  # counted; the job that finds no spare starts a worker of its own
            spare = None
        with self._lock:
            self._starting -= 1
            closed = self._closed
            if spare is None:
                self.failed += 1
            else:
                self.started += 1
                if not closed:
                    self._ready.append(spare)
        if closed and spare is not None:
            spare.end()

    def take(self) -> Spare | None:
        """A live spare, taken out of the pool (one whose imports are done first: one still
        importing is still ahead of a fresh start), or None (none started, or all died)."""
        with self._lock:
            for dead in [s for s in self._ready if not s.proc.is_alive()]:
                self._ready.remove(dead)
                threading.Thread(target=dead.end, name="spare end", daemon=True).start()
            if not self._ready:
                return None
            spare = next((s for s in self._ready if s.waiting), self._ready[0])
            self._ready.remove(spare)
            return spare

    @property
    def ready(self) -> int:
        """How many spares have done their imports and wait for a task."""
        with self._lock:
            return sum(1 for s in self._ready if s.waiting)

    def close(self) -> None:
        """End every spare; a spare still starting is ended by its thread once it is up."""
        with self._lock:
            self._closed = True
            spares, self._ready = self._ready, []
        for spare in spares:
            spare.end()
