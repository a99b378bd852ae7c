"""``pinochle tutorial``: open the lessons, or ``--check`` every lesson and puzzle."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.commands.args import CannotRunError, UsageError, folder

NO_DOCUMENTS = ("WITHOUT THE RULE DOCUMENTS (--no-documents): every quotation is checked against "
                "the shipped copy in levels/quotes/ only, not against its document")

# Seconds the check waits for a word from its worker before looking again: the worker drives
# every lesson without a word, and only its answer or its death ends the wait.
WORKER_SILENCE = 30.0


def _drive_lessons(task: tuple[str, tuple[str, ...]], progress: Callable[[int, int], None],
                   cancelled: Callable[[], bool]) -> tuple[int, int, list[str]]:
    """In the check's worker: the first hand and every lesson (or the lessons named) played
    through the window."""
    from game.ui.checkdrive import drive_lessons_folder

    root, names = task
    return drive_lessons_folder(root, names)


def _driven(raw: Any) -> tuple[int, int, list[str]]:
    """The worker's answer, checked: (runs, lessons driven, failures)."""
    runs, driven, failures = raw
    if not (isinstance(runs, int) and isinstance(driven, int) and isinstance(failures, list)
            and all(isinstance(f, str) for f in failures)):
        raise ValueError(f"the lessons' drive answered {raw!r:.80}")
    return runs, driven, failures


def register(sub: Any) -> None:
    p = sub.add_parser("tutorial", help="the lessons (--check verifies every lesson and puzzle)")
    p.add_argument("--check", action="store_true", help="play every script, verify every claim")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="with --check: only these lessons and puzzles (by id, the file's name)")
    p.add_argument("--levels", type=Path, help="a folder with lessons/ and puzzles/ to check")
    p.add_argument("--seeds", type=Path, help="the rule documents to check quotations against "
                   "(default: ../shared/seeds beside the checkout; without them --check fails)")
    p.add_argument("--no-documents", action="store_true",
                   help="check without the rule documents: quotations against the shipped copies "
                        "only (said in the report's first line)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_tutorial)


def cmd_tutorial(args: argparse.Namespace) -> int:
    from game.store.content import (
        LEVELS_DIR,
        load_preset,
        load_tutorial,
        load_tutorial_library,
    )

    for flag, path in (("--levels", args.levels), ("--seeds", args.seeds)):
        if path is not None:  # checked before any work or window starts
            folder(path, flag)
    if args.no_documents and args.seeds is not None:
        raise UsageError("--seeds and --no-documents: choose one")
    if args.names and not args.check:
        raise UsageError("tutorial: naming lessons or puzzles needs --check")
    if not args.check:
        from game.commands.play_cmd import open_tutorial

        return open_tutorial()
    from game.store.reading import FileRefusedError
    from game.tutorial.check import check_all
    from game.tutorial.check_text import documents_in, seeds_folder

    root = args.levels if args.levels is not None else LEVELS_DIR
    lessons, puzzles, errors = load_tutorial(root)
    if args.names:
        # A contributor's loop: the lessons and puzzles named, checked as the whole check does.
        unknown = sorted(set(args.names) - {x.id for x in lessons} - {x.id for x in puzzles})
        if unknown:
            raise UsageError(f"tutorial --check: no lesson or puzzle {unknown[0]!r} in {root}")
        lessons = [x for x in lessons if x.id in args.names]
        puzzles = [x for x in puzzles if x.id in args.names]
    library = load_tutorial_library(root)
    documents = None if args.no_documents else seeds_folder(root, args.seeds)
    if documents is None and not args.no_documents:
        # No silent skip: a check that could not read the documents has not checked the
        # quotations, and must not pass as if it had.
        errors = [*errors, f"rule documents: none found (no --seeds, and no ../shared/seeds "
                           f"beside the checkout of {root}): the quotations cannot be checked "
                           f"against them; give --seeds DIR, or --no-documents to check without "
                           f"them"]
    try:  # read before any work starts: a FIFO among them must not hang the check
        texts = documents_in(documents) if documents is not None else None
    except FileRefusedError as exc:
        raise UsageError(f"--seeds: {exc}" if args.seeds is not None
                         else f"rule documents: {exc}") from None
    if lessons or puzzles:
        # Every answer made with the scenes' own controls, headless (game.ui.lessondrive), the
        # work split over two processes by what each has already searched: a worker checks the
        # first hand and then plays it and every lesson through the window (the coach's advice
        # searched once); this process checks the engine's side and then drives the puzzles,
        # whose Hint is the hard bot's analysis it has just made.
        import os

        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report

        from game.match.worker import WorkerJob
        from game.store.content import preset_names
        from game.ui.checkdrive import drive_all

        # A worker that dies (out of memory, a signal) is one failure line and the check goes
        # on; one whose parent dies ends itself (game.match.worker).
        driving = WorkerJob(_drive_lessons, (str(root), tuple(args.names)), _driven,
                            "The lessons' drive", niceness=0)
        report = check_all(lessons, puzzles, load_preset, errors, library, documents,
                           guided=False, texts=texts)
        report.driven, puzzle_failures = drive_all([], puzzles, load_preset, preset_names())
        while not driving.wait(WORKER_SILENCE):
            pass  # alive and still driving: its end, answer or death, is what is waited for
        if driving.result is not None:
            runs, driven, driven_failures = driving.result
            report.runs += runs
            report.driven += driven
            report.failures += driven_failures
        else:
            report.failures.append(driving.error or "The lessons' drive gave no answer")
        report.failures += puzzle_failures
    else:
        report = check_all(lessons, puzzles, load_preset, errors, library, documents,
                           texts=texts)
    if args.json:
        data = report.to_json()
        if args.no_documents:  # first, where a reader looks
            data = {"no_documents": NO_DOCUMENTS, **data}
        print(json.dumps(data, ensure_ascii=False))
    else:
        if args.no_documents:
            print(NO_DOCUMENTS)
        against = f"against {report.documents}" if report.documents else \
            "(rule documents not read: shipped quotations only)"
        print(f"{report.lessons} lessons, {report.puzzles} puzzles, {report.steps} steps, "
              f"{report.claims} claims, {report.quotes} quotations {against}, "
              f"{report.bot_checked} decisions against the hard bot, "
              f"{report.reasons} refusals checked against their card, "
              f"{report.driven} lessons, first hands and puzzles driven through the window's "
              f"controls; "
              f"{len(report.failures)} failures")
        for failure in report.failures:
            print(f"  FAIL {failure}")
    # Nothing to check is a failure too: a broken install or a mistyped folder must not pass.
    missing = [kind for kind, found in (("lessons", lessons), ("puzzles", puzzles)) if not found]
    if missing and not (args.names and (lessons or puzzles)):
        raise CannotRunError(f"no {' and no '.join(missing)} to check in {root}")
    return 1 if report.failures else 0
