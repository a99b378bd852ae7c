"""A table on paper: what the after-hand pages (the replay's moments, Retry, Play it out) read of
a table, for a page opened away from the table, from Statistics' practice: the game's rules
and seating, the seat the player sat in, a layout for the window, the app's settings. Nothing
on it moves: it keeps no clear space, and its model holds no card."""

from __future__ import annotations

import pygame

from game.match.controller import Match
from game.rules.view import PlayerView
from game.ui.anim import Timeline
from game.ui.scene import AppContext
from game.ui.table.layout import Layout, hand_size
from game.ui.table.model import TableModel


class PaperTable:
    """A :class:`game.ui.table.labels.DrawnTable` for a game replayed from its record."""

    def __init__(self, app: AppContext, match: Match, human: int) -> None:
        self.app = app
        self.match = match
        self.human = human
        self.layout = self._layout(app.size)
        self.view: PlayerView = match.view(human)
        self.board: PlayerView = self.view
        self.model = TableModel(match.rules, human, self.layout, Timeline())

    def _layout(self, size: tuple[int, int]) -> Layout:
        rules = self.match.rules
        return Layout(size, rules.seating, hand_size(rules), auction=not rules.stock.enabled,
                      card_scale=self.app.settings.card_size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size)
        self.model.layout = self.layout

    def human_name(self, seat: int) -> str:
        return "You" if seat == self.human else self.match.rules.seating.name(seat)

    def keep_clear(self) -> list[pygame.Rect]:
        return []

    @property
    def shows_levels(self) -> bool:
        return True
