"""Reading a rule set from a parsed preset or house-rules mapping, and checking it as a whole.

:func:`ruleset_from_mapping` checks every field against its type and its range and refuses the
first bad one with a :class:`RuleSetError` that names the source and the field; :func:`validate`
then checks the fields that depend on each other (:mod:`game.rules.rescale` converts point
values between the classic x10 and the modern x1 scale). The allowed words of every option come
from the Literal types in :mod:`game.rules.ruleset`, and every number has a range in
:data:`RANGES`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, Literal

from game.rules.errors import RuleSetError
from game.rules.ruleset import (
    AuctionRules,
    FrozenMap,
    MeldKind,
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
from game.rules.seating import MAX_PLAYERS, MIN_PLAYERS, shape_error

_POINTS = (0, 100_000)  # any point value: wide enough for every document on either scale
# The range of every whole-number field (a list's range applies to each item). A number outside
# its range is refused before any cross-field check, so no later code sees an absurd value.
RANGES: dict[str, tuple[int, int]] = {
    "table.players": (MIN_PLAYERS, MAX_PLAYERS), "table.deal_packet": (1, 5),
    "table.seated": (MIN_PLAYERS, MAX_PLAYERS),
    "auction.min_bid": (1, 100_000), "auction.step": (1, 10_000),
    "auction.step_above": (1, 100_000), "auction.skip_endings": (0, 99),
    "auction.max_bid": (1, 100_000), "auction.dealer_opens_at": _POINTS,
    "auction.all_pass_bid": _POINTS, "auction.all_pass_bid_with_meld": _POINTS,
    "auction.rounds": (0, 1),
    "passing.count": (0, 4), "widow.size": (0, 10), "widow.forced_concede_margin": _POINTS,
    "throw_in.margin": _POINTS,
    "meld.run": _POINTS, "meld.royal_marriage": _POINTS, "meld.marriage": _POINTS,
    "meld.dix": _POINTS, "meld.pinochle": _POINTS, "meld.aces": _POINTS, "meld.kings": _POINTS,
    "meld.queens": _POINTS, "meld.jacks": _POINTS, "meld.minimum": _POINTS,
    "tricks.points": (0, 1_000), "tricks.last_trick": (0, 1_000), "tricks.total": _POINTS,
    "scoring.save_points": _POINTS, "scoring.bidder_min_trick_points": _POINTS,
    "scoring.target": (1, 100_000), "scoring.hands": (0, 1_000),
    "scoring.bid_to_win_above": _POINTS, "scoring.overtime_step": (1, 100_000),
    "scoring.star_levels": (1, 100_000), "scoring.star_step": (0, 100_000),
    "scoring.game_checks": (0, 1_000), "scoring.seven_nines_checks": (0, 1_000),
}
MAX_TEXT = 4_000  # characters in a name, title, description or obligation text
MAX_ITEMS = 64  # items in a list or a table
_SECTIONS: dict[str, type] = {
    "table": TableRules, "auction": AuctionRules, "passing": PassingRules, "widow": WidowRules,
    "throw_in": ThrowInRules, "meld": MeldRules, "tricks": TrickRules, "scoring": ScoringRules,
    "stock": StockRules,
}
_TOP_FIELDS = ("name", "title", "document", "description", "base", "decisions")
_RANK_LETTERS = ("A", "T", "K", "Q", "J", "9", "8", "7")


def _choices(values: tuple[Any, ...]) -> str:
    return ", ".join(str(v) for v in values)


def _coerce_int(source: str, path: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleSetError(source, path, f"expected a whole number, got {value!r}")
    field = path.split("[")[0]
    # A table's values (tricks.points.A) take the table's range (tricks.points).
    low, high = RANGES.get(field) or RANGES.get(field.rpartition(".")[0], _POINTS)
    if not low <= value <= high:
        raise RuleSetError(source, path, f"must be between {low} and {high}, got {value}")
    return value


def _coerce(source: str, path: str, value: Any, hint: Any) -> Any:
    """Check one TOML value against a dataclass field's type and convert lists to tuples."""
    origin = typing.get_origin(hint)
    if hint is bool:
        if not isinstance(value, bool):
            raise RuleSetError(source, path, f"expected true or false, got {value!r}")
        return value
    if hint is int:
        return _coerce_int(source, path, value)
    if hint is str:
        if not isinstance(value, str):
            raise RuleSetError(source, path, f"expected text, got {value!r}")
        if len(value) > MAX_TEXT:
            raise RuleSetError(source, path, f"is longer than {MAX_TEXT} characters")
        return value
    if origin is Literal:
        allowed = typing.get_args(hint)
        if isinstance(value, bool) or value not in allowed:
            raise RuleSetError(source, path, f"must be one of {_choices(allowed)}, "
                               f"got {value!r}")
        return value
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if not isinstance(value, list):
            raise RuleSetError(source, path, f"expected a list, got {value!r}")
        if len(value) > MAX_ITEMS:
            raise RuleSetError(source, path, f"has more than {MAX_ITEMS} items")
        return tuple(_coerce(source, f"{path}[{i}]", v, item) for i, v in enumerate(value))
    if origin is Mapping:
        return _coerce_table(source, path, value, hint)
    raise RuleSetError(source, path, f"unsupported field type {hint!r}")  # pragma: no cover


