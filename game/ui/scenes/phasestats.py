"""The score by phase in Statistics (issue 40, item 5): for one table at a time, the points lost
per hand and the accuracy in each phase (auction, exchange, meld and draws, play) over every
hand reviewed there and over the last ten, and a chart of each phase's points lost per hand
over time (at most twelve points, each the mean of as many hands as that takes), so that a
player whose card play is strong but whose bidding is weak sees it, and sees it change. The
figures are game.match.phases' from the learning file's records; hands played with Hint are
left out, as the rating leaves them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.phases import PhaseFigure, from_records
from game.store.content import load_ruleset, preset_names
from game.store.learning import PHASES, PhaseRecord
from game.ui import theme
from game.ui.menu import MenuScene
from game.ui.table.replaypieces import PHASE_COLOURS
from game.ui.widgets import Button, draw_text, elide, record

if TYPE_CHECKING:
    from game.ui.scene import AppContext

RECENT = 10  # "the last ten hands"
POINTS = 12  # the chart's points at most: each the mean of as many hands as that takes
COLOURS = PHASE_COLOURS


def table_name(key: str) -> str:
    """A table as the player knows it: a preset's title, a house table's name."""
    if key in preset_names():
        return load_ruleset(key).title.split(":")[0]
    return key.removeprefix("house: ") + " (house)"


def per_hand(figures: Sequence[PhaseFigure], hands: int) -> list[str]:
    """Each phase as shown: "12 lost per hand · 80% good" ("–": no decision there)."""
    return ["–" if not f.decisions else
            f"{f.lost / max(1, hands):.0f} lost per hand · {f.accuracy:.0f}% good"
            for f in figures]


def run_length(hands: int) -> int:
    """How many hands each point of the chart is the mean of."""
    return max(1, -(-hands // POINTS))


def trend(records: Sequence[PhaseRecord], phase: str, n: int) -> list[float]:
    """A phase's points lost per hand over time: the mean over each run of ``n`` hands."""
    lost = [next((line.lost for line in r.lines if line.phase == phase), 0.0)
            for r in records if not r.hint]
    return [sum(lost[i:i + n]) / len(lost[i:i + n]) for i in range(0, len(lost), n)]


class PhaseStatsScene(MenuScene):
    name = "phase statistics"
    title = "By phase"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        records = app.store.load_learning().phases
        self.tables = sorted({r.table for r in records}, key=table_name)
        self.records = records
        self.at = 0
        self.prev = Button("◀", lambda: self.turn(-1), hotkey=pygame.K_LEFT)
        self.next = Button("▶", lambda: self.turn(1), hotkey=pygame.K_RIGHT)
        self.done = Button("Done", lambda: app.pop(self), primary=True, hotkey=pygame.K_ESCAPE)
        self.buttons = [self.prev, self.next, self.done]

    def turn(self, by: int) -> None:
        if self.tables:
            self.at = (self.at + by) % len(self.tables)

    def of_table(self) -> list[PhaseRecord]:
        if not self.tables:
            return []
        return [r for r in self.records if r.table == self.tables[self.at]]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        w = min(size[0] - round(40 * s), round(1000 * s))
        h = min(size[1] - round(40 * s), round(640 * s))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.font_size = max(14, round(19 * s))
        self.done.rect = pygame.Rect(0, 0, round(200 * s), round(44 * s))
        self.done.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(18 * s))
        for b, x in ((self.prev, self.rect.left + round(24 * s)),
                     (self.next, self.rect.right - round(24 * s) - round(52 * s))):
            b.rect = pygame.Rect(x, self.rect.top + round(72 * s), round(52 * s), round(40 * s))
        many = len(self.tables) > 1
        self.prev.enabled = self.next.enabled = many

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop(surface, 130)
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        size = max(12, round(16 * s))
        left, width = self.rect.left + round(28 * s), self.rect.width - round(56 * s)
        if not self.tables:
            draw_text(surface, "No hand reviewed yet: review a hand after it is scored (V).",
                      self.rect.center, size, theme.INK_DIM, anchor="center")
            return
        records = [r for r in self.of_table() if not r.hint]
        name = table_name(self.tables[self.at])
        draw_text(surface, elide(f"{name}: {len(records)} hands reviewed", size + 2,
                                 width - round(140 * s), bold=True),
                  (self.rect.centerx, self.rect.top + round(80 * s)), size + 2, theme.GOLD,
                  bold=True, anchor="midtop")
        step = round(size * 1.5)
        y = self.rect.top + round(136 * s)
        name_w, col_w = round(width * 0.22), round(width * 0.39)
        recent = records[-RECENT:]
        heads = [f"all {len(records)} hands", f"the last {len(recent)}"]
        for c, head in enumerate(heads):
            draw_text(surface, head, (left + name_w + c * col_w, y), size, theme.INK_DIM)
        y += step
        columns = [per_hand(from_records(records), len(records)),
                   per_hand(from_records(recent), len(recent))]
        for r, phase in enumerate(PHASES):
            pygame.draw.rect(surface, COLOURS[phase], pygame.Rect(left, y + size // 4,
                                                                  size // 2, size // 2))
            draw_text(surface, phase[:1].upper() + phase[1:], (left + size, y), size, theme.INK)
            for c, column in enumerate(columns):
                rect = draw_text(surface, elide(column[r], size, col_w - 8),
                                 (left + name_w + c * col_w, y), size, theme.INK)
                record("phase figure", rect, f"{c} {phase}: {column[r]}")
            y += step
        chart = pygame.Rect(left + round(60 * s), y + round(24 * s), width - round(70 * s),
                            self.done.rect.top - y - round(60 * s))
        self._chart(surface, chart, records, max(11, size - 3))

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect,
               records: Sequence[PhaseRecord], size: int) -> None:
        """Each phase's points lost per hand over time, a line each."""
        if rect.height < 40:
            return
        n = run_length(len(records))
        lines = {p: trend(records, p, n) for p in PHASES}
        top = max([max(v) for v in lines.values() if v] + [10.0])
        pygame.draw.rect(surface, theme.INK_DIM, rect, width=1)
        record("chart", rect, "points lost per hand by phase")
        runs = "each hand" if n == 1 else f"{n} hands at a time"
        draw_text(surface, f"Points lost per hand by phase, {runs}, oldest first",
                  (rect.left, rect.top - round(size * 1.4)), size, theme.INK_DIM)
        for value in (0.0, top):
            y = round(rect.bottom - value / top * rect.height)
            draw_text(surface, f"{value:.0f}", (rect.left - 6, y), size, theme.INK_DIM,
                      anchor="midright")
        for phase, values in lines.items():
            if not values:
                continue
            n = max(1, len(values) - 1)
            at = [(round(rect.left + rect.width * i / n) if len(values) > 1 else rect.centerx,
                   round(rect.bottom - v / top * rect.height)) for i, v in enumerate(values)]
            if len(at) > 1:
                pygame.draw.lines(surface, COLOURS[phase], False, at, 2)
            for x, y in at:
                pygame.draw.circle(surface, COLOURS[phase], (x, y), 3)
