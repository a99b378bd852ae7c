"""Title (resume any table's saved game), new-game set-up and the in-game menu."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.errors import RulesError
from game.store.saves import SavedGame
from game.ui import assets, theme
from game.ui.menu import MenuScene
from game.ui.progress import progress_text
from game.ui.scene import Route
from game.ui.table.start import resume_game
from game.ui.widgets import Button, draw_text, draw_wrapped, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.labels import DrawnTable


class TitleScene(MenuScene):
    name = "title"
    title = "Pinochle"
    MAX_RESUMES = 3  # rows for saved games; with more, the last row opens the whole list

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        # One saved game per table, newest first: any of them can be resumed, the newest
        # from here and every one from the list of saved games.
        self.all_games = app.store.load_games()
        shown = self.MAX_RESUMES if len(self.all_games) <= self.MAX_RESUMES else \
            self.MAX_RESUMES - 1
        self.games = self.all_games[:shown]
        self.error = ""
        for i, saved in enumerate(self.games):
            self.buttons.append(Button(resume_label(saved),
                                       partial(self.resume_saved, saved), primary=i == 0,
                                       hotkey=pygame.K_r if i == 0 else None))
        if len(self.all_games) > len(self.games):
            self.buttons.append(Button(f"All {len(self.all_games)} saved games…",
                                       lambda: app.open(Route.SAVED)))
        self.buttons += [
            Button("New game", lambda: app.open(Route.SETUP), primary=not self.games,
                   hotkey=pygame.K_n),
            Button("Tutorial", self.tutorial, hotkey=pygame.K_t),
            Button("Settings", lambda: app.open(Route.SETTINGS)),
            Button("Statistics", lambda: app.open(Route.STATISTICS)),
            Button("Help", lambda: app.open(Route.HELP)),
            Button("Quit", app.quit, hotkey=pygame.K_q),
        ]

    offered_looks = False

    def update(self, dt: float) -> None:
        """On the first run, the cards' looks are offered before anything else (four-colour
        suits, card size, large indices, the theme)."""
        super().update(dt)
        if self.app.first_run and not self.app.settings.looks_chosen and \
                not self.offered_looks and \
                self.app.top is self:
            self.offered_looks = True
            self.app.open(Route.SETTINGS, first_run=True)

    @property
    def saved(self) -> SavedGame | None:
        """The newest saved game."""
        return self.games[0] if self.games else None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        widen_for_labels(self, size, round(90 * theme.scale_for(size)))

    def resume_game(self) -> None:
        if self.saved is not None:
            self.resume_saved(self.saved)

    def resume_saved(self, saved: SavedGame) -> None:
        self.error = resume_game(self.app, saved) or ""

    def tutorial(self) -> None:
        self.app.open(Route.LESSONS)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        four = self.app.settings.four_colour
        w = round(70 * s)
        for i, code in enumerate(("AS", "TS", "KS", "QS", "JD")):
            img = pygame.transform.rotate(assets.card_image(code, w, four), 24 - i * 12)
            surface.blit(img, img.get_rect(center=(self.rect.centerx - round(110 * s)
                                                   + i * round(55 * s),
                                                   self.rect.top - round(60 * s))))
        lines = [m for m in [*self.app.store.notices(), self.error] if m]
        draw_notices(surface, lines, self.rect.bottom + round(14 * s), s)


def draw_notices(surface: pygame.Surface, lines: list[str], top: int, s: float) -> None:
    """The title's reports (bad files, a refused resume), wrapped, as many as the window has
    room for: the first ones, "... and N more.", and always the last one (where set-aside files
    went, or the latest error)."""
    size, gap = max(12, round(15 * s)), round(6 * s)
    width = surface.get_width() - round(80 * s)
    step = round(size * 1.25)
    heights = [len(wrap(line, size, width)) * step + gap for line in lines]
    room = surface.get_height() - round(8 * s) - top
    keep, dropped = list(range(len(lines))), 0
    while len(keep) > 1 and sum(heights[i] for i in keep) + (step + gap) * bool(dropped) > room:
        keep.pop(-2)  # from just before the last
        dropped += 1
    y, left = top, round(40 * s)
    for i in keep:
        if dropped and i == keep[-1]:
            draw_text(surface, f"... and {dropped} more.", (left, y), size, theme.RED)
            y += step + gap
        y += draw_wrapped(surface, lines[i], pygame.Rect(left, y, width, heights[i]), size,
                          theme.RED) + gap


def resume_label(saved: SavedGame) -> str:
    try:
        title = saved.rules().title.split(":")[0]
    except RulesError:
        title = saved.key
    return f"Resume {title} ({progress_text(saved)})"


def widen_for_labels(menu: MenuScene, size: tuple[int, int], least: int) -> None:
    """Wider than the other menus, by ``least`` or as much as its longest label needs (a
    resume button names its table and its score), within the window."""
    s = theme.scale_for(size)
    pad = round(40 * s)
    need = max((assets.font(b.font_size, True).size(b.label)[0] + pad - b.rect.width
                for b in menu.buttons), default=0)
    extra = min(max(least, need), size[0] - round(80 * s) - menu.rect.width)
    for b in menu.buttons:
        b.rect.inflate_ip(extra, 0)
    menu.rect.inflate_ip(extra, 0)


class SavedGamesScene(MenuScene):
    """Every saved game, one per table, newest first, a page at a time: the title screen
    has room for the newest few only."""

    name = "saved games"
    title = "Saved games"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.games = app.store.load_games()
        self.page = 0
        self.error = ""
        self.refresh()

    def per_page(self) -> int:
        """As many rows as the window holds below the title, with the page buttons."""
        s = theme.scale_for(self.app.size)
        rows = (self.app.size[1] * 0.70 - round(30 * s)) // round(56 * s)
        return max(1, int(rows) - 2)

    def refresh(self) -> None:
        n = self.per_page()
        pages = max(1, -(-len(self.games) // n))
        self.page = min(self.page, pages - 1)
        first = self.page * n
        self.buttons = [Button(resume_label(g), partial(self.resume_saved, g))
                        for g in self.games[first:first + n]]
        if pages > 1:
            self.buttons.append(Button(
                f"Page {self.page + 1} of {pages}: next ▶", self.next_page,
                hotkey=pygame.K_PAGEDOWN))
        self.buttons.append(Button("Back", lambda: self.app.pop(self), hotkey=pygame.K_ESCAPE))
        self.resize(self.app.size)

    def next_page(self) -> None:
        n = self.per_page()
        self.page = (self.page + 1) % max(1, -(-len(self.games) // n))
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        widen_for_labels(self, size, round(90 * theme.scale_for(size)))

    def resume_saved(self, saved: SavedGame) -> None:
        # Not ``resume``: that is the scene's own "the scene above was popped", called with
        # no argument.
        self.error = resume_game(self.app, saved) or ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.error:
            s = theme.scale_for(surface.get_size())
            draw_wrapped(surface, self.error, pygame.Rect(
                round(40 * s), self.rect.bottom + round(14 * s),
                surface.get_width() - round(80 * s), round(60 * s)),
                max(12, round(15 * s)), theme.RED)


class PauseScene(MenuScene):
    name = "menu"
    title = "Menu"
    opaque = False

    def __init__(self, app: AppContext, table: DrawnTable) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = [
            Button("Resume", lambda: app.pop(self), primary=True, hotkey=pygame.K_ESCAPE),
            Button("Settings", lambda: app.open(Route.SETTINGS)),
            Button("Rules of this table", lambda: app.open(Route.RULES, rules=table.match.rules)),
            Button("Help", lambda: app.open(Route.HELP)),
            Button("New game", lambda: app.go(Route.SETUP)),
            Button("Title screen (game is saved)", lambda: app.go(Route.TITLE)),
            Button("Quit", app.quit),
        ]

    @property
    def busy(self) -> bool:
        return False

