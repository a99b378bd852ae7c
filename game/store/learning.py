"""What the player is learning from their reviews (issue 40), kept in the player's data folder
(``data/learning.json``):

* **practice**: the costly decisions of reviewed hands the player has not yet found a better
  play for (Retry, game.match.retry). Each carries the game's record up to the end of its
  hand, so that its moment can be set up again without the saved game (which a new game at
  the same table replaces), and the decision as the review analysed it, every option with its
  value. One found is taken off the list; at most :data:`MAX_PRACTICE` are kept, the newest.
* **phases**: one record per reviewed hand, the points lost and the decisions graded good in
  each phase (auction, exchange, meld and draws, play), in the order reviewed, so that
  Statistics shows each table's figures per phase over time (game.match.phases).

Everything is checked on loading; a bad item or record is left out and the file, as it was,
is set aside and reported in one line (game.store.store).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, ActionParseError, parse_action
from game.store import schema
from game.store.reviews import StoredDecision, decision_from_json, decision_json
from game.store.schema import SchemaError

LEARNING_FORMAT = 1
MAX_PRACTICE = 300
MAX_RECORDS = 20_000
MAX_ACTIONS = 20_000
MAX_SEED = 2**63 - 1
# The phases of a hand as the score by phase names them (issue 40, item 5).
PHASES = ("auction", "exchange", "meld and draws", "play")


@dataclass(frozen=True)
class PracticeItem:
    """One decision to find a better play for, with the game it was made in."""

    table: str  # the statistics' name of the table (a preset, or "house: <name>")
    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    seats: tuple[str, ...]
    actions: tuple[str, ...]  # the game's actions through the end of the decision's hand
    hand_no: int
    budget: float  # the review's budget: an answer it did not analyse is weighed at it
    decision: StoredDecision

    @property
    def key(self) -> tuple[str, int, int]:
        """One item per decision of a game."""
        return self.table, self.seed, self.decision.index

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "preset": self.preset, "rules_text": self.rules_text,
                "rules_source": self.rules_source, "seed": self.seed,
                "seats": list(self.seats), "actions": list(self.actions),
                "hand": self.hand_no, "budget": self.budget,
                "decision": decision_json(self.decision)}


@dataclass(frozen=True)
class PhaseLine:
    """One phase of one reviewed hand."""

    phase: str
    lost: float  # its share of the hand's points lost (game.match.phases)
    decisions: int
    good: int  # decisions graded good

    def to_json(self) -> list[Any]:
        return [self.phase, round(self.lost, 2), self.decisions, self.good]


@dataclass(frozen=True)
class PhaseRecord:
    """A reviewed hand's figures by phase."""

    table: str
    game: int  # the game's seed
    hand_no: int
    lines: tuple[PhaseLine, ...]
    hint: bool = False  # played with Hint: shown, in none of the figures

    @property
    def key(self) -> tuple[str, int, int]:
        return self.table, self.game, self.hand_no

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "game": self.game, "hand": self.hand_no,
                "phases": [line.to_json() for line in self.lines], "hint": self.hint}


@dataclass
class Learning:
    practice: list[PracticeItem] = field(default_factory=list)
    phases: list[PhaseRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"format": LEARNING_FORMAT,
                "practice": [i.to_json() for i in self.practice],
                "phases": [r.to_json() for r in self.phases]}

    def keep(self, items: list[PracticeItem]) -> None:
        """Add decisions still to find (one replaces another of the same decision), keeping
        the newest :data:`MAX_PRACTICE`."""
        keys = {i.key for i in items}
        self.practice = [i for i in self.practice if i.key not in keys] + items
        del self.practice[:-MAX_PRACTICE]

    def found(self, key: tuple[str, int, int]) -> None:
        """A better play was found: the decision is off the list."""
        self.practice = [i for i in self.practice if i.key != key]

    def record(self, record: PhaseRecord) -> None:
        """A hand reviewed (again): its figures replace any it had."""
        self.phases = [r for r in self.phases if r.key != record.key] + [record]
        del self.phases[:-MAX_RECORDS]


