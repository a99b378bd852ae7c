"""Screenshots of the hand review at the table (issue 28), in a real window: a hand played by
the medium level in the player's seat (a player's mistakes included), the Review opened on
it, a burst while the worker grades it, the review, and the replay opened on the costliest
decision.

    DISPLAY=:16 python -m tools.review_shots --out /work/shots/review --size 1280x800
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from game.store.store import Store
from game.store.tables import preset_table
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from tools.screenshots import played_match


def moments(app: App, table: TableScene, out: Path, tag: str, budget: float) -> None:
    """The replay opened at the first decision of each kind the player made."""
    from game.match.review import review_hand
    from game.match.reviewread import rows
    from game.rules.gamehands import game_hands

    m = table.match
    review = review_hand(m.rules, m.seed, m.actions, 0, table.human, m.seats, budget,
                         levels=())
    assert review is not None
    table.session.reviews[0] = review
    seen: set[str] = set()
    for row in rows(game_hands(m.rules, m.seed, m.actions)[0], review):
        kind = f"{row.graded.decision.kind}-{type(row.graded.decision.chosen).__name__}"
        if kind in seen:
            continue
        seen.add(kind)
        replay = app.open(Route.REPLAY, table=table, hand_no=0, focus=row)
        app.step(1 / 60)
        app.screenshot(out / f"{tag}-moment-{kind}.png")
        print(f"{tag}-moment-{kind}.png: {row.moment}, page {replay.index}")
        app.pop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--preset", default="racehorse")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--moments", type=float, default=0.0, metavar="BUDGET",
                        help="instead: a review made here at this budget, and the replay "
                             "opened at one decision of each kind (a bid, a pass, trump, the "
                             "widow, a meld, a card)")
    parser.add_argument("--hinted", action="store_true",
                        help="the hand counts as played with Hint (the game line leaves it out)")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.preset}-{w}x{h}"
    app = App(Store(Path(tempfile.mkdtemp())), ROUTES, (w, h))
    app.fixed_dt = 1 / 60
    app.sounds.muted = True
    match = played_match(args.preset, args.seed, args.level, rng=random.Random(args.seed))
    table = TableScene(app, match, preset_table(args.preset))
    if args.hinted:
        table.match.hinted.add(0)
        tag += "-hinted"
    app.reset(table)
    for _ in range(10):
        app.step(1 / 60)
    if args.moments:
        moments(app, table, args.out, tag, args.moments)
        app.shutdown()
        return
    review = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    shots, frames, start = 0, [], time.perf_counter()
    while getattr(review, "job", None) is not None:
        t = time.perf_counter()
        app.step(1 / 60)
        frames.append(time.perf_counter() - t)
        if shots < 3 and len(frames) in (5, 60, 150):
            app.screenshot(args.out / f"{tag}-progress-{shots}.png")
            shots += 1
        time.sleep(1 / 60)
    app.step(1 / 60)
    app.screenshot(args.out / f"{tag}-review.png")
    frames.sort()
    p95 = frames[int(len(frames) * 0.95)] * 1000 if frames else 0.0
    print(f"{tag}: review made in {time.perf_counter() - start:.1f} s while the table drew "
          f"{len(frames)} frames, p95 {p95:.1f} ms per frame")
    picks = getattr(review, "picks", [])
    if picks:
        picks[0].on_click()
        app.step(1 / 60)
        app.screenshot(args.out / f"{tag}-replay-focus.png")
    # Reopened: instant, from the saved game's review.
    app.pop()
    app.pop()
    t = time.perf_counter()
    again = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    app.step(1 / 60)
    print(f"{tag}: reopened in {(time.perf_counter() - t) * 1000:.0f} ms, "
          f"job {'none' if getattr(again, 'job', None) is None else 'started'}")
    app.shutdown()


if __name__ == "__main__":
    main()
