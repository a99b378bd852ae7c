"""The menus' common shape: a centred panel with a title and a column of buttons."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import AppContext, Scene
from game.ui.widgets import Button, draw_text, felt, panel


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
