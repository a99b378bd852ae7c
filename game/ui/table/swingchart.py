"""The swing of the hand drawn as a chart (issue 40, item 4): the side's expected margin after
each of the player's decisions (game.match.swing), a line from the deal to the score over a
zero line, each decision's point in its phase's colour, the costliest decisions ringed and
numbered, the critical ones (only one good choice) marked with a gold diamond. Pointing at a
point says what it is; clicking one opens that moment of the replay."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.match.swing import SwingPoint
from game.ui import theme
from game.ui.table.replaypieces import GRADE_COLOURS, PHASE_COLOURS
from game.ui.widgets import draw_text, elide, record

COSTLY_COLOUR = GRADE_COLOURS["mistake"]


class SwingChart:
    """The chart's geometry for one set of points, its hit test, and its drawing."""

    def __init__(self, points: Sequence[SwingPoint]) -> None:
        self.points = list(points)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.spots: list[pygame.Rect] = []  # each point's clickable spot, in order
        self.hover: int | None = None
        self.font = 12
        self.low = self.high = 0.0

    def place(self, rect: pygame.Rect, font: int) -> None:
        """Lay the chart out over ``rect`` with labels of ``font`` points."""
        self.rect, self.font = rect, font
        label_w = round(font * 3.2)  # the value axis's figures
        top = rect.top + round(font * 2.2)  # the line of words above the plot
        bottom = rect.bottom - round(font * 1.6)  # the deal, the score, the phases
        self.plot = pygame.Rect(rect.left + label_w, top, rect.width - label_w - font // 2,
                                max(10, bottom - top))
        values = [p.value for p in self.points] or [0.0]
        low, high = min(*values, 0.0), max(*values, 0.0)
        pad = max(10.0, (high - low) * 0.08)
        self.low, self.high = low - pad, high + pad
        r = max(5, font // 2 + 1)
        self.spots = [pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4) for _ in self.points]
        for spot, at in zip(self.spots, self.positions(), strict=True):
            spot.center = at

    def y_of(self, value: float) -> int:
        p = self.plot
        k = (value - self.low) / ((self.high - self.low) or 1.0)
        return round(p.bottom - k * p.height)

    def positions(self) -> list[tuple[int, int]]:
        """Each point's place: evenly along, at its value."""
        n = max(1, len(self.points) - 1)
        p = self.plot
        return [(round(p.left + p.width * i / n), self.y_of(pt.value))
                for i, pt in enumerate(self.points)]

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The point under ``pos`` (its index), the nearest when spots overlap."""
        near = [(abs(s.centerx - pos[0]) + abs(s.centery - pos[1]), i)
                for i, s in enumerate(self.spots) if s.inflate(4, 4).collidepoint(pos)]
        return min(near)[1] if near else None

    def point_words(self, i: int) -> str:
        pt = self.points[i]
        marks = []
        if pt.costly:
            marks.append(f"costliest {pt.costly}")
        if pt.critical:
            marks.append("critical: only one good choice")
        more = f" ({'; '.join(marks)})" if marks else ""
        what = pt.label[:1].upper() + pt.label[1:]
        tail = "; click to open it" if pt.row is not None else ""
        return f"{what}: {pt.value:+.0f}{more}{tail}"

    def draw(self, surface: pygame.Surface) -> None:
        p, font = self.plot, self.font
        small = max(10, font - 1)
        pygame.draw.rect(surface, theme.INK_DIM, p, width=1)
        zero = self.y_of(0.0)
        for x in range(p.left, p.right, 8):  # the zero line, dashed
            pygame.draw.line(surface, theme.INK_DIM, (x, zero), (min(x + 4, p.right), zero))
        taken: list[int] = []  # the value axis's figures, none over another
        for value in (0.0, self.high, self.low):
            y = self.y_of(value)
            if all(abs(y - t) > small * 1.2 for t in taken):
                taken.append(y)
                draw_text(surface, f"{value:+.0f}" if value else "0", (p.left - 4, y), small,
                          theme.INK_DIM, anchor="midright")
        at = self.positions()
        self._legend(surface, small)
        if len(at) > 1:
            pygame.draw.lines(surface, theme.GOLD, False, at, width=2)
        r = max(4, font // 3)
        for i, (pt, (x, y)) in enumerate(zip(self.points, at, strict=True)):
            record("swing point", self.spots[i], f"{i} {pt.value:.1f} {pt.label}")
            colour = PHASE_COLOURS.get(pt.phase, theme.INK_DIM)
            pygame.draw.circle(surface, colour, (x, y), r)
            if pt.critical:
                d = r + 4
                pygame.draw.polygon(surface, theme.GOLD,
                                    [(x, y - d), (x + d, y), (x, y + d), (x - d, y)], width=2)
            if pt.costly:
                pygame.draw.circle(surface, COSTLY_COLOUR, (x, y), r + 5, width=3)
                draw_text(surface, str(pt.costly), (x, y - r - 7), small, COSTLY_COLOUR,
                          bold=True, anchor="midbottom")
            if i == self.hover:
                pygame.draw.circle(surface, theme.GOLD, (x, y), r + 8, width=1)
        draw_text(surface, "deal", (p.left, p.bottom + 2), small, theme.INK_DIM,
                  anchor="topleft")
        draw_text(surface, "score", (p.right, p.bottom + 2), small, theme.INK_DIM,
                  anchor="topright")
        head = (self.point_words(self.hover) if self.hover is not None else
                "Your side's expected margin after each decision: ◯ costliest, ◇ critical")
        draw_text(surface, elide(head, small, self.rect.width), (self.rect.left, self.rect.top),
                  small, theme.INK if self.hover is not None else theme.INK_DIM)

    def _legend(self, surface: pygame.Surface, size: int) -> None:
        """The phases the points are coloured by, those the hand had, under the plot between
        "deal" and "score"."""
        seen = [p for p in PHASE_COLOURS if any(pt.phase == p for pt in self.points)]
        x = self.plot.left + round(size * 3.5)
        y = self.plot.bottom + 2 + round(size * 0.1)
        for phase in seen:
            r = max(3, size // 3)
            pygame.draw.circle(surface, PHASE_COLOURS[phase], (x + r, y + size // 2 + 1), r)
            rect = draw_text(surface, phase, (x + 2 * r + 4, y), size, theme.INK_DIM)
            x = rect.right + round(size * 1.2)
