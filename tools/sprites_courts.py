"""Court cards (J, Q, K): a framed, double-ended panel with a headpiece, a large letter and the
suit, in the suit colour with gold and blue accents.

Each headpiece has its own silhouette (pointed crown, pearled tiara, plumed cap) so the three
courts differ at a glance even before the letter is read. The upper half is drawn once and then
repeated turned by 180 degrees, as on printed double-headed courts.
"""

from __future__ import annotations

import math

import pygame

from tools.sprites_common import (
    ACCENT_BLUE,
    CARD_H,
    CARD_W,
    GOLD,
    GOLD_DARK,
    PARCHMENT,
    draw_suit,
    text,
)

PANEL = (24.0, 10.0, 52.0, 120.0)  # x, y, w, h in 1x units
LETTER_CAP = 19.0
LETTER_CENTRE_Y = 39.5


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))


class _Pen:
    """Draws in 1x units on the big canvas, optionally turned about the card centre."""

    def __init__(self, big: pygame.Surface, k: float, turned: bool) -> None:
        self.big, self.k, self.turned = big, k, turned

    def pt(self, x: float, y: float) -> tuple[float, float]:
        if self.turned:
            x, y = CARD_W - x, CARD_H - y
        return x * self.k, y * self.k

    def poly(self, color, points, width: float = 0) -> None:
        pts = [self.pt(x, y) for x, y in points]
        if width:
            pygame.draw.lines(self.big, color, True, pts, max(1, round(width * self.k)))
        else:
            pygame.draw.polygon(self.big, color, pts)

    def trace(self, color, points, width: float) -> None:
        pts = [self.pt(x, y) for x, y in points]
        pygame.draw.lines(self.big, color, False, pts, max(1, round(width * self.k)))

    def circle(self, color, x: float, y: float, r: float, width: float = 0) -> None:
        w = max(1, round(width * self.k)) if width else 0
        pygame.draw.circle(self.big, color, self.pt(x, y), r * self.k, w)

    def line(self, color, a, b, width: float) -> None:
        pygame.draw.line(self.big, color, self.pt(*a), self.pt(*b), max(1, round(width * self.k)))

    def suit(self, suit: str, x: float, y: float, h: float, color) -> None:
        cx, cy = self.pt(x, y)
        draw_suit(self.big, suit, cx, cy, h * self.k, color, flip=self.turned)


def _crown(pen: _Pen, suit: str, color) -> None:
    spikes = [(37, 15), (43.5, 18), (50, 12), (56.5, 18), (63, 15)]
    body = [(37, 27), (37, 21)]
    for i, (x, y) in enumerate(spikes):
        body.append((x, y))
        if i < len(spikes) - 1:
            body.append(((x + spikes[i + 1][0]) / 2, 22.5))
    body += [(63, 21), (63, 27)]
    pen.poly(GOLD, body)
    pen.poly(GOLD_DARK, body, 0.5)
    for x, y in spikes:
        pen.circle(GOLD, x, y - 1.3, 1.5)
        pen.circle(GOLD_DARK, x, y - 1.3, 1.5, 0.4)
    pen.poly(ACCENT_BLUE, [(37, 24), (63, 24), (63, 27.5), (37, 27.5)])
    for x in (41.5, 58.5):
        pen.circle(color, x, 25.75, 1.2)
    pen.suit(suit, 50, 25.75, 4, (255, 255, 250))


def _tiara(pen: _Pen, suit: str, color) -> None:
    def arc(rx: float, ry: float) -> list[tuple[float, float]]:
        return [(50 + rx * math.cos(a), 27 - ry * math.sin(a))
                for a in (math.pi * i / 24 for i in range(25))]

    pen.poly(GOLD, arc(13, 13))
    pen.poly(GOLD_DARK, arc(13, 13), 0.5)
    pen.poly(ACCENT_BLUE, arc(8.5, 8.5))
    for i in range(7):
        a = math.pi * (i + 0.5) / 7
        x, y = 50 + 13 * math.cos(a), 27 - 13 * math.sin(a)
        pen.circle((255, 255, 250), x, y, 1.6)
        pen.circle(GOLD_DARK, x, y, 1.6, 0.4)
    pen.suit(suit, 50, 22.5, 6.5, (255, 255, 250))
    pen.poly(GOLD_DARK, [(36, 26.2), (64, 26.2), (64, 28), (36, 28)])