def _coerce_table(source: str, path: str, value: Any, hint: Any) -> FrozenMap:
    key_hint, val_hint = typing.get_args(hint)
    if not isinstance(value, Mapping):
        raise RuleSetError(source, path, f"expected a table of values, got {value!r}")
    if len(value) > MAX_ITEMS:
        raise RuleSetError(source, path, f"has more than {MAX_ITEMS} entries")
    allowed = typing.get_args(key_hint) if typing.get_origin(key_hint) is Literal else None
    if path == "tricks.points":
        allowed = _RANK_LETTERS
    out = {}
    for key, item in value.items():
        if allowed is not None and key not in allowed:
            raise RuleSetError(source, f"{path}.{key}", f"must be one of {_choices(allowed)}")
        out[str(key)] = _coerce(source, f"{path}.{key}", item, val_hint)
    return FrozenMap(out)


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
    table = kwargs.get("table", TableRules())
    shape = shape_error(table.players, table.sides)
    if shape:  # before the rule set is built: its seating is made from this shape
        raise RuleSetError(source, "table.sides", shape)
    seated = _seated_error(table)
    if seated:
        raise RuleSetError(source, "table.seated", seated)
    if "decisions" in data:
        kwargs["decisions"] = _decisions(source, data["decisions"])
    rules = RuleSet(source=source, **kwargs)
    validate(rules)
    return rules


def _seated_error(table: TableRules) -> str:
    """Why ``table.seated`` cannot be played, in a sentence; "" when it can. Four or five sit
    down only at the three-handed tables (VARIANTS.md, "Sitting out": "at the three-handed
    tables (cutthroat, check) four or five people may sit down")."""
    if table.seated in (0, table.players):
        return ""
    if table.players != 3 or table.sides != "each-for-self":
        return (f"sitting out is for the three-handed tables (table.players = 3, each for "
                f"self), not {table.players} players {table.sides!r}: table.seated must be "
                f"{table.players} here, got {table.seated}")
    if table.seated not in (4, 5):
        return (f"four or five may sit down at a three-handed table: table.seated must be 3, "
                f"4 or 5, got {table.seated}")
    return ""


def _decisions(source: str, value: Any) -> FrozenMap:
    """``decisions``: option path -> the sentence that tells a player what this table decided
    where its document is silent (printed by pinochle rules)."""
    table = _coerce_table(source, "decisions", value, Mapping[str, str])
    for path in table:
        section, _, option = path.partition(".")
        cls = _SECTIONS.get(section)
        if cls is None or option not in {f.name for f in dataclasses.fields(cls)}:
            raise RuleSetError(source, f"decisions.{path}", "must name an option, e.g. "
                               "scoring.save_meld")
    return table


def _fail(rules: RuleSet, path: str, message: str) -> None:
    raise RuleSetError(rules.source, path, message)


def validate(rules: RuleSet) -> None:
    """Cross-field checks: refuse combinations the engine cannot play honestly."""
    _check_table(rules)
    _check_auction(rules)
    _check_exchanges(rules)
    _check_tricks(rules)
    _check_meld(rules)
    _check_scoring(rules)


