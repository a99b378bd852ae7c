"""The helper that finds a check's worker among its children (tests/match/procs.py) must never
pick a child that has not yet become a worker: between its fork and its exec a child shows the
parent's command line, and it may be about to become multiprocessing's resource tracker. A test
that killed such a child killed the tracker, and the worker's start broke on the tracker's pipe
("could not be started (BrokenPipeError)") instead of the worker dying as the test meant."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time

from tests.match.procs import worker_of


def test_a_forked_child_not_yet_a_worker_is_not_taken_for_one_and_a_spawned_worker_is():
    forked = os.fork()
    if forked == 0:  # a child between its fork and its exec: the parent's command line
        time.sleep(60)
        os._exit(0)
    try:
        assert worker_of(os.getpid()) is None
    finally:
        os.kill(forked, signal.SIGKILL)
        os.waitpid(forked, 0)
    proc = mp.get_context("spawn").Process(target=time.sleep, args=(60,), daemon=True)
    proc.start()
    try:
        found = None
        for _ in range(12_000):  # until it has exec'd (counted looks, not the clock)
            found = worker_of(os.getpid())
            if found is not None:
                break
            time.sleep(0.01)
        assert found == proc.pid
    finally:
        proc.kill()
        proc.join()
