"""The hand history, from Statistics (issue 25, item 4): every saved and finished game kept,
then its scored hands, each opening the replay of that hand. The same hands are exported as
text, one position (pn1) per line, by ``pinochle history GAME``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.match.controller import Match
from game.rules.gamehands import game_hands
from game.store.saves import SavedGame
from game.ui import theme
from game.ui.menu import MenuScene
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, draw_text, elide

if TYPE_CHECKING:
    from game.ui.scene import AppContext

SHOWN = 7  # rows at once: games, or hands of a game


class HistoryTable(TableScene):
    """A finished hand laid on a table only for the replay to draw over: nothing is played,
    saved or counted, and it leaves with the replay."""

    def update(self, dt: float) -> None:
        if self.app.top is self:  # the replay has closed
            self.app.pop(self)


class HistoryScene(MenuScene):
    name = "hand history"
    title = "Hand history"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.games: list[tuple[str, SavedGame, bool]] = []
        for g in app.store.load_games():
            self.games.append((g.key, g, False))
        for path in app.store.archived():
            kept = app.store.load_archived(path)
            if kept is not None:
                self.games.append((path.stem, kept, True))
        self.game: tuple[str, SavedGame, bool] | None = None
        self.first = 0
        self.note = ""
        self._list_games()

    # -- the two lists -------------------------------------------------------------------
    def _list_games(self) -> None:
        self.game = None
        rows = []
        for name, saved, finished in self.games[self.first:self.first + SHOWN]:
            hands = len(saved.history or [])
            state = "finished" if finished else "in progress"
            label = f"{saved.rules().title.split(':')[0]}: {state}, {hands} hands"
            rows.append(Button(label, self._opener(name, saved, finished)))
        self.note = ("No game kept yet." if not self.games else
                     "Export as text: pinochle history (the command lists the games).")
        self._set(rows, "Done", lambda: self.app.pop(self))

    def _opener(self, name: str, saved: SavedGame, finished: bool) -> Callable[[], None]:
        return lambda: self._list_hands((name, saved, finished))

    def _list_hands(self, game: tuple[str, SavedGame, bool]) -> None:
        self.game = game
        name, saved, _ = game
        rules = saved.rules()
        hands = [h for h in game_hands(rules, saved.seed, saved.actions) if h.result]
        rows = []
        for h in hands[-SHOWN:]:
            assert h.result is not None
            scores = " / ".join(f"{s.score:+d}" for s in h.result.sides)
            rows.append(Button(f"Hand {h.hand_no + 1}: {scores}", self._replayer(saved,
                                                                                   h.hand_no)))
        self.note = f"Export: pinochle history {name}"
        self._set(rows, "Back", self._list_games)

    def _replayer(self, saved: SavedGame, hand_no: int) -> Callable[[], None]:
        return lambda: self.replay(saved, hand_no)

    def _set(self, rows: list[Button], back: str, on_back: Callable[[], None]) -> None:
        self.buttons = [*rows, Button(back, on_back, primary=True, hotkey=pygame.K_ESCAPE)]
        self.resize(self.app.size)

    def replay(self, saved: SavedGame, hand_no: int) -> None:
        """The hand's replay, over a table holding the game as it stood at that hand's end."""
        rules = saved.rules()
        hand = game_hands(rules, saved.seed, saved.actions)[hand_no]
        end = hand.first + len(hand.moves)
        seats = tuple(s if s == "human" else "medium" for s in saved.seats)
        if "human" not in seats:
            seats = ("human", *seats[1:])
        match = Match(rules, saved.seed, seats, list(saved.actions[:end]))
        table = HistoryTable(self.app, match, None)  # a replay: nothing saved or counted
        table.human = seats.index("human")
        self.app.push(table)
        self.app.open(Route.REPLAY, table=table, hand_no=hand_no)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        if self.note:
            size = max(12, round(15 * s))
            draw_text(surface, elide(self.note, size, self.rect.width - round(40 * s)),
                      (self.rect.centerx, self.rect.top + round(66 * s)), size, theme.INK_DIM,
                      anchor="midtop")
