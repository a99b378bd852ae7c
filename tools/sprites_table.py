"""Table pieces that are not cards: the tileable felt and the golden glow around a raised card.

Both are computed per pixel (noise, distance field) rather than drawn with shapes, so they are
written straight into byte buffers; pure Python is fast enough at these sizes.
"""

from __future__ import annotations

import math
import random

import pygame

from tools.sprites_common import CARD_H, CARD_W, CORNER_R

FELT_SIZE = 256
FELT_SEED = 1948  # any fixed value: the felt must come out the same on every run
FELT_BASE = (36, 104, 62)
# (lattice cells across the tile, weight): coarse mottling down to fine grain. Every cell count
# divides the tile, so the noise wraps and the tile repeats without a seam.
OCTAVES = ((4, 0.45), (8, 0.3), (16, 0.2), (64, 0.12))
GRAIN = 0.05

GLOW_MARGIN = 8  # 1x
GLOW_COLOUR = (255, 204, 72)


def _periodic_noise(rng: random.Random, cells: int, size: int) -> list[float]:
    grid = [[rng.uniform(-1, 1) for _ in range(cells)] for _ in range(cells)]
    per = size / cells
    # Smoothstep weights per pixel offset, computed once per axis.
    fx = [((i / per) % 1.0) for i in range(size)]
    wx = [t * t * (3 - 2 * t) for t in fx]
    cx = [int(i / per) for i in range(size)]
    out = []
    for y in range(size):
        y0 = cx[y]
        y1 = (y0 + 1) % cells
        wy = wx[y]
        row0, row1 = grid[y0], grid[y1]
        for x in range(size):
            x0 = cx[x]
            x1 = (x0 + 1) % cells
            top = row0[x0] + (row0[x1] - row0[x0]) * wx[x]
            bottom = row1[x0] + (row1[x1] - row1[x0]) * wx[x]
            out.append(top + (bottom - top) * wy)
    return out


def render_felt() -> pygame.Surface:
    rng = random.Random(FELT_SEED)
    n = FELT_SIZE
    total = [0.0] * (n * n)
    for cells, weight in OCTAVES:
        layer = _periodic_noise(rng, cells, n)
        total = [t + weight * v for t, v in zip(total, layer, strict=True)]
    pixels = bytearray()
    for value in total:
        shade = 1.0 + 0.07 * value + rng.uniform(-GRAIN, GRAIN)
        pixels += bytes(min(255, max(0, round(c * shade))) for c in FELT_BASE)
    return pygame.image.frombuffer(bytes(pixels), (n, n), "RGB").copy()


def _rounded_rect_distance(px: float, py: float, hw: float, hh: float, r: float) -> float:
    """Signed distance from a point (relative to the centre) to a rounded rectangle's edge."""
    qx = abs(px) - (hw - r)
    qy = abs(py) - (hh - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def render_glow(scale: int) -> pygame.Surface:
    margin = GLOW_MARGIN * scale
    w, h = CARD_W * scale + 2 * margin, CARD_H * scale + 2 * margin
    hw, hh, r = CARD_W * scale / 2, CARD_H * scale / 2, CORNER_R * scale
    inner = 3.0 * scale  # the ring reaches a little under the card edge, then the centre is clear
    pixels = bytearray()
    for y in range(h):
        py = y + 0.5 - h / 2
        for x in range(w):
            d = _rounded_rect_distance(x + 0.5 - w / 2, py, hw, hh, r)
            if d >= 0:
                t = max(0.0, 1.0 - d / margin)
                alpha = 245 * t**1.7
            else:
                t = max(0.0, 1.0 + d / inner)
                alpha = 245 * t * t
            pixels += bytes((*GLOW_COLOUR, round(alpha)))
    return pygame.image.frombuffer(bytes(pixels), (w, h), "RGBA").copy()
