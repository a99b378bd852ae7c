"""Processes seen from outside, for the tests of workers that die (issue 35, item 7): waits are
bounded by a count of generous steps, never asserted against the clock."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

STEP = 0.05  # seconds between looks
LOOKS = 12_000  # 10 minutes of looks: only a process that never ends waits this long


def ended(pid: int) -> bool:
    """The process is gone, or a zombie (it has exited; nobody has collected it yet)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def wait_ended(pid: int) -> bool:
    for _ in range(LOOKS):
        if ended(pid):
            return True
        time.sleep(STEP)
    return False


def children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def worker_of(parent: int) -> int | None:
    """The parent's spawned worker process, once it is running: never multiprocessing's
    resource tracker, and never a child between its fork and its exec, which still shows the
    parent's command line and may yet become the tracker (a test that killed such a child
    killed the tracker now and then, and the worker's start broke on the tracker's pipe)."""
    for child in children(parent):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmd and b"resource_tracker" not in cmd:
            return child
    return None


def wait_worker(parent: int) -> int | None:
    for _ in range(LOOKS):
        found = worker_of(parent)
        if found is not None:
            return found
        if ended(parent):
            return None
        time.sleep(STEP / 5)
    return None


def alive(pid: int) -> bool:
    return not ended(pid) and os.path.exists(f"/proc/{pid}")
