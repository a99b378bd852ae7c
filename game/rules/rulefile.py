"""Reading a rule set from a parsed preset or house-rules mapping, and checking it.

:func:`ruleset_from_mapping` checks every field and refuses the first bad one with a
:class:`RuleSetError` that names the source and the field; :func:`validate` refuses option
combinations the engine cannot play honestly; :func:`rescale` converts point values between
the classic x10 and the modern x1 scale.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

from game.rules.cards import RANK_ORDERS
from game.rules.errors import RuleSetError
from game.rules.ruleset import (
    GAME_LENGTHS,
    MELD_KINDS,
    OBLIGATIONS,
    OPTIONAL_CHECKS,
    SAVE_MELD,
    THROW_IN,
    TIE_RULES,
    AuctionRules,
    FrozenMap,
    MeldRules,
    PassingRules,
    RuleSet,
    ScoringRules,
    StockRules,
    TableRules,
    ThrowInRules,
    TrickRules,
    WidowRules,
)

# Fields holding points (scaled by rescale); every other number is a count or a flag.
POINT_FIELDS = (
    "auction.min_bid", "auction.step", "auction.max_bid", "auction.dealer_opens_at",
    "auction.all_pass_bid", "auction.all_pass_bid_with_meld", "auction.step_above",
    "widow.forced_concede_margin", "throw_in.margin", "meld.run", "meld.royal_marriage",
    "meld.marriage", "meld.dix", "meld.pinochle", "meld.aces", "meld.kings", "meld.queens",
    "meld.jacks", "meld.minimum", "tricks.points", "tricks.last_trick", "scoring.save_points",
    "scoring.bidder_min_trick_points", "scoring.target", "scoring.bid_to_win_above",
    "scoring.overtime_step", "scoring.star_levels",
)
_SECTIONS = {
    "table": TableRules, "auction": AuctionRules, "passing": PassingRules, "widow": WidowRules,
    "throw_in": ThrowInRules, "meld": MeldRules, "tricks": TrickRules, "scoring": ScoringRules,
    "stock": StockRules,
}
_TOP_FIELDS = ("name", "title", "document", "description", "base")


def _coerce(source: str, path: str, value: Any, hint: Any) -> Any:
    """Check one TOML value against a dataclass field's type and convert lists to tuples."""
    origin = typing.get_origin(hint)
    if hint is bool:
        if not isinstance(value, bool):
            raise RuleSetError(source, path, f"expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(source, path, f"expected a whole number, got {value!r}")
        if value < 0:
            raise RuleSetError(source, path, f"must not be negative, got {value}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RuleSetError(source, path, f"expected text, got {value!r}")
        return value
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if not isinstance(value, list):
            raise RuleSetError(source, path, f"expected a list, got {value!r}")
        return tuple(_coerce(source, f"{path}[{i}]", v, item) for i, v in enumerate(value))
    if origin in (Mapping, dict) or origin is typing.get_origin(Mapping[str, int]):
        key_hint, val_hint = typing.get_args(hint)
        if not isinstance(value, Mapping):
            raise RuleSetError(source, path, f"expected a table of values, got {value!r}")
        return FrozenMap(
            {str(k): _coerce(source, f"{path}.{k}", v, val_hint) for k, v in value.items()}
        )
    raise RuleSetError(source, path, f"unsupported field type {hint!r}")  # pragma: no cover


def _build_section(source: str, name: str, cls: type, data: Any) -> Any:
    if not isinstance(data, Mapping):
        raise RuleSetError(source, name, "expected a table of options")
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise RuleSetError(source, f"{name}.{key}",
                               f"unknown option (known: {', '.join(sorted(known))})")
        kwargs[key] = _coerce(source, f"{name}.{key}", value, hints[key])
    return cls(**kwargs)


def ruleset_from_mapping(data: Mapping[str, Any], source: str) -> RuleSet:
    """Build and validate a RuleSet from a parsed preset or house-rules mapping."""
    for key in data:
        if key not in _TOP_FIELDS and key not in _SECTIONS:
            raise RuleSetError(source, key, "unknown section or field")
    kwargs: dict[str, Any] = {}
    for key in ("name", "title", "document", "description"):
        if key in data:
            kwargs[key] = _coerce(source, key, data[key], str)
    for key in ("name", "title"):
        if not kwargs.get(key):
            raise RuleSetError(source, key, "is required")
    for name, cls in _SECTIONS.items():
        if name in data:
            kwargs[name] = _build_section(source, name, cls, data[name])
    rules = RuleSet(source=source, **kwargs)
    validate(rules)
    return rules


def _fail(rules: RuleSet, path: str, message: str) -> None:
    raise RuleSetError(rules.source, path, message)


def validate(rules: RuleSet) -> None:
    """Cross-field checks: refuse combinations the engine cannot play honestly."""
    t, a, m, tr, sc = rules.table, rules.auction, rules.meld, rules.tricks, rules.scoring
    if t.players not in (2, 3, 4):
        _fail(rules, "table.players", f"must be 2, 3 or 4, got {t.players}")
    if t.deck not in (48, 64, 80):
        _fail(rules, "table.deck", f"must be 48, 64 or 80, got {t.deck}")
    if t.rank_order not in RANK_ORDERS:
        _fail(rules, "table.rank_order", f"must be one of {', '.join(RANK_ORDERS)}")
    if t.direction not in ("clockwise", "counterclockwise"):
        _fail(rules, "table.direction", "must be clockwise or counterclockwise")
    if t.first_lead not in ("bidder", "eldest"):
        _fail(rules, "table.first_lead", "must be bidder or eldest")
    if not 1 <= t.deal_packet <= 5:
        _fail(rules, "table.deal_packet", "must be between 1 and 5 cards")
    if rules.stock.enabled:
        if t.players != 2:
            _fail(rules, "stock.enabled", "the stock game is for two players")
        if a.enabled:
            _fail(rules, "auction.enabled", "the stock game turns up trump: no auction")
        for ob in rules.stock.playoff_obligations:
            if ob not in OBLIGATIONS:
                _fail(rules, "stock.playoff_obligations", f"unknown obligation {ob!r}")
    else:
        if t.players == 2:
            _fail(rules, "table.players", "two players need the stock game (stock.enabled)")
        if not a.enabled:
            _fail(rules, "auction.enabled", "games without a stock need an auction")
        if t.deck == 64:
            _fail(rules, "table.deck", "the 64-card pack is only for the two-handed stock game")
    if rules.widow.size not in (0, 3):
        _fail(rules, "widow.size", "must be 0 or 3")
    if rules.widow.size and t.players != 3:
        _fail(rules, "widow.size", "a widow is dealt only in three-handed games")
    if not rules.stock.enabled and (t.deck - rules.widow.size) % t.players:
        _fail(rules, "table.deck", f"{t.deck} cards do not deal evenly to {t.players} players")
    if rules.passing.count not in (0, 3, 4):
        _fail(rules, "passing.count", "must be 0, 3 or 4")
    if rules.passing.count and t.players != 4:
        _fail(rules, "passing.count", "passing is between partners: four players only")
    if a.enabled:
        if a.step < 1:
            _fail(rules, "auction.step", "must be at least 1")
        if a.min_bid < 1:
            _fail(rules, "auction.min_bid", "must be at least 1")
        if len(a.step_above) not in (0, 2) or (a.step_above and a.step_above[1] < 1):
            _fail(rules, "auction.step_above", "must be [threshold, step] or empty")
        if a.max_bid < a.min_bid:
            _fail(rules, "auction.max_bid", "must not be below auction.min_bid")
        if any(e >= 100 for e in a.skip_endings):
            _fail(rules, "auction.skip_endings", "endings are the last two digits, under 100")
        if a.dealer_opens_at and a.dealer_opens_at >= a.min_bid:
            _fail(rules, "auction.dealer_opens_at", "must be below auction.min_bid")
    obligations = tr.obligations
    for ob in obligations:
        if ob not in OBLIGATIONS:
            _fail(rules, "tricks.obligations",
                  f"unknown obligation {ob!r} (known: {', '.join(OBLIGATIONS)})")
    for key in tr.texts:
        if key not in OBLIGATIONS:
            _fail(rules, f"tricks.texts.{key}", "not an obligation name")
    if "take_trick" in obligations and ("must_trump" in obligations or "crawl" in obligations):
        _fail(rules, "tricks.obligations", "take_trick already covers crawl and trumping")
    if "over_trump" in obligations and "must_trump" not in obligations:
        _fail(rules, "tricks.obligations", "over_trump needs must_trump")
    if not rules.stock.enabled and "follow_suit" not in obligations:
        _fail(rules, "tricks.obligations", "trick play needs follow_suit")
    for letter, value in tr.points.items():
        if letter not in "AKQJT987" or len(letter) != 1:
            _fail(rules, f"tricks.points.{letter}", "rank must be one of A T K Q J 9 8 7")
        del value
    for kind in m.classes:
        if kind not in MELD_KINDS:
            _fail(rules, f"meld.classes.{kind}", "not a meld kind")
    for kind in m.names:
        if kind not in MELD_KINDS:
            _fail(rules, f"meld.names.{kind}", "not a meld kind")
    copies = rules.deck.copies
    for kind in ("run", "pinochle", "aces", "kings", "queens", "jacks"):
        values = getattr(m, kind)
        if len(values) != copies:
            _fail(rules, f"meld.{kind}",
                  f"needs {copies} values (one per level up to {copies} copies)")
    for name in ("save_meld", "tie_rule", "tie_fallback", "game", "scale"):
        allowed = {"save_meld": SAVE_MELD, "tie_rule": TIE_RULES,
                   "tie_fallback": ("overtime", "highest"), "game": GAME_LENGTHS,
                   "scale": ("x10", "x1")}[name]
        if getattr(sc, name) not in allowed:
            _fail(rules, f"scoring.{name}", f"must be one of {', '.join(allowed)}")
    if sc.game == "hands" and sc.hands < 1:
        _fail(rules, "scoring.hands", "playing for a number of hands needs scoring.hands >= 1")
    if sc.game == "score" and sc.target < 1:
        _fail(rules, "scoring.target", "must be at least 1")
    if sc.game == "deal" and not rules.stock.enabled:
        _fail(rules, "scoring.game", "one deal per game is the two-handed option")
    if sc.stars and t.players != 4:
        _fail(rules, "scoring.stars", "stars are a partnership tally")
    if sc.checks and t.players != 3:
        _fail(rules, "scoring.checks", "checks are the three-handed tally")
    for opt in sc.optional_checks:
        if opt not in OPTIONAL_CHECKS:
            _fail(rules, "scoring.optional_checks", f"unknown check {opt!r}")
    if rules.throw_in.mode not in THROW_IN:
        _fail(rules, "throw_in.mode", f"must be one of {', '.join(THROW_IN)}")
    if tr.reneges and t.players != 4:
        _fail(rules, "tricks.reneges", "renege calling is a partnership option")


def rescale(data: dict[str, Any], factor_up: bool, source: str) -> dict[str, Any]:
    """Convert every point field of a raw mapping by x10 (``factor_up``) or /10, in place."""

    def convert(value: Any, path: str) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            if factor_up:
                return value * 10
            if value % 10:
                raise RuleSetError(source, path, f"{value} is not a multiple of 10, so it has "
                                   "no value on the x1 scale")
            return value // 10
        if isinstance(value, list):
            return [convert(v, f"{path}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, dict):
            return {k: convert(v, f"{path}.{k}") for k, v in value.items()}
        return value

    for path in POINT_FIELDS:
        section, key = path.split(".")
        if section in data and key in data[section]:
            data[section][key] = convert(data[section][key], path)
    return data

