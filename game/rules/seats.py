"""Seat names by table size, for code that knows only how many play (the seating model,
:mod:`game.rules.seating`, has the rest: sides, partners, the order of play)."""

from __future__ import annotations

from game.rules.seating import SEAT_NAMES

SEAT_NAMES_BY_PLAYERS = SEAT_NAMES


def seat_name(seat: int, players: int) -> str:
    return SEAT_NAMES[players][seat]
