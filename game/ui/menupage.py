"""A menu page of the network screens (Host on this network's lobby, Join a table): the felt,
a panel in the middle of the window, and a row of buttons at the panel's foot."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import Button, felt, layout_row, panel


def page(surface: pygame.Surface, width: int, height: int) -> tuple[pygame.Rect, float]:
    """A menu page: the felt, and a panel at most ``width`` by ``height`` (at scale 1) in its
    middle, 20 points clear of the window's edges; returns the panel and the scale."""
    size = surface.get_size()
    s = theme.scale_for(size)
    surface.blit(felt(size), (0, 0))
    rect = pygame.Rect(0, 0, min(size[0] - round(40 * s), round(width * s)),
                       min(size[1] - round(40 * s), round(height * s)))
    rect.center = (size[0] // 2, size[1] // 2)
    panel(surface, rect)
    return rect, s


def page_buttons(surface: pygame.Surface, buttons: list[Button], rect: pygame.Rect, s: float,
                 font: int) -> None:
    """A menu page's buttons, in a row at the foot of its panel (``rect``, from :func:`page`)."""
    for b in buttons:
        b.font_size = font
    layout_row(buttons, rect.centerx, rect.bottom - round(60 * s), round(42 * s),
               round(16 * s), min_width=round(130 * s))
    for b in buttons:
        b.draw(surface)