def _check_table(rules: RuleSet) -> None:
    t, stock = rules.table, rules.stock
    if stock.enabled:
        if t.players != 2:
            _fail(rules, "stock.enabled", "the stock game is for two players")
        if rules.auction.enabled:
            _fail(rules, "auction.enabled", "the stock game turns up trump: no auction")
        if rules.widow.size:
            _fail(rules, "widow.size", "the stock game deals no widow: the rest is the stock")
        return
    if t.players == 2:
        _fail(rules, "table.players", "two players need the stock game (stock.enabled)")
    if not rules.auction.enabled:
        _fail(rules, "auction.enabled", "games without a stock need an auction")
    if t.deck == 64:
        _fail(rules, "table.deck", "the 64-card pack is only for the two-handed stock game")
    if rules.hand_size * t.players + rules.widow.size != t.deck:  # hands of equal size
        _fail(rules, "table.deck", f"{t.deck} cards do not deal evenly to {t.players} players")
    by_card = rules.seating.by_card
    if t.partner_by != "highest-trump" and not by_card:
        _fail(rules, "table.partner_by", "a card finds the partner only at a table whose "
              'table.sides is "partner-by-card"')
    if rules.scoring.partner_set != "both" and not by_card:
        _fail(rules, "scoring.partner_set", "only where a card finds the partner (table.sides "
              '= "partner-by-card") does the partner share the bid')


def _check_auction(rules: RuleSet) -> None:
    a = rules.auction
    if not a.enabled:
        return
    if len(a.step_above) not in (0, 2):
        _fail(rules, "auction.step_above", "must be [threshold, step] or empty")
    if a.max_bid < a.min_bid:
        _fail(rules, "auction.max_bid", "must not be below auction.min_bid")
    if a.dealer_opens_at and a.dealer_opens_at >= a.min_bid:
        _fail(rules, "auction.dealer_opens_at", "must be below auction.min_bid")
    for name in ("all_pass_bid", "all_pass_bid_with_meld"):
        if getattr(a, name) > a.max_bid:
            _fail(rules, f"auction.{name}", f"must not be above auction.max_bid ({a.max_bid})")
    if len(set(a.skip_endings)) == 100 or not _some_valid_bid(rules):
        _fail(rules, "auction.skip_endings", "no bid from auction.min_bid to auction.max_bid "
              "is allowed by the step and the skipped endings")


def _some_valid_bid(rules: RuleSet) -> bool:
    """Whether any bid is allowed at all (the step and the skipped endings leave one)."""
    a = rules.auction
    step = a.step
    amount = a.min_bid + (-a.min_bid) % step
    # Endings repeat every 100 points, so 100 steps past the first candidate settle it.
    for _ in range(100):
        if amount > a.max_bid:
            return False
        if a.step_above and amount > a.step_above[0] and amount % a.step_above[1]:
            amount += 1
            continue
        if amount % 100 not in a.skip_endings:
            return True
        amount += step
    return False


def _check_exchanges(rules: RuleSet) -> None:
    w = rules.widow
    if w.size and rules.partnerships:
        _fail(rules, "widow.size", "a widow goes to the bidder alone: it is dealt only where each "
              "player plays alone or a card finds the partner, never at fixed sides")
    if w.size >= rules.hand_size:
        _fail(rules, "widow.size", f"must be fewer than the {rules.hand_size} cards of a hand")
    if not w.size and (w.after_trump or w.dealt != "first-round"):
        _fail(rules, "widow.after_trump" if w.after_trump else "widow.dealt",
              "this table deals no widow (widow.size = 0)")
    if rules.passing.count not in (0, 3, 4):
        _fail(rules, "passing.count", "must be 0, 3 or 4")
    if rules.passing.count and rules.seating.side_size != 2:
        _fail(rules, "passing.count", "passing is between partners: sides of two only")
    if rules.passing.count >= rules.hand_size:
        _fail(rules, "passing.count", f"must be fewer than the {rules.hand_size} cards of a hand")


