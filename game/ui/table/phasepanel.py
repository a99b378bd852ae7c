"""A score by phase on the review screen (issue 40, item 5): for each phase of the hand (auction,
exchange, meld and draws, play), the points this hand lost there and its decisions graded
good, and the same for the game so far, per hand. The hand's column adds up to the hand's
points lost, in the whole points shown (game.match.phases.shown)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.match.phases import PhaseFigure, shown
from game.ui import theme
from game.ui.widgets import draw_text, elide, record


def cells(figures: Sequence[PhaseFigure], total: float, per: int = 1) -> list[str]:
    """Each phase's figure as shown: "57 lost · 1/2 good" (per hand over ``per`` hands:
    "23 lost · 80% good"), then the total; "–" where the phase had no decision."""
    lost = shown([f.lost / per for f in figures], total / per)
    out = []
    for f, points in zip(figures, lost, strict=True):
        if not f.decisions:
            out.append("–")
        elif per == 1:
            out.append(f"{points} lost · {f.good}/{f.decisions} good")
        else:
            out.append(f"{points} lost · {f.accuracy:.0f}% good")
    return [*out, f"{round(total / per)} lost"]


def draw_phases(surface: pygame.Surface, area: pygame.Rect, size: int,
                hand: Sequence[PhaseFigure], hand_total: float,
                game: Sequence[PhaseFigure] | None = None, game_total: float = 0.0,
                hands: int = 0) -> int:
    """The table of figures over ``area``; returns its bottom."""
    step = round(size * 1.45)
    name_w = round(area.width * 0.27)
    cols = 2 if game is not None and hands else 1
    col_w = (area.width - name_w) // cols
    x0 = area.left + name_w
    y = area.top
    draw_text(surface, "By phase", (area.left, y), size, theme.GOLD, bold=True)
    draw_text(surface, "this hand", (x0, y), size, theme.INK_DIM)
    if cols == 2:
        head = f"game, per hand ({hands})"
        draw_text(surface, elide(head, size, col_w), (x0 + col_w, y), size, theme.INK_DIM)
    y += step
    columns = [cells(hand, hand_total)]
    if cols == 2 and game is not None:
        columns.append(cells(game, game_total, hands))
    names = [f.phase[:1].upper() + f.phase[1:] for f in hand] + ["In all"]
    for r, name in enumerate(names):
        total = r == len(names) - 1
        colour = theme.GOLD if total else theme.INK
        draw_text(surface, elide(name, size, name_w - 6), (area.left, y), size, colour,
                  bold=total)
        for c, column in enumerate(columns):
            rect = draw_text(surface, elide(column[r], size, col_w - 6), (x0 + c * col_w, y),
                             size, colour, bold=total)
            record("phase figure", rect, f"{c} {names[r]}: {column[r]}")
        y += step
    return y
