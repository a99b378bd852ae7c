"""The largest cards for the benchmarks (issue 25: the frame, launch and idle targets still met
"with meld on the table and at the largest card size"): ``--large`` on ``benchmarks.frames``
sets ``PINOCHLE_BENCH_LARGE=1``, which its child processes inherit."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

LARGE: dict[str, Any] = {"card_size": 1.5, "big_index": True, "four_colour": True,
                         "meld_shown": "table"}
ENV = "PINOCHLE_BENCH_LARGE"


def large() -> bool:
    return os.environ.get(ENV) == "1"


def apply(app: Any) -> None:  # noqa: ANN401 - the App
    """The largest cards on ``app``, when asked for (the meld is on the table by default)."""
    if large():
        for name, value in LARGE.items():
            setattr(app.settings, name, value)
        app.looks_changed()


def write_settings(home: str) -> None:
    """A settings file with the largest cards in a fresh ``PINOCHLE_HOME``, when asked for."""
    if large():
        path = Path(home) / "config" / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({**LARGE, "looks_chosen": True}), encoding="utf-8")
