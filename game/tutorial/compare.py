"""The order of the trick rules at every table, side by side: the rows (situations of play, and
the rule deciding each at each table) come from ``levels/rule_order.toml``, the numbers from the
rule sets (change a preset's obligations and the numbers change with it); ``tutorial --check``
plays each row's situation at every table and holds each cell to what the engine does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.ruleset import Obligation, RuleSet
from game.store.tutorial_data import RuleRow
from game.tutorial.text import table_name


@dataclass(frozen=True)
class Column:
    """One table's rules: its name and its obligations, numbered in its order of precedence."""

    table: str
    preset: str
    rules: tuple[tuple[int, Obligation, str], ...]  # (number, obligation, the table's words)
    phase: str = ""  # "" or, two-handed, "playoff" / "while the stock lasts"

    def number_of(self, obligation: str) -> int | None:
        return next((n for n, o, _ in self.rules if o == obligation), None)


def columns(rule_sets: Sequence[RuleSet]) -> list[Column]:
    out = []
    for rules in rule_sets:
        lists: list[tuple[str, Sequence[Obligation]]] = [("", rules.tricks.obligations)]
        if rules.stock.enabled:
            lists = [("while the stock lasts", rules.tricks.obligations),
                     ("playoff", rules.stock.playoff_obligations)]
        for phase, obligations in lists:
            numbered = tuple((i, o, rules.obligation_text(o))
                             for i, o in enumerate(obligations, start=1))
            out.append(Column(table_name(rules), rules.name, numbered, phase))
    return out


def phase_of(col: Column) -> str:
    """The part of the hand a column shows, as the rule facts name it."""
    return {"while the stock lasts": "stock", "playoff": "playoff"}.get(col.phase, "")


def cell_text(row: RuleRow, col: Column) -> str:
    """What the page shows in a cell: the number the named rule has at that table (the
    engine's order), a dot where the engine applies it with no numbered rule, a dash where the
    table has no such rule (or a question mark where the cell names a rule the table lacks,
    which ``tutorial --check`` refuses)."""
    cell = row.cell(col.preset, phase_of(col))
    if not cell:
        return "—"
    if cell == "always":
        return "•"
    number = col.number_of(cell)
    return str(number) if number else "?"


def grid(rows: Sequence[RuleRow], cols: Sequence[Column]) -> list[list[str]]:
    return [[cell_text(row, col) for col in cols] for row in rows]
