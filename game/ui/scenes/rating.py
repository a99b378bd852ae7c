"""The rating and the duplicate challenge, opened from Statistics (issue 28, items 3 and 4): the
player's rating on the levels' scale with its uncertainty, a chart of its history drawn here
(pygame's own drawing), and each challenge table's difference per deal against the expert with
its 95% interval. The figures are game.match.rating's; how they are made is docs/rating.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.rating import POSITIONS, rate, rating_words, table_figures
from game.store.challenge import Challenge, RatingPoint
from game.store.content import load_ruleset, preset_names
from game.ui import theme
from game.ui.menu import MenuScene
from game.ui.widgets import Button, draw_text, elide, record

if TYPE_CHECKING:
    from game.ui.scene import AppContext

MAX_TABLE_ROWS = 4  # challenge tables listed; the rest are summed up in one line


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def table_title(key: str) -> str:
    """A table as the player knows it: a preset's title, a house table's name."""
    if key in preset_names():
        return load_ruleset(key).title.split(":")[0]
    return key.removeprefix("house: ") + " (house)"


def chart_points(points: Sequence[RatingPoint], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Where each point of the history is drawn in ``rect``: left to right in the order
    recorded, up the levels' scale (easy at the bottom, expert at the top)."""
    low, high = min(POSITIONS.values()), max(POSITIONS.values())
    n = len(points)

    def y_of(value: float) -> int:
        share = (min(high, max(low, value)) - low) / (high - low)
        return round(rect.bottom - share * rect.height)

    if n == 1:
        return [(rect.centerx, y_of(points[0].value))]
    return [(round(rect.left + i * rect.width / (n - 1)), y_of(p.value))
            for i, p in enumerate(points)]


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, points: Sequence[RatingPoint],
               size: int) -> list[tuple[int, int]]:
    """The rating's history: a line through its points over a band of ± one standard error,
    with a line for each level. Returns where the points were drawn."""
    low, high = min(POSITIONS.values()), max(POSITIONS.values())
    for level, value in POSITIONS.items():  # the levels' lines, named at the left
        y = round(rect.bottom - (value - low) / (high - low) * rect.height)
        pygame.draw.line(surface, theme.INK_DIM, (rect.left, y), (rect.right, y), 1)
        draw_text(surface, level, (rect.left - 8, y), size, theme.INK_DIM, anchor="midright")
    pygame.draw.rect(surface, theme.INK_DIM, rect.inflate(2, 2), width=1)
    record("chart", rect, "rating history")
    if not points:
        draw_text(surface, "No rating yet", rect.center, size, theme.INK_DIM, anchor="center")
        return []
    at = chart_points(points, rect)
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(2, 2))
    if len(points) > 1:  # the band of ± one standard error
        top = chart_points([RatingPoint(p.value + p.sd, 0, 0) for p in points], rect)
        bottom = chart_points([RatingPoint(p.value - p.sd, 0, 0) for p in points], rect)
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        shifted = [(x - rect.left, y - rect.top) for x, y in [*top, *reversed(bottom)]]
        pygame.draw.polygon(band, (*theme.GOLD, 60), shifted)
        surface.blit(band, rect.topleft)
        pygame.draw.lines(surface, theme.GOLD, False, at, 3)
    else:
        p = points[0]
        span = chart_points([RatingPoint(p.value + p.sd, 0, 0),
                             RatingPoint(p.value - p.sd, 0, 0)], rect)
        pygame.draw.line(surface, theme.GOLD, span[0], span[1], 2)
    pygame.draw.circle(surface, theme.GOLD, at[-1], 5)
    surface.set_clip(clip)
    below = rect.bottom + 4
    if len(points) > 1:  # one point per hand measured, the first to the last
        draw_text(surface, "1", (rect.left, below), size, theme.INK_DIM)
        draw_text(surface, f"{len(points)}", (rect.right, below), size, theme.INK_DIM,
                  anchor="topright")
    draw_text(surface, "hands measured", (rect.centerx, below), size, theme.INK_DIM,
              anchor="midtop")
    return at


