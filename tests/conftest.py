"""Test set-up: headless SDL before anything imports pygame, and shared helpers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PINOCHLE_DATA_DIR", "")  # tests pass their own data dirs explicitly
