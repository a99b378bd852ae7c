"""Tutorial progress and its schema: lessons finished, each exercise's best stars, the table the
learner picked, the glossary terms already explained, and the "Which rule?" drill's tally."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.store import schema
from game.store.schema import SchemaError

PUZZLE_RESULTS = ("first try", "solved", "tried")
MAX_ENTRIES = 1_000
MAX_STARS = 3
DRILL_KEYS = ("played", "stars", "next_seed")  # one tally for all tables: files before per-table
DRILL_PER_TABLE = ("at", "played", "stars")  # "<what>:<table>": where it stands, and its tally


@dataclass
class Progress:
    lessons: dict[str, bool] = field(default_factory=dict)
    puzzles: dict[str, str] = field(default_factory=dict)  # one of PUZZLE_RESULTS
    stars: dict[str, int] = field(default_factory=dict)  # "lesson/<id>", "puzzle/<id>": best
    table: str = ""  # the learner's table: a preset name or a house-rules file ("": none yet)
    terms: list[str] = field(default_factory=list)  # glossary terms already shown
    drill: dict[str, int] = field(default_factory=dict)  # "<at|played|stars>:<table>"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def record_stars(self, key: str, stars: int) -> None:
        """Keep the best result of an exercise."""
        if not 0 <= stars <= MAX_STARS:
            raise ValueError(f"stars must be 0 to {MAX_STARS}, got {stars}")
        self.stars[key] = max(stars, self.stars.get(key, 0))

    def drill_tally(self, table: str) -> tuple[int, int]:
        """(positions played, stars earned) in the "Which rule?" drill on ``table``: like the
        lessons' progress, the drill's is kept per table."""
        return (self.drill.get(drill_key("played", table), 0),
                self.drill.get(drill_key("stars", table), 0))

    def record_drill(self, table: str, stars: int, seed: int) -> None:
        """One drill position done on ``table``: its tally, and the deal to go on from."""
        if not 0 <= stars <= MAX_STARS:
            raise ValueError(f"stars must be 0 to {MAX_STARS}, got {stars}")
        played, earned = self.drill_tally(table)
        self.drill[drill_key("played", table)] = played + 1
        self.drill[drill_key("stars", table)] = earned + stars
        self.drill[drill_key("at", table)] = seed


def drill_key(what: str, table: str) -> str:
    """The drill's entry ``what`` (one of DRILL_PER_TABLE) for ``table`` (a preset name or a
    house-rules file: kept within the schema's key length)."""
    assert what in DRILL_PER_TABLE
    return f"{what}:{table}"[:100]


def lesson_key(lesson_id: str, table: str | None) -> str:
    """Where a lesson's progress is kept: per table for a lesson played on the learner's table
    ("racehorse:11-following-suit"), under its id for a lesson of one table."""
    return f"{table}:{lesson_id}" if table else lesson_id


def _finished(value: Any, field: str) -> bool:
    if value is not True:
        raise SchemaError(field, f"expected true (a finished lesson), got {value!r}")
    return True


def _stars(value: Any, field: str) -> int:
    return schema.whole(value, field, 0, MAX_STARS)


def _drill_count(value: Any, field: str) -> int:
    return schema.whole(value, field, 0, 10**9)


def _entries(top: Any, name: str, check: Callable[[Any, str], Any]) -> dict[str, Any]:
    entries = schema.table(top.get(name, {}), name)
    if len(entries) > MAX_ENTRIES:
        raise SchemaError(name, f"more than {MAX_ENTRIES} entries")
    return {schema.text(k, name, 100): check(v, f"{name}.{k}") for k, v in entries.items()}


def progress_from_json(data: Any) -> tuple[Progress, list[SchemaError]]:
    out = Progress()
    errors: list[SchemaError] = []
    try:
        top = schema.table(data)
    except SchemaError as exc:
        return out, [exc]
    tables: tuple[tuple[str, Callable[[Any, str], Any]], ...] = (
        ("lessons", _finished), ("puzzles", lambda v, f: schema.choice(v, f, PUZZLE_RESULTS)),
        ("stars", _stars), ("drill", _drill_count))
    for name, check in tables:
        try:
            entries = _entries(top, name, check)
            if name == "drill":
                for key in entries:
                    if key.partition(":")[0] not in DRILL_PER_TABLE or ":" not in key:
                        schema.choice(key, f"drill.{key}", DRILL_KEYS)
            getattr(out, name).update(entries)
        except SchemaError as exc:
            errors.append(exc)
    try:
        out.table = schema.text(top.get("table", ""), "table", 4_096)
    except SchemaError as exc:
        errors.append(exc)
    try:
        terms = schema.items(top.get("terms", []), "terms", MAX_ENTRIES)
        out.terms = [schema.text(t, f"terms[{i}]", 40) for i, t in enumerate(terms)]
    except SchemaError as exc:
        errors.append(exc)
    return out, errors
