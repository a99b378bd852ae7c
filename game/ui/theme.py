"""Colours and sizes of the table, in one place."""

from __future__ import annotations

FELT = (22, 92, 58)
FELT_DARK = (14, 64, 40)
INK = (245, 243, 235)
INK_DIM = (196, 210, 198)
GOLD = (236, 196, 92)
RED = (222, 76, 64)
GREEN = (96, 200, 120)
SIGNAL = (140, 200, 255)  # a call that shows something under the conventions
# Opaque: through a slightly translucent panel the cards beneath showed as ghosts (the widow
# under the bid panel, the hands under the meld display).
PANEL = (10, 30, 22, 255)
PANEL_EDGE = (236, 196, 92, 160)
BUTTON = (34, 70, 54)
BUTTON_HOVER = (52, 104, 80)
BUTTON_DISABLED = (40, 52, 46)
BUTTON_PRIMARY = (176, 128, 36)
BUTTON_PRIMARY_HOVER = (206, 156, 56)
SHADOW = (0, 0, 0, 90)
HIGHLIGHT = (255, 224, 120)
ILLEGAL_TINT = (0, 0, 0, 110)
SUIT_COLOURS = {"♠": (30, 30, 30), "♥": (200, 30, 40), "♣": (30, 30, 30), "♦": (200, 30, 40)}
SUIT_COLOURS_4 = {"♠": (30, 30, 30), "♥": (200, 30, 40), "♣": (20, 130, 60), "♦": (30, 90, 200)}
# On the dark felt the black suits need a light colour to be legible.
SUIT_ON_FELT = {"♠": (235, 235, 235), "♥": (255, 120, 120), "♣": (235, 235, 235),
                "♦": (255, 120, 120)}
SUIT_ON_FELT_4 = {"♠": (235, 235, 235), "♥": (255, 120, 120), "♣": (120, 220, 140),
                  "♦": (130, 180, 255)}

REFERENCE = (1280, 800)
MIN_SIZE = (1024, 640)


def scale_for(size: tuple[int, int]) -> float:
    """Layout scale: 1.0 at 1280x800, smaller windows shrink everything evenly."""
    return min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])
