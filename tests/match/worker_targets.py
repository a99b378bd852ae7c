"""Work for the worker tests (tests/match/test_worker_deaths.py): module-level, so that a spawned
worker can import it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def endless(task: Any, progress: Callable[[int, int], None],
            cancelled: Callable[[], bool]) -> Any:
    """Says it has started, then works until it is asked to stop."""
    progress(0, 1)
    while not cancelled():
        time.sleep(0.02)
    return None


def huge(task: int, progress: Callable[[int, int], None],
         cancelled: Callable[[], bool]) -> Any:
    """Says it has started, then answers with ``task`` characters: far more than a pipe holds,
    so the answer is written while the parent reads it."""
    progress(0, 1)
    return "x" * task


def echo(task: Any, progress: Callable[[int, int], None],
         cancelled: Callable[[], bool]) -> Any:
    return {"echo": task}
