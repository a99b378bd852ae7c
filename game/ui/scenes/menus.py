"""Title, new-game set-up, settings, statistics and the in-game menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.base import AGGRESSIONS
from game.bots.registry import TABLE_LEVELS as LEVELS
from game.rules.seats import seat_name
from game.store.content import load_ruleset, preset_names
from game.store.settings import BACKS, SPEEDS
from game.ui import assets, theme
from game.ui.scene import Route, Scene
from game.ui.table.start import resume_game, start_game
from game.ui.widgets import Button, draw_text, draw_wrapped, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene


THINK_CHOICES = (0, 300, 600, 1000)


class MenuScene(Scene):
    """A centred panel with a title and a column of buttons."""

    title = ""
    is_menu = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        h = round(44 * s)
        gap = round(12 * s)
        width = round(360 * s)
        top = round(size[1] * 0.30)
        for i, b in enumerate(self.buttons):
            b.font_size = max(14, round(19 * s))
            b.rect = pygame.Rect(size[0] // 2 - width // 2, top + i * (h + gap), width, h)
        self.rect = pygame.Rect(0, 0, width + round(80 * s),
                                len(self.buttons) * (h + gap) + round(120 * s))
        self.rect.midtop = (size[0] // 2, top - round(90 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.widgets import felt

        if self.opaque:
            surface.blit(felt(surface.get_size()), (0, 0))
        else:
            self.backdrop(surface, 130)
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        draw_text(surface, self.title, (self.rect.centerx, self.rect.top + round(24 * s)),
                  round(34 * s), theme.GOLD, bold=True, anchor="midtop")
        for b in self.buttons:
            b.draw(surface)


class TitleScene(MenuScene):
    name = "title"
    title = "Pinochle"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.saved = app.store.load_game()
        self.error = ""
        if self.saved is not None:
            self.buttons.append(Button("Resume game", self.resume_game, primary=True,
                                       hotkey=pygame.K_r))
        self.buttons += [
            Button("New game", lambda: app.push(SetupScene(app)), primary=self.saved is None,
                   hotkey=pygame.K_n),
            Button("Tutorial", self.tutorial, hotkey=pygame.K_t),
            Button("Settings", lambda: app.push(SettingsScene(app))),
            Button("Statistics", lambda: app.push(StatsScene(app))),
            Button("Help", lambda: app.open(Route.HELP)),
            Button("Quit", app.quit, hotkey=pygame.K_q),
        ]

    def resume_game(self) -> None:

        saved = self.saved
        if saved is None:
            return
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
        y = self.rect.bottom + round(14 * s)
        for message in [*self.app.store.messages, self.error]:
            if message:
                height = draw_wrapped(surface, message, pygame.Rect(
                    round(40 * s), y, surface.get_width() - round(80 * s), round(60 * s)),
                    max(12, round(15 * s)), theme.RED)
                y += height + round(6 * s)


class SetupScene(MenuScene):
    name = "setup"
    title = "New game"
    opaque = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.error = ""
        self.refresh()

    def refresh(self) -> None:
        app, settings = self.app, self.app.settings
        self.buttons = []
        for name in preset_names():
            self.buttons.append(Button(load_ruleset(name).title.split(":")[0],
                                       lambda n=name: self.pick(n),
                                       selected=settings.variant == name))
        rules = load_ruleset(settings.variant) if settings.variant in preset_names() else None
        players = rules.players if rules else 4
        for i in range(players - 1):
            level = (settings.seat_levels + ["medium"] * 3)[i]
            self.buttons.append(Button(f"{seat_name(i + 1, players)}: {level}",
                                       lambda i=i: self.cycle_level(i)))
        practice = "on" if settings.practice else "off"
        self.buttons.append(Button(f"Practice (undo and hints): {practice}",
                                   self.toggle_practice))
        if settings.variant == "two-handed":
            mode = "match to 1000" if settings.two_handed_match else "one deal"
            self.buttons.append(Button(f"Two-handed: {mode}", self.toggle_match))
            pack = "64 cards (dix is the 7)" if settings.two_handed_64 else "48 cards"
            self.buttons.append(Button(f"Pack: {pack}", self.toggle_pack))
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
        self.rect = pygame.Rect(left_x - round(30 * s), top - round(90 * s),
                                2 * width + round(100 * s), (presets + 1) * (h + gap)
                                + round(170 * s))

    def pick(self, name: str) -> None:
        self.app.settings.variant = name
        self.refresh()

    def cycle_level(self, i: int) -> None:
        levels = (self.app.settings.seat_levels + ["medium"] * 3)[:3]
        at = LEVELS.index(levels[i]) if levels[i] in LEVELS else -1
        levels[i] = LEVELS[(at + 1) % len(LEVELS)]
        self.app.settings.seat_levels = levels
        self.refresh()

    def toggle_practice(self) -> None:
        self.app.settings.practice = not self.app.settings.practice
        self.refresh()

    def toggle_pack(self) -> None:
        self.app.settings.two_handed_64 = not self.app.settings.two_handed_64
        self.refresh()

    def toggle_match(self) -> None:
        self.app.settings.two_handed_match = not self.app.settings.two_handed_match
        self.refresh()

    def start(self) -> None:
        self.app.store.save_settings(self.app.settings)
        error = start_game(self.app)
        if error:
            self.error = error

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        settings = self.app.settings
        if settings.variant in preset_names():
            rules = load_ruleset(settings.variant)
            text = rules.description
            box = pygame.Rect(self.rect.left + round(30 * s), self.rect.bottom - round(96 * s),
                              self.rect.width - round(60 * s), round(90 * s))
            draw_wrapped(surface, text, box, max(12, round(15 * s)), theme.INK_DIM)
        if self.error:
            draw_text(surface, self.error, (surface.get_width() // 2, self.rect.bottom
                      + round(10 * s)), max(12, round(15 * s)), theme.RED, anchor="midtop")


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


class StatsScene(MenuScene):
    name = "statistics"
    title = "Statistics"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.buttons = [Button("Done", lambda: app.pop(self), primary=True,
                               hotkey=pygame.K_ESCAPE)]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        s = theme.scale_for(size)
        self.rect.height += round(240 * s)
        self.buttons[0].rect.top += round(240 * s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        st = self.app.stats.totals()
        s = theme.scale_for(surface.get_size())
        rows = [("Games played", st.games_played), ("Games won", st.games_won),
                ("Hands played", st.hands_played), ("Hands won", st.hands_won),
                ("Bids won", st.bids_won), ("Bids made", st.bids_made),
                ("Bids set", st.bids_set)]
        y = self.rect.top + round(80 * s)
        for label, value in rows:
            draw_text(surface, label, (self.rect.left + round(40 * s), y), round(18 * s))
            draw_text(surface, str(value), (self.rect.right - round(40 * s), y), round(18 * s),
                      theme.GOLD, bold=True, anchor="topright")
            y += round(32 * s)


class PauseScene(MenuScene):
    name = "menu"
    title = "Menu"
    opaque = False

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = [
            Button("Resume", lambda: app.pop(self), primary=True, hotkey=pygame.K_ESCAPE),
            Button("Settings", lambda: app.push(SettingsScene(app))),
            Button("Rules of this table", lambda: app.open(Route.RULES, rules=table.match.rules)),
            Button("Help", lambda: app.open(Route.HELP)),
            Button("New game", lambda: app.reset(SetupScene(app))),
            Button("Title screen (game is saved)", lambda: app.reset(TitleScene(app))),
            Button("Quit", app.quit),
        ]

    @property
    def busy(self) -> bool:
        return False

