"""Test set-up: headless SDL before anything imports pygame, and shared helpers."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Nothing a test runs may touch the real user's settings or saves.
os.environ.setdefault("PINOCHLE_HOME", tempfile.mkdtemp(prefix="pinochle-tests-"))


def pytest_collection_modifyitems(config, items) -> None:  # noqa: ANN001
    """The rests of the long sweeps (marked slow) first: pytest-xdist hands out tests in this
    order as workers free up, so the longest start early and no worker is left with one at the
    end while the other waits (the order of everything else is kept)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
