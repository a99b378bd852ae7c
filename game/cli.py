"""The ``pinochle`` command: no arguments opens the table; subcommands check the engine.

Every error a user can cause (unknown variant, malformed card, bad house-rules file) ends the
command with one clear line on standard error and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.rules.errors import RulesError


class UsageError(Exception):
    """A bad command-line argument, reported in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    from game.commands import engine_cmds

    parser = _Parser(prog="pinochle", description="Pinochle: a table that plays your house "
                     "rules exactly. With no command, opens the game window.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    engine_cmds.register(sub)
    for module_name in ("game.commands.play_cmd", "game.commands.match_cmd",
                        "game.commands.tutorial_cmd"):
        try:
            module = __import__(module_name, fromlist=["register"])
        except ModuleNotFoundError:
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.command is None:
            from game.commands.play_cmd import open_window

            return open_window()
        return int(args.run(args) or 0)
    except UsageError as exc:
        print(f"pinochle: error: {exc}", file=sys.stderr)
        return 2
    except RulesError as exc:
        print(f"pinochle: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