def _cap(pen: _Pen, suit: str, color) -> None:
    # A soft cap with a brim and a plume: no points, no pearls, nothing like the crowns.
    dome = [(48 + 12 * math.cos(a), 25 - 9 * math.sin(a))
            for a in (math.pi * i / 20 for i in range(21))]
    pen.poly(ACCENT_BLUE, dome)
    pen.poly((20, 40, 100), dome, 0.4)
    brim = [(35, 24), (62, 24), (65, 28), (34, 28)]
    pen.poly(GOLD, brim)
    pen.poly(GOLD_DARK, brim, 0.4)
    plume = [(55, 19), (58, 15.5), (62, 13), (67, 12), (64.5, 15), (61, 19), (57, 22)]
    pen.poly(color, plume)
    pen.poly(GOLD_DARK, plume, 0.3)
    pen.trace(GOLD, [(57, 21), (61, 16.5), (66.5, 12.2)], 0.5)  # the quill, so it reads as a plume
    pen.circle(GOLD, 55.5, 20.5, 1.7)
    pen.suit(suit, 45, 20, 5, (255, 255, 250))


HEADPIECES = {"K": _crown, "Q": _tiara, "J": _cap}


def _robe(pen: _Pen, suit: str, color) -> None:
    # Shoulders under the letter, so each half reads as a crowned figure; the ermine dots keep
    # a black robe from turning into a solid block.
    outline = [(30, 66.5), (31, 59), (35, 55), (43, 53), (50, 56), (57, 53), (65, 55), (69, 59),
               (70, 66.5)]
    pen.poly(color, outline)
    pen.trace(GOLD, outline, 0.6)
    for x, y in ((36, 60), (41, 64), (59, 64), (64, 60), (37, 65.2), (63, 65.2)):
        pen.circle((250, 244, 228), x, y, 0.8)
    collar = [(43, 53), (50, 56), (57, 53), (55.5, 57.5), (50, 60), (44.5, 57.5)]
    pen.poly(GOLD, collar)
    pen.poly(GOLD_DARK, collar, 0.4)
    pen.suit(suit, 50, 63, 5, (255, 255, 250))


def _band(pen: _Pen, color) -> None:
    # The ornament across the middle: a gold strip carrying a chain of lozenges.
    x, _, w, _ = PANEL
    y = CARD_H / 2
    pen.poly(GOLD, [(x, y - 3.5), (x + w, y - 3.5), (x + w, y), (x, y)])
    n = 7
    step = w / n
    for i in range(n):
        cx = x + step * (i + 0.5)
        fill = color if i % 2 else ACCENT_BLUE
        pen.poly(fill, [(cx, y - 3.2), (cx + step * 0.38, y), (cx, y + 0.1), (cx - step * 0.38, y)])


def _half(pen: _Pen, rank: str, suit: str, color) -> None:
    _robe(pen, suit, color)
    HEADPIECES[rank](pen, suit, color)
    for x in (29.5, 70.5):
        pen.suit(suit, x, 16, 6, color)
    _band(pen, color)


def draw_court(big: pygame.Surface, rank: str, suit: str, color, k: float) -> None:
    """Panel, frame and both halves of a court on the big canvas (the letters come later)."""
    x, y, w, h = PANEL
    upright = _Pen(big, k, False)
    tint = _mix(PARCHMENT, color, 0.06)
    rect = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
    pygame.draw.rect(big, tint, rect, border_radius=round(3 * k))
    lattice = _mix(tint, GOLD, 0.22)
    big.set_clip(rect)  # faint diagonal lattice behind the figures
    for i in range(-16, 24):
        left = x + i * 8
        for dx in (h, -h):
            pygame.draw.line(big, lattice, upright.pt(left, y), upright.pt(left + dx, y + h),
                             max(1, round(0.5 * k)))
    big.set_clip(None)
    pygame.draw.rect(big, GOLD, rect, round(1.6 * k), border_radius=round(3 * k))
    inner = rect.inflate(-round(5 * k), -round(5 * k))
    pygame.draw.rect(big, color, inner, max(1, round(0.7 * k)), border_radius=round(2 * k))
    for turned in (False, True):
        _half(_Pen(big, k, turned), rank, suit, color)


def court_letters(card: pygame.Surface, rank: str, color, scale: int) -> None:
    """The big letter, twice, rendered at final size so its edges stay crisp."""
    px = LETTER_CAP / 0.729 * scale  # DejaVu Sans Bold cap height is 0.729 em
    letter, _ = text(rank, px, color)
    cx = CARD_W / 2 * scale
    top = LETTER_CENTRE_Y * scale - LETTER_CAP * scale / 2
    pos = (round(cx - letter.get_width() / 2), round(top))
    card.blit(letter, pos)
    w, h = card.get_size()
    card.blit(pygame.transform.rotate(letter, 180),
              (w - pos[0] - letter.get_width(), h - pos[1] - letter.get_height()))
