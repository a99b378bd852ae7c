"""Tutorial progress and its schema: lessons finished, and each puzzle's best result."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.store import schema
from game.store.schema import SchemaError

PUZZLE_RESULTS = ("first try", "solved", "tried")
MAX_ENTRIES = 1_000


@dataclass
class Progress:
    lessons: dict[str, bool] = field(default_factory=dict)
    puzzles: dict[str, str] = field(default_factory=dict)  # one of PUZZLE_RESULTS

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _finished(value: Any, field: str) -> bool:
    if value is not True:
        raise SchemaError(field, f"expected true (a finished lesson), got {value!r}")
    return True


def progress_from_json(data: Any) -> tuple[Progress, list[SchemaError]]:
    out = Progress()
    errors: list[SchemaError] = []
    try:
        top = schema.table(data)
    except SchemaError as exc:
        return out, [exc]
    for name, check in (("lessons", _finished),
                        ("puzzles", lambda v, f: schema.choice(v, f, PUZZLE_RESULTS))):
        try:
            entries = schema.table(top.get(name, {}), name)
            if len(entries) > MAX_ENTRIES:
                raise SchemaError(name, f"more than {MAX_ENTRIES} entries")
            getattr(out, name).update(
                {schema.text(k, name, 100): check(v, f"{name}.{k}") for k, v in entries.items()})
        except SchemaError as exc:
            errors.append(exc)
    return out, errors
