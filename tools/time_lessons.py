"""Measure every lesson for the menu's time estimates, and write ``levels/timings.toml``.

    python -m tools.time_lessons            # measure, write levels/timings.toml
    python -m tools.time_lessons LESSON ... # measure these lessons only, keep the others'
    python -m tools.time_lessons --show     # print the estimates without writing

Each lesson is played in a headless window at normal animation speed, the learner's part
scripted (``tools.tutorial_play``): the simulated seconds of animation, scripted moves and the
bots' pauses are measured, and so are the words shown (narration, replies, trick captions and the
glossary pop-ups met for the first time, in the menu's order) and the actions asked for. The
estimate adds reading time at ``words_per_minute`` and a thinking allowance of
``seconds_per_action`` per action (see RATES). Lessons on the learner's table are measured on
every table; the others on their own.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.store.content import (  # noqa: E402
    LEVELS_DIR,
    load_preset,
    load_tutorial,
    load_tutorial_library,
    preset_names,
)
from game.store.lessons import Lesson  # noqa: E402
from game.store.store import Store  # noqa: E402
from game.tutorial.features import steps_for  # noqa: E402
from game.tutorial.timing import timing_key  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402
from tools.tutorial_play import Measure, play_first_hand, play_lesson  # noqa: E402

# Reading: about 238 words a minute is the adult average for silent reading of non-fiction
# (Brysbaert 2019); instructions full of card names and rule quotations, read by a newcomer,
# go slower, so we count 180. Thinking: six seconds for each card, bid, selection or sum,
# clicks on a held trick included. Both are assumptions, stated here and in the closing note.
RATES = {"words_per_minute": 180, "seconds_per_action": 6}


def app_for(home: Path) -> App:
    app = App(Store(home), ROUTES, (1280, 800))
    app.first_run = False  # a returning player: no first-run page of looks
    app.fixed_dt = 1 / 60
    app.settings.speed = "normal"
    app.sounds.muted = True
    return app


def order_for(table: str, lessons: list[Lesson]) -> list[Lesson]:
    """The lessons a learner at ``table`` meets, in the menu's order."""
    rules = load_preset(table)
    first = [x for x in lessons if x.track == "first-hand"]
    core = [x for x in lessons if x.track == "core" and steps_for(x, rules)]
    own = [x for x in lessons if x.track == "table" and x.preset == table]
    return first + core + own


def measure_all(names: Sequence[str] = ()) -> dict[str, tuple[Measure, str]]:
    """Every lesson's measurement on every table it is met at; with ``names`` (lesson ids),
    those lessons' only (a lesson on the learner's table is still measured on every table)."""
    lessons, _, errors = load_tutorial()
    if errors:
        raise SystemExit("\n".join(errors))
    unknown = sorted(set(names) - {x.id for x in lessons})
    if unknown:
        raise SystemExit(f"time_lessons: no lesson {unknown[0]!r} in {LEVELS_DIR / 'lessons'}")
    out: dict[str, tuple[Measure, str]] = {}
    for table in preset_names():
        app = app_for(Path(tempfile.mkdtemp()))
        rules = load_preset(table)
        try:
            for lesson in order_for(table, lessons):
                if names and lesson.id not in names:
                    continue
                key = timing_key(lesson, table)
                if lesson.guided is not None:
                    m = play_first_hand(app, lesson, rules)
                else:
                    m = play_lesson(app, lesson, rules if lesson.on_learner_table else None)
                out[key] = (m, lesson.digest)
                print(f"{key:45} {m.seconds:6.1f} s {m.words:5} words {m.actions:3} actions "
                      f"-> {minutes(m)} min", flush=True)
        finally:
            app.shutdown()
    return out


def minutes(m: Measure) -> int:
    total = m.seconds + m.words / RATES["words_per_minute"] * 60 + \
        m.actions * RATES["seconds_per_action"]
    return max(1, math.ceil(total / 60))


def write(found: dict[str, tuple[Measure, str]], path: Path) -> None:
    lines = ["# Written by python -m tools.time_lessons: do not edit by hand.",
             "# seconds: animation, scripted moves and bot pauses at normal speed (measured);",
             "# words: shown to the learner; actions: asked of the learner. The menu adds",
             "# reading and thinking time at the rates below (stated assumptions).", "",
             "[rates]"]
    lines += [f"{k} = {v}" for k, v in RATES.items()]
    for key, (m, digest) in sorted(found.items()):
        lines += ["", f'[lessons."{key}"]', f"seconds = {m.seconds:.1f}", f"words = {m.words}",
                  f"actions = {m.actions}", f'digest = "{digest}"']
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def kept(names: Sequence[str]) -> dict[str, tuple[Measure, str]]:
    """The measurements already in levels/timings.toml of the lessons not named."""
    library = load_tutorial_library()
    return {key: (Measure(t.seconds, t.words, t.actions), t.digest)
            for key, t in library.timings.items() if key.split("@")[0] not in names}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", metavar="LESSON",
                        help="the lessons to measure, by id (default: every one)")
    parser.add_argument("--show", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    found = measure_all(args.lessons)
    if not args.show:
        if args.lessons:
            found = {**kept(args.lessons), **found}
        write(found, LEVELS_DIR / "timings.toml")
        print(f"wrote {LEVELS_DIR / 'timings.toml'}")


if __name__ == "__main__":
    main()
