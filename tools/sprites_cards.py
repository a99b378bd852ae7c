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


def _index_text(card: pygame.Surface, rank: str, color, scale: int) -> None:
    label = _rank_text(rank, INDEX_SIZE * scale, color)
    cap_top = INDEX_TOP * scale
    x = round(INDEX_X * scale - label.get_width() / 2)
    y = round(cap_top)
    card.blit(label, (x, y))
    turned = pygame.transform.rotate(label, 180)
    w, h = card.get_size()
    card.blit(turned, (w - x - label.get_width(), h - y - label.get_height()))


def render_card(code: str, scale: int, four_colour: bool = False) -> pygame.Surface:
    """The face of ``code`` (e.g. "AS", "TH") at 1x or 2x, drawn natively at that size."""
    rank, suit = code[0], code[1]
    color = suit_colour(suit, four_colour)
    k = SS * scale
    w, h = CARD_W * k, CARD_H * k
    big = rounded_card(w, h, CORNER_R * k, max(1, scale) * SS * 0.9, FACE)

    # Index suit pips: drawn on the big canvas so they are anti-aliased like the body pips.
    draw_suit(big, suit, INDEX_X * k, INDEX_PIP_Y * k, INDEX_PIP_H * k, color)
    draw_suit(big, suit, w - INDEX_X * k, h - INDEX_PIP_Y * k, INDEX_PIP_H * k, color, flip=True)

    if rank == "A":
        draw_suit(big, suit, CARD_W / 2 * k, CARD_H / 2 * k, ACE_H * k, color)
    elif rank in "KQJ":
        sprites_courts.draw_court(big, rank, suit, color, k)
    else:
        for x, y in pip_layout(rank):
            draw_suit(big, suit, x * k, y * k, PIP_H * k, color, flip=y > MID + 0.5)

    card = shrink(big, CARD_W * scale, CARD_H * scale)
    _index_text(card, rank, color, scale)
    if rank in "KQJ":
        sprites_courts.court_letters(card, rank, color, scale)
    return card
