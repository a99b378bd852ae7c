"""The table's frame times while the duplicate challenge's worker starts and runs (issue 28,
"Never freeze the table": the table stays at its frame targets while analysis runs).

    python -m benchmarks.worker_frames [--hands 2] [--variant racehorse] [--busy 2] [--json]
    python -m benchmarks.worker_frames --job playout [--variant racehorse]   # Play it out

``--busy N`` runs N spinning processes beside it, as on the shared machine where a start was
seen to cost a frame of 90 to 400 ms.

The demo table of :mod:`benchmarks.frames` (1280x800, the real clock, normal animation speed,
the dummy video driver), with a duplicate deal queued on its challenge queue at the first frame
of each trick animation when no worker is busy: the table starts the worker itself, from its
own frame loop, as it does after a challenge hand is scored, and polls it each frame until it
is done; then the next trick animation starts another. Each deal is the real work: the first
hand of a game played by the bots, replayed in the player's seat by easy, medium, hard and
expert.

The start call itself (the job made, inside the table's frame) is timed apart. Frames are
counted in three groups: while a worker is starting (queued, its process not yet
up), while one runs, and the trick-animation frames among both. Targets: p95 under 8 ms in
trick animation (as :mod:`benchmarks.frames`), and no frame over 50 ms while a worker starts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchmarks import looks  # noqa: E402
from benchmarks.frames import percentiles  # noqa: E402
from game.match.challenge import ChallengeJob, ChallengeTask  # noqa: E402
from game.rules.state import Phase  # noqa: E402
from game.store.store import Store  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402

TARGETS = {"trick_animation_p95_ms": 8.0, "starting_max_ms": 50.0}


def deal_task(variant: str, seed: int = 5) -> ChallengeTask:
    """A duplicate deal to play: the first hand of a game the bots played at ``variant``."""
    from game.bots.registry import make_bot
    from game.match.controller import Match
    from game.rules.events import HandScored
    from game.store.content import load_ruleset

    rules = load_ruleset(variant)
    seats = ("human", *["medium"] * (rules.players - 1))
    match = Match(rules, seed, seats)
    player, rng = make_bot("medium"), random.Random(seed)
    for _ in range(5_000):
        events = (match.submit(player.choose(match.view(0), rng)) if match.waiting_for_human()
                  else match.step_bot())
        if any(isinstance(e, HandScored) for e in events):
            return ChallengeTask(variant, variant, None, rules.source, seed,
                                 tuple(str(a) for a in match.actions), 0, 0, seats)
    raise RuntimeError("the bots' hand did not end")


def worker_frame_times(variant: str, hands: int) -> dict[str, object]:
    from game.store.tables import table_named
    from game.ui.demo import run_demo
    from game.ui.table.scene import TableScene

    task = deal_task(variant)
    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, (1280, 800))
        app.first_run = False
        looks.apply(app)
        app.settings.speed = "normal"
        app.settings.think_ms = 0
        app.sounds.muted = True
        tagged: list[tuple[float, str, bool]] = []  # (seconds, "starting"|"running"|"", trick)
        starts, finished = 0, 0
        calls: list[float] = []  # the start call itself, inside the table's frame
        original = app.step

        def timed_start(t: ChallengeTask) -> ChallengeJob:
            begin = time.perf_counter()
            job = ChallengeJob(t)
            calls.append(time.perf_counter() - begin)
            return job

        def step(dt: float, draw: bool = True) -> None:
            nonlocal starts, finished
            table = next((s for s in app.stack if isinstance(s, TableScene)), None)
            trick = bool(table and table.timeline.busy
                         and table.match.state.phase == Phase.TRICKS)
            queue = table.session.queue if table is not None else None
            if queue is not None:
                queue._start = timed_start
            if queue is not None and trick and queue.job is None and not queue.waiting:
                queue.add(task)  # the table's next frame starts the worker
                starts += 1
            job = queue.job if queue is not None else None
            before = "" if job is None and not (queue and queue.waiting) else \
                "starting" if job is None or not job.started else "running"
            start = time.perf_counter()
            original(dt, draw)
            took = time.perf_counter() - start
            tagged.append((took, before, trick))
            if queue is not None and queue.items:
                finished += len(queue.items)
                queue.items.clear()

        app.step = step  # type: ignore[method-assign]
        try:
            run_demo(app, table_named(variant), hands, None, seed=2, bot_level="random")
        finally:
            app.shutdown()
    return {"starting": percentiles([t for t, w, _ in tagged if w == "starting"]),
            "running": percentiles([t for t, w, _ in tagged if w == "running"]),
            "trick_animation_with_worker": percentiles([t for t, w, trick in tagged
                                                        if w and trick]),
            "no_worker": percentiles([t for t, w, _ in tagged if not w]),
            "start_call": percentiles(calls),
            "workers_started": starts, "deals_finished": finished}


def main() -> None:
    parser = argparse.ArgumentParser(description="frame times while a challenge worker runs")
    parser.add_argument("--variant", default="racehorse")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--busy", type=int, default=0,
                        help="this many spinning processes beside it (a machine with other work)")
    parser.add_argument("--job", choices=("challenge", "playout"), default="challenge",
                        help="playout: the Play it out scene's frames while its worker plays "
                        "the lines (issue 40; benchmarks/playout.py, which also times the first "
                        "trick and each line's CPU)")
    args = parser.parse_args()
    if args.job == "playout":
        from benchmarks.playout import run

        spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                    for _ in range(args.busy)]
        try:
            runs = run([args.variant], max(1, args.hands * 2), 28)
        finally:
            for p in spinners:
                p.kill()
                p.wait()
        measured = runs[args.variant]
        assert isinstance(measured, list)
        for r in measured:
            print(f"play it out at {r['kind']} ({r['decision']}): frame work (ms) "
                  f"{r['frame_ms']}, its own CPU {r['frame_cpu_ms']}")
        print(f"target: p95 < {TARGETS['trick_animation_p95_ms']:g} ms; load average "
              f"{os.getloadavg()}")
        return
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(args.busy)]
    try:
        result = {"frame_ms": worker_frame_times(args.variant, args.hands), "busy": args.busy,
                  "targets": TARGETS}
    finally:
        for p in spinners:
            p.kill()
            p.wait()
    if args.json:
        print(json.dumps(result, indent=1))
        return
    f = result["frame_ms"]
    assert isinstance(f, dict)
    for key in ("start_call", "starting", "running", "trick_animation_with_worker",
                "no_worker"):
        print(f"frame work (ms), {key.replace('_', ' ')}: {f[key]}")
    print(f"workers started: {f['workers_started']}, deals finished: {f['deals_finished']}")
    print(f"targets: trick animation p95 < {TARGETS['trick_animation_p95_ms']:g} ms, "
          f"no frame over {TARGETS['starting_max_ms']:g} ms while a worker starts")


if __name__ == "__main__":
    main()
