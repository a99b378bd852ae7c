"""The player's settings: animation and pacing, sound, the cards' looks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.base import AGGRESSIONS
from game.store.settings import BACKS, SPEEDS, TRICK_PAUSES
from game.ui.menu import MenuScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext

THINK_CHOICES = (0, 200, 400, 700, 1000)


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.refresh()

    def refresh(self) -> None:
        st = self.app.settings
        self.buttons = [
            Button(f"Animation: {st.speed}", self.cycle_speed),
            Button(f"Bots think for: {st.think_ms} ms", self.cycle_think),
            Button(f"Completed trick stays: {st.trick_pause}", self.cycle_pause),
            Button(f"Play my only legal card: {'on' if st.play_forced else 'off'}",
                   self.toggle_forced),
            Button(f"Bots bid: {st.bot_style}", self.cycle_style),
            Button(f"Sound: {'on' if st.sound else 'off'}", self.toggle_sound),
            Button(f"Card back: {st.card_back}", self.cycle_back),
            Button(f"Four-colour suits: {'on' if st.four_colour else 'off'}", self.toggle_four),
            Button("Done", self.done, primary=True, hotkey=pygame.K_ESCAPE),
        ]
        self.resize(self.app.size)

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
        self.app.store.save_settings(self.app.settings)
        self.app.pop(self)
