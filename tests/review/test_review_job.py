"""Issue 28, "Never freeze the table. Analysis runs in a worker process. It shows a progress
bar, can be cancelled": the job reports its progress, hands back the same review as one made
here, and stops when cancelled."""

from __future__ import annotations

from game.match.review import review_hand
from game.match.reviewjob import ReviewJob, task_for
from game.store.tables import preset_table
from tests.store.test_hand_history import golden

PATIENCE = 600.0  # seconds without a message from the worker: only a hung worker waits this


def _task(preset: str = "racehorse", budget: float = 0.2):
    saved = golden(preset)
    return saved, task_for(preset_table(preset), saved.seed, saved.actions, 0, 0, saved.seats,
                           budget)


def test_the_worker_makes_the_review_this_process_would_make():
    saved, task = _task()
    job = ReviewJob(task)
    assert job.wait(PATIENCE) and job.error is None
    here = review_hand(saved.rules(), saved.seed, saved.actions, 0, 0, saved.seats, 0.2)
    assert job.result == here
    assert job.total == len(here.decisions) + 1 and job.fraction == job.done / job.total


def test_a_cancelled_job_ends_without_a_review():
    _, task = _task("two-handed")
    job = ReviewJob(task)
    job.cancel()
    assert job.finished and job.result is None
    job.wait_started()  # cancelled while starting: stopped once it is up
    assert not job.alive


def test_a_failing_review_is_one_line_from_the_worker_never_a_dead_worker():
    saved = golden("racehorse")
    task = task_for(preset_table("racehorse"), saved.seed, saved.actions, 99, 0,
                    saved.seats, 0.05)
    job = ReviewJob(task)
    assert job.wait(PATIENCE) and job.result is None
    assert job.error == "ValueError: hand 100 has not been scored"


def test_starting_a_worker_never_waits_for_the_process(monkeypatch):
    """Issue 28, "The table stays at its frame ... while analysis runs": starting a spawn
    process takes tens to hundreds of milliseconds, so the job starts it from another thread.
    Here the process's start is held until the test lets it go: the job must be made, and
    polled, while it is held, and start the process on a thread other than the caller's."""
    import threading
    from multiprocessing.context import SpawnProcess

    gate = threading.Event()
    callers: list[int] = []
    original = SpawnProcess.start

    def held_start(self):
        callers.append(threading.get_ident())
        if callers[-1] != me:  # on the caller's own thread, holding it would hang the test
            gate.wait()
        original(self)

    monkeypatch.setattr(SpawnProcess, "start", held_start)
    me = threading.get_ident()
    _, task = _task(budget=0.05)
    job = ReviewJob(task)  # returns while the process's start is held
    try:
        assert not job.poll() and not job.started and job.pid is None
        assert job.fraction == 0.0 and not job.finished
    finally:
        gate.set()
    assert job.wait(PATIENCE) and job.error is None and job.result is not None
    assert callers and me not in callers
