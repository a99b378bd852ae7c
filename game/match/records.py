"""One seating's result of a duplicate deal, and results as plain data for a match's checkpoint
file: written as each deal or game ends and read back, field by field, when an interrupted run
resumes or when the strength tables are printed from the files alone.

A seating's result is kept as one short row (issue 29: the files needed to resume and to print
the tables live in the repository, so they must stay small):

    [table, margin, bidder's level or null, bid, made, A's trick points, B's trick points,
     outcome, illegal actions]

followed, on tables that keep checks (003's check pinochle), by A's and B's checks. Numbers that
are whole are written without a decimal point. Per-decision times are never written: a run
reports the times of the pieces it played itself (they travel under the private key ``_times``,
which the checkpoint drops). Files written before this format (one table of named fields per
seating, with its times) are still read; their times are checked and left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.store import schema
from game.store.schema import SchemaError

LEVEL_KEYS = ("a", "b")
TIMES = "_times"  # in-memory records only: (table, [hand,] level, kind, ms) per decision
ROW_FIELDS = 9


@dataclass
class TableResult:
    """One seating's result of a duplicate deal: A's margin over B, the contract, trick points and
    checks per level, and the decision times."""

    deal: int
    table: int
    margin: float  # A's score minus B's (three-handed: minus B's average)
    contract: tuple[str, int, bool] | None  # (level of the bidder, bid, made)
    tricks: dict[str, float]  # trick points per level (its side, or its seats' average)
    times: list[tuple[str, str, float]] = field(default_factory=list)  # (level, kind, ms)
    illegal: int = 0
    outcome: str = ""
    checks: dict[str, float] | None = None  # checks gained per level (003), None without


def whole_or_float(x: float) -> int | float:
    """``x`` as JSON writes it shortest: 120 rather than 120.0."""
    return int(x) if float(x).is_integer() else x


def table_row(t: TableResult) -> list[Any]:
    """A table's result as one row of a checkpoint record."""
    c = t.contract
    row: list[Any] = [t.table, whole_or_float(t.margin), c[0] if c else None, c[1] if c else 0,
                      c[2] if c else False, whole_or_float(t.tricks["a"]),
                      whole_or_float(t.tricks["b"]), t.outcome, t.illegal]
    if t.checks is not None:
        row += [whole_or_float(t.checks["a"]), whole_or_float(t.checks["b"])]
    return row


def number(value: Any, field: str) -> float:
    """``value`` as a number; SchemaError naming ``field`` for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SchemaError(field, f"expected a number, got {value!r}")
    return float(value)


def _level(value: Any, field: str) -> str:
    return schema.choice(value, field, LEVEL_KEYS)


def table_from_row(data: Any, deal: int, field: str) -> TableResult:
    """A seating's result from its row (or, in files written before rows, its table)."""
    if isinstance(data, Mapping):
        return _table_from_dict(data, field)
    row = schema.items(data, field, ROW_FIELDS + 2)
    if len(row) not in (ROW_FIELDS, ROW_FIELDS + 2):
        raise SchemaError(field, f"expected {ROW_FIELDS} or {ROW_FIELDS + 2} values, got "
                          f"{len(row)}")
    contract = None
    if row[2] is not None:
        contract = (_level(row[2], f"{field}[2]"), schema.whole(row[3], f"{field}[3]", 0, 100_000),
                    schema.flag(row[4], f"{field}[4]"))
    checks = None
    if len(row) > ROW_FIELDS:
        checks = {"a": number(row[9], f"{field}[9]"), "b": number(row[10], f"{field}[10]")}
    return TableResult(deal, schema.whole(row[0], f"{field}[0]", 0, 10),
                       number(row[1], f"{field}[1]"), contract,
                       {"a": number(row[5], f"{field}[5]"), "b": number(row[6], f"{field}[6]")},
                       [], schema.whole(row[8], f"{field}[8]", 0, 10**9),
                       schema.text(row[7], f"{field}[7]", 40), checks)


def _table_from_dict(data: Any, field: str) -> TableResult:
    """The format before rows: named fields, and the decision times (checked, not kept)."""
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
    _times(d.get("times", []), f"{field}.times", 3)
    return TableResult(
        schema.whole(d.get("deal"), f"{field}.deal", 0, 10**9),
        schema.whole(d.get("table"), f"{field}.table", 0, 10),
        number(d.get("margin"), f"{field}.margin"), contract,
        {k: number(tricks.get(k), f"{field}.tricks.{k}") for k in LEVEL_KEYS},
        [], schema.whole(d.get("illegal", 0), f"{field}.illegal", 0, 10**9),
        schema.text(d.get("outcome", ""), f"{field}.outcome", 40))


def _times(raw: Any, field: str, width: int) -> list[list[Any]]:
    """Rows of decision times, each ``width`` long and ending (level, kind, ms), checked."""
    out = []
    for i, row in enumerate(schema.items(raw, field, 1_000_000)):
        cells = schema.items(row, f"{field}[{i}]", width)
        if len(cells) != width:
            raise SchemaError(f"{field}[{i}]", f"expected {width} values")
        for j in range(width - 3):
            schema.whole(cells[j], f"{field}[{i}][{j}]", 0, 10**6)
        _level(cells[-3], f"{field}[{i}]")
        schema.text(cells[-2], f"{field}[{i}]", 20)
        number(cells[-1], f"{field}[{i}]")
        out.append(cells)
    return out


def times_of(rec: Mapping[str, Any], where: str, width: int) -> list[list[Any]]:
    """The in-memory decision times of a record this run played ([] for a stored one)."""
    return _times(rec.get(TIMES, []), f"{where}.{TIMES}", width) if TIMES in rec else []


def deal_record(deal: int, tables: Sequence[TableResult]) -> dict[str, Any]:
    """A deal's tables, and their decision times, as a checkpoint record."""
    rec: dict[str, Any] = {"deal": deal, "tables": [table_row(t) for t in tables]}
    rec[TIMES] = [[t.table, lv, kind, ms] for t in tables for lv, kind, ms in t.times]
    return rec


def deal_from_record(rec: Mapping[str, Any], where: str) -> tuple[int, list[TableResult]]:
    """A checkpoint's record of a deal read back; SchemaError naming the field for
    anything malformed."""
    deal = schema.whole(rec.get("deal"), f"{where}.deal", 0, 10**9)
    rows = schema.items(rec.get("tables"), f"{where}.tables", 10)
    tables = [table_from_row(r, deal, f"{where}.tables[{i}]") for i, r in enumerate(rows)]
    by_table = {t.table: t for t in tables}
    for table, lv, kind, ms in times_of(rec, where, 4):
        if table in by_table:
            by_table[table].times.append((lv, kind, float(ms)))
    return deal, tables


def stored(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A record as the checkpoint keeps it: without the in-memory times."""
    return {k: v for k, v in rec.items() if not k.startswith("_")}
