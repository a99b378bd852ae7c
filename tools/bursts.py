"""Bursts of screenshots across the table's animations, for reviewing them by eye: a trick's last
card and its sweep, the pass and the pass-back, the meld display, the result, a claim, the deal.
Bots play every seat (the player's too) at the default speed and pace, on a fixed frame clock.

    python -m tools.bursts --variant racehorse --size 1024x640 --out /tmp/bursts --hands 1

Each burst is a few frames 0.1 s apart (game time), named by moment and frame.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.store.store import Store  # noqa: E402
from game.store.tables import table_named  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402

STEP = 0.1  # seconds between the frames of a burst
BURSTS = {"meld on table": 3, "trick": 14, "pass": 10, "meld": 2, "hand result": 2, "deal": 4,
          "claim": 4, "draw": 5, "game over": 1}
PER_HAND = {"trick": 2, "pass": 2}  # bursts of these per hand (the first ones)


class Bursts:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.pending: list[tuple[str, float, int]] = []  # (moment, due at, frame number)
        self.count: dict[tuple[int, str], int] = {}
        self.seq = 0
        self.last_shown: object = None
        self.marks = 0
        self.tops: list[object] = []  # the scenes burst already (kept: a freed id is reused)
        self.stock = -1

    def start(self, app: App, hand: int, moment: str) -> None:
        key = (hand, moment)
        if self.count.get(key, 0) >= PER_HAND.get(moment, 1):
            return
        self.count[key] = self.count.get(key, 0) + 1
        self.seq += 1
        for k in range(BURSTS[moment]):
            self.pending.append((f"{self.seq:03d}-h{hand + 1}-{moment.replace(' ', '-')}",
                                 app.time + k * STEP, k))

    def watch(self, app: App, table) -> None:  # noqa: ANN001 - the TableScene
        model = table.model
        hand = table.view.hand_no
        top = app.top
        if model.tricks.shown is not None and model.tricks.shown is not self.last_shown:
            self.start(app, hand, "claim" if model.tricks.shown.claim else "trick")
        self.last_shown = model.tricks.shown
        marks = sum(1 for h in model.hands for sp in h if sp.mark)
        if marks > self.marks:
            self.start(app, hand, "pass")
        self.marks = marks
        if len(model.stock_area.stock) != self.stock and self.stock >= 0:
            self.start(app, hand, "draw")
        self.stock = len(model.stock_area.stock)
        from game.ui.table import meldtable

        if meldtable.showing(table):
            self.start(app, hand, "meld on table")
        if top is not None and not any(t is top for t in self.tops) and top.name in BURSTS:
            self.tops.append(top)
            self.start(app, hand, top.name)
        due = [p for p in self.pending if p[1] <= app.time + 1e-9]
        if due:
            app.draw()
        for name, _, k in due:
            app.screenshot(self.out / f"{name}-{k}.png")
        self.pending = [p for p in self.pending if p[1] > app.time + 1e-9]


def apply_settings(app: App, pairs: list[str]) -> None:
    """NAME=JSON pairs, checked as the settings file is."""
    import json

    from game.store.settings import settings_from_json

    data = app.settings.to_json()
    for pair in pairs:
        name, _, value = pair.partition("=")
        data[name] = json.loads(value)
    settings, errors = settings_from_json(data)
    if errors:
        raise SystemExit("; ".join(str(e) for e in errors))
    app.settings = settings
    app.looks_changed()


def main() -> None:
    from game.ui import demo

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="racehorse")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--trick-pause", default="1 s")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=JSON",
                        help="a setting, e.g. card_size=1.5, big_index=true, fast=true, "
                             'table_theme=\'"high contrast"\'')
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, size)  # type: ignore[arg-type]
        app.fixed_dt = 1 / 60
        app.sounds.muted = True
        app.first_run = False
        app.settings.trick_pause = args.trick_pause
        apply_settings(app, args.set)
        bursts = Bursts(args.out)
        original = demo.DemoDriver.hook

        def hook(driver, app_: App, dt: float) -> None:  # noqa: ANN001
            original(driver, app_, dt)
            bursts.watch(app_, driver.table)

        demo.DemoDriver.hook = hook  # type: ignore[method-assign]
        try:
            demo.run_demo(app, table_named(args.variant), args.hands, None, args.seed, "medium",
                          paced=True)
        finally:
            demo.DemoDriver.hook = original  # type: ignore[method-assign]
            app.shutdown()
    print(f"{len(list(args.out.glob('*.png')))} frames in {args.out}")


if __name__ == "__main__":
    main()
