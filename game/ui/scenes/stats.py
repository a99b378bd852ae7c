"""The player's statistics, one row per table they have played, and all tables together."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.store.content import load_ruleset, preset_names
from game.store.stats import OLD_TOTALS, VariantStats
from game.ui import theme
from game.ui.menu import MenuScene
from game.ui.widgets import Button, draw_text, elide, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext

# (heading, what it reads): every figure is the statistics file's own count.
COLUMNS: list[tuple[str, str]] = [
    ("Games", "games_played"), ("Won", "games_won"), ("Hands bid", "bids_won"),
    ("Made", "bids_made"), ("Set", "bids_set"), ("Avg bid", "average_bid"),
    ("Best meld", "best_meld"), ("Best streak", "best_streak")]
MAX_ROWS = 9


def table_name(key: str) -> str:
    """A statistics key as the player knows the table: a preset's title, a house table's
    name."""
    if key in preset_names():
        return load_ruleset(key).title.split(":")[0]
    if key == OLD_TOTALS:
        return "Earlier games"
    return key.removeprefix("house: ") + " (house)"


def figure(stats: VariantStats, attr: str) -> str:
    value = getattr(stats, attr)
    if attr == "average_bid":
        return f"{value:.0f}" if stats.bids_won else "–"
    return str(value)


# Figures on a table's own scale of points: a double-deck bid of 60 and a racehorse bid of 300
# make no average (issue 25).
SCALED = ("average_bid", "best_meld")


def point_scale(key: str) -> int | None:
    """A table's scale of points (what its tricks are worth in all); None when unknown."""
    return load_ruleset(key).total_trick_points if key in preset_names() else None


class StatsScene(MenuScene):
    name = "statistics"
    title = "Statistics"
    opaque = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.buttons = [Button("Done", lambda: app.pop(self), primary=True,
                               hotkey=pygame.K_ESCAPE)]

    def rows(self) -> list[tuple[str, VariantStats]]:
        stats = self.app.stats
        played = sorted(((table_name(k), v) for k, v in stats.variants.items()
                         if v.games_played or v.hands_played), key=lambda kv: kv[0])
        return [*played[:MAX_ROWS], ("All tables", stats.totals())]

    def one_scale(self) -> bool:
        """Whether every table the player bid at counts its points on one scale."""
        scales = {point_scale(k) for k, v in self.app.stats.variants.items() if v.bids_won
                  or v.best_meld}
        return len(scales) <= 1 and None not in scales

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        width = min(size[0] - round(40 * s), round(980 * s))
        height = round((150 + 34 * (len(self.rows()) + 1)) * s) + round(60 * s)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        done = self.buttons[0]
        done.font_size = max(14, round(19 * s))
        done.rect = pygame.Rect(0, 0, round(200 * s), round(44 * s))
        done.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(18 * s))

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop(surface, 130)
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        draw_text(surface, self.title, (self.rect.centerx, self.rect.top + round(20 * s)),
                  round(34 * s), theme.GOLD, bold=True, anchor="midtop")
        size = max(12, round(16 * s))
        left = self.rect.left + round(24 * s)
        first_w = round(self.rect.width * 0.26)
        col_w = (self.rect.width - round(48 * s) - first_w) // len(COLUMNS)
        y = self.rect.top + round(76 * s)
        for i, (head, _) in enumerate(COLUMNS):  # a heading's words one above the other
            for j, word in enumerate(head.split()):
                draw_text(surface, word, (left + first_w + (i + 1) * col_w,
                                          y + j * round(size * 1.3)), size, theme.INK_DIM,
                          anchor="topright")
        y += round(size * 1.3)
        rows = self.rows()
        for r, (name, stats) in enumerate(rows):
            y += round(34 * s)
            total = r == len(rows) - 1
            colour = theme.GOLD if total else theme.INK
            draw_text(surface, elide(name, size, first_w - round(8 * s), bold=total),
                      (left, y), size, colour, bold=total)
            for i, (_, attr) in enumerate(COLUMNS):
                text = "–" if total and attr in SCALED and not self.one_scale() else \
                    figure(stats, attr)
                draw_text(surface, text, (left + first_w + (i + 1) * col_w, y),
                          size, colour, bold=total, anchor="topright")
        if not self.one_scale():
            draw_text(surface, "All tables: no average bid or best meld, as these tables count "
                      "their points on different scales.", (left, y + round(size * 1.8)),
                      max(11, size - 3), theme.INK_DIM)
        if len(rows) == 1:
            draw_text(surface, "No games played yet.", (self.rect.centerx, y + round(40 * s)),
                      size, theme.INK_DIM, anchor="midtop")
        self.buttons[0].draw(surface)
