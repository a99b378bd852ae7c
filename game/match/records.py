"""One seating's result of a duplicate deal, and results as plain data for a match's checkpoint
file: written as each deal or game ends and read back, field by field, when an interrupted run
resumes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.store import schema
from game.store.schema import SchemaError

LEVEL_KEYS = ("a", "b")


@dataclass
class TableResult:
    deal: int
    table: int
    margin: float  # A's score minus B's (three-handed: minus B's average)
    contract: tuple[str, int, bool] | None  # (level of the bidder, bid, made)
    tricks: dict[str, float]  # trick points per level (its side, or its seats' average)
    times: list[tuple[str, str, float]] = field(default_factory=list)  # (level, kind, ms)
    illegal: int = 0
    outcome: str = ""


def table_to_dict(t: TableResult) -> dict[str, Any]:
    return {"deal": t.deal, "table": t.table, "margin": t.margin,
            "contract": list(t.contract) if t.contract is not None else None,
            "tricks": dict(t.tricks),
            "times": [[lv, kind, round(ms, 3)] for lv, kind, ms in t.times],
            "illegal": t.illegal, "outcome": t.outcome}


def number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SchemaError(field, f"expected a number, got {value!r}")
    return float(value)


def _level(value: Any, field: str) -> str:
    return schema.choice(value, field, LEVEL_KEYS)


def table_from_dict(data: Any, field: str) -> TableResult:
    d = schema.table(data, field)
    contract = None
    raw = d.get("contract")
    if raw is not None:
        items = schema.items(raw, f"{field}.contract", 3)
        if len(items) != 3:
            raise SchemaError(f"{field}.contract", "expected [level, bid, made]")
        contract = (_level(items[0], f"{field}.contract[0]"),
                    schema.whole(items[1], f"{field}.contract[1]", -100_000, 100_000),
                    schema.flag(items[2], f"{field}.contract[2]"))
    tricks = schema.table(d.get("tricks"), f"{field}.tricks")
    times = []
    for i, row in enumerate(schema.items(d.get("times", []), f"{field}.times", 100_000)):
        cells = schema.items(row, f"{field}.times[{i}]", 3)
        if len(cells) != 3:
            raise SchemaError(f"{field}.times[{i}]", "expected [level, kind, ms]")
        times.append((_level(cells[0], f"{field}.times[{i}]"),
                      schema.text(cells[1], f"{field}.times[{i}]", 20),
                      number(cells[2], f"{field}.times[{i}]")))
    return TableResult(
        schema.whole(d.get("deal"), f"{field}.deal", 0, 10**9),
        schema.whole(d.get("table"), f"{field}.table", 0, 10),
        number(d.get("margin"), f"{field}.margin"), contract,
        {k: number(tricks.get(k), f"{field}.tricks.{k}") for k in LEVEL_KEYS},
        times, schema.whole(d.get("illegal", 0), f"{field}.illegal", 0, 10**9),
        schema.text(d.get("outcome", ""), f"{field}.outcome", 40))


def deal_record(deal: int, tables: list[TableResult]) -> dict[str, Any]:
    return {"deal": deal, "tables": [table_to_dict(t) for t in tables]}


def deal_from_record(rec: Mapping[str, Any], where: str) -> tuple[int, list[TableResult]]:
    deal = schema.whole(rec.get("deal"), f"{where}.deal", 0, 10**9)
    rows = schema.items(rec.get("tables"), f"{where}.tables", 10)
    return deal, [table_from_dict(r, f"{where}.tables[{i}]") for i, r in enumerate(rows)]