def _number(value: Any, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SchemaError(where, f"expected a number, got {value!r}"[:120])
    if not low <= value <= high:
        raise SchemaError(where, f"{value} is out of range ({low:g} to {high:g})")
    return float(value)


def _optional_text(value: Any, where: str, limit: int) -> str | None:
    return None if value is None else schema.text(value, where, limit)


def _action(value: Any, where: str) -> Action:
    try:
        return parse_action(schema.text(value, where, 200))
    except ActionParseError as exc:
        raise SchemaError(where, str(exc)) from None


def practice_from_json(raw: Any, where: str) -> PracticeItem:
    d = schema.table(raw, where)
    actions = tuple(schema.items(d.get("actions"), f"{where}.actions", MAX_ACTIONS))
    for i, a in enumerate(actions):  # each must read as an action
        _action(a, f"{where}.actions[{i}]")
    decision = decision_from_json(d.get("decision"), f"{where}.decision")
    if decision.index >= len(actions) or \
            parse_action(actions[decision.index]) != decision.chosen:
        raise SchemaError(f"{where}.decision", f"{decision.chosen} is not the game's action "
                                               f"{decision.index + 1}")
    seats = tuple(schema.text(s, f"{where}.seats", 40)
                  for s in schema.items(d.get("seats"), f"{where}.seats", 6))
    return PracticeItem(schema.text(d.get("table"), f"{where}.table", 300),
                        _optional_text(d.get("preset"), f"{where}.preset", 100),
                        _optional_text(d.get("rules_text"), f"{where}.rules_text", 100_000),
                        schema.text(d.get("rules_source"), f"{where}.rules_source", 1000),
                        schema.whole(d.get("seed"), f"{where}.seed", 0, MAX_SEED), seats,
                        tuple(str(a) for a in actions),
                        schema.whole(d.get("hand"), f"{where}.hand", 0, 10**6),
                        _number(d.get("budget"), f"{where}.budget", 0.001, 100.0), decision)


def record_from_json(raw: Any, where: str) -> PhaseRecord:
    d = schema.table(raw, where)
    lines = []
    for j, part in enumerate(schema.items(d.get("phases"), f"{where}.phases", len(PHASES))):
        at = f"{where}.phases[{j}]"
        bits = schema.items(part, at, 4)
        if len(bits) != 4:
            raise SchemaError(at, "expected [phase, points lost, decisions, good]")
        n = schema.whole(bits[2], at, 0, 10_000)
        lines.append(PhaseLine(schema.choice(bits[0], at, PHASES),
                               _number(bits[1], at, 0.0, 1e6), n,
                               schema.whole(bits[3], at, 0, n)))
    return PhaseRecord(schema.text(d.get("table"), f"{where}.table", 300),
                       schema.whole(d.get("game"), f"{where}.game", 0, MAX_SEED),
                       schema.whole(d.get("hand"), f"{where}.hand", 0, 10**6), tuple(lines),
                       schema.flag(d.get("hint", False), f"{where}.hint"))


def learning_from_json(data: Any) -> tuple[Learning, list[SchemaError]]:
    """The file's practice and phase records, and what was refused (left out)."""
    out = Learning()
    try:
        top = schema.table(data)
        schema.choice(top.get("format"), "format", (LEARNING_FORMAT,))
        practice = schema.items(top.get("practice", []), "practice", MAX_PRACTICE)
        records = schema.items(top.get("phases", []), "phases", MAX_RECORDS)
    except SchemaError as exc:
        return out, [exc]
    errors: list[SchemaError] = []
    out.practice += schema.read_each(practice, "practice", practice_from_json, errors)
    out.phases += schema.read_each(records, "phases", record_from_json, errors)
    return out, errors
