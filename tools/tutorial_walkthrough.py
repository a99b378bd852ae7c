"""The tutorial's front door, walked through the way a new player takes it, with screenshots
and the minutes each part took.

    python -m tools.tutorial_walkthrough --table racehorse --out /tmp/walk [--size 1280x800]

Picks the table in the lesson menu, plays the guided first hand (following the coach), every
core lesson on that table, then a full hand against medium bots at the table itself, with no
hint: the player's moves there come from the easy bot's rules of thumb and go through the
table's own prompts. Any SDL video driver works (under Xvfb, the real window). Minutes per
part: the measured play-through time at normal speed, plus reading and thinking time at the
rates of ``tools.time_lessons``.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path

from game.store.content import load_preset, load_tutorial
from game.store.store import Store
from game.tutorial.features import steps_for
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from tools.time_lessons import RATES
from tools.tutorial_play import DT, Measure, play_first_hand, play_lesson, prompt_act


def minutes(m: Measure) -> float:
    return (m.seconds + m.words / RATES["words_per_minute"] * 60
            + m.actions * RATES["seconds_per_action"]) / 60


def full_hand(app: App, table: str, shot) -> Measure:  # noqa: ANN001
    """A hand at the real table against medium bots; the player's own moves without hints."""
    from game.bots.registry import make_bot
    from game.ui.overlay import Display
    from game.ui.scenes.displays import ResultScene
    from game.ui.table.house import setup_table
    from game.ui.table.scene import TableScene
    from game.ui.table.start import start_game

    app.settings.variant = table
    app.settings.seat_levels = ["medium"] * 3
    app.settings.think_ms = 600
    start_game(app, setup_table(app.settings), seed=7)
    scene = next(s for s in app.stack if isinstance(s, TableScene))
    me = make_bot("easy", noise=0.0)
    m = Measure()
    shots = 0
    for _ in range(200_000):
        top = app.top
        if isinstance(top, ResultScene):
            if shot:
                shot("result")  # the hand's result, as the table shows it
            top.close()
            return m
        if isinstance(top, Display):
            m.words += 15
            if shot and shots < 3:
                shot(f"display{shots}")
                shots += 1
            top.close()
            m.actions += 1
        elif top is not scene and scene.match.waiting_for_human() and not scene.timeline.busy:
            view = scene.match.view(scene.human)
            action = me.choose(view, random.Random(len(scene.match.actions)))
            if shot and len(scene.match.actions) in (20, 40):
                shot(f"turn{len(scene.match.actions)}")
            prompt_act(app, action)
            m.actions += 1
        app.step(DT)
        app.draw()
        m.seconds += DT
    raise AssertionError("the hand did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", default="racehorse")
    parser.add_argument("--out", type=Path, default=Path("walkthrough"))
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = tuple(int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(Store(Path(tempfile.mkdtemp())), ROUTES, size)  # type: ignore[arg-type]
    app.fixed_dt = DT
    app.settings.speed = "normal"
    app.sounds.muted = True
    rules = load_preset(args.table)
    lessons, _, _ = load_tutorial()
    parts: list[tuple[str, Measure]] = []

    def shooter(prefix: str):  # noqa: ANN202
        def shot(tag: str) -> None:
            for _ in range(20):
                app.step(DT)
            app.draw()
            app.screenshot(args.out / f"{prefix}-{tag}.png")
        return shot

    menu = app.go(Route.LESSONS)
    assert menu is not None
    menu.pick(args.table)  # type: ignore[attr-defined]
    shooter("00-menu")("picked")
    first = next(x for x in lessons if x.guided is not None)
    parts.append(("first hand", play_first_hand(app, first, rules, shooter("01-first-hand"))))
    for lesson in [x for x in lessons if x.track == "core" and steps_for(x, rules)]:
        parts.append((lesson.title, play_lesson(app, lesson, rules, shooter(f"02-{lesson.id}"))))
    parts.append(("a full hand against bots, no hints",
                  full_hand(app, args.table, shooter("03-full-hand"))))
    app.shutdown()
    total = 0.0
    for name, m in parts:
        total += minutes(m)
        print(f"{name:45} {minutes(m):5.1f} min  ({m.seconds / 60:4.1f} min measured, "
              f"{m.words} words, {m.actions} actions)")
    print(f"{'all':45} {total:5.1f} min")


if __name__ == "__main__":
    main()
