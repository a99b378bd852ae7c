"""The bias benchmark's table: the review's grades against the estimator's, by kind and preset.

A *comparison* is one action the review analysed at a position other than its best, read as if
the player had chosen it (the position's own chosen action is one of them). For each:

* the review's loss: its best value less the action's, at budget 1, and its grade;
* the estimator's difference: the action's margin less the review's best's, paired over the
  same deals, with its standard error; its loss is the estimator's best (among the same
  actions) less the action's, and its grade;
* at budget 2: the review's loss against its own best there.

The targets (issue 35), over comparisons the review grades inaccuracy or worse: the sign of
"chosen minus best" agrees with the estimator (its difference is below 0) on at least 95%; the
grade agrees on at least 80%; and a mistake or blunder keeps its grade at budget 2 on at least
90%. Also shown, per group: the mean loss the review gives and the mean the estimator measures
(the bias), and how many of the graded comparisons the estimator could not separate from 0
(difference within two standard errors).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.match.review import grade

TARGETS = {"sign": 95.0, "band": 80.0, "keeps": 90.0}
BAD = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Comparison:
    key: str
    preset: str
    kind: str
    chosen: bool  # the position's own chosen action
    review_loss: float
    review2_loss: float
    est_diff: float
    est_se: float
    est_loss: float

    @property
    def grade(self) -> str:
        return grade(self.review_loss)

    @property
    def est_grade(self) -> str:
        return grade(self.est_loss)

    @property
    def separated(self) -> bool:
        return abs(self.est_diff) > 2 * self.est_se


def comparisons(line: dict[str, Any]) -> list[Comparison]:
    rows = line["o"]
    if not line["n"] or line.get("starved"):
        return []
    best1 = next(r for r in rows if r[0] == line["best"])
    top = max(0.0, max(r[3] for r in rows))  # the estimator's best, relative to the review's
    out = []
    for action, v1, v2, d, se in rows:
        if action == line["best"]:
            continue
        out.append(Comparison(line["key"], line["preset"], line["kind"],
                              action == line["chosen"], max(0.0, best1[1] - v1),
                              max(0.0, line["b2"] - v2), d, se, top - d))
    return out


@dataclass(frozen=True)
class Row:
    name: str
    positions: int
    compared: int
    graded: int  # inaccuracy or worse, by the review
    sign: float | None
    band: float | None
    serious: int  # mistakes and blunders
    keeps: float | None
    unseparated: int  # of the graded
    review_mean: float | None
    est_mean: float | None
    missed: int  # graded good by the review, but 30 or more lost by the estimate

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _pct(hits: int, n: int) -> float | None:
    return round(100.0 * hits / n, 1) if n else None


def _mean(xs: Sequence[float]) -> float | None:
    return round(sum(xs) / len(xs), 1) if xs else None


def row(name: str, cs: Sequence[Comparison]) -> Row:
    graded = [c for c in cs if c.grade in BAD]
    serious = [c for c in graded if c.grade in ("mistake", "blunder")]
    return Row(name, len({c.key for c in cs}), len(cs), len(graded),
               _pct(sum(c.est_diff < 0 for c in graded), len(graded)),
               _pct(sum(c.est_grade == c.grade for c in graded), len(graded)),
               len(serious), _pct(sum(grade(c.review2_loss) == c.grade for c in serious),
                                  len(serious)),
               sum(not c.separated for c in graded),
               _mean([c.review_loss for c in cs]), _mean([c.est_loss for c in cs]),
               sum(c.grade == "good" and c.est_loss >= 30 and c.separated for c in cs))


def table(lines: Iterable[dict[str, Any]]) -> dict[str, list[Row]]:
    cs = [c for line in lines for c in comparisons(line)]
    kinds = sorted({c.kind for c in cs})
    presets = sorted({c.preset for c in cs})
    return {
        "kind": [row(k, [c for c in cs if c.kind == k]) for k in kinds],
        "preset": [row(p, [c for c in cs if c.preset == p]) for p in presets],
        "all": [row("all", cs), row("chosen only", [c for c in cs if c.chosen])],
    }


def _cell(value: float | None, target: float | None = None) -> str:
    if value is None:
        return "-"
    mark = "" if target is None or value >= target else " ✗"
    return f"{value:g}{mark}"


HEADER = ("| {} | pos. | comp. | graded | sign % | band % | not sep. | mist.+bl. | keep at 2x % "
          "| review loss | est. loss | missed |")


def markdown(rows: dict[str, list[Row]]) -> str:
    out = []
    for group, name in (("kind", "kind"), ("preset", "preset"), ("all", "")):
        out.append(HEADER.format(name))
        out.append("|" + "---|" * 12)
        for r in rows[group]:
            out.append(
                f"| {r.name} | {r.positions} | {r.compared} | {r.graded} | "
                f"{_cell(r.sign, TARGETS['sign'])} | {_cell(r.band, TARGETS['band'])} | "
                f"{r.unseparated} | {r.serious} | {_cell(r.keeps, TARGETS['keeps'])} | "
                f"{_cell(r.review_mean)} | {_cell(r.est_mean)} | {r.missed} |")
        out.append("")
    return "\n".join(out)


def acceptance(lines: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Kept deals over proposals, by preset and overall, and the positions starved."""
    by: dict[str, list[int]] = {}
    starved = []
    for line in lines:
        tally = by.setdefault(line["preset"], [0, 0])
        tally[0] += line["acc"][-1]
        tally[1] += line["acc"][0]
        if line.get("starved"):
            starved.append(line["key"])
    rates = {p: round(100.0 * k / t, 2) if t else math.nan for p, (k, t) in sorted(by.items())}
    return {"kept_pct_by_preset": rates, "starved": starved}
