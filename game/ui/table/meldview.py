"""Drawing melds on the table: each meld as a block of its cards, its name, points and class."""

from __future__ import annotations

import pygame

from game.rules.meld import MeldResult
from game.ui import assets, theme
from game.ui.table.hud import DrawnTable
from game.ui.widgets import draw_text, wrap


def meld_block_size(table: DrawnTable, n_cards: int, label_w: int) -> tuple[int, int]:
    lay = table.layout
    card_w = lay.meld_w
    span = card_w + round(card_w * 0.36) * (n_cards - 1)
    return max(span, label_w), round(card_w * 1.4) + round(2 * lay.s) + caption_height(table)


def caption_height(table: DrawnTable) -> int:
    """A meld's two caption lines, name then class, each a font's full line apart (at
    ``fs * 1.15`` the lines' boxes overlapped)."""
    fs = table.layout.font_small
    return assets.font(fs, True).get_linesize() + assets.font(max(10, fs - 3)).get_linesize()


def draw_meld_flow(surface: pygame.Surface, table: DrawnTable, meld: MeldResult,
                   rect: pygame.Rect) -> None:
    """One seat's melds as blocks (cards, then name, points and class) flowing left to right,
    in class order, wrapping inside ``rect``."""
    lay = table.layout
    s = lay.s
    four = table.app.settings.four_colour
    card_w = lay.meld_w
    fs = lay.font_small
    x, y = rect.left, rect.top
    row_h = 0
    gap = round(16 * s)
    for m in meld.melds:
        label = f"{m.name} {m.points}"
        label_w = max(assets.font(fs, True).size(label)[0],
                      assets.font(max(10, fs - 3)).size(m.cls)[0])
        bw, bh = meld_block_size(table, len(m.cards), label_w)
        row_y = y
        if x + bw > rect.right and x > rect.left:
            x, y = rect.left, y + row_h + round(6 * s)
            row_h = 0
        if y + bh > rect.bottom + round(4 * s):
            if y > row_y:  # a new row past the rect: the mark ends the row above instead
                dots = assets.font(lay.font).size("…")[0]
                x, y = rect.right - dots, row_y
            draw_text(surface, "…", (x, y), lay.font, theme.INK_DIM)
            return
        step = round(card_w * 0.36)
        for i, card in enumerate(m.cards):
            surface.blit(assets.card_image(str(card), card_w, four), (x + i * step, y))
        ty = y + round(card_w * 1.4) + round(2 * s)
        draw_text(surface, label, (x, ty), fs, theme.INK, bold=True)
        draw_text(surface, m.cls, (x, ty + assets.font(fs, True).get_linesize()),
                  max(10, fs - 3), theme.INK_DIM)
        x += bw + gap
        row_h = max(row_h, bh)
    if not meld.melds:
        draw_text(surface, "No meld", (x, y), fs, theme.INK_DIM)

def draw_uncounted(surface: pygame.Surface, text: str, head: pygame.Rect, cell: pygame.Rect,
                   size: int, gap: int) -> pygame.Rect:
    """Why a seat's meld does not count: beside its heading where the cell has room, else
    wrapped under it (the narrow cells of five and six columns or rows)."""
    width = assets.font(size).size(text)[0]
    if head.right + gap + width <= cell.right:
        return draw_text(surface, text, (head.right + gap, head.top + 2), size, theme.RED)
    out = pygame.Rect(head.left, head.bottom, 0, 0)
    y = head.bottom
    for line in wrap(text, size, cell.width):
        out = out.union(draw_text(surface, line, (cell.left, y), size, theme.RED))
        y = out.bottom
    return out
