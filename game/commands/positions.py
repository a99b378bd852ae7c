"""Positions on the command line: one way to read a ``pn1 ...`` argument, so that every
command that takes the position notation reports a bad one in the same words."""

from __future__ import annotations

from game.commands.args import UsageError
from game.rules.notation import NotationError, Position, read
from game.rules.ruleset import RuleSet


def resolve(name: str) -> RuleSet:
    """A position's rules by name: a preset (a house table's position names its rules, which
    only its saved game holds)."""
    from game.store.content import load_preset, preset_names

    if name not in preset_names():
        raise ValueError(f"not a preset (presets: {', '.join(preset_names())})")
    return load_preset(name)


def read_position(text: str, flag: str = "position") -> Position:
    """The position ``text`` writes; UsageError naming the field that is wrong."""
    try:
        return read(text, resolve)
    except NotationError as exc:
        raise UsageError(f"{flag}: {exc}") from None
