"""Suits, ranks, cards, the four packs (48, 80, 64 and 120 cards) and the card notation.

Cards are value objects, interned so that identity equals equality. A hand is a multiset: identical
copies are interchangeable everywhere except inside a trick, where the first one played outranks a
later copy (that ordering lives in the trick, not in the card).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum


class CardError(ValueError):
    """A card or list of cards that cannot be read, or that the pack cannot supply."""


class Suit(IntEnum):
    """A suit, with its letter, symbol and names. Black and red alternate in this order, so a hand
    sorted by suit reads clearly."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self]

    @property
    def plural(self) -> str:
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.name, suit.name[:-1]):
                return suit
        for alias, suit in _SUIT_ALIASES.items():
            if key == alias:
                return suit
        raise CardError(f"unknown suit {text!r} (use S, H, C, D or ♠ ♥ ♣ ♦)")


_SUIT_ALIASES = {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS}


class Rank(IntEnum):
    """Rank identities (not strengths: the strength order belongs to the pack's rank order)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return "789TJQKA"[self]

    @property
    def label(self) -> str:
        """How the rank is printed on a card face."""
        return ("7", "8", "9", "10", "J", "Q", "K", "A")[self]

    @property
    def word(self) -> str:
        return ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in "789TJQKA":
            return cls("789TJQKA".index(key))
        raise CardError(f"unknown rank {text!r} (use A T K Q J 9, or 10)")


class Card:
    """One card face. ``Card(Rank.ACE, Suit.SPADES) is Card.parse("AS")``."""

    __slots__ = ("rank", "suit", "code")
    _interned: dict[int, Card] = {}
    rank: Rank
    suit: Suit
    code: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        code = int(suit) * 8 + int(rank)
        card = cls._interned.get(code)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", Rank(rank))
            object.__setattr__(card, "suit", Suit(suit))
            object.__setattr__(card, "code", code)
            cls._interned[code] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self})"

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, e.g. ``10♥``, for people rather than scripts."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AS``, ``10S``, ``TS``, ``A♠`` or ``10♠`` (case-insensitive)."""
        raw = text.strip()
        if len(raw) < 2:
            raise CardError(f"malformed card {text!r}: expected rank then suit, e.g. AS or 10♥")
        rank_part, suit_part = raw[:-1], raw[-1]
        return cls(Rank.parse(rank_part), Suit.parse(suit_part))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a list of cards separated by spaces or commas. A ten is ``T`` or ``10``, a suit its
    letter or its symbol, in either case; the same card read twice is the same object:

    >>> parse_cards("AS, 10h 9♣")
    [Card(AS), Card(TH), Card(9C)]
    >>> Card.parse("10♥") is Card.parse("th")
    True
    >>> parse_cards("AS 1H")
    Traceback (most recent call last):
    ...
    game.rules.cards.CardError: unknown rank '1' (use A T K Q J 9, or 10)
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    """The cards as a script writes them (what :func:`parse_cards` reads back), or for people:

    >>> format_cards(parse_cards("AS 10H"))
    'AS TH'
    >>> format_cards(parse_cards("AS 10H"), pretty=True)
    'A♠ 10♥'
    """
    return " ".join(card.pretty if pretty else str(card) for card in cards)


