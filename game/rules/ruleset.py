"""RuleSet: every option the engine knows, as frozen dataclasses with their defaults.

Presets and house-rules files become rule sets through :mod:`game.rules.rulefile`, which
validates every field. Point values are kept in the scale the file declares
(``scoring.scale``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal, get_args

from game.rules.cards import RANK_ORDERS, Deck, Rank, make_deck
from game.rules.seating import Seating, SideRule, seating_of


class FrozenMap(dict[Any, Any]):
    """A read-only, hashable mapping so that a RuleSet can be a dictionary key."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args: object, **kwargs: object) -> None:
        raise TypeError("rule sets are immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]


# The vocabulary of every option with a fixed set of values. Each is a Literal type, so the type
# checker holds code to the same spelling as the rule files, and :mod:`game.rules.rulefile` reads
# the allowed values from these types: one list per option, nowhere else.
Obligation = Literal[
    "first_identical_wins",  # a ranking statement, listed where the document numbers it
    "follow_suit",
    "take_trick",  # 000: head the led suit, or trump/over-trump, only when that wins
    "crawl",  # beat the winning card of the led suit whenever following suit
    "must_beat_led_after_trump",  # ... and the highest card of the led suit once trumped
    "beat_trump_lead",  # when trump is led, beat the highest trump
    "must_trump",  # void in the led suit: play a trump
    "over_trump",  # when the trick is already trumped, beat the highest trump
    "any_card",
]
MeldKind = Literal["run", "royal_marriage", "marriage", "dix", "pinochle", "aces", "kings",
                   "queens", "jacks"]
SaveMeld = Literal["none", "counter-or-last-trick", "trick", "points"]
TieRule = Literal["bidder-first", "highest", "overtime", "bid-and-out"]
TieFallback = Literal["overtime", "highest"]
ThrowInMode = Literal["never", "before-play", "over-margin"]
GameLength = Literal["score", "hands", "deal"]
Scale = Literal["x10", "x1"]
OptionalCheck = Literal["lost-after-playing", "double-marriage", "double-pinochle",
                        "double-arounds", "seven-nines", "game"]
Direction = Literal["clockwise", "counterclockwise"]
FirstLead = Literal["bidder", "eldest"]
RankOrder = Literal["A-10-K-Q-J-9", "A-K-Q-J-10-9"]
PackSize = Literal[48, 64, 80, 120]
PartnerSet = Literal["both", "bidder-alone"]
# How a card finds the bidder's partner (table.sides = "partner-by-card"): the highest trump
# another player holds, first clockwise; or a trump card the bidder calls.
PartnerBy = Literal["highest-trump", "called-card"]
WidowDealt = Literal["first-round", "scattered"]
Exchange = Literal["sequential", "simultaneous"]

OBLIGATIONS: tuple[Obligation, ...] = get_args(Obligation)
MELD_KINDS: tuple[MeldKind, ...] = get_args(MeldKind)


@dataclass(frozen=True)
class TableRules:
    """The table: how many play and how they make sides, the pack, the rank order, the
    direction of play, the deal's packets and who leads first.

    The table's shape is declared once, here: how many play and how they make sides. Every
    limit that depends on it (a widow, passing between partners, stars, reneges) is derived
    from the seating built from these two (:mod:`game.rules.seating`)."""

    players: int = 4
    sides: SideRule = "pairs"
    partner_by: PartnerBy = "highest-trump"
    deck: PackSize = 48
    rank_order: RankOrder = "A-10-K-Q-J-9"
    direction: Direction = "clockwise"
    deal_packet: int = 3
    first_lead: FirstLead = "bidder"  # or "eldest": the player after the dealer
    # How many sit down at a three-handed table (VARIANTS.md, "Sitting out": 4 or 5, of whom
    # three are dealt each hand); 0: as many as ``players``.
    seated: int = 0


@dataclass(frozen=True)
class AuctionRules:
    """The auction: the bids allowed (minimum, steps, ceiling), the dealer's opening and the stuck
    dealer's contract, who must open, and whether trump needs a marriage (001)."""

    enabled: bool = True
    min_bid: int = 250
    step: int = 10
    # (threshold, step): bids above the threshold must be multiples of this step (001: 60, 5)
    step_above: tuple[int, ...] = ()
    skip_endings: tuple[int, ...] = ()  # 003 option: no bids ending in 40 or 90
    # No document sets a ceiling; the ladder of bids stops at what a side could score in one
    # hand anyway (bids.BidLadder). A house may set a lower one.
    max_bid: int = 100_000
    dealer_opens_at: int = 0  # 002: the dealer holds an opening 190 before anyone speaks
    all_pass_bid: int = 250  # the dealer's contract when every other player passes
    # 000 "at least the minimum bid", 002 "a minimum of 190 points": the stuck dealer may
    # choose a higher contract (a bid the ladder allows) instead.
    stuck_dealer_may_raise: bool = False
    all_pass_bid_with_meld: int = 0  # 003 option: 190 when the stuck dealer holds meld
    # 0: bidding goes round until all but one have passed; 1: each player bids once or passes,
    # dealer last (VARIANTS.md, five-handed option: "the family rules' form").
    rounds: int = 0
    forced_open_with_meld: bool = False  # 003: a player holding meld must open
    trump_needs_marriage: bool = False  # 001


@dataclass(frozen=True)
class PassingRules:
    """Passing between partners: how many cards go to the bidder and back, and in what order."""

    count: int = 0  # 000: partner passes 3 (option 4) to the bidder, who passes as many back
    # "sequential" (000): the bidder receives, lays meld down, then passes back. "simultaneous":
    # the bidder chooses the cards to return from its own hand before seeing partner's pass.
    exchange: Exchange = "sequential"


@dataclass(frozen=True)
class WidowRules:
    """The three-handed widow: its size, and when the bidder may or must concede."""

    size: int = 0
    # The widow is shown after trump is named (VARIANTS.md, five-handed: "the bidder names
    # trump ... The bidder then shows the widow"), not before it (003, three-handed).
    after_trump: bool = False
    # "first-round": one packet after the first round; "scattered": card by card at points of
    # the deal its shuffle picks, never among the last five cards (VARIANTS.md, five-handed).
    dealt: WidowDealt = "first-round"
    concede_unseen_when_forced: bool = False
    forced_concede_margin: int = 0  # 003: may not play for more than 250 over meld


@dataclass(frozen=True)
class ThrowInRules:
    """When the bidding side may throw a hand in before play, and within what margin of its bid."""

    mode: ThrowInMode = "never"
    margin: int = 250
    # 000: "if they miss the bid by 250 or less, then they must play out the hand unless
    # everybody agrees to throw it in": the bidder may propose a throw-in it may not make alone.
    by_agreement: bool = False


@dataclass(frozen=True)
class MeldRules:
    """What each meld scores and how melds count.
    Point values per level: index 0 is single, 1 double, ...; marriages and dix are per item."""

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
    classes: Mapping[MeldKind, str] = field(default_factory=FrozenMap)  # kind -> class label
    names: Mapping[MeldKind, str] = field(default_factory=FrozenMap)  # kind -> document's name


@dataclass(frozen=True)
class TrickRules:
    """Trick play: the obligations in order of precedence and their wording, the counters, the last
    trick's points, the hand's total and reneges."""

    obligations: tuple[Obligation, ...] = ("follow_suit", "take_trick", "any_card")
    texts: Mapping[Obligation, str] = field(default_factory=FrozenMap)
    points: Mapping[str, int] = field(default_factory=FrozenMap)  # rank letter -> points
    last_trick: int = 10
    counting: str = ""  # the document's name for this counting method
    # The total of a hand's trick points this table names (0: none). When the counters do not
    # add up to it the table is refused if ``total_is_rule`` (003: "they add up to 250 points
    # under all methods"), else warned about (pinochle rules and the rules screen say so).
    total: int = 0
    total_is_rule: bool = False
    reneges: bool = False  # 002 option: illegal cards may be played and are called at the end


@dataclass(frozen=True)
class ScoringRules:
    """Scoring: the scale, saving meld, the game's length and target, ties, and the stars or checks
    some tables keep."""

    scale: Scale = "x10"
    rounding: str = ""  # how values that do not divide by ten were rounded for the x1 scale
    save_meld: SaveMeld = "trick"
    save_points: int = 0  # "points": a side must take this many trick points to score at all
    bidder_min_trick_points: int = 0  # 001: a bidding side under 20 in tricks is set
    game: GameLength = "score"
    target: int = 1500
    hands: int = 0
    tie_rule: TieRule = "bidder-first"
    tie_fallback: TieFallback = "overtime"
    bid_to_win_above: int = 0  # 001: once both sides pass 400, only the bidding side can win
    # Where a card finds the partner: who loses the bid when the bidding side is set (VARIANTS,
    # five-handed: "the bidder and the partner each lose the bid"; option: the bidder alone).
    partner_set: PartnerSet = "both"
    overtime_step: int = 250
    stars: bool = False
    star_levels: tuple[int, ...] = (250,)
    # 002: close-out levels "at 50 point increments starting at 250; 250, 300, 350, etc.": past
    # the last listed level a new one every star_step points, doubling, with no upper end.
    star_step: int = 50
    stars_double_spades: bool = False
    checks: bool = False
    optional_checks: tuple[OptionalCheck, ...] = ()
    game_checks: int = 5
    seven_nines_checks: int = 5

    def level_stars(self, bid: int) -> int:
        """002 close-out levels: 250 is 1 star, 300 is 2, 350 is 4 ... doubling at every
        level, the listed ones and then one every ``star_step`` points with no upper end."""
        levels = self.star_levels
        stars = 0
        for i, level in enumerate(levels):
            if bid >= level:
                stars = 1 << i
        if self.star_step and levels and bid >= levels[-1]:
            stars = 1 << (len(levels) - 1 + (bid - levels[-1]) // self.star_step)
        return stars

    def first_star_levels(self, n: int) -> list[int]:
        """The first ``n`` close-out levels (the listed ones, then every ``star_step``)."""
        out = list(self.star_levels[:n])
        while out and len(out) < n and self.star_step:
            out.append(out[-1] + self.star_step)
        return out


@dataclass(frozen=True)
class StockRules:
    """Two-handed game with a stock (document 004)."""

    enabled: bool = False
    playoff_obligations: tuple[Obligation, ...] = ()
    round_tricks: bool = True  # 7 or more in the units rounds up, else down
    declare_out: bool = True
    dix_exchange: bool = True


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one table (a preset or a house-rules file), the decisions taken where its
    document is silent, and values derived from them once."""

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
    # Where the document is silent: option path -> what this table decided, in a sentence.
    decisions: Mapping[str, str] = field(default_factory=FrozenMap)
    source: str = field(default="<built-in>", compare=False)

    # Derived values, computed once in __post_init__ from the fields above: declared here so the
    # type checker sees them, and never written again (the rule set is a value).
    deck: Deck = field(init=False, repr=False, compare=False)
    hand_size: int = field(init=False, repr=False, compare=False)
    trick_points_by_type: tuple[int, ...] = field(init=False, repr=False, compare=False)
    total_trick_points: int = field(init=False, repr=False, compare=False)
    dix_rank: Rank | None = field(init=False, repr=False, compare=False)
    seating: Seating = field(init=False, repr=False, compare=False)
    max_held: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        deck = make_deck(self.table.deck, self.table.rank_order)
        derive = partial(object.__setattr__, self)
        derive("deck", deck)
        derive("hand_size", 12 if self.stock.enabled
               else (self.table.deck - self.widow.size) // self.table.players)
        by_type = tuple(self.tricks.points.get(card.rank.letter, 0) for card in deck.types)
        derive("trick_points_by_type", by_type)
        derive("total_trick_points", sum(by_type) * deck.copies + self.tricks.last_trick)
        # The lowest rank of the pack is the dix (9, or 7 in the 64-card pack); none without 9s.
        lowest = deck.ranks[0]
        derive("dix_rank", lowest if lowest in (Rank.NINE, Rank.SEVEN) else None)
        players = self.table.players
        # The most cards one seat holds at once: the bidder with the passed cards or the widow.
        derive("max_held", self.hand_size + self.passing.count + self.widow.size)
        derive("seating", seating_of(self.table.seated or players, self.table.sides,
                                     self.table.direction == "clockwise", players))
        # Rule sets key the engine's compiled tables: hash the fields once, not per lookup.
        derive("_hash", hash((self.name, self.title, self.document, self.description,
                              self.table, self.auction, self.passing, self.widow, self.throw_in,
                              self.meld, self.tricks, self.scoring, self.stock,
                              self.decisions)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def players(self) -> int:
        """The chairs at the table (those sitting out a hand included): the seats of every
        per-seat tuple and the score sheet's columns."""
        return self.seating.players

    @property
    def hand_players(self) -> int:
        """How many chairs are dealt each hand: ``table.players`` (three where people sit out
        in turn), the cards of a trick."""
        return self.table.players

    # The table's shape, asked of its seating (these read well where rules are at hand).
    @property
    def partnerships(self) -> bool:
        return self.seating.partnerships

    @property
    def n_sides(self) -> int:
        return self.seating.n_sides

    def side_of(self, seat: int) -> int:
        return self.seating.side_of(seat)

    def seats_of(self, side: int) -> tuple[int, ...]:
        return self.seating.seats_of(side)

    def next_seat(self, seat: int) -> int:
        return self.seating.next(seat)

    def obligation_text(self, rule: Obligation) -> str:
        return self.tricks.texts.get(rule) or DEFAULT_OBLIGATION_TEXT[rule]

    def meld_class(self, kind: MeldKind) -> str:
        return self.meld.classes.get(kind) or DEFAULT_MELD_CLASS[kind]

    def meld_name(self, kind: MeldKind) -> str:
        return self.meld.names.get(kind) or DEFAULT_MELD_NAME[kind]


DEFAULT_OBLIGATION_TEXT: dict[Obligation, str] = {
    "first_identical_wins": "If two identical cards are played, the first one outranks the second.",
    "follow_suit": "You must follow suit if you can.",
    "take_trick": "You must take the trick if you can.",
    "crawl": "When following suit you must beat the winning card if you can (crawl).",
    "must_beat_led_after_trump": "When following suit you must beat the highest card of the "
                                 "suit led if you can, even after the trick has been trumped.",
    "beat_trump_lead": "When trump is led you must beat the highest trump if you can.",
    "must_trump": "If you cannot follow suit you must play a trump.",
    "over_trump": "If the trick has been trumped you must over-trump if you can.",
    "any_card": "Otherwise you may play any card.",
}
DEFAULT_MELD_CLASS: dict[MeldKind, str] = {
    "run": "Runs & Marriages", "royal_marriage": "Runs & Marriages", "marriage": "Runs & Marriages",
    "dix": "Nine of Trump", "pinochle": "Pinochle", "aces": "Arounds", "kings": "Arounds",
    "queens": "Arounds", "jacks": "Arounds",
}
DEFAULT_MELD_NAME: dict[MeldKind, str] = {
    "run": "Run", "royal_marriage": "Royal marriage", "marriage": "Marriage",
    "dix": "Nine of trump", "pinochle": "Pinochle", "aces": "Aces around",
    "kings": "Kings around", "queens": "Queens around", "jacks": "Jacks around",
}

assert set(get_args(RankOrder)) == set(RANK_ORDERS), "the rank orders of cards.py and RankOrder"
