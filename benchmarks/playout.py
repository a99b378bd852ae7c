"""Play it out's figures (issue 40, item 2): "the first trick shown in ≤ 1 s on this machine, the
whole continuation ≤ 5 s of CPU, in a worker, never blocking a frame (p95 frame < 8 ms while it
runs)".

    python -m benchmarks.playout [--tables racehorse cutthroat two-handed] [--decisions 4]
                                 [--json]

For each table, the first hand of a game whose player's seat is played by easy is reviewed
cheaply (the decisions are what matter here), and at ``--decisions`` of its decisions spread
over the hand (the first call, an exchange, an early card, a late card, where the hand has
them), the Play it out scene is opened over the table in a window (the dummy video driver,
1280x800, the real clock), as a player opens it, and run until both lines are scored:

* **first trick**: the wall time from the scene's opening to the frame that shows the first
  trick of both lines, each line in a worker of its own: ``spares``, the workers the review
  screen started before the click (as a player who reads the review first finds them), and
  ``cold``, workers started after the click (their start included); the workers' CPU to that
  point, and their CPU before the work began (the process's start and imports);
* **CPU per line**: the worker's CPU time for each line from the decision to the score (its
  own clock, ``time.process_time``, reported with each trick);
* **frames**: the scene's frame times (its poll, the reading of each trick through the
  engine, the drawing) while the worker runs: p95 and max on the clock, and the frame's own
  CPU (``time.thread_time``), which a busy machine does not inflate.

The load average is printed beside: the wall times are this shared machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchmarks.frames import percentiles  # noqa: E402
from game.match.playoutjob import WARM_MODULES  # noqa: E402
from game.match.retry import GameRecordText, item_for  # noqa: E402
from game.match.review import review_hand  # noqa: E402
from game.match.reviewread import rows  # noqa: E402
from game.match.spares import Spares  # noqa: E402
from game.rules.actions import Bid, Pass, PlayCard  # noqa: E402
from game.rules.gamehands import game_hands  # noqa: E402
from game.store.learning import PracticeItem  # noqa: E402
from game.store.store import Store  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402
from game.ui.scene import Route  # noqa: E402

TARGETS = {"first_trick_s": 1.0, "line_cpu_s": 5.0, "frame_p95_ms": 8.0}


def decisions(preset: str, seed: int, n: int) -> list[PracticeItem]:
    """``n`` decisions of a reviewed hand, spread over it: the first call, an exchange, an
    early card, a late card (as many kinds as the hand has), then evenly."""
    from tools.screenshots import played_match

    match = played_match(preset, seed, "easy", rng=random.Random(seed))
    review = review_hand(match.rules, match.seed, match.actions, 0, 0, match.seats, 0.05,
                         levels=())
    assert review is not None
    hand = game_hands(match.rules, match.seed, match.actions)[0]
    record = GameRecordText(preset, preset, None, match.rules.source, match.seed,
                            tuple(match.seats), tuple(str(a) for a in match.actions))
    all_rows = rows(hand, review)
    cards = [r for r in all_rows if isinstance(r.graded.decision.chosen, PlayCard)]
    kinds = [next((r for r in all_rows if isinstance(r.graded.decision.chosen, Bid | Pass)),
                  None),
             next((r for r in all_rows if not isinstance(r.graded.decision.chosen,
                                                          Bid | Pass | PlayCard)), None),
             cards[0] if cards else None, cards[-1] if cards else None]
    chosen = [r for r in kinds if r is not None]
    for r in all_rows[::max(1, len(all_rows) // max(1, n))]:
        if len(chosen) >= n:
            break
        if r not in chosen:
            chosen.append(r)
    return [item_for(record, hand, review, r.graded.decision) for r in chosen[:n]]


def one(app: App, item: PracticeItem, warm: bool = True) -> dict[str, object]:
    """Play it out opened at ``item`` and run to both scores, as a player sees it: after the
    review screen has started its spare workers (``warm``: the player reads the review before
    clicking), or with none (a worker started for each line after the click)."""
    pool = app.spares
    # Spares up before either run: for the warm run, the ones it takes; for the cold run, the
    # ones the last run's end started, which would otherwise start beside its own workers.
    pool.warm()
    for _ in range(400):  # up to 20 s for two interpreters to start on a busy machine
        if pool.ready >= pool.keep:
            break
        time.sleep(0.05)
    if not warm:
        app.spares = Spares(WARM_MODULES, keep=0)
    begin = time.perf_counter()
    scene = app.open(Route.PLAY_OUT, item=item)
    assert scene is not None
    job = scene.job  # type: ignore[attr-defined]
    from_spares = job.from_spares if job is not None else 0
    frames: list[float] = []
    frame_cpu: list[float] = []  # the frame's own CPU: its work, apart from a busy machine's
    first_wall = None
    first_cpu = None
    while getattr(scene, "job", None) is not None:
        start, cpu = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        frames.append(time.perf_counter() - start)
        frame_cpu.append(time.thread_time() - cpu)
        if first_wall is None and scene.first_shown is not None:  # type: ignore[attr-defined]
            first_wall = time.perf_counter() - begin
            first_cpu = sum(scene.worker_cpu)  # type: ignore[attr-defined]
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    lines = scene.lines  # type: ignore[attr-defined]
    job_cpu = scene.worker_cpu  # type: ignore[attr-defined]
    app.pop(scene)
    app.spares = pool
    return {"decision": str(item.decision.chosen), "kind": item.decision.kind,
            "warm": warm, "lines_on_spares": from_spares,
            "first_trick_wall_s": round(first_wall, 2) if first_wall is not None else None,
            "first_trick_worker_cpu_s": round(first_cpu, 2) if first_cpu is not None else None,
            "worker_start_cpu_s": round(scene.worker_start_cpu, 2),  # type: ignore[attr-defined]
            "line_cpu_s": [round(c, 2) for c in job_cpu],
            "scores": [line.score if line is not None else None for line in lines],
            "frame_ms": percentiles(frames), "frame_cpu_ms": percentiles(frame_cpu)}


def run(tables: list[str], n: int, seed: int) -> dict[str, object]:
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as home:
        app = App(Store(Path(home)), ROUTES, (1280, 800))
        app.sounds.muted = True
        try:
            for preset in tables:
                out[preset] = [one(app, item, warm) for item in decisions(preset, seed, n)
                               for warm in (True, False)]
        finally:
            app.shutdown()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Play it out's time to the first trick, its "
                                                 "CPU per line, and the frames meanwhile")
    parser.add_argument("--tables", nargs="+", default=["racehorse", "cutthroat", "two-handed"])
    parser.add_argument("--decisions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = {"tables": run(args.tables, args.decisions, args.seed),
              "load_average": os.getloadavg(), "targets": TARGETS}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"load average {result['load_average']}")
    tables = result["tables"]
    assert isinstance(tables, dict)
    for preset, runs in tables.items():
        for r in runs:
            f = r["frame_ms"]
            start = "spares" if r["warm"] else "cold"
            print(f"{preset:11} {r['kind']:8} {r['decision']:18} {start:6} first trick "
                  f"{r['first_trick_wall_s']} s (worker CPU "
                  f"{r['first_trick_worker_cpu_s']} s after {r['worker_start_cpu_s']} s "
                  "starting)"
                  f"; CPU per line {r['line_cpu_s']} s; frames p95 {f['p95']} ms, "
                  f"max {f['max']} ms (their own CPU: p95 {r['frame_cpu_ms']['p95']} ms)")
    print(f"targets: first trick <= {TARGETS['first_trick_s']:g} s, each line <= "
          f"{TARGETS['line_cpu_s']:g} s CPU, frame p95 < {TARGETS['frame_p95_ms']:g} ms")


if __name__ == "__main__":
    main()
