"""Seconds per hand at the Fast setting, not counting the player's decisions (issue 25, "What
regulars expect" 2: target 25 s or less for racehorse; 38-51 s at the default).

    python -m benchmarks.fast_hand [--hands 3] [--variant racehorse] [--default] [--json]

Bots play every seat (the player's too) in demo mode on the real clock, as a player would see
the table: the Fast setting's animation speed, think pause, trick pause and displays that go on
by themselves, with the meld left on the table. A hand's time is table time: the time a prompt
waits for the player's decision is left out, and under Fast the displays count (nobody clicks
them). ``--default`` measures the default settings the same way, for comparison (there the
displays wait for a click, so they are left out, as ``pinochle play --demo --pace`` does).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.store.store import Store  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402

TARGET = 25.0


def measure(variant: str, hands: int, fast: bool, seed: int = 1) -> list[float]:
    from game.store.tables import table_named
    from game.ui.demo import run_demo

    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, (1280, 800))
        app.first_run = False
        app.sounds.muted = True
        app.settings.fast = fast
        app.settings.meld_shown = "table"
        try:
            driver = run_demo(app, table_named(variant), hands, None, seed, "medium", paced=True)
        finally:
            app.shutdown()
    return driver.hand_seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="racehorse")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--default", action="store_true", help="the default settings instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seconds = measure(args.variant, args.hands, not args.default)
    mean = statistics.mean(seconds) if seconds else 0.0
    if args.json:
        print(json.dumps({"variant": args.variant, "fast": not args.default,
                          "hand_seconds": seconds, "mean": round(mean, 1), "target": TARGET}))
        return 0
    setting = "default settings" if args.default else "Fast"
    print(f"{args.variant} at {setting}: seconds per hand without the player's decisions: "
          + ", ".join(f"{x:.1f}" for x in seconds) + f"; mean {mean:.1f}"
          + ("" if args.default else f" (target <= {TARGET:.0f}: "
             + ("met" if mean <= TARGET else "NOT met") + ")"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
