"""The duplicate challenge's results and the rating's history (issue 28, items 3 and 4), kept in
the player's data folder (``data/challenge.json``).

One list of items in the order they were recorded, each a hand measured against the levels on
the same cards or the same positions:

* a **duplicate** deal: the player's score for the hand (their side's score minus the other
  sides' average, the review's units) and what each level scored playing the player's seat
  with the same cards against the same opponents;
* a **review**: the points the player lost in a reviewed hand (as minus points: higher is
  better in both kinds) and what each level's choices would have lost on the same positions.

The rating's history is one point per item recorded: the estimate and its uncertainty then.
Everything is checked on loading; a bad item or point is left out and the file, as it was, is
set aside and reported in one line (game.store.store).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.store import schema
from game.store.reviews import LEVELS
from game.store.schema import SchemaError

CHALLENGE_FORMAT = 1
KINDS = ("duplicate", "review")
MAX_ITEMS = 100_000
MAX_POINTS = 100_000
MAX_POINTS_ABS = 1e7  # any one figure: far beyond any hand's score
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Item:
    """One hand measured against the levels (points: higher is better)."""

    kind: str  # "duplicate" or "review"
    table: str  # the statistics' name of the table (a preset, or "house: <name>")
    game: int  # the game's seed
    hand_no: int
    player: float
    levels: tuple[tuple[str, float], ...]  # (level, its points), in the levels' order
    # The player asked for a Hint (the expert's suggestion) in this hand: shown, but left out
    # of the table's figures and the rating, since a hint lets the player match the expert.
    hint: bool = False

    @property
    def key(self) -> tuple[str, str, int, int]:
        """One item per hand and kind: a hand measured again replaces its item."""
        return self.kind, self.table, self.game, self.hand_no

    def level(self, name: str) -> float | None:
        return next((v for lv, v in self.levels if lv == name), None)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "table": self.table, "game": self.game,
                "hand": self.hand_no, "player": self.player,
                "levels": {lv: v for lv, v in self.levels}, "hint": self.hint}


@dataclass(frozen=True)
class RatingPoint:
    """The rating after an item was recorded: its value on the levels' scale, its standard
    error, and how many items it was made from."""

    value: float
    sd: float
    items: int


@dataclass
class Challenge:
    items: list[Item] = field(default_factory=list)
    history: list[RatingPoint] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"format": CHALLENGE_FORMAT, "items": [i.to_json() for i in self.items],
                "history": [[p.value, p.sd, p.items] for p in self.history]}

    def counted(self) -> list[Item]:
        """The items the rating is made from: every one but the hands played with Hint."""
        return [i for i in self.items if not i.hint]

    def deals(self, table: str | None = None) -> list[Item]:
        """The duplicate deals (at one table, or all), in the order played."""
        return [i for i in self.items
                if i.kind == "duplicate" and (table is None or i.table == table)]

    def has(self, key: tuple[str, str, int, int]) -> bool:
        return any(i.key == key for i in self.items)


def _number(value: Any, where: str, low: float = -MAX_POINTS_ABS,
            high: float = MAX_POINTS_ABS) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SchemaError(where, f"expected a number, got {value!r}"[:120])
    if not low <= value <= high:
        raise SchemaError(where, f"{value} is out of range ({low:g} to {high:g})")
    return float(value)


def item_from_json(raw: Any, where: str) -> Item:
    d = schema.table(raw, where)
    levels = schema.table(d.get("levels"), f"{where}.levels")
    for name in levels:
        schema.choice(name, f"{where}.levels", LEVELS)
    pairs = tuple((lv, _number(levels[lv], f"{where}.levels.{lv}")) for lv in LEVELS
                  if lv in levels)
    return Item(schema.choice(d.get("kind"), f"{where}.kind", KINDS),
                schema.text(d.get("table"), f"{where}.table", 300),
                schema.whole(d.get("game"), f"{where}.game", 0, MAX_SEED),
                schema.whole(d.get("hand"), f"{where}.hand", 0, 10**6),
                _number(d.get("player"), f"{where}.player"), pairs,
                schema.flag(d.get("hint", False), f"{where}.hint"))


def _point(raw: Any, where: str) -> RatingPoint:
    parts = schema.items(raw, where, 3)
    if len(parts) != 3:
        raise SchemaError(where, "expected [rating, uncertainty, items]")
    return RatingPoint(_number(parts[0], where, 1.0, float(len(LEVELS))),
                       _number(parts[1], where, 0.0, float(len(LEVELS))),
                       schema.whole(parts[2], where, 0, MAX_ITEMS))


def challenge_from_json(data: Any) -> tuple[Challenge, list[SchemaError]]:
    """The challenge file's items and history, and what was refused (left out)."""
    out = Challenge()
    try:
        top = schema.table(data)
        schema.choice(top.get("format"), "format", (CHALLENGE_FORMAT,))
        items = schema.items(top.get("items", []), "items", MAX_ITEMS)
        history = schema.items(top.get("history", []), "history", MAX_POINTS)
    except SchemaError as exc:
        return out, [exc]
    errors: list[SchemaError] = []
    out.items += schema.read_each(items, "items", item_from_json, errors)
    out.history += schema.read_each(history, "history", _point, errors)
    return out, errors
