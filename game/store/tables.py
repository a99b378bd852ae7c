"""The table a game is played at, chosen once: a :class:`TableChoice`.

A choice is made where the player makes it (the command line's ``--variant``, the New game
screen, a saved game's record) and travels whole to the table scene, its session and its save:
the shipped preset played as written, or the text of a house-rules file (kept in the save, so a
game outlives its file moving), with the rules that text makes. The player's settings remember
the New game screen's last choice; no game reads its table from them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from game.rules.ruleset import RuleSet
from game.store.content import load_preset, read_ruleset, ruleset_from_text


@dataclass(frozen=True)
class TableChoice:
    """A table: a shipped ``preset``, or a house-rules ``text``; and the ``rules`` it makes
    (whose ``source`` says where the text came from)."""

    preset: str | None
    text: str | None
    rules: RuleSet

    def __post_init__(self) -> None:
        if (self.preset is None) == (self.text is None):
            raise ValueError("a table is a preset or a house-rules text, not both or neither")

    @property
    def key(self) -> str:
        """The table's name among saved games (one saved game is kept per table): the
        preset's name, or the house table's name and a digest of its text."""
        if self.preset is not None:
            return self.preset
        digest = hashlib.sha1((self.text or "").encode("utf-8")).hexdigest()[:10]
        name = re.sub(r"[^a-z0-9-]+", "-", self.rules.name.lower()).strip("-")[:40]
        return f"house-{name}-{digest}"

    @property
    def stats_name(self) -> str:
        """The statistics' name for this table: the preset, or the house rules' name."""
        return self.preset if self.preset is not None else f"house: {self.rules.name}"


def preset_table(name: str) -> TableChoice:
    """A shipped preset, played as written. Raises RulesError for an unknown name."""
    return TableChoice(name, None, load_preset(name))


def house_table(text: str, source: str) -> TableChoice:
    """A house-rules text (``source`` says where it came from, for its errors). Raises
    RulesError when its rules cannot be read."""
    return TableChoice(None, text, ruleset_from_text(text, source))


def table_named(name_or_path: str) -> TableChoice:
    """The table the command line names: a preset's name, or the path of a house-rules file
    (read once: its text goes with the game). Raises RulesError, naming the file and field."""
    text, rules = read_ruleset(name_or_path)
    return TableChoice(name_or_path if text is None else None, text, rules)


def table_of(rules: RuleSet, preset: str | None, text: str | None) -> TableChoice:
    """A table already read (its rules at hand, as a network table's devices are sent them):
    the preset when it has one, else its house text."""
    return TableChoice(preset, None if preset is not None else text, rules)


def recorded_table(preset: str | None, text: str | None, source: str) -> TableChoice:
    """The table a record names (a saved game, a worker's task): its preset, else its house
    text as read from ``source``. Raises RulesError when the rules cannot be read."""
    if preset is not None:
        return preset_table(preset)
    if text is None:
        raise ValueError("a record names a preset or a house-rules text")
    return house_table(text, source)
