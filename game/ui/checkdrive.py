"""``tutorial --check`` through the window, all of it: every lesson on every table it runs on
(the guided first hand played to its score), every puzzle, at each size checked; and the
halves the command runs in two processes (``drive_lessons_folder`` in a worker,
``drive_all`` over the puzzles beside the engine's checks)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson, Puzzle
from game.tutorial.features import steps_for
from game.ui.firsthanddrive import drive_first_hand
from game.ui.lessondrive import SIZES, Driver, drive_lesson, drive_puzzle, headless


def drive_all(lessons: list[Lesson], puzzles: list[Puzzle],
              load_rules: Callable[[str], RuleSet], presets: tuple[str, ...],
              sizes: tuple[tuple[int, int], ...] = SIZES) -> tuple[int, list[str]]:
    """(lessons, first hands and puzzles driven, failures): every lesson on every table it
    runs on (the guided first hand too, played to its score), and every puzzle, at each size."""
    headless()
    failures: list[str] = []
    driven = 0
    for size in sizes:
        drv = Driver(size)
        try:
            for lesson in lessons:
                tables: list[tuple[RuleSet | None, str]] = [(None, "")]
                if lesson.on_learner_table:
                    tables = [(load_rules(p), f" [on {p}]") for p in presets]
                for table, label in tables:
                    if lesson.guided is not None and table is not None:
                        failures += drive_first_hand(drv, lesson, table)
                    elif lesson.guided is not None or (lesson.on_learner_table
                                                       and not steps_for(lesson, table)):
                        continue
                    else:
                        failures += drive_lesson(drv, lesson, table, label)
                    failures += unreadable(drv, f"{lesson.source}{label}")
                    driven += 1
            for puzzle in puzzles:
                failures += drive_puzzle(drv, puzzle)
                failures += unreadable(drv, puzzle.source)
                driven += 1
        finally:
            drv.close()
    return driven, failures


def unreadable(drv: Driver, where: str) -> list[str]:
    """The buttons pressed in one lesson or puzzle whose label was drawn cut, each once."""
    size = "x".join(map(str, drv.size))
    found = [f"{where} [{size}]: {u}" for u in dict.fromkeys(drv.unreadable)]
    drv.unreadable.clear()
    return found


def drive_lessons_folder(root: str, names: tuple[str, ...] = ()) -> tuple[int, int, list[str]]:
    """The worker's half of ``tutorial --check`` (a process beside the engine's checks): the
    first hand checked on the engine (``check_guided_all``) and then played through the
    window, whose coach's advice is then already searched; every lesson driven (or only the
    lessons ``names`` names, by id). (runs of the first hand, lessons driven, failures)."""
    from game.store.content import load_preset, load_tutorial, load_tutorial_library, preset_names
    from game.tutorial.check_guided import check_guided_all

    lessons, _, _ = load_tutorial(Path(root))
    if names:
        lessons = [x for x in lessons if x.id in names]
    runs, failures = check_guided_all(lessons, load_preset, load_tutorial_library(Path(root)),
                                      preset_names())
    driven, more = drive_all(lessons, [], load_preset, preset_names())
    return runs, driven, failures + more
