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

# The table themes (a setting). "high contrast": a near-black cloth, pure white text, a
# saturated yellow for what is active, opaque black panels with solid edges, brighter suits.
FELT_TEXTURE = True  # the classic cloth is the felt tile; the high-contrast one is plain
CLASSIC = {name: value for name, value in globals().items() if name.isupper()}
HIGH_CONTRAST = {
    "FELT": (12, 20, 16), "FELT_DARK": (0, 0, 0), "INK": (255, 255, 255),
    "INK_DIM": (235, 235, 235), "GOLD": (255, 221, 0), "RED": (255, 90, 80),
    "GREEN": (110, 240, 140), "SIGNAL": (150, 215, 255), "PANEL": (0, 0, 0, 255),
    "PANEL_EDGE": (255, 221, 0, 255), "BUTTON": (28, 28, 28), "BUTTON_HOVER": (70, 70, 70),
    "BUTTON_DISABLED": (45, 45, 45), "BUTTON_PRIMARY": (150, 104, 0),
    "BUTTON_PRIMARY_HOVER": (190, 136, 0), "HIGHLIGHT": (255, 235, 60),
    "SUIT_ON_FELT": {"♠": (255, 255, 255), "♥": (255, 140, 140), "♣": (255, 255, 255),
                     "♦": (255, 140, 140)},
    "SUIT_ON_FELT_4": {"♠": (255, 255, 255), "♥": (255, 140, 140), "♣": (130, 240, 150),
                       "♦": (150, 200, 255)},
    "FELT_TEXTURE": False,
}
THEMES = {"classic": CLASSIC, "high contrast": HIGH_CONTRAST}
current = "classic"


def use(name: str) -> None:
    """Switch every colour above to the theme ``name`` (one of the settings' THEMES). Drawing
    code reads ``theme.X`` when it draws, so the next frame shows it."""
    global current
    globals().update(THEMES[name])
    current = name


REFERENCE = (1280, 800)
MIN_SIZE = (1024, 640)


def scale_for(size: tuple[int, int]) -> float:
    """Layout scale: 1.0 at 1280x800, smaller windows shrink everything evenly."""
    return min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])
