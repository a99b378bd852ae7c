"""The end of a game: who won and why, the final scores, and the way on (the score sheet
first: a new game deals over the finished one at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.match.session import Session
from game.rules.events import GameWon
from game.ui import theme
from game.ui.overlay import Display
from game.ui.scene import Route
from game.ui.table.faces import PromptTable
from game.ui.table.hud import side_label
from game.ui.table.start import start_game
from game.ui.widgets import Button, draw_text, panel, shade

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class FinishedTable(PromptTable, Protocol):
    """The table as the game's end sees it: a prompt's view of it, and its game's session,
    whose table a new game is dealt at."""

    session: Session


class GameOverScene(Display):
    name = "game over"

    def __init__(self, app: AppContext, table: FinishedTable, won: GameWon) -> None:
        super().__init__(app, table)
        self.finished = table
        self.won = won
        # Enter and Space read the score sheet: a new game deals over the finished one at
        # once, so it takes a click of its own.
        self.cont.label = "Score sheet"
        self.cont.on_click = lambda: self.app.open(Route.SCORES, table=table)
        self.buttons += [Button("New game", self.new_game, destructive=True),
                         Button("Title screen", self.to_title)]

    def reason(self) -> str:
        """The engine's reason, with the side it begins with named as the table names it
        ("You, Northwest & Northeast reached 750", not "South, Northwest & Northeast")."""
        text = self.won.reason
        seating = self.table.match.rules.seating
        sides = {seating.side_of(seat) for seat in seating.seats}
        # the longest name first: "South" alone is the start of "South, Northwest & ..."
        for side in sorted(sides, key=lambda x: -len(seating.side_name(x))):
            name = seating.side_name(side)
            if text.startswith(name + " "):
                return side_label(self.table, side) + text[len(name):]
        return text

    def new_game(self) -> None:
        """Another game at the table just played, whoever chose it."""
        start_game(self.app, self.finished.session.chosen, new_seed=True)

    def to_title(self) -> None:
        self.app.go(Route.TITLE)

    def on_auto(self) -> None:
        self.app.quit()  # demo mode ends with the game

    def frame(self) -> pygame.Rect:
        lay = self.layout
        lines = len(self.won.totals) + len(self.tally_lines())
        rect = pygame.Rect(0, 0, round(720 * lay.s),
                           round((170 + 28 * lines) * lay.s) + self.button_room())
        rect.center = (lay.size[0] // 2, lay.size[1] // 2 - round(10 * lay.s))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 140)
        lay = self.layout
        s = lay.s
        rules = self.table.match.rules
        rect = self.frame()
        panel(surface, rect)
        mine = rules.side_of(self.table.human) == self.won.side
        verb = "win" if rules.partnerships else "wins"
        title = ("You win the game!" if mine else
                 f"{side_label(self.table, self.won.side)} {verb} the game")
        draw_text(surface, title, (rect.centerx, rect.top + round(22 * s)),
                  round(lay.font_big * 1.3), theme.GOLD, bold=True, anchor="midtop")
        draw_text(surface, self.reason(), (rect.centerx, rect.top + round(84 * s)), lay.font,
                  theme.INK, anchor="midtop")
        y = rect.top + round(130 * s)
        tallies = self.table.view.tallies
        word = "stars" if rules.scoring.stars else "checks"
        for side, score in enumerate(self.won.totals):
            held = f", {tallies[side]} {word}" if tallies else ""
            draw_text(surface, f"{side_label(self.table, side)}: {score} points{held}",
                      (rect.centerx, y), lay.font, theme.INK, anchor="midtop")
            y += round(28 * s)
        for line in self.tally_lines():
            draw_text(surface, line, (rect.centerx, y), lay.font, theme.GOLD, bold=True,
                      anchor="midtop")
            y += round(28 * s)
        self.draw_buttons(surface)

    def tally_lines(self) -> list[str]:
        """What the stars (002) or checks (003) come to, from the engine's totals: each side
        is paid its own by every other side and pays theirs (002: "Stars are counted at the
        end of the game and represent a denomination of money"; 003: "each check you gain
        means that the other 2 players owe you a dollar")."""
        tallies = self.table.view.tallies
        if not tallies:
            return []
        word = "stars" if self.table.match.rules.scoring.stars else "checks"
        nets = [len(tallies) * t - sum(tallies) for t in tallies]
        if len(nets) == 2:
            if nets[0] == 0:
                return [f"The {word} are even: nobody pays."]
            payer = 0 if nets[0] < 0 else 1
            owed = nets[1 - payer]
            return [f"{side_label(self.table, payer)} pay {side_label(self.table, 1 - payer)} "
                    f"{owed} {word if owed != 1 else word[:-1]}, at the stake agreed."]
        paid = ", ".join(f"{side_label(self.table, i)} {net:+d}" for i, net in enumerate(nets))
        return [f"{word.title()} paid and received, at the stake agreed: {paid}"]
