"""Where the player's files live: the user's config and data folders (platformdirs), or
``$PINOCHLE_HOME/config`` and ``$PINOCHLE_HOME/data`` when that is set."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "pinochle-table"


def config_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP))
