"""The order of the trick rules at every table, side by side, read from the rule sets (nothing
here is typed: change a preset's obligations and the comparison changes with it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.ruleset import OBLIGATIONS, Obligation, RuleSet
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


def matrix(cols: Sequence[Column]) -> tuple[list[Obligation], list[list[str]]]:
    """(the obligations any table has, in the vocabulary's order; per obligation a row of each
    column's number for it, or "—")."""
    present = [o for o in OBLIGATIONS if any(c.number_of(o) for c in cols)]
    rows = [[str(c.number_of(o) or "—") for c in cols] for o in present]
    return present, rows


OBLIGATION_LABELS: dict[str, str] = {
    "first_identical_wins": "Twin cards: the first played wins",
    "follow_suit": "Follow suit",
    "take_trick": "Take the trick if you can",
    "crawl": "Crawl: beat the winning card of the suit",
    "beat_trump_lead": "Trump led: beat the highest trump",
    "must_trump": "Void: play a trump",
    "over_trump": "Trick trumped: over-trump",
    "any_card": "Otherwise any card",
}
