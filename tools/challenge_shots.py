"""Screenshots of the duplicate challenge and the rating (issue 28, items 3 and 4), in a real
window: a challenge game at the table whose player's seat is played by a level (the table's
own generators), its earlier hands counted as the game counts them (the levels replayed in
this process, the first hand reviewed too), then the last hand's result while the worker plays
the expert's hand (a burst), the result with both scores, and Statistics' rating page.

    DISPLAY=:32 python -m tools.challenge_shots --out /work/shots/issue28 --size 1280x800
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from game.match.challenge import ChallengeTask, challenge_deal
from game.match.review import review_hand
from game.match.worker import WorkerJob
from game.rules.engine import replay
from game.rules.events import HandScored
from game.store.challenge import Item
from game.store.store import Store
from game.store.tables import preset_table
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from tools.screenshots import played_match


def p95(frames: list[float]) -> float:
    return sorted(frames)[int(len(frames) * 0.95)] * 1000 if frames else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--preset", default="racehorse")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--hint", action="store_true",
                        help="the second and the last hand played with Hint (marked, and not "
                             "counted)")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.preset}-{w}x{h}"
    app = App(Store(Path(tempfile.mkdtemp())), ROUTES, (w, h))
    app.fixed_dt = 1 / 60
    app.sounds.muted = True
    app.settings.challenge = True
    match = played_match(args.preset, args.seed, args.level, args.hands)
    if args.hint:
        match.hinted |= {1, args.hands - 1}
        tag += "-hint"
    table = TableScene(app, match, preset_table(args.preset))
    app.reset(table)
    session = table.session
    last = args.hands - 1
    for n in range(last):  # the earlier hands, counted as the worker would have counted them
        item = challenge_deal(match.rules, session.challenge_task(n), match.actions)
        if item is not None:
            session.count(item)
    session.reviewed(review_hand(match.rules, match.seed, match.actions, 0, 0, match.seats,
                                 0.2))
    session.queue.add(session.challenge_task(last))
    start_calls: list[float] = []  # the start itself, inside the frame that asks for it
    maker = session.queue._start

    def timed(task: ChallengeTask) -> WorkerJob[Item]:
        t = time.perf_counter()
        job = maker(task)
        start_calls.append(time.perf_counter() - t)
        return job

    session.queue._start = timed
    result = next(e.result for e in replay(match.rules, match.seed, match.actions)[1]
                  if isinstance(e, HandScored) and e.result.hand_no == last)
    app.open(Route.RESULT, table=table, result=result)
    frames, shots, start = [], 0, time.perf_counter()
    while session.queue.status(last)[0] in ("waiting", "playing", "none"):
        t = time.perf_counter()
        app.step(1 / 60)
        frames.append(time.perf_counter() - t)
        if shots < 3 and len(frames) in (3, 40, 100):
            app.screenshot(args.out / f"{tag}-result-playing-{shots}.png")
            shots += 1
        time.sleep(1 / 60)
        if time.perf_counter() - start > 300:
            raise RuntimeError("the worker did not finish")
    app.step(1 / 60)
    app.screenshot(args.out / f"{tag}-result-both-scores.png")
    first = frames.pop(0) * 1000  # the frame that starts the worker (spawns its process)
    idle = []
    for _ in range(60):
        t = time.perf_counter()
        app.step(1 / 60)
        idle.append(time.perf_counter() - t)
        time.sleep(1 / 60)
    print(f"{tag}: the levels' hands played in {time.perf_counter() - start:.1f} s while the "
          f"table drew {len(frames) + 1} frames: the first (the worker starts, the result's "
          f"first drawing) {first:.0f} ms, of which the start call "
          f"{sum(start_calls) * 1000:.0f} ms, "
          f"then p95 {p95(frames):.1f} ms a frame; with no worker, p95 {p95(idle):.1f} ms")
    app.go(Route.TITLE)
    app.open(Route.STATISTICS)
    app.step(1 / 60)
    app.screenshot(args.out / f"{tag}-statistics.png")
    app.open(Route.RATING)
    app.step(1 / 60)
    app.screenshot(args.out / f"{tag}-rating.png")
    app.shutdown()


if __name__ == "__main__":
    main()
