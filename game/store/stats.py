"""The player's statistics, per table (variant), and how a hand or a game adds to them.

Outcomes are read from the engine's :class:`HandResult` (``bid_made``), never from its wording:
a hand the defenders reneged counts as made for the bidders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.rules.events import HandResult
from game.rules.ruleset import RuleSet
from game.store import schema
from game.store.schema import SchemaError

STATS_FORMAT = 2
MAX_COUNT = 10_000_000
MAX_VARIANTS = 200
OLD_TOTALS = "earlier games"  # where format-1 totals (not kept per table) go


@dataclass
class VariantStats:
    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    hands_won: int = 0  # hands where the player's side scored more than any other side
    bids_won: int = 0  # hands the player's side bid
    bids_made: int = 0
    bids_set: int = 0
    bid_total: int = 0  # sum of the side's winning bids, for the average
    best_meld: int = 0  # the player's side's best meld in one hand
    streak: int = 0  # games won in a row, now
    best_streak: int = 0

    @property
    def average_bid(self) -> float:
        return self.bid_total / self.bids_won if self.bids_won else 0.0

    def add(self, other: VariantStats) -> None:
        for f in fields(self):
            if f.name in ("best_meld", "best_streak"):
                setattr(self, f.name, max(getattr(self, f.name), getattr(other, f.name)))
            elif f.name != "streak":
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class Stats:
    variants: dict[str, VariantStats] = field(default_factory=dict)

    def of(self, variant: str) -> VariantStats:
        return self.variants.setdefault(variant, VariantStats())

    def totals(self) -> VariantStats:
        out = VariantStats()
        for one in self.variants.values():
            out.add(one)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "variants": {k: asdict(v) for k, v in sorted(self.variants.items())}}


def record_hand(stats: Stats, variant: str, rules: RuleSet, seat: int,
                result: HandResult) -> None:
    """Add one scored hand to the player's statistics at ``seat``."""
    one = stats.of(variant)
    mine = rules.side_of(seat)
    one.hands_played += 1
    scores = {s.side: s.score for s in result.sides}
    if scores and scores.get(mine, 0) == max(scores.values()):
        one.hands_won += 1
    side = next((s for s in result.sides if s.side == mine), None)
    if side is not None:
        one.best_meld = max(one.best_meld, side.meld)
    if result.bidder >= 0 and rules.side_of(result.bidder) == mine:
        one.bids_won += 1
        one.bid_total += result.bid
        if result.bid_made:
            one.bids_made += 1
        else:
            one.bids_set += 1


def record_game(stats: Stats, variant: str, won: bool) -> None:
    one = stats.of(variant)
    one.games_played += 1
    if won:
        one.games_won += 1
        one.streak += 1
        one.best_streak = max(one.best_streak, one.streak)
    else:
        one.streak = 0


_COUNT: Callable[[Any, str], int] = lambda v, f: schema.whole(v, f, 0, MAX_COUNT)  # noqa: E731


def _variant_from_json(data: Any, where: str) -> VariantStats:
    fields_ = schema.table(data, where)
    out = VariantStats()
    for f in fields(VariantStats):
        if f.name in fields_:
            setattr(out, f.name, _COUNT(fields_[f.name], f"{where}.{f.name}"))
    return out


def stats_from_json(data: Any) -> tuple[Stats, list[SchemaError]]:
    """The statistics in ``data`` and what was refused (a refused table is left out)."""
    out = Stats()
    try:
        top = schema.table(data)
    except SchemaError as exc:
        return out, [exc]
    errors: list[SchemaError] = []
    if "format" not in top:  # format 1: one set of totals, before statistics per table
        try:
            out.variants[OLD_TOTALS] = _variant_from_json(top, "<file>")
        except SchemaError as exc:
            errors.append(exc)
        return out, errors
    try:
        schema.choice(top["format"], "format", (STATS_FORMAT,))
        variants = schema.table(top.get("variants", {}), "variants")
        if len(variants) > MAX_VARIANTS:
            raise SchemaError("variants", f"more than {MAX_VARIANTS} tables")
    except SchemaError as exc:
        return out, [exc]
    for key, value in variants.items():
        try:
            out.variants[schema.text(key, "variants", 300)] = _variant_from_json(
                value, f"variants.{key}")
        except SchemaError as exc:
            errors.append(exc)
    return out, errors
