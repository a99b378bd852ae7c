"""Reading a position from the command line: the one reader ``pinochle legal``, ``pinochle
meld`` and ``pinochle review`` share, so a position reads the same everywhere and a bad one gets
the same one-line error naming the field (see :mod:`game.rules.notation` for the format)."""

from __future__ import annotations

import sys
from typing import TextIO

from game.commands.args import UsageError
from game.rules.notation import MAX_LENGTH, NotationError, Position, read
from game.rules.ruleset import RuleSet
from game.store.content import load_ruleset

STDIN = "-"  # ``--position -`` reads the position from standard input


def read_position(text: str, variant: str | None = None, stdin: TextIO | None = None
                  ) -> Position:
    """The position ``text`` writes (``-``: the first line of standard input). Its rules are
    the table the notation names: a preset, or the house table of ``variant`` (a house-rules
    file), whose name must then be the one the position names. Raises :class:`UsageError`."""
    if text.strip() == STDIN:
        text = (stdin or sys.stdin).readline(MAX_LENGTH + 1)
    house = load_ruleset(variant) if variant else None

    def resolve(name: str) -> RuleSet:
        if house is None:
            return load_ruleset(name)
        if house.name != name:
            raise ValueError(f"the position is at table {name!r}, --variant gives {house.name!r}")
        return house

    try:
        return read(text, resolve)
    except NotationError as exc:
        raise UsageError(f"--position: {exc}") from None
