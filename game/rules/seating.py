"""Who sits where and who plays with whom: the one seating model for every table shape.

A :class:`Seating` is a value built from the number of players, the number of sides and the
direction of play. Seat 0 is the human's chair (south); the other seats are numbered on round
the table clockwise. Partners sit alternately, as at every partnership table: with two sides of
two, seats 0 and 2 play 1 and 3; with three sides of two at six players, each seat's partner
sits opposite. Everything else in the game asks this model; nothing recomputes a partner or a
side with seat arithmetic.

>>> s = seating_for(4, 2)
>>> s.partner(1), s.side_of(3), s.seats_of(0), s.name(2)
(3, 1, (0, 2), 'North')
>>> seating_for(3, 3).partner(1)
-1
>>> seating_for(6, 3).partner(1), seating_for(6, 3).side_name(2)
(4, 'Northwest & Southeast')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

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
MAX_PLAYERS = max(SEAT_NAMES)


class SeatingError(ValueError):
    """A table shape no seating exists for."""


@dataclass(frozen=True)
class Seating:
    """The seats of one table shape, its sides, partners, names and order of play."""

    players: int
    n_sides: int
    clockwise: bool = True

    def __post_init__(self) -> None:
        if self.players not in SEAT_NAMES:
            raise SeatingError(f"no table for {self.players} players (2 to {MAX_PLAYERS})")
        if self.n_sides < 2 or self.players % self.n_sides:
            raise SeatingError(f"{self.players} players cannot sit as {self.n_sides} equal sides")

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def partnerships(self) -> bool:
        """Whether seats play in sides of more than one (a partner's cards help)."""
        return self.n_sides < self.players

    @property
    def side_size(self) -> int:
        return self.players // self.n_sides

    def side_of(self, seat: int) -> int:
        """The side a seat plays for; sides alternate round the table."""
        return seat % self.n_sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side, in seat order."""
        return tuple(range(side, self.players, self.n_sides))

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s side (none at a table where each plays alone)."""
        return tuple(s for s in self.seats_of(self.side_of(seat)) if s != seat)

    def partner(self, seat: int) -> int:
        """The one partner at a table of sides of two; -1 where each seat plays alone."""
        mates = self.partners(seat)
        if not mates:
            return -1
        if len(mates) > 1:
            raise SeatingError(f"seat {seat} has {len(mates)} partners; ask partners()")
        return mates[0]

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of(a) == self.side_of(b)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat not on ``seat``'s side, in seat order."""
        side = self.side_of(seat)
        return tuple(s for s in self.seats if self.side_of(s) != side)

    def next(self, seat: int) -> int:
        """The seat that plays after ``seat`` (each turn passes to the player on the left when
        play runs clockwise)."""
        step = 1 if self.clockwise else -1
        return (seat + step) % self.players

    def previous(self, seat: int) -> int:
        """The seat that plays just before ``seat``."""
        step = -1 if self.clockwise else 1
        return (seat + step) % self.players

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

    def teams_against(self, declarer: int) -> tuple[int, ...]:
        """A team number per seat for playing out a contract: the sides at a partnership
        table; where each plays alone, the declarer (team 0) against the others together, who
        all gain by setting it (team 1)."""
        if self.partnerships:
            return tuple(self.side_of(s) for s in self.seats)
        return tuple(0 if s == declarer else 1 for s in self.seats)

    def name(self, seat: int) -> str:
        return SEAT_NAMES[self.players][seat]

    def side_name(self, side: int) -> str:
        """``North & South`` for a side of two (seats in seat order), a seat's name otherwise."""
        return " & ".join(self.name(s) for s in self.seats_of(side))

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
        return "".join(w[0] for w in _split_compass(self.name(seat)))


def _split_compass(name: str) -> list[str]:
    for a in ("South", "North"):
        if name.startswith(a) and name != a:
            return [a, name[len(a):]]
    return [name]


def standard_sides(players: int) -> int:
    """How many sides a table of ``players`` plays in when the rules name none: two sides of two
    at four ("2 teams of 2 players, seated opposite from your partner", 003), otherwise each
    player for himself ("Each player plays for himself", 003, three-handed)."""
    return 2 if players == 4 else players


@cache
def seating_for(players: int, n_sides: int, clockwise: bool = True) -> Seating:
    """The shared seating of a table shape (seatings are values: one per shape is enough)."""
    return Seating(players, n_sides, clockwise)
