"""Play it out in workers (game.match.worker), a line each, so that the table keeps its frame rate:
of game.match.playout played from a reviewed decision, each trick sent as it is played (a
``part``: the line's actions so far), so that the first trick is shown before the rest is
played. The table reads every line back through the engine (game.match.playout.LineReader)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.match.playout import play_out
from game.match.spares import Spare, Spares
from game.match.worker import WorkerJob, saved_game
from game.match.workerproc import Reporter
from game.rules.actions import Action, parse_action
from game.rules.engine import replay
from game.store import schema
from game.store.learning import PracticeItem

MAX_LINE = 2_000


@dataclass(frozen=True)
class PlayOutTask:
    """Everything the worker needs, as plain data."""

    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    seats: tuple[str, ...]
    actions: tuple[str, ...]  # the game's actions (through the decision's hand)
    index: int  # the decision's action in the game
    firsts: tuple[str, ...]  # each line's first action: the decision's


# What a spare worker imports before its task comes: this module's, which bring the rules, the
# bots and the expert's search (most of a worker's start)
WARM_MODULES = ("game.match.playoutjob",)


def play_out_task(item: PracticeItem, firsts: Sequence[Action]) -> PlayOutTask:
    """The worker's task of playing out the practice item's decision, the player's
    ``firsts`` moves first."""
    return PlayOutTask(item.preset, item.rules_text, item.rules_source, item.seed, item.seats,
                       item.actions, item.decision.index, tuple(str(a) for a in firsts))


def seed_of(task: PlayOutTask) -> str:
    """Every line's generators: one seed for the decision, whichever action starts it."""
    return f"play it out {task.seed} {task.index}"


def _work(task: PlayOutTask, progress: Reporter, cancelled: Callable[[], bool]) -> Any:
    saved = saved_game(task)
    rules = saved.rules()
    actions = [parse_action(a) for a in task.actions]
    start, _ = replay(rules, task.seed, actions[:task.index])
    lines: list[list[str]] = [[] for _ in task.firsts]
    # Each line's CPU, reported with its tricks (benchmarks/playout.py reads it): the time
    # between two tricks is the line's whose trick it was.
    cpu = [0.0 for _ in task.firsts]
    clock = time.process_time()
    started = clock  # the worker's CPU before the work: its start and its imports
    for i, done, finished in play_out(start, [parse_action(a) for a in task.firsts],
                                      seed_of(task), cancelled):
        now = time.process_time()
        cpu[i] += now - clock
        clock = now
        lines[i] = [str(a) for a in done]
        progress.part({"line": i, "actions": lines[i], "done": finished, "cpu": list(cpu),
                       "start_cpu": started})
    if cancelled():
        return None
    return {"lines": lines, "cpu": cpu}


def read_lines(raw: Any, where: str = "the play-out") -> list[tuple[Action, ...]]:
    """The worker's lines, each action read back (a line that does not read is refused in
    one line)."""
    top = schema.table(raw, where)
    out = []
    for i, line in enumerate(schema.items(top.get("lines"), f"{where}.lines", 8)):
        at = f"{where}.lines[{i}]"
        out.append(tuple(parse_action(schema.text(a, at, 200))
                         for a in schema.items(line, at, MAX_LINE)))
    return out


def read_part(raw: Any) -> tuple[int, tuple[Action, ...], bool]:
    """One trick's message: (line, its actions so far, finished)."""
    top = schema.table(raw, "the play-out's trick")
    line = schema.whole(top.get("line"), "line", 0, 7)
    acts = tuple(parse_action(schema.text(a, "actions", 200))
                 for a in schema.items(top.get("actions"), "actions", MAX_LINE))
    return line, acts, schema.flag(top.get("done", False), "done")


def worker_cpu(raw: Any, before: list[float]) -> list[float]:
    """Each line's CPU in the worker so far, as a trick's message reports it (kept as it was
    when the message has none that reads)."""
    cpu = raw.get("cpu") if isinstance(raw, dict) else None
    if isinstance(cpu, list) and all(isinstance(c, int | float) for c in cpu):
        return [float(c) for c in cpu]
    return before


class _LineJob(WorkerJob[list[tuple[Action, ...]]]):
    """One line being played out in another process."""

    def __init__(self, task: PlayOutTask, spare: Spare | None) -> None:
        super().__init__(_work, task, read_lines, "Playing it out", spare=spare)


class PlayOutJob:
    """The lines of a decision being played out, each in a worker of its own, side by side: on
    two cores the first trick of both lines comes in the time of one (issue 40: "the first trick
    shown in ≤ 1 s"), and a line is the same whichever worker plays it (one seed for the
    decision, :func:`seed_of`). A line's worker is a spare when ``spares`` has one ready, else
    one started for it. Read like one job: ``parts`` are the tricks as they come, each message's
    ``line`` the line's place in the task's ``firsts``, its ``cpu`` every line's so far."""

    def __init__(self, task: PlayOutTask, spares: Spares | None = None) -> None:
        self.jobs = [_LineJob(replace(task, firsts=(first,)),
                              spares.take() if spares is not None else None)
                     for first in task.firsts]
        self.cpu = [0.0 for _ in task.firsts]
        self.parts: list[Any] = []
        self.result: list[tuple[Action, ...]] | None = None
        self.error: str | None = None
        self.finished = False

    def poll(self) -> bool:
        """Take what the workers have sent, without waiting; True once every line is done."""
        if self.finished:
            return True
        for i, job in enumerate(self.jobs):
            job.poll()
            fresh, job.parts = job.parts, []
            self.parts.extend(self._relabel(i, raw) for raw in fresh)
        if all(job.finished for job in self.jobs):
            self._finish()
        return self.finished

    def _relabel(self, i: int, raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw  # read_part refuses it in one line
        cpu = raw.get("cpu")
        if isinstance(cpu, list) and cpu and isinstance(cpu[0], int | float):
            self.cpu[i] = float(cpu[0])
        return {**raw, "line": i, "cpu": list(self.cpu)}

    def _finish(self) -> None:
        self.finished = True
        self.error = next((job.error for job in self.jobs if job.error is not None), None)
        results = [job.result for job in self.jobs]
        if self.error is None and all(r is not None and len(r) == 1 for r in results):
            self.result = [r[0] for r in results if r is not None]

    @property
    def from_spares(self) -> int:
        """How many lines went to a spare (benchmarks report it)."""
        return sum(1 for job in self.jobs if job.from_spare)

    def cancel(self) -> None:
        for job in self.jobs:
            job.cancel()
        self.finished = True

    def wait(self, seconds: float) -> bool:
        """For tests and scripts: each line's worker waited for in turn (see WorkerJob.wait)."""
        for job in self.jobs:
            job.wait(seconds)
        return self.poll()
