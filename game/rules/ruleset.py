"""RuleSet: every option the engine knows, as frozen dataclasses, validated on construction.

A preset or a player's house-rules file is a nested mapping (parsed from TOML by
``game.content``); :func:`ruleset_from_mapping` checks every field and refuses the first bad one
with a :class:`RuleSetError` that names the source and the field. Point values are kept in the
scale the file declares (``scoring.scale``); :func:`rescale` converts between the classic x10 and
the modern x1 scale.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from game.rules.cards import RANK_ORDERS, Deck, Rank, make_deck
from game.rules.errors import RuleSetError


class FrozenMap(dict[str, Any]):
    """A read-only, hashable mapping so that a RuleSet can be a dictionary key."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args: object, **kwargs: object) -> None:
        raise TypeError("rule sets are immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]


OBLIGATIONS = (
    "first_identical_wins",  # a ranking statement, listed where the document numbers it
    "follow_suit",
    "take_trick",  # 000: head the led suit, or trump/over-trump, only when that wins
    "crawl",  # beat the winning card of the led suit whenever following suit
    "beat_trump_lead",  # when trump is led, beat the highest trump
    "must_trump",  # void in the led suit: play a trump
    "over_trump",  # when the trick is already trumped, beat the highest trump
    "any_card",
)
MELD_KINDS = ("run", "royal_marriage", "marriage", "dix", "pinochle", "aces", "kings", "queens",
              "jacks")
SAVE_MELD = ("none", "counter-or-last-trick", "trick", "points")
TIE_RULES = ("bidder-first", "highest", "overtime", "bid-and-out")
THROW_IN = ("never", "before-play", "over-margin")
GAME_LENGTHS = ("score", "hands", "deal")
OPTIONAL_CHECKS = ("lost-after-playing", "double-marriage", "double-pinochle", "double-arounds",
                   "seven-nines", "game")


@dataclass(frozen=True)
class TableRules:
    players: int = 4
    deck: int = 48
    rank_order: str = "A-10-K-Q-J-9"
    direction: str = "clockwise"
    deal_packet: int = 3
    first_lead: str = "bidder"  # or "eldest": the player after the dealer


@dataclass(frozen=True)
class AuctionRules:
    enabled: bool = True
    min_bid: int = 250
    step: int = 10
    # (threshold, step): bids above the threshold must be multiples of this step (001: 60, 5)
    step_above: tuple[int, ...] = ()
    skip_endings: tuple[int, ...] = ()  # 003 option: no bids ending in 40 or 90
    max_bid: int = 2000
    dealer_opens_at: int = 0  # 002: the dealer holds an opening 190 before anyone speaks
    all_pass_bid: int = 250  # the dealer's contract when every other player passes
    all_pass_bid_with_meld: int = 0  # 003 option: 190 when the stuck dealer holds meld
    forced_open_with_meld: bool = False  # 003: a player holding meld must open
    trump_needs_marriage: bool = False  # 001


@dataclass(frozen=True)
class PassingRules:
    count: int = 0  # 000: partner passes 3 (option 4) to the bidder, who passes as many back


@dataclass(frozen=True)
class WidowRules:
    size: int = 0
    concede_unseen_when_forced: bool = False
    forced_concede_margin: int = 0  # 003: may not play for more than 250 over meld


@dataclass(frozen=True)
class ThrowInRules:
    mode: str = "never"
    margin: int = 250


@dataclass(frozen=True)
class MeldRules:
    # Point values per level: index 0 is single, 1 double, ...; marriages and dix are per item.
    run: tuple[int, ...] = (150, 1500)
    royal_marriage: int = 40
    marriage: int = 20
    dix: int = 10
    pinochle: tuple[int, ...] = (40, 300)
    aces: tuple[int, ...] = (100, 1000)
    kings: tuple[int, ...] = (80, 800)
    queens: tuple[int, ...] = (60, 600)
    jacks: tuple[int, ...] = (40, 400)
    run_includes_royal_marriage: bool = False
    minimum: int = 0  # 001: a side melding under 20 scores no meld
    declare_aces: bool = False  # 001: aces around must be declared even when not scored
    classes: Mapping[str, str] = field(default_factory=FrozenMap)  # kind -> class label
    names: Mapping[str, str] = field(default_factory=FrozenMap)  # kind -> the document's name


@dataclass(frozen=True)
class TrickRules:
    obligations: tuple[str, ...] = ("follow_suit", "take_trick", "any_card")
    texts: Mapping[str, str] = field(default_factory=FrozenMap)
    points: Mapping[str, int] = field(default_factory=FrozenMap)  # rank letter -> points
    last_trick: int = 10
    counting: str = ""  # the document's name for this counting method
    reneges: bool = False  # 002 option: illegal cards may be played and are called at the end


@dataclass(frozen=True)
class ScoringRules:
    scale: str = "x10"
    save_meld: str = "trick"
    save_points: int = 0  # "points": a side must take this many trick points to score at all
    bidder_min_trick_points: int = 0  # 001: a bidding side under 20 in tricks is set
    game: str = "score"
    target: int = 1500
    hands: int = 0
    tie_rule: str = "bidder-first"
    tie_fallback: str = "overtime"
    bid_to_win_above: int = 0  # 001: once both sides pass 400, only the bidding side can win
    overtime_step: int = 250
    stars: bool = False
    star_levels: tuple[int, ...] = (250, 300, 350, 400, 450, 500, 550, 600, 650, 700)
    stars_double_spades: bool = False
    checks: bool = False
    optional_checks: tuple[str, ...] = ()
    game_checks: int = 5
    seven_nines_checks: int = 5


@dataclass(frozen=True)
class StockRules:
    """Two-handed game with a stock (document 004)."""

    enabled: bool = False
    playoff_obligations: tuple[str, ...] = ()
    round_tricks: bool = True  # 7 or more in the units rounds up, else down
    declare_out: bool = True
    dix_exchange: bool = True


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    document: str = ""
    description: str = ""
    table: TableRules = field(default_factory=TableRules)
    auction: AuctionRules = field(default_factory=AuctionRules)
    passing: PassingRules = field(default_factory=PassingRules)
    widow: WidowRules = field(default_factory=WidowRules)
    throw_in: ThrowInRules = field(default_factory=ThrowInRules)
    meld: MeldRules = field(default_factory=MeldRules)
    tricks: TrickRules = field(default_factory=TrickRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    stock: StockRules = field(default_factory=StockRules)
    source: str = field(default="<built-in>", compare=False)

    # Derived geometry, computed once per rule set.
    @cached_property
    def deck(self) -> Deck:
        return make_deck(self.table.deck, self.table.rank_order)

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def partnerships(self) -> bool:
        return self.table.players == 4

    @property
    def n_sides(self) -> int:
        return 2 if self.table.players == 4 else self.table.players

    @cached_property
    def hand_size(self) -> int:
        if self.stock.enabled:
            return 12
        return (self.table.deck - self.widow.size) // self.table.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.table.players == 4 else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        if self.table.players == 4:
            return (side, side + 2)
        return (side,)

    def next_seat(self, seat: int) -> int:
        step = 1 if self.table.direction == "clockwise" else -1
        return (seat + step) % self.table.players

    @cached_property
    def trick_points_by_type(self) -> tuple[int, ...]:
        return tuple(self.tricks.points.get(card.rank.letter, 0) for card in self.deck.types)

    @cached_property
    def total_trick_points(self) -> int:
        return sum(self.trick_points_by_type) * self.deck.copies + self.tricks.last_trick

    @cached_property
    def dix_rank(self) -> Rank | None:
        """The lowest rank of the pack is the dix (9, or 7 in the 64-card pack); none without 9s."""
        lowest = self.deck.ranks[0]
        return lowest if lowest in (Rank.NINE, Rank.SEVEN) else None

    def obligation_text(self, rule: str) -> str:
        return self.tricks.texts.get(rule) or DEFAULT_OBLIGATION_TEXT[rule]

    def meld_class(self, kind: str) -> str:
        return self.meld.classes.get(kind) or DEFAULT_MELD_CLASS[kind]

    def meld_name(self, kind: str) -> str:
        return self.meld.names.get(kind) or DEFAULT_MELD_NAME[kind]


DEFAULT_OBLIGATION_TEXT = {
    "first_identical_wins": "If two identical cards are played, the first one outranks the second.",
    "follow_suit": "You must follow suit if you can.",
    "take_trick": "You must take the trick if you can.",
    "crawl": "When following suit you must beat the winning card if you can (crawl).",
    "beat_trump_lead": "When trump is led you must beat the highest trump if you can.",
    "must_trump": "If you cannot follow suit you must play a trump.",
    "over_trump": "If the trick has been trumped you must over-trump if you can.",
    "any_card": "Otherwise you may play any card.",
}
DEFAULT_MELD_CLASS = {
    "run": "Runs & Marriages", "royal_marriage": "Runs & Marriages", "marriage": "Runs & Marriages",
    "dix": "Nine of Trump", "pinochle": "Pinochle", "aces": "Arounds", "kings": "Arounds",
    "queens": "Arounds", "jacks": "Arounds",
}
DEFAULT_MELD_NAME = {
    "run": "Run", "royal_marriage": "Royal marriage", "marriage": "Marriage",
    "dix": "Nine of trump", "pinochle": "Pinochle", "aces": "Aces around",
    "kings": "Kings around", "queens": "Queens around", "jacks": "Jacks around",
}

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
