"""Shared drawing kit for the sprite scripts: palette, sizes, fonts, suit shapes, supersampling.

pygame.draw does not anti-alias filled shapes, so every shape is drawn on a canvas SS times the
final size and shrunk with smoothscale. Text is the exception: it is rendered by FreeType straight
at the final size, where its hinting keeps small corner indices crisper than a shrunk glyph.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pygame
import pygame.freetype

ROOT = Path(__file__).resolve().parents[1]
FONT_DIR = ROOT / "sprites" / "fonts"

SS = 4  # supersampling factor
CARD_W, CARD_H = 100, 140  # 1x card size; 2x doubles everything
CORNER_R = 7  # 1x corner radius

Color = tuple[int, int, int] | tuple[int, int, int, int]

FACE = (253, 252, 246)
BORDER = (150, 146, 136)
INK = (22, 22, 26)
RED = (200, 24, 44)
GREEN = (14, 122, 58)
BLUE = (18, 82, 180)
GOLD = (201, 158, 52)
GOLD_DARK = (150, 110, 30)
ACCENT_BLUE = (40, 72, 150)
PARCHMENT = (250, 241, 218)

SUITS = "SHCD"
RANKS = "AKQJT987"  # file-name order; the label printed on the card is RANK_LABEL
RANK_LABEL = {"T": "10"}


def suit_colour(suit: str, four_colour: bool) -> tuple[int, int, int]:
    if four_colour:
        return {"S": INK, "H": RED, "C": GREEN, "D": BLUE}[suit]
    return RED if suit in "HD" else INK


def all_codes() -> list[str]:
    """Every face that any of the 48-, 80- and 64-card packs contains."""
    return [rank + suit for suit in SUITS for rank in RANKS]


@cache
def font(bold: bool = True) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    face = pygame.freetype.Font(str(FONT_DIR / name))
    face.antialiased = True
    face.pad = False
    return face


def text(label: str, size: float | tuple[float, float], color: Color,
         bold: bool = True) -> tuple[pygame.Surface, pygame.Rect]:
    """Ink-tight text and its FreeType rect (x: left bearing, y: height above the baseline)."""
    return font(bold).render(label, color, size=size)


def canvas(w: int, h: int, fill: Color = (0, 0, 0, 0)) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    surface.fill(fill)
    return surface


def shrink(big: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (w, h))


# --- suit shapes --------------------------------------------------------------------------------
# Outlines in a unit box (x in [-0.5, 0.5] scaled by the aspect, y in [-0.5, 0.5], y down), so a
# pip is placed by its centre and its height.

ASPECT = {"S": 0.86, "H": 0.96, "C": 0.96, "D": 0.76}


def _bezier(p0, p1, p2, p3, n=24):
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append((u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]))
    return pts


def _heart(n: int = 120) -> list[tuple[float, float]]:
    # The classic parametric heart, normalised to the unit box.
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        raw.append((16 * math.sin(t) ** 3,
                    -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t)
                      - math.cos(4 * t))))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0) - 0.5, (y - y0) / (y1 - y0) - 0.5) for x, y in raw]


def _stem() -> list[tuple[float, float]]:
    # Flared foot with concave sides, shared by spades and clubs.
    left = _bezier((-0.03, 0.08), (-0.03, 0.34), (-0.12, 0.46), (-0.24, 0.5), 12)
    right = _bezier((0.24, 0.5), (0.12, 0.46), (0.03, 0.34), (0.03, 0.08), 12)
    return left + right


@cache
def suit_shape(suit: str) -> tuple[list[list[tuple[float, float]]],
                                   list[tuple[float, float, float]]]:
    """(polygons, circles) for a suit, circles as (cx, cy, r), all in unit-box coordinates."""
    if suit == "H":
        return [_heart()], []
    if suit == "D":
        k = 0.06  # slight inward curve of the sides, as printed diamonds have
        top, right, bottom, left = (0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)
        pts = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            c = (mid[0] * (1 - k * 4), mid[1] * (1 - k * 4))
            pts += _bezier(a, c, c, b, 16)[:-1]
        return [pts], []
    if suit == "S":
        blade = [(x, -y * 0.80 - 0.1) for x, y in _heart()]  # heart turned over, top 80 %
        return [blade, _stem()], []
    # Clubs: three leaves and a filled heart between them so no gap shows at small sizes.
    r = 0.235
    circles = [(0.0, -0.5 + r, r), (-0.5 + r, 0.06, r), (0.5 - r, 0.06, r)]
    core = [(-0.18, 0.02), (0.0, -0.2), (0.18, 0.02), (0.0, 0.2)]
    return [_stem(), core], circles


def draw_suit(surface: pygame.Surface, suit: str, cx: float, cy: float, h: float,
              color: Color, flip: bool = False) -> None:
    """A pip of height h centred on (cx, cy); flip turns it upside down (lower-half pips)."""
    w = h * ASPECT[suit]
    sy = -h if flip else h
    polygons, circles = suit_shape(suit)
    for poly in polygons:
        pygame.draw.polygon(surface, color, [(cx + x * w, cy + y * sy) for x, y in poly])
    for x, y, r in circles:
        pygame.draw.circle(surface, color, (cx + x * w, cy + y * sy), r * w)


def rounded_card(w: int, h: int, radius: float, border: float, face: Color,
                 edge: Color = BORDER) -> pygame.Surface:
    """Card blank on a transparent canvas. The transparent pixels carry the edge colour so that
    smoothscale's averaging of colour channels does not darken the anti-aliased rim."""
    surface = canvas(w, h, (*edge[:3], 0))
    pygame.draw.rect(surface, edge, (0, 0, w, h), border_radius=round(radius))
    b = round(border)
    pygame.draw.rect(surface, face, (b, b, w - 2 * b, h - 2 * b),
                     border_radius=max(0, round(radius - border)))
    return surface
