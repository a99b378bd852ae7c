"""The player's settings: animation and pacing, sound, the cards' looks. On the first run the
looks alone are offered (four-colour suits, card size, large indices, the theme): "since ♠
and ♣ were misread at 1280x800"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.base import AGGRESSIONS
from game.store.settings import BACKS, CARD_SIZES, MELD_SHOWS, SPEEDS, THEMES, TRICK_PAUSES
from game.ui import assets, theme
from game.ui.menu import MenuScene
from game.ui.widgets import Button, draw_text, record

if TYPE_CHECKING:
    from game.ui.scene import AppContext

THINK_CHOICES = (0, 200, 400, 700, 1000)
PREVIEW_H = 150  # the first run's row of cards (at 1280x800; it grows with the card size)


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    opaque = False

    def __init__(self, app: AppContext, first_run: bool = False) -> None:
        super().__init__(app)
        self.first_run = first_run
        if first_run:
            self.title = "Welcome: how should the cards look?"
        self.refresh()

    def refresh(self) -> None:
        st = self.app.settings
        looks = [
            Button(f"Four-colour suits: {'on' if st.four_colour else 'off'}", self.toggle_four),
            Button(f"Card size: {st.card_size:g}x", self.cycle_size),
            Button(f"Large-index faces: {'on' if st.big_index else 'off'}", self.toggle_index),
            Button(f"Table theme: {st.table_theme}", self.cycle_theme),
        ]
        if self.first_run:
            self.buttons = [*looks, Button("Done", self.done, primary=True,
                                           hotkey=pygame.K_ESCAPE)]
            self.resize(self.app.size)
            return
        self.buttons = [
            Button(f"Fast flow: {'on' if st.fast else 'off'}", self.toggle_fast),
            Button(f"Animation: {st.speed}", self.cycle_speed),
            Button(f"Bots think for: {st.think_ms} ms", self.cycle_think),
            Button(f"Completed trick stays: {st.trick_pause}", self.cycle_pause),
            Button(f"Play my only legal card: {'on' if st.play_forced else 'off'}",
                   self.toggle_forced),
            Button(f"Bots bid: {st.bot_style}", self.cycle_style),
            Button(f"Sound: {'on' if st.sound else 'off'}", self.toggle_sound),
            *looks,
            Button(f"Meld shown: {st.meld_shown}", self.cycle_meld),
            Button(f"Card back: {st.card_back}", self.cycle_back),
            Button("Done", self.done, primary=True, hotkey=pygame.K_ESCAPE),
        ]
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Two columns, pace on the left and looks on the right, Done under them (one column
        of thirteen did not fit at 1024x640)."""
        if self.first_run:
            super().resize(size)
            s = theme.scale_for(size)
            # As wide as its title, and tall enough for a row of cards to judge the looks by.
            title_w = assets.font(round(34 * s), True).size(self.title)[0] + round(60 * s)
            top = self.rect.top
            self.rect.width = max(self.rect.width, title_w)
            self.rect.height += round(PREVIEW_H * s)
            self.rect.midtop = (size[0] // 2, max(round(8 * s), top - round(60 * s)))
            shift = self.rect.top - top
            for b in self.buttons:
                b.rect.move_ip(0, shift)
            return
        s = theme.scale_for(size)
        h, gap, width = round(40 * s), round(10 * s), round(340 * s)
        *items, done = self.buttons
        half = 7
        top = round(size[1] * 0.2)
        for i, b in enumerate(items):
            col, row = divmod(i, half)
            b.font_size = max(13, round(17 * s))
            x = size[0] // 2 + (gap if col else -gap - width)
            b.rect = pygame.Rect(x, top + row * (h + gap), width, h)
        done.font_size = max(13, round(17 * s))
        done.rect = pygame.Rect(0, 0, round(180 * s), h)
        done.rect.midtop = (size[0] // 2, top + half * (h + gap) + round(8 * s))
        self.rect = pygame.Rect(0, 0, 2 * width + round(80 * s),
                                done.rect.bottom - top + round(110 * s))
        self.rect.midtop = (size[0] // 2, top - round(84 * s))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.first_run:
            s = theme.scale_for(surface.get_size())
            self.draw_preview(surface, s)
            draw_text(surface, "You can change these later in Settings.",
                      (self.rect.centerx, self.rect.bottom - round(34 * s)),
                      max(12, round(15 * s)), theme.INK_DIM, anchor="midtop")

    def draw_preview(self, surface: pygame.Surface, s: float) -> None:
        """A fanned row of cards as the table will show them: all four suits, courts and
        numbers, in the chosen colours and faces, at the chosen size."""
        st = self.app.settings
        w = round(62 * s * st.card_size)
        step = round(w * 0.52)
        codes = ("AS", "TH", "KC", "QD", "JS", "9H")
        left = self.rect.centerx - (step * (len(codes) - 1) + w) // 2
        top = self.buttons[-1].rect.bottom + round(14 * s)
        for i, code in enumerate(codes):
            img = assets.card_image(code, w, st.four_colour)
            at = surface.blit(img, (left + i * step, top))
            record("card", at, code, surface)

    def toggle_fast(self) -> None:
        self.app.settings.fast = not self.app.settings.fast
        self.refresh()

    def cycle_size(self) -> None:
        st = self.app.settings
        st.card_size = CARD_SIZES[(CARD_SIZES.index(st.card_size) + 1) % len(CARD_SIZES)]
        self.looks()

    def toggle_index(self) -> None:
        self.app.settings.big_index = not self.app.settings.big_index
        self.looks()

    def cycle_theme(self) -> None:
        st = self.app.settings
        st.table_theme = THEMES[(THEMES.index(st.table_theme) + 1) % len(THEMES)]
        self.looks()

    def cycle_meld(self) -> None:
        st = self.app.settings
        st.meld_shown = MELD_SHOWS[(MELD_SHOWS.index(st.meld_shown) + 1) % len(MELD_SHOWS)]
        self.refresh()

    def looks(self) -> None:
        """A look changed: every scene beneath (a table too) shows it at once."""
        self.app.looks_changed()
        self.refresh()

    def cycle_speed(self) -> None:
        st = self.app.settings
        st.speed = SPEEDS[(SPEEDS.index(st.speed) + 1) % len(SPEEDS)]
        self.refresh()

    def cycle_think(self) -> None:
        st = self.app.settings
        nxt = [t for t in THINK_CHOICES if t > st.think_ms]
        st.think_ms = nxt[0] if nxt else THINK_CHOICES[0]
        self.refresh()

    def cycle_pause(self) -> None:
        st = self.app.settings
        names = list(TRICK_PAUSES)
        st.trick_pause = names[(names.index(st.trick_pause) + 1) % len(names)]
        self.refresh()

    def toggle_forced(self) -> None:
        self.app.settings.play_forced = not self.app.settings.play_forced
        self.refresh()

    def cycle_style(self) -> None:
        st = self.app.settings
        st.bot_style = AGGRESSIONS[(AGGRESSIONS.index(st.bot_style) + 1) % len(AGGRESSIONS)]
        self.refresh()

    def toggle_sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self.app.sounds.muted = not self.app.settings.sound
        self.refresh()

    def cycle_back(self) -> None:
        st = self.app.settings
        st.card_back = BACKS[(BACKS.index(st.card_back) + 1) % len(BACKS)]
        self.refresh()

    def toggle_four(self) -> None:
        self.app.settings.four_colour = not self.app.settings.four_colour
        self.refresh()

    def done(self) -> None:
        self.app.settings.looks_chosen = True
        self.app.store.save_settings(self.app.settings)
        self.app.pop(self)
