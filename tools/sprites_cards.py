"""Card faces: the blank, the corner indices, the pip layouts and the ace; courts are delegated.

All positions are in 1x card units (a 100 x 140 card); ``k`` turns them into canvas pixels.
"""

from __future__ import annotations

import pygame

from tools import sprites_courts
from tools.sprites_common import (
    CARD_H,
    CARD_W,
    CORNER_R,
    FACE,
    RANK_LABEL,
    SS,
    draw_suit,
    rounded_card,
    shrink,
    suit_colour,
    text,
)

# Corner index: a column centred INDEX_X from the left edge, so that it sits well inside the
# 30 px strip a fanned hand leaves visible.
INDEX_X = 12.0
INDEX_TOP = 6.0
INDEX_SIZE = 20.0  # font size: cap height ~15 px at 1x
INDEX_PIP_Y = 31.0
INDEX_PIP_H = 12.0

# Large-index faces (issue 25, "cards easy on the eyes"): the same column, half as big again,
# still inside the strip a fanned hand of double-deck's 20 cards leaves at 1.5x.
BIG = {"x": 15.0, "top": 5.0, "size": 31.0, "pip_y": 47.0, "pip_h": 19.0}
BODY = 0.64  # the body of a large-index face, shrunk to the middle

PIP_H = 18.0
ACE_H = 56.0
COLS = (33.0, 50.0, 67.0)
TOP, BOTTOM = 26.0, 114.0
MID = (TOP + BOTTOM) / 2


def _rows(n: int) -> list[float]:
    return [TOP + (BOTTOM - TOP) * i / (n - 1) for i in range(n)]


def pip_layout(rank: str) -> list[tuple[float, float]]:
    """Pip centres of a number card, in the standard French-suited patterns."""
    left, centre, right = COLS
    if rank in "78":
        side = _rows(3)
        middle = [(TOP + MID) / 2] if rank == "7" else [(TOP + MID) / 2, (MID + BOTTOM) / 2]
    elif rank in "9T":
        side = _rows(4)
        q = (BOTTOM - TOP) / 6
        middle = [MID] if rank == "9" else [TOP + q, BOTTOM - q]
    else:
        raise ValueError(f"no pip layout for rank {rank!r}")
    return ([(left, y) for y in side] + [(right, y) for y in side]
            + [(centre, y) for y in middle])


def _rank_text(rank: str, px: float, color) -> pygame.Surface:
    label = RANK_LABEL.get(rank, rank)
    if label == "10":
        # Two full-width digits would spill out of the index column; a condensed 10 is what
        # printed packs do too.
        surface, _ = text(label, (px * 0.74, px), color)
    else:
        surface, _ = text(label, px, color)
    return surface


def _index_text(card: pygame.Surface, rank: str, color, scale: int, big: bool = False) -> None:
    size, top, col = (BIG["size"], BIG["top"], BIG["x"]) if big else (
        INDEX_SIZE, INDEX_TOP, INDEX_X)
    label = _rank_text(rank, size * scale, color)
    cap_top = top * scale
    x = round(col * scale - label.get_width() / 2)
    y = round(cap_top)
    card.blit(label, (x, y))
    turned = pygame.transform.rotate(label, 180)
    w, h = card.get_size()
    card.blit(turned, (w - x - label.get_width(), h - y - label.get_height()))


def render_card(code: str, scale: int, four_colour: bool = False, big_index: bool = False
                ) -> pygame.Surface:
    """The face of ``code`` (e.g. "AS", "TH") at 1x or 2x, drawn natively at that size; with
    ``big_index`` its corner indices are half as big again."""
    rank, suit = code[0], code[1]
    color = suit_colour(suit, four_colour)
    k = SS * scale
    w, h = CARD_W * k, CARD_H * k
    big = rounded_card(w, h, CORNER_R * k, max(1, scale) * SS * 0.9, FACE)

    # Index suit pips: drawn on the big canvas so they are anti-aliased like the body pips.
    ix, iy, ih = (BIG["x"], BIG["pip_y"], BIG["pip_h"]) if big_index else (
        INDEX_X, INDEX_PIP_Y, INDEX_PIP_H)
    draw_suit(big, suit, ix * k, iy * k, ih * k, color)
    draw_suit(big, suit, w - ix * k, h - iy * k, ih * k, color, flip=True)

    if not big_index:
        _draw_body(big, rank, suit, color, k)
        card = shrink(big, CARD_W * scale, CARD_H * scale)
        _index_text(card, rank, color, scale)
        if rank in "KQJ":
            sprites_courts.court_letters(card, rank, color, scale)
        return card
    # The large indices take the corners: the body (pips, ace, court with its letters) is
    # drawn whole on its own canvas and shrunk to the middle, clear of them.
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    _draw_body(body, rank, suit, color, k)
    body = shrink(body, CARD_W * scale, CARD_H * scale)
    if rank in "KQJ":
        sprites_courts.court_letters(body, rank, color, scale)
    card = shrink(big, CARD_W * scale, CARD_H * scale)
    bw, bh = round(CARD_W * scale * BODY), round(CARD_H * scale * BODY)
    small = pygame.transform.smoothscale(body, (bw, bh))
    card.blit(small, small.get_rect(center=(CARD_W * scale / 2, CARD_H * scale / 2)))
    _index_text(card, rank, color, scale, big=True)
    return card


def _draw_body(big: pygame.Surface, rank: str, suit: str, color, k: float) -> None:
    if rank == "A":
        draw_suit(big, suit, CARD_W / 2 * k, CARD_H / 2 * k, ACE_H * k, color)
    elif rank in "KQJ":
        sprites_courts.draw_court(big, rank, suit, color, k)
    else:
        for x, y in pip_layout(rank):
            draw_suit(big, suit, x * k, y * k, PIP_H * k, color, flip=y > MID + 0.5)
