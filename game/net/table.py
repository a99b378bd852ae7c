"""A network table as every device must know it before the game: its rules (a preset or a
house text, which the welcome carries), and its chairs as the host first sets them out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.match.chairs import OPEN, Chairs
from game.rules.ruleset import RuleSet
from game.store.tables import TableChoice, table_of


@dataclass
class TableSpec:
    """The table as a device must know it before a view can be read: its rules."""

    rules: RuleSet
    preset: str | None
    rules_text: str | None

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "text": self.rules_text, "source": self.rules.source}

    @property
    def table(self) -> TableChoice:
        """The table as the rest of the game names one (a preset, or a house text)."""
        return table_of(self.rules, self.preset, self.rules_text)


def open_chairs(rules: RuleSet, levels: list[str | None], away_level: str) -> Chairs:
    """Chairs for a new table: ``None`` for a chair left open, else a bot's level."""
    chairs = Chairs(rules.players, away_level)
    for seat, level in enumerate(levels):
        if level is not None:
            chairs.seat_bot(seat, level)
        else:
            chairs[seat].kind = OPEN
    return chairs
