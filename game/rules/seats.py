"""Seats around the table and who plays with whom."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """Seat numbers in clockwise order; seat 0 is the human's chair at the table (south)."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    def partner(self) -> Seat:
        """The seat across the table (four-handed partnership games only)."""
        return Seat((self + 2) % 4)

    def team(self, players: int) -> int:
        """Side index: partners share one in four-handed games; otherwise each seat is a side."""
        return self % 2 if players == 4 else int(self)


SEAT_NAMES_BY_PLAYERS = {
    4: ("South", "West", "North", "East"),
    3: ("South", "West", "East"),
    2: ("South", "North"),
}


def seat_name(seat: int, players: int) -> str:
    return SEAT_NAMES_BY_PLAYERS[players][seat]
