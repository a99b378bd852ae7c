"""Join a table: the tables heard on this network (zeroconf), and a typed address that always
works (``192.168.1.20:8765``, or a host's name). Choosing one opens its lobby."""

from __future__ import annotations

import contextlib
from functools import partial

import pygame

from game.net.discovery import Finder, FoundTable
from game.net.seat import join_table, player_name
from game.ui import theme
from game.ui.menupage import page, page_buttons
from game.ui.scene import AppContext, Route, Scene
from game.ui.widgets import Button, draw_text

MAX_TYPED = 60


class JoinScene(Scene):
    name = "join"

    def __init__(self, app: AppContext, address: str = "") -> None:
        super().__init__(app)
        self.typed = address
        self.error = ""
        self.finder: Finder | None = None
        self.join_button = Button("Join", self.join_typed, primary=True)
        self.back_button = Button("Back", lambda: self.app.pop(self), hotkey=pygame.K_ESCAPE)
        self.found_buttons: list[Button] = []

    def enter(self) -> None:
        pygame.key.start_text_input()
        try:
            self.finder = Finder()
        except Exception as exc:  # noqa: BLE001 - no mDNS here: typing the address works
            self.error = f"Tables cannot be looked for here ({type(exc).__name__}): type one."

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.finder is not None:
            with contextlib.suppress(Exception):
                self.finder.close()
            self.finder = None

    def join_typed(self) -> None:
        self.join(self.typed)

    def join(self, address: str) -> None:
        try:
            seat = join_table(address, player_name())
        except ValueError as exc:
            self.error = str(exc)
            return
        self.app.open(Route.LOBBY, seat=seat)

    @property
    def stale(self) -> bool:
        return self.finder is not None and self.finder.heard.is_set()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if len(self.typed) < MAX_TYPED and event.text.isprintable():
                self.typed += event.text
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join_typed()
                return True
        return any(b.handle(e) for b in self.buttons() for e in (event,))

    def buttons(self) -> list[Button]:
        return [*self.found_buttons, self.join_button, self.back_button]

    def draw(self, surface: pygame.Surface) -> None:
        rect, s = page(surface, 720, 540)
        big, font = max(18, round(26 * s)), max(13, round(18 * s))
        x, y = rect.left + round(28 * s), rect.top + round(20 * s)
        draw_text(surface, "Join a table", (rect.centerx, y), big, theme.GOLD, bold=True,
                  anchor="midtop")
        y += round(52 * s)
        if self.finder is not None:
            self.finder.heard.clear()
        found: list[FoundTable] = self.finder.tables() if self.finder is not None else []
        draw_text(surface, "Tables on this network:" if found else
                  "No table heard on this network yet.", (x, y), font, theme.INK)
        y += round(font * 1.6)
        self.found_buttons = []
        for table in found[:5]:
            button = Button(table.label(), partial(self.join, table.address), font_size=font)
            button.rect = pygame.Rect(x, y, rect.width - round(56 * s), round(38 * s))
            self.found_buttons.append(button)
            button.draw(surface)
            y += round(46 * s)
        y += round(10 * s)
        draw_text(surface, "Or type the table's address (host:port):", (x, y), font, theme.INK)
        y += round(font * 1.6)
        box = pygame.Rect(x, y, rect.width - round(56 * s), round(40 * s))
        pygame.draw.rect(surface, (20, 40, 30), box, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=6)
        draw_text(surface, self.typed + "▏", (box.left + round(10 * s), box.centery), font,
                  theme.INK, anchor="midleft")
        y = box.bottom + round(12 * s)
        if self.error:
            draw_text(surface, self.error, (x, y), font, theme.RED)
        buttons = [self.join_button, self.back_button]
        self.join_button.enabled = bool(self.typed.strip())
        page_buttons(surface, buttons, rect, s, font)
