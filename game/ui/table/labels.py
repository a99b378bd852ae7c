"""How the table names things: the player's side as "You", seat titles with their bot level, and
suit symbols in colours legible on the felt. Also :class:`DrawnTable`, the face of the table
scene that its drawing helpers may read."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.match.tablegame import TableGame
from game.rules.cards import Suit
from game.rules.seating import listed
from game.rules.view import PlayerView
from game.ui import theme
from game.ui.scene import AppContext
from game.ui.table.layout import Layout
from game.ui.table.model import TableModel


class DrawnTable(Protocol):
    """What the drawing helpers read from the table scene (they never need the scene itself)."""

    app: AppContext
    human: int
    layout: Layout
    view: PlayerView
    board: PlayerView  # what the score panel shows (held back at a hand's end)
    model: TableModel

    @property
    def match(self) -> TableGame:  # read only: a Match or a RemoteMatch
        ...

    def human_name(self, seat: int) -> str: ...

    def keep_clear(self) -> list[pygame.Rect]:
        """What a prompt or a label must never cover besides the cards (a coach's panel)."""
        ...

    @property
    def shows_levels(self) -> bool:
        """Seat labels name each bot's level ("North (medium)"): not beside a coach's panel,
        whose column a long label narrows (at six chairs "Northeast (medium)" left the first
        hand's coach 188 pixels of 1024)."""
        ...


def side_label(scene: DrawnTable, side: int) -> str:
    """A side's name as the table shows it everywhere: the player's own seat is "You"."""
    seating = scene.match.rules.seating
    # Seat by seat: replacing the player's name in the joined text made "Southwest" "Youwest".
    return listed(["You" if s == scene.human else seating.name(s) for s in seating.seats_of(side)])


def side_initials(scene: DrawnTable, side: int) -> str:
    """A side by its seats' short names ("You, NW & NE"), where its full name has no room."""
    seating = scene.match.rules.seating
    return listed(["You" if s == scene.human else seating.initial(s)
                   for s in seating.seats_of(side)])


def suit_text(suit: int, four: bool) -> tuple[str, tuple[int, int, int]]:
    symbol = Suit(suit).symbol
    colours = theme.SUIT_ON_FELT_4 if four else theme.SUIT_ON_FELT
    return symbol, colours[symbol]


def chair_title(scene: DrawnTable, seat: int) -> str:
    """A chair's label on the felt: its title, or that it sits out the hand on the board
    (VARIANTS.md, "Sitting out": dealt no cards; between hands, the next one's)."""
    if seat in scene.match.rules.seating.sitting_out(scene.board.dealer):
        name = "You" if seat == scene.human else scene.match.rules.seating.name(seat)
        return f"{name} (sitting out)"
    return seat_title(scene, seat)


def seat_title(scene: DrawnTable, seat: int) -> str:
    rules = scene.match.rules
    name = "You" if seat == scene.human else rules.seating.name(seat)
    level = scene.match.seats[seat]
    if level in ("human", "script") or not scene.shows_levels:
        return name
    return f"{name} ({level})"
