"""Issue 28, "Never freeze the table. Analysis runs in a worker process. It shows a progress
bar, can be cancelled": the job reports its progress, hands back the same review as one made
here, and stops when cancelled."""

from __future__ import annotations

from game.match.review import review_hand
from game.match.reviewjob import ReviewJob, task_for
from tests.store.test_hand_history import golden

PATIENCE = 600.0  # seconds without a message from the worker: only a hung worker waits this


def _task(preset: str = "racehorse", budget: float = 0.2):
    saved = golden(preset)
    return saved, task_for(preset, None, preset, saved.seed, saved.actions, 0, 0, saved.seats,
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
    assert not job._proc.is_alive()


def test_a_failing_review_is_one_line_from_the_worker_never_a_dead_worker():
    saved = golden("racehorse")
    task = task_for("racehorse", None, "racehorse", saved.seed, saved.actions, 99, 0,
                    saved.seats, 0.05)
    job = ReviewJob(task)
    assert job.wait(PATIENCE) and job.result is None
    assert job.error == "ValueError: hand 100 has not been scored"