def _check_tricks(rules: RuleSet) -> None:
    obligations = rules.tricks.obligations
    for name, obs in (("tricks.obligations", obligations),
                      ("stock.playoff_obligations", rules.stock.playoff_obligations)):
        if "take_trick" in obs and ("must_trump" in obs or "crawl" in obs):
            _fail(rules, name, "take_trick already covers crawl and trumping")
        if "over_trump" in obs and "must_trump" not in obs:
            _fail(rules, name, "over_trump needs must_trump")
        if ("must_beat_led_after_trump" in obs and "crawl" not in obs
                and "take_trick" not in obs):
            _fail(rules, name, "must_beat_led_after_trump extends crawl (or take_trick): "
                  "list one of them too")
    if not rules.stock.enabled and "follow_suit" not in obligations:
        _fail(rules, "tricks.obligations", "trick play needs follow_suit")
    if rules.tricks.reneges and not rules.partnerships:
        _fail(rules, "tricks.reneges", "renege calling is a partnership option")
    if rules.tricks.total_is_rule and _total_mismatch(rules):
        _fail(rules, "tricks.points", _total_mismatch(rules))


def _total_mismatch(rules: RuleSet) -> str:
    """What is wrong when the counters do not add up to the total the table names."""
    named, counted = rules.tricks.total, rules.total_trick_points
    if not named or named == counted:
        return ""
    document = f"document {rules.document}" if rules.document else "this table"
    return (f"the trick points add up to {counted} with the last trick, not the {named} that "
            f"{document} names (tricks.total): give every counter its value, or name the "
            "total you mean")


def warnings(rules: RuleSet) -> list[str]:
    """What a player should know about a table that is played all the same: counters that do
    not add up to the total its document names, where the document allows other totals."""
    mismatch = _total_mismatch(rules)
    return [f"{rules.source}: tricks.points: {mismatch}"] if mismatch else []


# The ranks each kind of meld is made of. The engine scores the runs and marriages of a suit
# together (one card never in two of them, but for meld.run_includes_royal_marriage), and every
# other kind on its own: two kinds that share a rank outside that group may both use a card.
_KIND_RANKS: dict[MeldKind, frozenset[str]] = {
    "run": frozenset("ATKQJ"), "royal_marriage": frozenset("KQ"), "marriage": frozenset("KQ"),
    "dix": frozenset("97"), "pinochle": frozenset("QJ"), "aces": frozenset("A"),
    "kings": frozenset("K"), "queens": frozenset("Q"), "jacks": frozenset("J"),
}
_SUIT_GROUP: frozenset[MeldKind] = frozenset({"run", "royal_marriage", "marriage"})


def _check_meld(rules: RuleSet) -> None:
    copies = rules.deck.copies
    for kind in ("run", "pinochle", "aces", "kings", "queens", "jacks"):
        values = getattr(rules.meld, kind)
        if len(values) != copies:
            _fail(rules, f"meld.{kind}",
                  f"needs {copies} values (one per level up to {copies} copies)")
    # "A card may serve in melds of different classes, never twice in one class": so two kinds
    # the engine lets share a card may not be in one class.
    kinds = list(_KIND_RANKS)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            common = _KIND_RANKS[a] & _KIND_RANKS[b]
            if (common and not {a, b} <= _SUIT_GROUP
                    and rules.meld_class(a) == rules.meld_class(b)):
                _fail(rules, f"meld.classes.{b}",
                      f"{a} and {b} may share a card ({', '.join(sorted(common))}) and are "
                      f"scored independently, so they cannot be in one class "
                      f"({rules.meld_class(b)!r})")


def _check_scoring(rules: RuleSet) -> None:
    sc, t = rules.scoring, rules.table
    if sc.game == "hands" and sc.hands < 1:
        _fail(rules, "scoring.hands", "playing for a number of hands needs scoring.hands >= 1")
    if sc.game == "deal" and not rules.stock.enabled:
        _fail(rules, "scoring.game", "one deal per game is the two-handed option")
    if sc.stars:
        if not rules.partnerships:
            _fail(rules, "scoring.stars", "stars are a partnership tally")
        if not sc.star_levels:
            _fail(rules, "scoring.star_levels", "stars need at least one close-out level")
        if list(sc.star_levels) != sorted(set(sc.star_levels)):
            _fail(rules, "scoring.star_levels", "levels must rise, each above the last")
    if sc.checks and t.players != 3:
        _fail(rules, "scoring.checks", "checks are the three-handed tally")
