"""The New game screen: the table (a preset and its house options), the bots in each chair,
practice and the duplicate challenge, and the way to a network table."""

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
from game.ui.progress import progress_text
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
        panel_w = 2 * width + round(100 * s)
        font = self._description_size(size)
        lines = len(wrap(self.description, font, panel_w - round(60 * s)))
        self.desc_h = max(round(90 * s), lines * assets.font(font).get_linesize())
        self.rect = pygame.Rect(left_x - round(30 * s), top - round(90 * s), panel_w,
                                rows * (h + gap) + round(110 * s) + self.desc_h)

    @staticmethod
    def _description_size(size: tuple[int, int]) -> int:
        return max(12, round(15 * theme.scale_for(size)))

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
