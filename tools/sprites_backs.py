"""Card backs: a white margin, a coloured field with a diamond lattice, a double frame and a
small central medallion. Symmetric under a half turn, like printed backs, so a back never shows
which way up the card is held."""

from __future__ import annotations

import pygame

from tools.sprites_common import CARD_H, CARD_W, CORNER_R, SS, rounded_card, shrink

# design: (field, lattice lines, highlights)
DESIGNS = {
    "blue": ((30, 66, 140), (86, 126, 200), (210, 222, 245)),
    "red": ((150, 30, 40), (206, 92, 94), (248, 216, 210)),
    "green": ((22, 98, 58), (82, 162, 112), (214, 240, 220)),
}

MARGIN = 5.0  # white rim, 1x units
SPACING = 9.0  # lattice pitch


def render_back(design: str, scale: int) -> pygame.Surface:
    field, lines, light = DESIGNS[design]
    k = SS * scale
    w, h = CARD_W * k, CARD_H * k
    big = rounded_card(w, h, CORNER_R * k, 0.9 * SS * scale, (252, 252, 250))
    inner = pygame.Rect(0, 0, round(w - 2 * MARGIN * k), round(h - 2 * MARGIN * k))
    inner.center = (w // 2, h // 2)
    radius = round((CORNER_R - 2.5) * k)
    pygame.draw.rect(big, field, inner, border_radius=radius)

    big.set_clip(inner)
    cx, cy = w / 2, h / 2
    step = SPACING * k
    thick = max(1, round(0.7 * k))
    reach = w + h
    for i in range(-20, 21):
        # Lines through the card centre plus multiples of the pitch, both diagonals, so the
        # lattice is centred and its diamonds meet the medallion evenly.
        off = i * step
        pygame.draw.line(big, lines, (cx + off - reach, cy - reach), (cx + off + reach, cy + reach),
                         thick)
        pygame.draw.line(big, lines, (cx + off + reach, cy - reach), (cx + off - reach, cy + reach),
                         thick)
    for i in range(-20, 21):
        for j in range(-20, 21):
            if (i + j) % 2 == 0:
                # Lattice crossings fall on a checkerboard of half-pitch points.
                x, y = cx + i * step / 2, cy + j * step / 2
                if inner.collidepoint(x, y):
                    pygame.draw.circle(big, light, (x, y), 1.1 * k)
    big.set_clip(None)

    frame = inner.inflate(-round(5 * k), -round(5 * k))
    pygame.draw.rect(big, light, frame, max(1, round(1.0 * k)), border_radius=radius)
    inner_frame = frame.inflate(-round(3 * k), -round(3 * k))
    pygame.draw.rect(big, lines, inner_frame, max(1, round(0.6 * k)), border_radius=radius)

    # Medallion: nested lozenges in the field colour and the highlight.
    for size, colour in ((17, light), (15, field), (11, lines), (9, field), (4, light)):
        r = size * k
        pygame.draw.polygon(big, colour, [(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3),
                                          (cx - r, cy)])
    return shrink(big, CARD_W * scale, CARD_H * scale)
