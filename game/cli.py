"""The ``pinochle`` command: no arguments opens the table; subcommands check the engine.

Every error a user can cause (unknown variant, malformed card, bad house-rules file) ends the
command with one clear line on standard error and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.commands import engine_cmds, match_cmd, play_cmd, tutorial_cmd
from game.commands.args import Parser, UsageError
from game.rules.errors import RulesError


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="pinochle", description="Pinochle: a table that plays your house "
                    "rules exactly. With no command, opens the game window.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for module in (engine_cmds, play_cmd, match_cmd, tutorial_cmd):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.command is None:
            return play_cmd.open_window()
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
