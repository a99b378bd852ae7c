"""Test set-up: headless SDL before anything imports pygame, and shared helpers."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Nothing a test runs may touch the real user's settings or saves.
os.environ.setdefault("PINOCHLE_HOME", tempfile.mkdtemp(prefix="pinochle-tests-"))
