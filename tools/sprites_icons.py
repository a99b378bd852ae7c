"""Toolbar icons, white on transparent, designed on a 24-unit grid and drawn 8x oversized.

Strokes are stamped as discs along the path: pygame's thick lines have ragged, unrounded ends,
and stamping gives every stroke round caps and joins for free.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from tools.sprites_common import canvas, shrink, text

GRID = 24
OVERSAMPLE = 8
WHITE = (255, 255, 255)
CLEAR = (255, 255, 255, 0)  # white with no alpha, so shrinking leaves no dark fringe

Point = tuple[float, float]


class _Icon:
    def __init__(self, size: int) -> None:
        self.k = size * OVERSAMPLE / GRID
        self.big = canvas(size * OVERSAMPLE, size * OVERSAMPLE, CLEAR)

    def _p(self, x: float, y: float) -> Point:
        return x * self.k, y * self.k

    def stroke(self, points: Sequence[Point], width: float = 2.0, color=WHITE) -> None:
        r = width * self.k / 2
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            a, b = self._p(x0, y0), self._p(x1, y1)
            steps = max(1, math.ceil(math.dist(a, b) / (r * 0.25)))
            for i in range(steps + 1):
                t = i / steps
                pygame.draw.circle(self.big, color, (a[0] + (b[0] - a[0]) * t,
                                                     a[1] + (b[1] - a[1]) * t), r)

    def fill(self, points: Sequence[Point], color=WHITE) -> None:
        pygame.draw.polygon(self.big, color, [self._p(x, y) for x, y in points])

    def disc(self, x: float, y: float, r: float, color=WHITE) -> None:
        pygame.draw.circle(self.big, color, self._p(x, y), r * self.k)


def _arc(cx: float, cy: float, r: float, start: float, stop: float, n: int = 40) -> list[Point]:
    """Points on a circle, angles in degrees measured clockwise on screen from +x."""
    return [(cx + r * math.cos(math.radians(start + (stop - start) * i / n)),
             cy + r * math.sin(math.radians(start + (stop - start) * i / n)))
            for i in range(n + 1)]


def _speaker(icon: _Icon) -> None:
    icon.fill([(3, 9), (7, 9), (12, 4.5), (12, 19.5), (7, 15), (3, 15)])
    icon.stroke([(3, 9), (7, 9), (12, 4.5), (12, 19.5), (7, 15), (3, 15), (3, 9)], 1.0)


def sound_on(icon: _Icon) -> None:
    _speaker(icon)
    icon.stroke(_arc(12.5, 12, 4.5, -45, 45), 2)
    icon.stroke(_arc(12.5, 12, 8.5, -50, 50), 2)


def sound_off(icon: _Icon) -> None:
    _speaker(icon)
    icon.stroke([(15.5, 9), (21, 15)], 2)
    icon.stroke([(21, 9), (15.5, 15)], 2)


def undo(icon: _Icon) -> None:
    icon.stroke(_arc(13, 13.5, 7, 150, 405) + [(13 + 7 * math.cos(math.radians(45)), 20.5)], 2.2)
    # arrowhead at the arc's start, pointing back along it
    tip = _arc(13, 13.5, 7, 150, 150, 1)[0]
    x, y = tip
    icon.fill([(x - 3.6, y - 2.6), (x + 3.6, y - 2.2), (x - 0.6, y + 4)])


def hint(icon: _Icon) -> None:
    icon.stroke(_arc(12, 9.5, 6, 135, 405, 48), 2)
    icon.stroke([(7.8, 13.7), (9.3, 16.2), (14.7, 16.2), (16.2, 13.7)], 2)
    icon.stroke([(9.5, 19.3), (14.5, 19.3)], 2)
    icon.stroke([(10.5, 22), (13.5, 22)], 2)


def menu(icon: _Icon) -> None:
    for y in (6.5, 12, 17.5):
        icon.stroke([(4.5, y), (19.5, y)], 2.4)


def settings(icon: _Icon) -> None:
    teeth = 8
    outline = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4) + math.pi / (teeth * 4)
        r = 10 if i % 4 in (1, 2) else 7.6
        outline.append((12 + r * math.cos(a), 12 + r * math.sin(a)))
    icon.fill(outline)
    icon.disc(12, 12, 3.4, CLEAR)


def help_(icon: _Icon) -> None:
    icon.stroke(_arc(12, 12, 9.5, 0, 360, 72), 2)
    mark, _ = text("?", 15 * icon.k, WHITE)
    # FreeType leaves its empty pixels black; blitting onto clear pixels copies them, and the
    # shrink would then blend black into the glyph's edge. Whiten them, keeping their alpha.
    mark.fill(CLEAR, special_flags=pygame.BLEND_RGBA_MAX)
    icon.big.blit(mark, mark.get_rect(center=icon._p(12, 12.3)))


def scores(icon: _Icon) -> None:
    for x, top in ((5.5, 13), (12, 6), (18.5, 10)):
        icon.fill([(x - 2.3, top), (x + 2.3, top), (x + 2.3, 19), (x - 2.3, 19)])
    icon.stroke([(2.5, 21), (21.5, 21)], 1.6)


ICONS: dict[str, Callable[[_Icon], None]] = {
    "sound-on": sound_on, "sound-off": sound_off, "undo": undo, "hint": hint, "menu": menu,
    "settings": settings, "help": help_, "scores": scores,
}


def render_icon(name: str, scale: int) -> pygame.Surface:
    size = GRID * scale
    icon = _Icon(size)
    ICONS[name](icon)
    return shrink(icon.big, size, size)
