"""The hand history kept in a saved game: every scored hand as one line of the position
notation (``pn1 ...``), so that the file itself can be read, exported and replayed hand by
hand, even once the game is over and archived.

The history is checked on loading: each line must read under the game's own rules, be a hand
that was scored, and be the very hand the game's actions played. The actions are the game's
record; a history that disagrees with them is corrupt. Then the history is rebuilt from the
actions and the loss reported in one line: nothing else of the save is touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.actions import Action
from game.rules.errors import RulesError
from game.rules.events import HandScored
from game.rules.gamehands import finished_texts
from game.rules.notation import MAX_LENGTH, NotationError, Position, read
from game.rules.ruleset import RuleSet
from game.store import schema
from game.store.schema import SchemaError

MAX_HANDS = 10_000


def history_from_json(value: Any) -> list[str]:
    """The field's lines (their shape only; :func:`check_history` reads them)."""
    if value is None:
        return []
    raw = schema.items(value, "history", MAX_HANDS)
    return [schema.text(line, f"history[{i}]", MAX_LENGTH) for i, line in enumerate(raw)]


def read_hand(rules: RuleSet, line: str) -> Position:
    """One hand of a history under the game's rules; NotationError when it does not read or
    was never scored."""
    def resolve(name: str) -> RuleSet:
        if name != rules.name:
            raise ValueError(f"this game is played at {rules.name!r}")
        return rules

    pos = read(line, resolve)
    if not any(isinstance(e, HandScored) for e in pos.events):
        raise NotationError("the hand was not played to its score")
    return pos


def check_history(rules: RuleSet, seed: int, actions: Sequence[Action], lines: Sequence[str]
                  ) -> list[str]:
    """The game's history; SchemaError naming the first bad line when ``lines`` is not it."""
    expected = finished_texts(rules, seed, actions)
    for i, line in enumerate(lines):
        try:
            read_hand(rules, line)
        except (NotationError, RulesError) as exc:
            raise SchemaError(f"history[{i}]", str(exc)) from None
        if i >= len(expected) or line != expected[i]:
            raise SchemaError(f"history[{i}]", "is not the hand the game's moves played")
    if len(lines) != len(expected):
        raise SchemaError("history", f"{len(lines)} hands where the game has played "
                          f"{len(expected)}")
    return expected
