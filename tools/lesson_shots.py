"""Screenshots of one lesson played the way a learner does (``tools.tutorial_play``): each step
as it opens and once answered, and the screens a step opens over the table (the review
lesson's Find a better play, answered wrong then right, and Play it out).

    python -m tools.lesson_shots 33-racehorse-review-a-hand --out /tmp/shots --size 1280x800

Any SDL video driver works (under Xvfb, the real window).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from game.store.content import load_preset, load_tutorial
from tools.screenshots import app_at
from tools.tutorial_play import play_lesson


def shoot(lesson_id: str, size: tuple[int, int], out: Path, table: str = "racehorse"
          ) -> list[Path]:
    lessons, _, _ = load_tutorial()
    lesson = next((x for x in lessons if x.id == lesson_id), None)
    if lesson is None:
        raise SystemExit(f"no lesson {lesson_id!r}")
    shots: list[Path] = []
    tag = f"{size[0]}x{size[1]}"
    with tempfile.TemporaryDirectory() as home:
        app = app_at(size, Path(home))

        def shot(name: str) -> None:
            path = out / f"{tag}-{len(shots):02d}-{name}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            app.draw()
            app.screenshot(path)
            shots.append(path)

        play_lesson(app, lesson, load_preset(table) if lesson.on_learner_table else None, shot)
        app.step(1 / 60)
        shot("recap")
        app.shutdown()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lesson")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--table", default="racehorse", help="for a lesson on the learner's table")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    print(f"{args.size}: {len(shoot(args.lesson, (w, h), args.out, args.table))} screenshots")


if __name__ == "__main__":
    main()
