"""Test set-up: headless SDL before anything imports pygame, and shared helpers."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest

# pytest keeps each test file with its assertions rewritten in __pycache__, but only where
# Python may write bytecode: with PYTHONDONTWRITEBYTECODE set (as on the project's machine and
# in many CI images) every worker rewrote all 190 test files, every run, about 10 s of CPU
# each, and every child process compiled the game again. The caches are ignored by git and
# left out of the wheel (tests/test_packaging.py).
sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# No test's traffic leaves this machine (issue 41): table discovery (zeroconf) only on the
# loopback interface, even when a test clicks its way into hosting or joining a table.
os.environ["PINOCHLE_MDNS_INTERFACES"] = "127.0.0.1"
os.environ["PINOCHLE_NET_LOOPBACK_ONLY"] = "1"  # and a typed address joins only this machine
# Nothing a test runs may touch the real user's settings or saves.
os.environ.setdefault("PINOCHLE_HOME", tempfile.mkdtemp(prefix="pinochle-tests-"))


# Test files whose tests share an expensive set-up, by group: pytest-xdist runs each group's
# tests on one worker, so the set-up is made once. test_packaging builds the wheel and a fresh
# environment in module fixtures; the tutorial's checks fill the check's caches of the bot's
# decisions (pure functions of the position) on their first run. (Not xdist_group marks with
# --dist loadgroup: pytest-xdist 3.8 renames the grouped tests through a private attribute
# pytest 9 no longer reads, and the groups are silently split.)
SHARED = {"tests/test_packaging.py": "packaging",
          "tests/tutorial/test_check_faults.py": "tutorial-check",
          "tests/tutorial/test_lessons.py": "tutorial-check"}


def _file(nodeid: str) -> str:
    return nodeid.split("::")[0]


def pytest_collection_modifyitems(config, items) -> None:  # noqa: ANN001
    """The long tests tests/tiers.py names are marked slow (tests/test_tiers.py holds every
    name to a test that exists). Then the order: the groups first, then the slow tests:
    pytest-xdist hands out tests in this order as workers free up, so the longest start early
    and no worker is left with one at the end while the other waits (the order of everything
    else is kept)."""
    from tests.tiers import is_long

    for item in items:
        if is_long(item.nodeid):
            item.add_marker(pytest.mark.slow)

    def rank(item) -> int:  # noqa: ANN001
        if _file(item.nodeid) in SHARED:
            return 0
        return 1 if item.get_closest_marker("slow") else 2

    items.sort(key=rank)


def pytest_xdist_make_scheduler(config, log):  # noqa: ANN001, ANN201
    """pytest-xdist's load scheduling, with each group of SHARED kept on one worker."""
    from xdist.scheduler import LoadScopeScheduling

    class SharedSetUps(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return SHARED.get(_file(nodeid), nodeid)

    return SharedSetUps(config, log)
