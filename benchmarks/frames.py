"""The table's frame times, launch time and idle CPU, under the dummy video driver.

    python -m benchmarks.frames [--hands 2] [--variant racehorse] [--json]

- Frame times: demo mode at 1280x800 with the real clock and normal animation speed; p50, p95
  and max of the work per frame (events, update, draw, flip), overall and while a trick is
  being animated. Target: p95 under 8 ms during trick animation.
- Launch to first frame: a fresh ``python -m game`` process, from spawn to the first frame
  drawn. Target: under 1 s.
- Idle CPU: the table waiting for the player (the bid panel up), five seconds with no input.
  Target: under 5 % of one core (the loop blocks instead of spinning).
- Idle CPU under a real X display (Xvfb), waiting for a bid and for a card: see
  :mod:`benchmarks.idle_x11`. Target: under 2 % of one core, no frames drawn. Skipped, and
  said so, where Xvfb is not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from benchmarks import looks  # noqa: E402
from game.rules.state import Phase  # noqa: E402
from game.store.store import Store  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0, "frames": 0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"p50": round(statistics.median(ordered) * 1000, 2), "p95": round(p95 * 1000, 2),
            "max": round(ordered[-1] * 1000, 2), "frames": len(ordered)}


def frame_times(variant: str, hands: int) -> dict[str, object]:
    from game.store.tables import table_named
    from game.ui.demo import run_demo
    from game.ui.table.scene import TableScene

    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, (1280, 800))
        app.first_run = False  # a returning player: no first-run page of looks
        looks.apply(app)
        app.settings.speed = "normal"
        app.settings.think_ms = 0
        app.sounds.muted = True
        tagged: list[tuple[float, bool]] = []
        original = app.step

        def step(dt: float, draw: bool = True) -> None:
            table = next((s for s in app.stack if isinstance(s, TableScene)), None)
            start = time.perf_counter()
            original(dt, draw)
            during_trick = bool(table and table.timeline.busy
                                and table.match.state.phase == Phase.TRICKS)
            tagged.append((time.perf_counter() - start, during_trick))

        app.step = step  # type: ignore[method-assign]
        try:
            run_demo(app, table_named(variant), hands, None, seed=2, bot_level="random")
        finally:
            app.shutdown()
    return {"all": percentiles([t for t, _ in tagged]),
            "trick_animation": percentiles([t for t, trick in tagged if trick])}


def launch_time(repeats: int = 3) -> float:
    best = float("inf")
    env = dict(os.environ, PINOCHLE_EXIT_AFTER_FIRST_FRAME="1")
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as home:
            env["PINOCHLE_HOME"] = home
            looks.write_settings(home)
            start = time.time()
            out = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True,
                                 text=True, timeout=60)
            line = next(x for x in out.stdout.splitlines() if x.startswith("first-frame"))
            best = min(best, float(line.split()[1]) - start)
    return best


def idle_cpu(seconds: float = 5.0) -> float:
    from game.ui.scenes.play import AuctionScene
    from game.ui.table.house import setup_table
    from game.ui.table.start import start_game

    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, (1280, 800))
        app.first_run = False  # a returning player: no first-run page of looks
        looks.apply(app)
        app.settings.think_ms = 0
        app.settings.seat_levels = ["random"] * 3
        app.sounds.muted = True
        try:
            for seed in range(50):
                app.settings.variant = "racehorse"
                start_game(app, setup_table(app.settings), seed=seed)
                for _ in range(2000):  # let the deal and the bots run until the bid panel
                    for event in pygame.event.get():
                        app.handle(event)
                    app.step(1 / 30)
                    if isinstance(app.top, AuctionScene) and not app.busy:
                        break
                if isinstance(app.top, AuctionScene):
                    break
            quit_event = pygame.event.custom_type()
            pygame.time.set_timer(quit_event, int(seconds * 1000), loops=1)
            original = app.handle

            def handle(event: pygame.event.Event) -> None:
                if event.type == quit_event:
                    app.quit()
                else:
                    original(event)

            app.handle = handle  # type: ignore[method-assign]
            cpu0, wall0 = time.process_time(), time.perf_counter()
            app.run()
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        finally:
            app.shutdown()
    return cpu / wall * 100


def main() -> None:
    parser = argparse.ArgumentParser(description="table frame times, launch time, idle CPU")
    parser.add_argument("--variant", default="racehorse")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--large", action="store_true",
                        help="the largest cards (1.5x, large indices), meld on the table")
    args = parser.parse_args()
    if args.large:
        os.environ[looks.ENV] = "1"  # the launch and X11 children inherit it
    from benchmarks.idle_x11 import run as idle_x11

    result = {"frame_ms": frame_times(args.variant, args.hands),
              "launch_to_first_frame_s": round(launch_time(), 3),
              "idle_cpu_percent": round(idle_cpu(), 2),
              "idle_x11": idle_x11(10.0),
              "targets": {"trick_animation_p95_ms": 8, "launch_s": 1.0, "idle_cpu_percent": 5,
                          "idle_x11_cpu_percent": 2}}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    f = result["frame_ms"]
    print(f"frame work (ms), all frames:      {f['all']}")  # type: ignore[index]
    print(f"frame work (ms), trick animation: {f['trick_animation']}")  # type: ignore[index]
    print(f"launch to first frame: {result['launch_to_first_frame_s']} s (target < 1 s)")
    print(f"idle CPU waiting for the player: {result['idle_cpu_percent']} % (target < 5 %)")
    x11 = result["idle_x11"]
    if not isinstance(x11, dict) or "skipped" in x11 or "error" in x11:
        print(f"idle CPU under X11: {x11}")
        return
    for wait in ("bid", "card"):
        r = x11.get(wait)
        if isinstance(r, dict):
            print(f"idle CPU under X11 (Xvfb) waiting for a {wait}: {r['cpu_percent']} %, "
                  f"{r['frames']} frames in {r['seconds']} s (target < 2 %)")


if __name__ == "__main__":
    main()
