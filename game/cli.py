"""The ``pinochle`` command: no arguments opens the table; subcommands check the engine.

Every error a user can cause (unknown variant, malformed card, bad house-rules file) ends the
command with one clear line on standard error and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata

from game.commands import (
    engine_cmds,
    history_cmd,
    match_cmd,
    net_cmd,
    play_cmd,
    review_cmd,
    tutorial_cmd,
)
from game.commands.args import CannotRunError, Parser, UsageError
from game.rules.errors import RulesError

DISTRIBUTION = "pinochle-table"


def version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="pinochle", description="Pinochle: a table that plays your house "
                    "rules exactly. With no command, opens the game window.")
    parser.add_argument("--version", action="version", version=f"pinochle {version()}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for module in (engine_cmds, play_cmd, match_cmd, tutorial_cmd, history_cmd, review_cmd,
                   net_cmd):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # pygame greets on standard output when imported; a command's output is only its own.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.command is None:
            return play_cmd.open_window()
        return int(args.run(args) or 0)
    except (UsageError, RulesError) as exc:
        return _error(exc, 2)
    except CannotRunError as exc:
        return _error(exc, 1)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _error(exc: Exception, status: int) -> int:
    """One line on standard error, whatever the user typed: a tab, a carriage return or a
    direction override inside a file name is shown as an escape, not obeyed."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(exc))
    print(f"pinochle: error: {text}", file=sys.stderr)
    return status
