"""``tutorial --check`` on the Rule order page (``levels/rule_order.toml``): each row's situation
is played at every table (``game.rules.tablefacts``), and each cell must name the rule the
engine decides it by there: a dash where the engine applies a rule is a cell left empty, a rule
the engine does not apply (or decides by another rule) is a stale cell."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.ruleset import RuleSet
from game.rules.tablefacts import PROBES, Behaviour, TableFacts, table_facts
from game.store.tutorial_data import Library, RuleRow
from game.tutorial.check_text import text_problems
from game.tutorial.compare import columns, phase_of
from game.tutorial.text import TextContext

SOURCE = "rule_order.toml"


def decided(facts: TableFacts, situation: str, phase: str) -> Behaviour:
    """What the engine does in a row's situation at a table (``twins``: how a trick is won)."""
    if situation == "twins":
        listed = "first_identical_wins" in facts.obligations[phase]
        rules = facts.obligations[phase]
        return Behaviour(facts.twins_first_wins, "first_identical_wins" if listed else None,
                         rules.index("first_identical_wins") + 1 if listed else 0)
    return facts.behaviour(situation, phase)


def _cell_problem(row: RuleRow, facts: TableFacts, phase: str, column: str) -> str | None:
    cell = row.cell(facts.table, phase)
    got = decided(facts, row.situation, phase)
    by = f"rule {got.number}, {got.rule}" if got.rule else "with no numbered rule"
    where = f"{SOURCE}: row {row.label!r} at {column}"
    if not cell:
        return f"{where}: left empty, but the engine applies it ({by})" if got.enforced else None
    if not got.enforced:
        return f"{where}: names {cell!r}, but the engine does not apply it there: a stale cell"
    if cell == "always":
        return None if got.rule is None else f"{where}: says no numbered rule, but {by} decides it"
    if cell != got.rule:
        return f"{where}: names {cell!r}, but the engine decides it by {by}: a stale cell"
    return None


def rule_order_problems(library: Library, load_rules: Callable[[str], RuleSet],
                        presets: Sequence[str]) -> list[str]:
    order = library.rule_order
    if order is None:
        return [f"{SOURCE}: missing: the Rule order page has no rows"]
    out = []
    known = set(PROBES) | {"twins"}
    rule_sets = [load_rules(p) for p in presets]
    for row in order.rows:
        if row.situation not in known:
            out.append(f"{SOURCE}: row {row.label!r}: unknown situation {row.situation!r} "
                       f"(known: {', '.join(sorted(known))})")
            continue
        out += text_problems(f"{SOURCE}: row label", row.label, None)
        for col in columns(rule_sets):
            facts = table_facts(next(r for r in rule_sets if r.name == col.preset))
            phase = phase_of(col) or facts.phases[0]
            column = col.preset + (f"/{phase}" if phase else "")
            problem = _cell_problem(row, facts, phase, column)
            if problem:
                out.append(problem)
    for rules in rule_sets:  # the page's words, read at every table
        out += text_problems(f"{SOURCE}: intro [on {rules.name}]", order.intro,
                             TextContext(rules, quotes=library.quotes))
    return out