class Deck:
    """A pack: which ranks it has, how strong each is, and how many copies of each card.

    Each distinct card is a *type* with an index; a hand is an int holding a small counter per
    type (``bits`` wide), suit-major and weakest rank first, so that within one suit's slice a
    higher bit is a stronger card. That packing is what the fast kernel and the meld tables read.
    """

    def __init__(self, size: int, ranks_high_to_low: Sequence[Rank], copies: int) -> None:
        self.size = size
        self.copies = copies
        self.ranks_high_to_low: tuple[Rank, ...] = tuple(ranks_high_to_low)
        self.ranks: tuple[Rank, ...] = tuple(reversed(self.ranks_high_to_low))  # weakest first
        self.n_ranks = len(self.ranks)
        self.bits = max(2, copies.bit_length())
        if copies > (1 << self.bits) - 1:
            raise CardError("pack copies do not fit the counter width")
        self.field_mask = (1 << self.bits) - 1
        self.slice_bits = self.bits * self.n_ranks
        self.slice_mask = (1 << self.slice_bits) - 1
        self.n_types = 4 * self.n_ranks
        self.strength = {rank: i for i, rank in enumerate(self.ranks)}
        self.types: tuple[Card, ...] = tuple(
            Card(rank, suit) for suit in Suit for rank in self.ranks
        )
        self._type_of_code: list[int] = [-1] * 32
        for index, card in enumerate(self.types):
            self._type_of_code[card.code] = index
        self.one: tuple[int, ...] = tuple(1 << (t * self.bits) for t in range(self.n_types))
        self.low = sum(self.one)  # the lowest bit of every counter
        if size != self.n_types * copies:
            raise CardError(f"a {size}-card pack cannot hold {self.n_types} cards x {copies}")

    def __repr__(self) -> str:
        return f"Deck({self.size})"

    def has(self, card: Card) -> bool:
        return self._type_of_code[card.code] >= 0

    def type_of(self, card: Card) -> int:
        index = self._type_of_code[card.code]
        if index < 0:
            raise CardError(f"{card} is not in the {self.size}-card pack")
        return index

    def full(self) -> int:
        """The whole pack as a counts int."""
        total = 0
        for one in self.one:
            total += one * self.copies
        return total

    def cards(self) -> list[Card]:
        """The whole pack as a list, every copy, in a fixed order (to be shuffled by the deal)."""
        return [card for card in self.types for _ in range(self.copies)]

    def presence(self, counts: int) -> int:
        """One bit (the counter's lowest) per card type present in ``counts``."""
        if self.bits == 2:
            return (counts | counts >> 1) & self.low
        return (counts | counts >> 1 | counts >> 2) & self.low

    def count(self, counts: int, card: Card) -> int:
        return (counts >> (self.type_of(card) * self.bits)) & self.field_mask

    def counts_of(self, cards: Iterable[Card]) -> int:
        """Pack a list of cards into a counts int, refusing more copies than the pack holds."""
        total = 0
        for card in cards:
            t = self.type_of(card)
            if (total >> (t * self.bits)) & self.field_mask >= self.copies:
                raise CardError(
                    f"more than {self.copies} {card} given: the {self.size}-card pack has "
                    f"{self.copies} of each card"
                )
            total += self.one[t]
        return total

    def dealt_counts(self, cards: Iterable[Card]) -> int:
        """``counts_of`` for cards dealt from this pack, which cannot repeat a card too often:
        no per-card checks (this runs for every hand of every deal)."""
        one, index = self.one, self._type_of_code
        return sum([one[index[card.code]] for card in cards])

    def to_cards(self, counts: int) -> list[Card]:
        """Unpack a counts int, strongest suit-order first (spades, hearts, clubs, diamonds)."""
        out: list[Card] = []
        bits, mask = self.bits, self.field_mask
        for suit in range(4):
            base = suit * self.n_ranks
            for r in range(self.n_ranks - 1, -1, -1):
                n = (counts >> ((base + r) * bits)) & mask
                if n:
                    out.extend([self.types[base + r]] * n)
        return out

    def size_of(self, counts: int) -> int:
        total = 0
        bits, mask = self.bits, self.field_mask
        while counts:
            total += counts & mask
            counts >>= bits
        return total

    def suit_mask(self, suit: int) -> int:
        return self.slice_mask << (suit * self.slice_bits)

    def beats(self, a: Card, b: Card, trump: int | None) -> bool:
        """Whether ``a`` played after ``b`` takes the lead from it (identical cards never do)."""
        if a.suit == b.suit:
            return self.strength[a.rank] > self.strength[b.rank]
        return trump is not None and a.suit == trump


STANDARD_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
                  Rank.SEVEN)
# Document 004 ranks the ten between the jack and the nine ("A (high), K, Q, J, 10, 9 (low)").
TEN_LOW_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                 Rank.SEVEN)
RANK_ORDERS = {"A-10-K-Q-J-9": STANDARD_ORDER, "A-K-Q-J-10-9": TEN_LOW_ORDER}

_DECK_RANKS = {
    48: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
    80: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK),
    64: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN),
    # VARIANTS.md, six-handed: "three packs without nines, 120 cards".
    120: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK),
}
_DECK_COPIES = {48: 2, 80: 4, 64: 2, 120: 6}


def _build_deck(size: int, rank_order: str) -> Deck:
    present = set(_DECK_RANKS[size])
    ranks = [rank for rank in RANK_ORDERS[rank_order] if rank in present]
    return Deck(size, ranks, _DECK_COPIES[size])


# Every pack in every rank order, built once at import: decks are shared, immutable values.
_DECKS = {(size, order): _build_deck(size, order) for size in _DECK_RANKS for order in RANK_ORDERS}


def make_deck(size: int, rank_order: str = "A-10-K-Q-J-9") -> Deck:
    """The 48-, 80-, 64- or 120-card pack with ranks strongest first in the given order."""
    deck = _DECKS.get((size, rank_order))
    if deck is None:
        if size not in _DECK_RANKS:
            raise CardError(f"no {size}-card pack: choose {', '.join(map(str, _DECK_RANKS))}")
        raise CardError(f"unknown rank order {rank_order!r}")
    return deck
