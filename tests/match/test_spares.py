"""Spare workers (game.match.spares), started before the click so that Play it out's first trick
waits for no interpreter's start (issue 40: "the first trick shown in ≤ 1 s"). A spare does the
task a fresh worker would, with the same answer; a spare that died is never handed a task (the
job starts its own); a closed pool leaves no process behind.

Waits are bounded counts of looks (tests/match/procs.py), never the clock."""

from __future__ import annotations

import os
import signal
import time

from game.match.spares import Spares
from game.match.worker import WorkerJob
from tests.match import worker_targets
from tests.match.procs import LOOKS, STEP, wait_ended

MODULES = ("tests.match.worker_targets",)


def until(check) -> bool:  # noqa: ANN001
    for _ in range(LOOKS):
        if check():
            return True
        time.sleep(STEP)
    return False


def test_a_spare_does_the_task_of_a_fresh_worker_with_the_same_answer():
    pool = Spares(MODULES, keep=1)
    try:
        pool.warm()
        assert until(lambda: pool.ready == 1)
        spare = pool.take()
        assert spare is not None and pool.ready == 0
        job: WorkerJob[object] = WorkerJob(worker_targets.echo, {"n": 7}, lambda raw: raw,
                                           spare=spare)
        fresh: WorkerJob[object] = WorkerJob(worker_targets.echo, {"n": 7}, lambda raw: raw)
        assert job.wait(600.0) and fresh.wait(600.0)
        assert job.from_spare and not fresh.from_spare
        assert job.error is None and job.result == fresh.result == {"echo": {"n": 7}}
        assert wait_ended(spare.proc.pid)  # one task, then it ends: nothing carried over
    finally:
        pool.close()


def test_a_dead_spare_is_never_handed_a_task_and_the_job_starts_its_own():
    pool = Spares(MODULES, keep=1)
    try:
        pool.warm()
        assert until(lambda: pool.ready == 1)
        pid = pool._ready[0].proc.pid
        os.kill(pid, signal.SIGKILL)
        assert wait_ended(pid)
        assert until(lambda: not pool._ready[0].proc.is_alive())
        assert pool.take() is None  # dropped, not handed out
        # A spare that dies between take and hand: the job starts a fresh worker.
        pool.warm()
        assert until(lambda: pool.ready == 1)
        spare = pool.take()
        assert spare is not None
        os.kill(spare.proc.pid, signal.SIGKILL)
        assert wait_ended(spare.proc.pid)
        job: WorkerJob[object] = WorkerJob(worker_targets.echo, 3, lambda raw: raw, spare=spare)
        assert job.wait(600.0)
        assert job.error is None and job.result == {"echo": 3} and not job.from_spare
    finally:
        pool.close()


def test_warm_tops_up_to_keep_and_close_leaves_no_process():
    pool = Spares(MODULES, keep=2)
    pool.warm()
    pool.warm()  # a second call while they start adds none
    assert until(lambda: pool.ready == 2)
    assert pool.started == 2
    pids = [s.proc.pid for s in pool._ready]
    pool.close()
    assert all(wait_ended(pid) for pid in pids)
    pool.warm()  # a closed pool starts nothing more
    assert pool.started == 2 and pool.ready == 0


def test_a_spare_taken_the_moment_it_is_started_does_its_task():
    """A branch right after a play-out takes a spare just started, which has not yet opened
    the events it was handed: the job holds the spare, or the events vanish with it and the
    child cannot start (FileNotFoundError from its semaphore)."""
    import gc

    pool = Spares(MODULES, keep=1)
    try:
        pool.warm()
        assert until(lambda: bool(pool._ready))  # started, not yet waiting
        spare = pool.take()
        assert spare is not None
        job: WorkerJob[object] = WorkerJob(worker_targets.echo, 5, lambda raw: raw, spare=spare)
        job.wait_started()
        del spare
        gc.collect()
        assert job.wait(600.0)
        assert job.error is None and job.result == {"echo": 5} and job.from_spare
    finally:
        pool.close()