class RatingScene(MenuScene):
    name = "rating"
    title = "Rating and duplicate challenge"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        before = len(app.store.messages)
        self.challenge: Challenge = app.store.load_challenge()
        # A file that could not be read is set aside and said here too, in one line.
        self.notice = app.store.messages[before] if len(app.store.messages) > before else ""
        self.buttons = [Button("Done", lambda: app.pop(self), primary=True,
                               hotkey=pygame.K_ESCAPE)]
        self.chart = pygame.Rect(0, 0, 10, 10)
        self.drawn: list[tuple[int, int]] = []  # where the chart's points were drawn

    def history(self) -> list[RatingPoint]:
        return list(self.challenge.history)

    def current(self) -> RatingPoint | None:
        """The rating as last recorded (made again from the items if the history was lost)."""
        if self.challenge.history:
            return self.challenge.history[-1]
        r = rate(self.challenge.items)
        return None if r is None else RatingPoint(r.value, r.sd, r.items)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        width = min(size[0] - round(40 * s), round(900 * s))
        height = min(size[1] - round(30 * s), round(700 * s))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.text = max(12, round(16 * s))
        step = round(self.text * 1.5)
        rows = self.table_lines()
        top = self.rect.top + round(76 * s) + len(self.summary()) * step
        bottom = self.rect.bottom - round(80 * s) - (len(rows) + 2) * step
        left = self.rect.left + round(100 * s)
        self.chart = pygame.Rect(left, top + step // 2, self.rect.right - round(40 * s) - left,
                                 max(round(60 * s), bottom - top - step))
        b = self.buttons[0]
        b.font_size = max(14, round(19 * s))
        b.rect = pygame.Rect(0, 0, round(200 * s), round(44 * s))
        b.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(18 * s))

    def summary(self) -> list[str]:
        now = self.current()
        if now is None:
            return ["Not rated yet: play a game with the duplicate challenge on, or review a "
                    "hand, and the levels measured on your deals place you."]
        counted = self.challenge.counted()
        deals = sum(i.kind == "duplicate" for i in counted)
        reviews = sum(i.kind == "review" for i in counted)
        hinted = len(self.challenge.items) - len(counted)
        out = [f"Your rating: {now.value:.1f} ± {now.sd:.1f} on the levels' scale "
               f"({rating_words(now.value)}), from {plural(now.items, 'hand')}.",
               f"Made from {plural(deals, 'duplicate deal')} and "
               f"{plural(reviews, 'reviewed hand')}. The band: ± one standard error."]
        if hinted:  # Hint is the expert's own suggestion: those hands measure nobody
            out.append(f"{plural(hinted, 'hand')} with Hint not counted (Hint asks the "
                       "expert).")
        return out

    def table_lines(self) -> list[str]:
        tables = sorted({i.table for i in self.challenge.deals()})
        out = []
        for table in tables[:MAX_TABLE_ROWS]:
            fig = table_figures(self.challenge.deals(table))
            if fig is None:
                continue
            text = f"{table_title(table)}: no deal without Hint yet"
            if fig.mean is not None:
                text = (f"{table_title(table)}: you minus the expert {fig.mean:+.0f} a deal "
                        f"over {plural(fig.deals, 'deal')}")
            if fig.low is not None and fig.high is not None:
                text += f", 95% interval {fig.low:+.0f} to {fig.high:+.0f}"
            out.append(text)
            if fig.hinted:  # a line of its own: the figures' line is long enough already
                out.append(f"    {fig.hinted_words} in these figures.")
        if len(tables) > MAX_TABLE_ROWS:
            out.append(f"... and {len(tables) - MAX_TABLE_ROWS} more tables.")
        if not out:
            out.append("No duplicate deals yet (New game: Duplicate challenge on).")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = theme.scale_for(surface.get_size())
        size, step = self.text, round(self.text * 1.5)
        left, width = self.rect.left + round(24 * s), self.rect.width - round(48 * s)
        y = self.rect.top + round(76 * s)
        for line in self.summary():
            draw_text(surface, elide(line, size, width), (left, y), size, theme.INK)
            y += step
        self.drawn = draw_chart(surface, self.chart, self.history(), max(11, size - 2))
        y = self.chart.bottom + step + step // 2
        draw_text(surface, "Duplicate challenge, per table:", (left, y), size, theme.GOLD,
                  bold=True)
        for line in self.table_lines():
            y += step
            draw_text(surface, elide(line, size, width), (left, y), size, theme.INK)
        if self.notice:
            draw_text(surface, elide(self.notice, max(11, size - 3), width),
                      (left, self.buttons[0].rect.top - step), max(11, size - 3), theme.RED)
