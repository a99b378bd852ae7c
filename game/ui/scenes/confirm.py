"""A question before an action that cannot be taken back: what it will do, and Yes or No.

Every question declares whether its Yes loses the player something (``destructive``): then
the safe answer is the default, drawn as the primary button and taken by Enter, and Yes needs
a click of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import DEFAULT_KEYS, Button, draw_text, layout_row, panel, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class ConfirmScene(Scene):
    name = "confirm"
    opaque = False

    def __init__(self, app: AppContext, title: str, lines: Sequence[str], yes: str,
                 on_yes: Callable[[], None], *, destructive: bool, no: str = "Cancel",
                 other: tuple[str, Callable[[], None], bool] | None = None) -> None:
        """``destructive``: whether Yes loses something; a third answer, ``other``, is
        (label, action, whether it loses something)."""
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.on_yes = on_yes
        self.yes = Button(yes, self.accept, primary=not destructive, destructive=destructive)
        self.buttons = [self.yes]
        if other is not None:
            label, action, loses = other
            self.buttons.append(Button(label, lambda: self.choose(action), destructive=loses))
        self.no = Button(no, self.cancel, primary=destructive, hotkey=pygame.K_ESCAPE)
        self.buttons.append(self.no)
        # What Enter answers: Yes, unless Yes loses something; then No.
        self.default = self.no if destructive else self.yes
        self.rect = pygame.Rect(0, 0, 10, 10)

    def accept(self) -> None:
        self.choose(self.on_yes)

    def choose(self, action: Callable[[], None]) -> None:
        if self in self.app.stack:
            self.app.pop(self)
        action()

    def cancel(self) -> None:
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        width = min(size[0] - round(60 * s), round(640 * s))
        font = max(14, round(17 * s))
        body = [part for line in self.lines for part in wrap(line, font, width - round(48 * s))]
        height = round(150 * s) + len(body) * round(font * 1.4)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.font_size = font
        layout_row(self.buttons, self.rect.centerx, self.rect.bottom - round(60 * s),
                   round(42 * s), round(12 * s), min_width=round(120 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in DEFAULT_KEYS:
            self.default.on_click()
            return True
        return any(b.handle(event) for b in self.buttons) or event.type in (
            pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # nothing beneath is touched meanwhile

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop(surface, 140)
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        font = max(14, round(17 * s))
        draw_text(surface, self.title, (self.rect.centerx, self.rect.top + round(18 * s)),
                  max(18, round(24 * s)), theme.GOLD, bold=True, anchor="midtop")
        y = self.rect.top + round(62 * s)
        for line in self.lines:
            for part in wrap(line, font, self.rect.width - round(48 * s)):
                draw_text(surface, part, (self.rect.left + round(24 * s), y), font, theme.INK)
                y += round(font * 1.4)
        for b in self.buttons:
            b.draw(surface)
