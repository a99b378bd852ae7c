"""``pinochle tutorial``: open the lessons, or ``--check`` every lesson and puzzle."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("tutorial", help="the lessons (--check verifies every lesson and puzzle)")
    p.add_argument("--check", action="store_true", help="play every script, verify every claim")
    p.add_argument("--levels", type=Path, help="a folder with lessons/ and puzzles/ to check")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_tutorial)


def cmd_tutorial(args: argparse.Namespace) -> int:
    from game.content import load_preset, load_tutorial

    if not args.check:
        from game.commands.play_cmd import open_tutorial

        return open_tutorial()
    from game.tutorial.check import check_all

    lessons, puzzles, errors = load_tutorial(args.levels)
    report = check_all(lessons, puzzles, load_preset, errors)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(f"{report.lessons} lessons, {report.puzzles} puzzles, {report.steps} steps, "
              f"{report.claims} claims checked; {len(report.failures)} failures")
        for failure in report.failures:
            print(f"  FAIL {failure}")
    return 1 if report.failures else 0
