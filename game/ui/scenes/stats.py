"""The player's statistics, one row per table they have played, and all tables together.

Every table is shown (issue 26: at most 9 were): the rows scroll under a fixed heading, with a
line that says which rows are on show and a bar at the side, and "All tables" stays in view.
Figures are grouped by thousands and each column is as wide as its widest figure; when the columns
do not fit the panel, the figures' type gets smaller, and only then are large figures shortened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.review import Graded
from game.store.content import load_ruleset, preset_names
from game.store.stats import OLD_TOTALS, VariantStats
from game.ui import assets, theme
from game.ui.menu import MenuScene
from game.ui.scene import Route
from game.ui.widgets import Button, draw_text, elide, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext

# (heading, what it reads): every figure is the statistics file's own count.
COLUMNS: list[tuple[str, str]] = [
    ("Games", "games_played"), ("Won", "games_won"), ("Hands bid", "bids_won"),
    ("Made", "bids_made"), ("Set", "bids_set"), ("Avg bid", "average_bid"),
    ("Best meld", "best_meld"), ("Best streak", "best_streak")]
MIN_TEXT = 11  # the smallest type figures shrink to before they are shortened


def table_name(key: str) -> str:
    """A statistics key as the player knows the table: a preset's title, a house table's
    name."""
    if key in preset_names():
        return load_ruleset(key).title.split(":")[0]
    if key == OLD_TOTALS:
        return "Earlier games"
    return key.removeprefix("house: ") + " (house)"


def figure(stats: VariantStats, attr: str, short: bool = False) -> str:
    """A figure as the table shows it: "12,345,678", or "12.3M" when space is short."""
    value = getattr(stats, attr)
    if attr == "average_bid":
        if not stats.bids_won:
            return "–"
        value = round(value)
    if short and value >= 100_000:
        return f"{value / 1_000_000:.1f}M" if value >= 1_000_000 else f"{value // 1000}k"
    return f"{value:,}"


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
                               hotkey=pygame.K_ESCAPE),
                        Button("Hand history", lambda: app.open(Route.HISTORY),
                               hotkey=pygame.K_h),
                        Button("Rating", lambda: app.open(Route.RATING), hotkey=pygame.K_r,
                               tooltip="Your rating on the levels' scale, its history, and the "
                               "duplicate challenge per table (R)"),
                        Button("By phase", lambda: app.open(Route.PHASES), hotkey=pygame.K_b,
                               tooltip="Points lost and accuracy in the auction, the exchange, "
                               "meld and draws and the play, per table over time (B)")]
        # Issue 40: the decisions of reviewed hands not yet found a better play for.
        practice = app.store.load_learning().practice
        if practice:
            costliest = sorted(practice, key=lambda i: -Graded(i.decision).lost)
            self.buttons.append(Button(
                f"Practice ({len(practice)})",
                lambda: app.open(Route.RETRY, items=costliest, title="Practice"),
                hotkey=pygame.K_p, tooltip="Find a better play at the costly decisions of "
                "your reviewed hands not yet found, costliest first (P)"))
        self.scroll = 0  # the first table row on show
        self.visible = 1  # table rows on show at once
        self.text = 16  # the type size of the rows
        self.short = False  # large figures shortened (only when smaller type was not enough)
        self.rights: list[int] = []  # each figure column's right edge
        self.first_w = 0  # the table names' column

    def tables(self) -> list[tuple[str, VariantStats]]:
        """Every table played, by name."""
        stats = self.app.stats
        return sorted(((table_name(k), v) for k, v in stats.variants.items()
                       if v.games_played or v.hands_played), key=lambda kv: kv[0])

    def rows(self) -> list[tuple[str, VariantStats]]:
        """The rows on show: the tables scrolled to, then all tables together."""
        tables = self.tables()
        return [*tables[self.scroll:self.scroll + self.visible],
                ("All tables", self.app.stats.totals())]

    def one_scale(self) -> bool:
        """Whether every table the player bid at counts its points on one scale."""
        scales = {point_scale(k) for k, v in self.app.stats.variants.items() if v.bids_won
                  or v.best_meld}
        return len(scales) <= 1 and None not in scales

    # -- layout ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        tables = self.tables()
        self.row_h = round(34 * s)
        fixed = round(150 * s) + round(60 * s) + 2 * self.row_h  # title, headings, Done, cue
        room = max(1, (size[1] - round(40 * s) - fixed) // self.row_h - 1)
        self.visible = max(1, min(len(tables), room))
        self.scroll = max(0, min(self.scroll, len(tables) - self.visible))
        width = min(size[0] - round(40 * s), round(980 * s))
        cue = self.row_h if len(tables) > self.visible else 0
        note = 0 if self.one_scale() else self.row_h  # why All tables has no average bid
        height = fixed - 2 * self.row_h + (self.visible + 2) * self.row_h + cue + note
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self._columns(s, [*tables, ("All tables", self.app.stats.totals())])
        n = len(self.buttons)
        # Done, then Hand history, Rating, By phase (and Practice) beside it, as wide as fits
        pitch = min(round(220 * s), (width - round(24 * s)) // n)
        for i, b in enumerate(self.buttons):
            b.font_size = max(14, round(19 * s))
            b.rect = pygame.Rect(0, 0, pitch - round(16 * s), round(44 * s))
            b.rect.midbottom = (self.rect.centerx + round((2 * i - n + 1) * pitch / 2),
                                self.rect.bottom - round(18 * s))

    def _columns(self, s: float, rows: list[tuple[str, VariantStats]]) -> None:
        """Each column as wide as its widest figure (or heading word), right-aligned; the
        type shrinks, then large figures shorten, until the names keep a fair column."""
        inner = self.rect.width - round(48 * s)
        gap = round(14 * s)
        for short in (False, True):
            for text in range(max(12, round(16 * s)), MIN_TEXT - 1, -1):
                font, bold = assets.font(text), assets.font(text, True)
                # the names' column: the longest name, up to a fair share of the panel
                fair = min(max(bold.size(name)[0] for name, _ in rows) + round(10 * s),
                           round(260 * s))
                widths = [max([font.size(w)[0] for w in head.split()]
                              + [bold.size(figure(v, attr, short))[0] for _, v in rows])
                          for head, attr in COLUMNS]
                first = inner - sum(widths) - gap * len(widths)
                if first >= max(fair, round(120 * s)) or (short and text == MIN_TEXT):
                    self.text, self.short, self.first_w = text, short, first
                    right = self.rect.right - round(24 * s)
                    self.rights = []
                    for w in reversed(widths):
                        self.rights.insert(0, right)
                        right -= w + gap
                    return

    # -- scrolling ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -event.y
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                    pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -10**6,
                    pygame.K_END: 10**6}.get(event.key, 0)
        if not step:
            return False
        last = max(0, len(self.tables()) - self.visible)
        self.scroll = max(0, min(last, self.scroll + step))
        return True

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop(surface, 130)
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        draw_text(surface, self.title, (self.rect.centerx, self.rect.top + round(20 * s)),
                  round(34 * s), theme.GOLD, bold=True, anchor="midtop")
        size, left = self.text, self.rect.left + round(24 * s)
        y = self.rect.top + round(76 * s)
        for right, (head, _) in zip(self.rights, COLUMNS, strict=True):
            for j, word in enumerate(head.split()):  # a heading's words one above the other
                draw_text(surface, word, (right, y + j * round(size * 1.3)), size,
                          theme.INK_DIM, anchor="topright")
        y += round(size * 1.3)
        tables = self.tables()
        rows = self.rows()
        top = y + self.row_h
        for r, (name, stats) in enumerate(rows):
            total = r == len(rows) - 1
            if total and len(tables) > self.visible:
                y += self.row_h
                self._cue(surface, (left, y + self.row_h // 4), len(tables), size)
            y += self.row_h
            colour = theme.GOLD if total else theme.INK
            draw_text(surface, elide(name, size, self.first_w - round(8 * s), bold=total),
                      (left, y), size, colour, bold=total)
            for right, (_, attr) in zip(self.rights, COLUMNS, strict=True):
                text = "–" if total and attr in SCALED and not self.one_scale() else \
                    figure(stats, attr, self.short)
                draw_text(surface, text, (right, y), size, colour, bold=total,
                          anchor="topright")
        if not self.one_scale():
            draw_text(surface, "All tables: no average bid or best meld, as these tables count "
                      "their points on different scales.", (left, y + self.row_h),
                      max(MIN_TEXT, size - 3), theme.INK_DIM)
        if len(tables) > self.visible:
            self._bar(surface, s, top, top + self.visible * self.row_h, len(tables))
        if not tables:
            draw_text(surface, "No games played yet.", (self.rect.centerx, y + round(40 * s)),
                      size, theme.INK_DIM, anchor="midtop")
        for b in self.buttons:
            b.draw(surface)

    def _cue(self, surface: pygame.Surface, pos: tuple[int, int], count: int, size: int) -> None:
        first, last = self.scroll + 1, self.scroll + self.visible
        draw_text(surface, f"Tables {first}–{last} of {count}: scroll (wheel, ↑ ↓) for the "
                  "others", pos, max(MIN_TEXT, size - 2), theme.INK_DIM)

    def _bar(self, surface: pygame.Surface, s: float, top: int, bottom: int, count: int) -> None:
        """A scroll bar in the panel's right margin: its thumb is the rows on show."""
        x, w = self.rect.right - round(14 * s), max(3, round(5 * s))
        track = pygame.Rect(x, top, w, bottom - top)
        pygame.draw.rect(surface, theme.INK_DIM, track, width=1, border_radius=w // 2)
        thumb_h = max(w * 2, track.height * self.visible // count)
        thumb_y = top + (track.height - thumb_h) * self.scroll // max(1, count - self.visible)
        pygame.draw.rect(surface, theme.GOLD, pygame.Rect(x, thumb_y, w, thumb_h),
                         border_radius=w // 2)
