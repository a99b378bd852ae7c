"""A beginner's walk through the tutorial, headless, with a screenshot at every step: the first
hand, the core lessons, the lessons of racehorse, cutthroat and two-handed, and ten puzzles,
at each window size asked for. Every answer goes through the window's own prompts and buttons
(``tools.tutorial_play``); the PNGs are for looking at.

    python -m tools.tutorial_walk OUT_DIR [--sizes 1024x640 1280x800]
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.store.content import load_preset, load_tutorial  # noqa: E402
from game.tutorial.features import steps_for  # noqa: E402
from tools.screenshots import app_at  # noqa: E402
from tools.tutorial_play import play_first_hand, play_lesson  # noqa: E402

WALK_TABLES = ("racehorse", "cutthroat", "two-handed")
PUZZLES = 10


def walk(size: tuple[int, int], out: Path) -> list[Path]:
    from game.ui.scenes.puzzle import PuzzleTutor
    from tools.tutorial_play import Measure, prompt_act, settle

    lessons, puzzles, _ = load_tutorial()
    shots: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        app = app_at(size, Path(home))
        tag = f"{size[0]}x{size[1]}"

        def shooter(prefix: str):  # noqa: ANN202
            def shot(name: str) -> None:
                path = out / tag / f"{prefix}-{name}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                app.draw()
                app.screenshot(path)
                shots.append(path)
            return shot

        first = next(x for x in lessons if x.guided is not None)
        play_first_hand(app, first, load_preset("racehorse"), shooter("00-first-hand"))
        for table in WALK_TABLES:
            rules = load_preset(table)
            for lesson in lessons:
                if lesson.guided is not None:
                    continue
                core = lesson.track == "core" and table in ("racehorse", "two-handed")
                own = lesson.track == "table" and lesson.preset == table
                if lesson.on_learner_table and not steps_for(lesson, rules):
                    continue  # nothing of it at this table (the auction at two-handed)
                if core or own:
                    play_lesson(app, lesson, rules if lesson.on_learner_table else None,
                                shooter(f"{table}-{lesson.id}"))
        for puzzle in puzzles[:PUZZLES]:
            app.reset(PuzzleTutor(app, puzzle, puzzles).table)
            m = Measure()
            settle(app, m)
            shooter(f"puzzle-{puzzle.id}")("question")
            prompt_act(app, puzzle.answers[0])
            settle(app, m)
            shooter(f"puzzle-{puzzle.id}")("answered")
        app.shutdown()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", nargs="*", default=["1024x640", "1280x800"])
    args = parser.parse_args()
    for size in args.sizes:
        w, h = (int(x) for x in size.split("x"))
        print(f"{size}: {len(walk((w, h), args.out))} screenshots")


if __name__ == "__main__":
    main()
