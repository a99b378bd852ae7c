"""Issue 35, item 7 ("Workers that die"): "A review, challenge or check worker that is killed
(out of memory, a signal) gives a one-line error and the table or command carries on; a parent
that is killed takes its workers with it."

Every wait here is a bounded count of generous looks (tests/match/procs.py), and what is asserted
is the outcome: the line, the next job done, the worker gone.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from game.match.challenge import ChallengeTask
from game.match.challengequeue import ChallengeQueue
from game.match.worker import WorkerJob
from game.store.challenge import Item
from tests.limits import ROOT, finish, start_cpu_limited
from tests.match import worker_targets
from tests.match.procs import LOOKS, STEP, alive, wait_ended

ITEM = Item("duplicate", "racehorse", 1, 1, 10.0, (("expert", 5.0),))


def task(hand_no: int) -> ChallengeTask:
    return ChallengeTask("racehorse", "racehorse", None, "racehorse", 1, (), hand_no, 0,
                         ("human", "medium", "medium", "medium"))


def until(check, step=STEP):  # noqa: ANN001, ANN202
    for _ in range(LOOKS):
        if check():
            return True
        time.sleep(step)
    return False


def started(job: WorkerJob) -> bool:
    """The worker has said it started its work (its first progress message)."""
    job.poll()
    return job.total == 1 or job.finished


def test_a_worker_killed_mid_job_is_one_line_and_the_queue_plays_the_next_deal():
    def start(t: ChallengeTask) -> WorkerJob[Item]:
        if t.hand_no == 0:
            return WorkerJob(worker_targets.endless, t, lambda raw: ITEM,
                             "The duplicate deal of hand 1")
        return WorkerJob(worker_targets.echo, t, lambda raw: ITEM)

    queue = ChallengeQueue(start)
    queue.add(task(0))
    queue.add(task(1))
    queue.poll()
    job = queue.job
    assert job is not None and until(lambda: started(job))
    os.kill(job.pid, signal.SIGKILL)
    assert until(lambda: (queue.poll(), queue.status(0)[0] == "error")[1])
    line = queue.errors[0]
    assert line == ("The duplicate deal of hand 1 stopped: its worker process was killed by "
                    "SIGKILL (out of memory, or stopped from outside)")
    # The table carries on: the next deal is played.
    assert until(lambda: (queue.poll(), queue.status(1)[0] == "done")[1])
    assert queue.items == {1: ITEM}


def test_a_worker_killed_while_writing_its_answer_leaves_no_reader_waiting():
    """The answer is far larger than a pipe: the worker is killed with part of it written. The
    reader sees the pipe's end (only the worker held its writing end), never waits for the
    rest."""
    job: WorkerJob[str] = WorkerJob(worker_targets.huge, 50_000_000, str, "The review of hand 2")
    assert until(lambda: started(job))
    assert until(lambda: job._out.poll(0))  # the answer's first bytes are in the pipe
    os.kill(job.pid, signal.SIGKILL)
    assert job.wait(1.0)  # finished, with no message to wait for
    assert job.result is None and job.error is not None and "\n" not in job.error
    assert job.error.startswith("The review of hand 2 stopped: its worker process was killed")


def test_a_worker_that_closes_its_pipe_without_an_answer_is_one_line():
    from game.match.worker import death_line

    assert death_line("The review", 3) == ("The review stopped: its worker process exited "
                                           "with status 3")
    assert death_line("The review", -15) == ("The review stopped: its worker process was "
                                             "killed by SIGTERM")


PARENT = """
import sys, time
from game.match.worker import WorkerJob
from tests.match import worker_targets
job = WorkerJob(getattr(worker_targets, sys.argv[1]), int(sys.argv[2]), str)
while not (job.poll() or job.total):
    time.sleep(0.01)
print(job.pid, flush=True)
time.sleep(3600)  # never reads again: the huge answer blocks its worker writing it
"""


@pytest.mark.parametrize("target", ["endless", "huge"])
def test_a_killed_parent_takes_its_worker_with_it(target):
    """The parent is killed (as an outer timeout kills a check) while its worker computes, or
    while the worker is blocked writing an answer nobody reads: the worker ends itself."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = start_cpu_limited([sys.executable, "-c", PARENT, target, "50000000"], 300,
                               cwd=ROOT, env=env)
    assert parent.stdout is not None
    line = parent.stdout.readline()
    assert line.strip().isdigit(), finish(parent)
    worker = int(line)
    assert alive(worker)
    parent.send_signal(signal.SIGKILL)
    parent.wait()  # killed: it ends at once (its pipes are closed below, not read to their
    parent.stdout.close()  # end: a worker outliving it would hold them open)
    assert parent.stderr is not None
    parent.stderr.close()
    assert wait_ended(worker), f"the worker {worker} outlived its parent"


def test_a_worker_killed_while_it_is_handed_its_task_is_said_as_killed(monkeypatch):
    """tutorial --check's worker killed at once (the test of its one failure line found it
    now and then): the start's pipe breaks, and the line said "could not be started
    (BrokenPipeError)" for a worker that had started and been killed."""
    import multiprocessing as mp

    from game.match import worker as worker_mod

    real_start = mp.get_context("spawn").Process.start

    def start_then_die(self):  # noqa: ANN001, ANN202 - the process is up, then killed
        real_start(self)
        os.kill(self.pid, signal.SIGKILL)
        self.join()  # killed: it ends at once
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(mp.get_context("spawn").Process, "start", start_then_die)
    job = WorkerJob(worker_mod.death_line, ("x", None), lambda raw: raw, "The drive")
    job.wait_started()
    assert job.poll()
    assert job.error == ("The drive stopped: its worker process was killed by SIGKILL "
                         "(out of memory, or stopped from outside)")
