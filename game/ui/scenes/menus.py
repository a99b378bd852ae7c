"""Title (resume any table's saved game), new-game set-up and the in-game menu."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.bots.registry import TABLE_LEVELS as LEVELS
from game.rules.errors import RulesError
from game.rules.explain import rank_order_note, sitting_out_note
from game.rules.ruleset import RuleSet
from game.store.content import load_ruleset, preset_names, ruleset_from_text
from game.store.saves import SavedGame
from game.store.settings import BOT_SEATS, SEATED
from game.store.tables import TableChoice
from game.ui import assets, theme
from game.ui.menu import MenuScene
from game.ui.scene import Route
from game.ui.table.house import (
    HouseOption,
    house_text,
    offered,
    seated_label,
    seating_offered,
    setup_table,
)
from game.ui.table.start import game_in_progress, resume_game, start_game
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


class SetupScene(MenuScene):
    name = "setup"
    title = "New game"
    opaque = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.error = ""
        self.description = ""
        self.desc_h = 0
        self.refresh()

    def refresh(self) -> None:
        app, settings = self.app, self.app.settings
        self.buttons = []
        for name in preset_names():
            self.buttons.append(Button(load_ruleset(name).title.split(":")[0],
                                       partial(self.pick, name),
                                       selected=settings.variant == name))
        rules = load_ruleset(settings.variant) if settings.variant in preset_names() else None
        # A house file's table is read when the game starts: until then, the first preset's.
        # A preset's chairs are those of its house options (four or five at a three-handed
        # table).
        seating = (setup_table(settings).rules if rules is not None
                   else load_ruleset(preset_names()[0])).seating
        levels = settings.bot_levels(seating.players - 1)
        for i, seat in enumerate(seating.seats[1:]):
            self.buttons.append(Button(f"{seating.name(seat)}: {levels[i]}",
                                       partial(self.cycle_level, i)))
        practice = "on" if settings.practice else "off"
        self.buttons.append(Button(f"Practice (undo and hints): {practice}",
                                   self.toggle_practice))
        challenge = "on" if settings.challenge else "off"
        self.buttons.append(Button(f"Duplicate challenge: {challenge}", self.toggle_challenge,
                                   tooltip="Each deal is also played by the expert in your "
                                   "seat, with your cards and opponents: both scores are "
                                   "shown after the hand"))
        self.description = self._description(rules)
        if rules is not None and seating_offered(rules):
            self.buttons.append(Button(seated_label(settings.seated), self.cycle_seated,
                                       selected=bool(settings.seated),
                                       tooltip="More people than hands: each hand the dealer "
                                       "sits out, and at five the player second from the "
                                       "dealer's left too"))
        for option in offered(rules) if rules is not None else ():
            on = bool(getattr(settings, option.key))
            # highlighted when it changes the preset's rules
            changes = rules is not None and bool(option.lines(rules, on))
            self.buttons.append(Button(option.on if on else option.off,
                                       partial(self.toggle, option), selected=changes,
                                       tooltip=option.tooltip))
        self.buttons.append(Button("Host on this network", lambda: app.open(Route.HOST),
                                   tooltip="Open this table to the others on your home "
                                   "network: people take seats, bots fill the rest"))
        self.buttons.append(Button("Join a table", lambda: app.open(Route.JOIN),
                                   tooltip="Sit down at a table someone hosts on this network"))
        self.buttons.append(Button("Start", self.start, primary=True, hotkey=pygame.K_RETURN))
        self.buttons.append(Button("Back", lambda: app.pop(self), hotkey=pygame.K_ESCAPE))
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        h, gap = round(36 * s), round(8 * s)
        width = round(420 * s)
        left_x = size[0] // 2 - width - round(20 * s)
        right_x = size[0] // 2 + round(20 * s)
        top = round(130 * s)
        presets = len(preset_names())
        for i, b in enumerate(self.buttons):
            b.font_size = max(13, round(17 * s))
            if i < presets:
                b.rect = pygame.Rect(left_x, top + i * (h + gap), width, h)
            else:
                j = i - presets
                b.rect = pygame.Rect(right_x, top + j * (h + gap), width, h)
        # as tall as the longer column (a preset's house options lengthen the right one), with
        # room under it for the preset's description (five lines with who sits out)
        rows = max(presets, len(self.buttons) - presets)
        self.desc_h = max(round(90 * s), self._description_lines(size) * assets.font(
            self._description_size(size)).get_linesize())
        self.rect = pygame.Rect(left_x - round(30 * s), top - round(90 * s),
                                2 * width + round(100 * s),
                                rows * (h + gap) + round(110 * s) + self.desc_h)

    @staticmethod
    def _description_size(size: tuple[int, int]) -> int:
        return max(12, round(15 * theme.scale_for(size)))

    def _description_lines(self, size: tuple[int, int]) -> int:
        s = theme.scale_for(size)
        width = 2 * round(420 * s) + round(100 * s) - round(60 * s)
        return len(wrap(self.description, self._description_size(size), width))

    def pick(self, name: str) -> None:
        self.app.settings.variant = name
        self.refresh()

    def cycle_level(self, i: int) -> None:
        levels = self.app.settings.bot_levels(BOT_SEATS)
        at = LEVELS.index(levels[i]) if levels[i] in LEVELS else -1
        levels[i] = LEVELS[(at + 1) % len(LEVELS)]
        self.app.settings.seat_levels = levels
        self.refresh()

    def toggle_practice(self) -> None:
        self.app.settings.practice = not self.app.settings.practice
        self.refresh()

    def toggle_challenge(self) -> None:
        self.app.settings.challenge = not self.app.settings.challenge
        self.refresh()

    def _description(self, rules: RuleSet | None) -> str:
        """The preset's description, its rank order said plainly when it is not the common
        one (issue 16: 004's A-K-Q-J-10-9) and who sits out where more sit down than are
        dealt, from the rules the options make."""
        if rules is None:
            return ""
        text = house_text(self.app.settings.variant, rules, self.app.settings)
        played = ruleset_from_text(text, "house options") if text else rules
        notes = [n for n in (rank_order_note(played), sitting_out_note(played)) if n]
        return " ".join([rules.description, *notes])

    def cycle_seated(self) -> None:
        """Three, four or five at a three-handed table, one click each."""
        settings = self.app.settings
        settings.seated = SEATED[(SEATED.index(settings.seated) + 1) % len(SEATED)]
        self.refresh()

    def toggle(self, option: HouseOption) -> None:
        """One click turns a house option on or off (issue 16's rank order, issue 18's two
        trick-play and passing options, the two-handed match and pack)."""
        settings = self.app.settings
        setattr(settings, option.key, not getattr(settings, option.key))
        self.refresh()

    def start(self) -> None:
        """Start the game, asking first when it would replace a game in progress at this
        table (one saved game is kept per table: games at other tables are kept)."""
        self.app.store.save_settings(self.app.settings)  # the last choice, remembered
        try:
            table = setup_table(self.app.settings)
        except RulesError as exc:
            self.error = str(exc)
            return
        saved = game_in_progress(self.app, table)
        if saved is None:
            self.really_start(table)
            return
        self.app.open(Route.CONFIRM, title="Replace the game in progress?", lines=[
            f"A game at this table is in progress: {progress_text(saved, named=True)}.",
            "Starting a new game here replaces it (games at other tables are kept)."],
            yes="Start a new game", on_yes=lambda: self.really_start(table), destructive=True,
            no="Cancel", other=("Resume it", lambda: self.resume_saved(saved), False))

    def really_start(self, table: TableChoice) -> None:
        start_game(self.app, table)

    def resume_saved(self, saved: SavedGame) -> None:
        self.error = resume_game(self.app, saved) or ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        settings = self.app.settings
        if settings.variant in preset_names():
            text = self.description
            box = pygame.Rect(self.rect.left + round(30 * s),
                              self.rect.bottom - self.desc_h - round(6 * s),
                              self.rect.width - round(60 * s), self.desc_h)
            draw_wrapped(surface, text, box, self._description_size(surface.get_size()),
                         theme.INK_DIM)
        if self.error:
            draw_text(surface, self.error, (surface.get_width() // 2, self.rect.bottom
                      + round(10 * s)), max(12, round(15 * s)), theme.RED, anchor="midtop")


def progress_text(saved: SavedGame, named: bool = False) -> str:
    """"hand 3: 420, 380" (on a Resume button, where room is short) or, ``named``, "hand 3:
    You & North 420, West & East 380" (in a question, where whose score is whose matters):
    where a saved game stands, with the engine's scores, the player's side first (the player
    sits in seat 0). A negative score keeps its own minus sign."""
    try:
        hand_no, scores = saved.progress()
        seating = saved.rules().seating
    except RulesError:
        return "it cannot be read"
    you = seating.name(0)
    return f"hand {hand_no + 1}: " + ", ".join(
        (f"{seating.side_name(side).replace(you, 'You')} " if named else "") + score_text(x)
        for side, x in enumerate(scores))


def score_text(score: int) -> str:
    """A score as the player reads it: thousands grouped, a true minus sign."""
    return f"{score:,}".replace("-", "\u2212")


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

