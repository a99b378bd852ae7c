"""What every subcommand shares: the one-line usage error, the parser that raises it, and the
argument types that check a value before any work (or any window) starts."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import NoReturn

from game.store.reading import is_folder

MAX_WINDOW = (7680, 4320)  # 8K: larger sizes are typing mistakes, not screens
MIN_WINDOW = (1024, 640)


class UsageError(Exception):
    """A bad command-line argument, reported in one line (exit status 2)."""


class CannotRunError(Exception):
    """A command that cannot run on this machine as it is (no display, say), reported in one
    line (exit status 1)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    if value > 10_000_000:
        raise argparse.ArgumentTypeError(f"must be at most 10000000, got {value}")
    return value


def seed(text: str) -> int:
    """A deal's seed, the same rule for every command: a whole number from 0 to 2**63-1 (what a
    saved game can hold)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2**63-1, got {value}")
    return value


def window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(f"the window is at least 1024x640, got {text}")
    if w > MAX_WINDOW[0] or h > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(f"the window is at most 7680x4320, got {text}")
    return (w, h)


def output_folder(path: Path, flag: str) -> Path:
    """A folder to write into, created now: a file in the way or a path that cannot be made is
    a usage error before any window opens."""
    try:
        if path.exists() and not path.is_dir():
            raise UsageError(f"{flag} {path}: exists and is not a folder")
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{flag} {_shown(path)}: cannot be created ({exc.strerror})") from None
    return path


def _shown(path: Path) -> str:
    text = str(path)
    return text if len(text) <= 200 else text[:197] + "..."


def cpu_count() -> int:
    """The processors this process may run on."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13
        return max(1, os.process_cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int, pieces: int) -> int:
    """Worker processes worth starting: no more than the processors, nor than the pieces of
    work to share (one deal or game each at most)."""
    return max(1, min(jobs, cpu_count(), pieces))


def folder(path: Path, flag: str) -> Path:
    """An existing folder to read from; one line when it is not there or not a folder (a name
    too long for the system included)."""
    if not is_folder(path):
        raise UsageError(f"{flag} {_shown(path)}: no such folder")
    return path
