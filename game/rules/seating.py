"""Who sits where and who plays with whom: the one seating model for every table shape.

A table's shape is declared once, in the rule file's ``[table]``: how many players (two to six)
and how they make sides (:data:`SideRule`): each for self, partnerships of two or of three, or a
partner found each hand by a card (003's five-handed table as VARIANTS.md decides it). A
:class:`Seating` is that shape as a value, with the direction of play. Seat 0 is the human's
chair (south); the other seats are numbered on round the table clockwise. Partners sit
alternately, as at every partnership table: with two sides of two, seats 0 and 2 play 1 and 3;
with two sides of three at six, seats 0, 2 and 4 play 1, 3 and 5, "so that each player has an
opponent on each side". Everything else in the game asks this model; nothing recomputes a
partner or a side with seat arithmetic.

At a three-handed table four or five people may sit down (VARIANTS.md, "Sitting out"): the
seating then has more chairs than hands dealt, and who sits out depends on the dealer
(:meth:`Seating.sitting_out`); the hand's turns go round the chairs dealt
(:meth:`Seating.next_in_hand`).

Who plays with whom *in one hand* is a :class:`Sides` (:meth:`Seating.in_hand`): the table's
fixed sides, or, where the bidder's partner is found by a card, the bidder and its partners
against everyone else once the card has found them.

>>> s = seating_for(4, 2)
>>> s.partners(1), s.side_of(3), s.seats_of(0), s.name(2)
((3,), 1, (0, 2), 'North')
>>> seating_for(3, 3).partners(1)
()
>>> seating_of(6, "threes").partners(1), seating_of(6, "threes").side_name(0)
((3, 5), 'South, Northwest & Northeast')
>>> five = seating_of(5, "partner-by-card")
>>> five.n_sides, five.in_hand(1, (3,), found=True).seats_of(0)
(5, (1, 3))
>>> seating_of(5, "each-for-self", dealt=3).sitting_out(4)
(4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

# Chairs named for where they sit, clockwise from the human's (south). Tables of five and six
# (document 003: "Variants of pinochle can be played by two, three, four, five or six players")
# name the chairs between the compass points.
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "Northwest", "Northeast", "East"),
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
}
MIN_PLAYERS = min(SEAT_NAMES)
MAX_PLAYERS = max(SEAT_NAMES)

# How a table makes its sides, as a rule file writes it (``table.sides``).
SideRule = Literal["each-for-self", "pairs", "threes", "partner-by-card"]
SIDE_RULES: tuple[SideRule, ...] = get_args(SideRule)
# Seats per fixed side; a partner found by a card makes no fixed side (each scores alone).
_SIDE_SIZE: dict[SideRule, int] = {"each-for-self": 1, "pairs": 2, "threes": 3,
                                   "partner-by-card": 1}
# The fewest players each rule makes sense for: a partner found by a card leaves at least two
# players to defend (VARIANTS.md, five-handed: "the bidder plays alone against four").
_FEWEST: dict[SideRule, int] = {"each-for-self": MIN_PLAYERS, "pairs": 4, "threes": 6,
                                "partner-by-card": 4}


def shape_error(players: int, rule: SideRule) -> str:
    """Why ``players`` cannot sit as ``rule`` says, in a sentence; "" when they can."""
    if players not in SEAT_NAMES:
        return f"no table for {players} players ({MIN_PLAYERS} to {MAX_PLAYERS})"
    size = _SIDE_SIZE[rule]
    if players < _FEWEST[rule] or players % size:
        fits = [n for n in sorted(SEAT_NAMES) if n >= _FEWEST[rule] and n % size == 0]
        return (f"{players} players cannot sit as {rule!r} (it seats "
                f"{', '.join(map(str, fits))})")
    return ""


# Bicycle, *Auction Pinochle*, as VARIANTS.md quotes it ("Sitting out"): who receives no cards
# when four or five sit down at a three-handed table. The rules screen prints it.
SITTING_OUT_RULE = ("If there are four players, the dealer receives no cards; if five people "
                    "play, the dealer and the player second from his left receive no cards.")


class SeatingError(ValueError):
    """A table shape no seating exists for."""


@dataclass(frozen=True)
class Sides:
    """Who plays with whom in one hand: the side each seat plays for, numbered from 0.

    At a table of fixed sides these are the table's own; where the bidder's partner is found
    by a card they are made anew each hand, the bidding side (0) against the rest (1), once the
    card has been found (:meth:`Seating.in_hand`). Trick points, the minimum meld, saving meld
    and the bots' searches count by these sides."""

    team: tuple[int, ...]

    @property
    def count(self) -> int:
        """How many sides play this hand."""
        return max(self.team) + 1

    @property
    def seats(self) -> range:
        return range(len(self.team))

    def side_of(self, seat: int) -> int:
        return self.team[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side, in seat order."""
        return tuple(s for s, t in enumerate(self.team) if t == side)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s side this hand (none for a seat playing alone)."""
        side = self.team[seat]
        return tuple(s for s, t in enumerate(self.team) if t == side and s != seat)

    def same_side(self, a: int, b: int) -> bool:
        return self.team[a] == self.team[b]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat not on ``seat``'s side, in seat order."""
        side = self.team[seat]
        return tuple(s for s, t in enumerate(self.team) if t != side)


@cache
def _sides(team: tuple[int, ...]) -> Sides:
    return Sides(team)


@dataclass(frozen=True)
class Seating:
    """The seats of one table shape, its sides, partners, names and order of play.

    ``n_sides`` is the number of fixed sides, which is also the number of columns of the score
    sheet; ``by_card`` marks a table where each player scores alone but the bidder's partner for
    the hand is found by a card. ``dealt`` is how many chairs are dealt each hand (0: all of
    them); fewer than ``players`` where people sit out in turn (:meth:`sitting_out`)."""

    players: int
    n_sides: int
    clockwise: bool = True
    by_card: bool = False
    dealt: int = 0

    def __post_init__(self) -> None:
        if self.players not in SEAT_NAMES:
            raise SeatingError(f"no table for {self.players} players "
                               f"({MIN_PLAYERS} to {MAX_PLAYERS})")
        if self.n_sides < 2 or self.players % self.n_sides:
            raise SeatingError(f"{self.players} players cannot sit as {self.n_sides} equal sides")
        if self.by_card and self.n_sides != self.players:
            raise SeatingError("where a card finds the partner, each player scores alone")
        if self.dealt and (self.n_sides != self.players or self.dealt != 3
                           or self.players - self.dealt not in (1, 2)):
            raise SeatingError(f"{self.players} chairs cannot sit out to {self.dealt} hands: "
                               "four or five sit at a three-handed table, each for self")

    @property
    def rule(self) -> SideRule:
        """How this table makes its sides, as a rule file writes it."""
        if self.by_card:
            return "partner-by-card"
        size = self.side_size
        return "each-for-self" if size == 1 else "pairs" if size == 2 else "threes"

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def partnerships(self) -> bool:
        """Whether seats play in fixed sides of more than one (a partner's cards help, and the
        score sheet has a column per side)."""
        return self.n_sides < self.players

    @property
    def side_size(self) -> int:
        return self.players // self.n_sides

    def side_of(self, seat: int) -> int:
        """The fixed side a seat plays for (its score column); sides alternate round the table."""
        return seat % self.n_sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one fixed side, in seat order."""
        return tuple(range(side, self.players, self.n_sides))

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s fixed side (none where each scores alone: ask
        :meth:`in_hand` for a partner found by a card)."""
        return tuple(s for s in self.seats_of(self.side_of(seat)) if s != seat)

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of(a) == self.side_of(b)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat not on ``seat``'s fixed side, in seat order."""
        side = self.side_of(seat)
        return tuple(s for s in self.seats if self.side_of(s) != side)

    @property
    def sides(self) -> Sides:
        """The fixed sides as a :class:`Sides` (each seat alone where each scores alone)."""
        return _sides(tuple(self.side_of(s) for s in self.seats))

    def in_hand(self, bidder: int = -1, partners: tuple[int, ...] = (),
                found: bool = False) -> Sides:
        """Who plays with whom in a hand: the fixed sides; where a card finds the bidder's
        partner, once it has (``found``), the bidder and ``partners`` (none: alone) against the
        others, who defend together."""
        if not self.by_card or not found or bidder < 0:
            return self.sides
        ours = (bidder, *partners)
        return _sides(tuple(0 if s in ours else 1 for s in self.seats))

    def next(self, seat: int) -> int:
        """The seat that plays after ``seat`` (each turn passes to the player on the left when
        play runs clockwise)."""
        step = 1 if self.clockwise else -1
        return (seat + step) % self.players

    def previous(self, seat: int) -> int:
        """The seat that plays just before ``seat``."""
        step = -1 if self.clockwise else 1
        return (seat + step) % self.players

    @property
    def hand_players(self) -> int:
        """How many chairs are dealt each hand."""
        return self.dealt or self.players

    @property
    def sits_out(self) -> bool:
        """Whether some chairs sit out each hand (more people seated than hands dealt)."""
        return self.hand_players < self.players

    def sitting_out(self, dealer: int) -> tuple[int, ...]:
        """The chairs dealt no cards when ``dealer`` deals (VARIANTS.md, Bicycle: "If there
        are four players, the dealer receives no cards; if five people play, the dealer and
        the player second from his left receive no cards"). Seats are numbered clockwise, so
        the dealer's left is the next chair round, whatever the direction of play."""
        out = self.players - self.hand_players
        if out == 0:
            return ()
        if out == 1:
            return (dealer,)
        return (dealer, self.around_from(dealer)[2])

    def dealt_from(self, dealer: int) -> tuple[int, ...]:
        """The chairs dealt a hand when ``dealer`` deals, in the order of play from the
        dealer's next (every chair, the dealer last, where nobody sits out)."""
        out = self.sitting_out(dealer)
        return tuple(s for s in self.order_from(self.next(dealer)) if s not in out)

    def next_in_hand(self, seat: int, dealer: int) -> int:
        """The chair that plays after ``seat`` in the hand ``dealer`` dealt: the next one
        round that holds a hand (:meth:`next` where nobody sits out)."""
        out = self.sitting_out(dealer)
        seat = self.next(seat)
        while seat in out:
            seat = self.next(seat)
        return seat

    def hand_dealer(self, dealer: int) -> int:
        """The chair that plays the dealer's part in the hand (is stuck when everyone else
        passes; speaks last where play goes clockwise): the dealer, or, when the dealer sits
        out, the first chair on the dealer's right dealt a hand (this table's decision:
        Bicycle's sentence gives the dealer no cards and says nothing of the dealer's part)."""
        out = self.sitting_out(dealer)
        if dealer not in out:
            return dealer
        return next(s for s in reversed(self.around_from(dealer)) if s not in out)

    def wrapped(self, seat: int) -> int:
        """A seat number written for any table (a lesson's dealer 3), counted on round this
        one: seat 3 of a three-handed table is the human's again."""
        return seat % self.players

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, in the order of play, starting with ``seat``."""
        out = [seat]
        while len(out) < self.players:
            out.append(self.next(out[-1]))
        return tuple(out)

    def around_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, clockwise round the table from ``seat`` (where they sit, whatever
        the direction of play: how a screen lays out the chairs)."""
        return tuple((seat + i) % self.players for i in range(self.players))

    def teams_against(self, declarer: int, sides: Sides | None = None) -> tuple[int, ...]:
        """A team number per seat for playing out a contract: the hand's sides where seats
        play in sides (``sides``, else the fixed ones); where each plays alone, the declarer
        (team 0) against the others together, who all gain by setting it (team 1)."""
        sides = sides or self.sides
        if sides.count < self.players:
            return sides.team
        return tuple(0 if s == declarer else 1 for s in self.seats)

    def name(self, seat: int) -> str:
        return SEAT_NAMES[self.players][seat]

    def names(self, seats: tuple[int, ...]) -> str:
        """``South & North``; ``South, Northwest & Northeast``; a seat's own name alone."""
        return listed([self.name(s) for s in seats])

    def side_name(self, side: int) -> str:
        """The seats of a fixed side by name (seats in seat order), a seat's name alone."""
        return self.names(self.seats_of(side))

    def seat_of_name(self, name: str) -> int:
        """The seat called ``name`` (case-insensitive; initials of the compass names too)."""
        key = name.strip().lower()
        for seat, full in enumerate(SEAT_NAMES[self.players]):
            if key in (full.lower(), self.initial(seat).lower()):
                return seat
        raise SeatingError(f"no seat {name!r} at a table of {self.players} "
                           f"({', '.join(SEAT_NAMES[self.players])})")

    def initial(self, seat: int) -> str:
        """A short name: S W N E, and SW NW NE SE for the chairs between."""
        return "".join(w[0].upper() for w in _split_compass(self.name(seat)))


def listed(words: list[str]) -> str:
    """Names joined as a side is written: ``A``, ``A & B``, ``A, B & C``."""
    if len(words) <= 2:
        return " & ".join(words)
    return ", ".join(words[:-1]) + " & " + words[-1]


def _split_compass(name: str) -> list[str]:
    for a in ("South", "North"):
        if name.startswith(a) and name != a:
            return [a, name[len(a):]]
    return [name]


@cache
def seating_for(players: int, n_sides: int, clockwise: bool = True, by_card: bool = False,
                dealt: int = 0) -> Seating:
    """The shared seating of a table shape (seatings are values: one per shape is enough)."""
    return Seating(players, n_sides, clockwise, by_card, dealt)


def seating_of(players: int, rule: SideRule, clockwise: bool = True, dealt: int = 0
               ) -> Seating:
    """The seating a rule file declares: ``players`` sitting as ``rule`` says, ``dealt`` of
    them dealt each hand (0: all)."""
    error = shape_error(players, rule)
    if error:
        raise SeatingError(error)
    return seating_for(players, players // _SIDE_SIZE[rule], clockwise,
                       rule == "partner-by-card", 0 if dealt == players else dealt)
