"""The order of the trick rules at every table, side by side: rows are situations of play
(``levels/rule_order.toml``, each cell held by ``tutorial --check`` to what the engine does),
columns the tables, each cell the number of the rule deciding it there, from the rule set. Point
at a cell to read the table's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.store.content import load_preset, preset_names
from game.tutorial.compare import Column, columns, grid
from game.ui import theme
from game.ui.coached_controls import shipped_library
from game.ui.scene import Route, Scene
from game.ui.widgets import Button, draw_text, draw_wrapped, felt, panel, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class RuleOrderScene(Scene):
    name = "rule order"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.cols: list[Column] = columns([load_preset(p) for p in preset_names()])
        order = shipped_library().rule_order
        self.rows = list(order.rows) if order is not None else []
        self.intro = order.intro if order is not None else "The rule order file is missing."
        self.cells = grid(self.rows, self.cols)
        self.back = Button("Back", lambda: app.go(Route.LESSONS), hotkey=pygame.K_ESCAPE)
        self.pointed: tuple[int, int] | None = None
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.label_w = 0
        self.col_w = 0
        self.row_h = 0

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        self.label_w = round(250 * s)
        self.col_w = min(round(118 * s), (size[0] - self.label_w - round(40 * s))
                         // len(self.cols))
        self.back.rect = pygame.Rect(0, 0, round(140 * s), round(40 * s))
        self.back.rect.midbottom = (size[0] // 2, size[1] - round(16 * s))
        # The grid starts below the intro as wrapped and the tallest column heading (a table
        # and its phase wrap to three lines in a narrow column): fixed, they overlapped.
        intro_size, head_size = max(12, round(15 * s)), max(11, round(14 * s))
        intro_h = len(wrap(self.intro, intro_size, size[0] - round(80 * s))) * \
            round(intro_size * 1.25)
        heads = max((len(wrap(self.heading(c), head_size, self.col_w - 6)) for c in self.cols),
                    default=1)
        top = round(58 * s) + intro_h + round(10 * s) + heads * round(head_size * 1.2)
        room = self.back.rect.top - round(50 * s) - top  # the pointed cell's note below
        self.row_h = max(round(22 * s), min(round(38 * s), room // max(1, len(self.rows))))
        width = self.label_w + self.col_w * len(self.cols)
        self.grid = pygame.Rect(0, top, width, self.row_h * len(self.rows))
        self.grid.centerx = size[0] // 2
        self.back.font_size = max(14, round(18 * s))

    @staticmethod
    def heading(col: Column) -> str:
        return col.table if not col.phase else f"{col.table} ({col.phase})"

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        x = pos[0] - self.grid.left - self.label_w
        y = pos[1] - self.grid.top
        if x < 0 or y < 0 or not self.grid.collidepoint(pos):
            return None
        return y // self.row_h, x // self.col_w

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointed = self.cell_at(event.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        s = theme.scale_for(surface.get_size())
        w = surface.get_width()
        draw_text(surface, "Rule order at every table", (w // 2, round(20 * s)), round(30 * s),
                  theme.GOLD, bold=True, anchor="midtop")
        draw_wrapped(surface, self.intro, pygame.Rect(round(40 * s), round(58 * s),
                                                      w - round(80 * s), self.grid.top),
                     max(12, round(15 * s)), theme.INK_DIM)
        size = max(11, round(14 * s))
        top = self.grid.top
        for j, col in enumerate(self.cols):
            x = self.grid.left + self.label_w + j * self.col_w + self.col_w // 2
            lines = wrap(self.heading(col), size, self.col_w - 6)
            y0 = top - round(6 * s) - len(lines) * round(size * 1.2)
            for k, line in enumerate(lines):
                draw_text(surface, line, (x, y0 + k * round(size * 1.2)), size, theme.INK,
                          anchor="midtop")
        for i, row_data in enumerate(self.rows):
            y = top + i * self.row_h
            row = pygame.Rect(self.grid.left, y, self.grid.width, self.row_h - 2)
            panel(surface, row, (10, 30, 22, 200) if i % 2 else (20, 50, 38, 200), 4, None)
            draw_text(surface, row_data.label, (self.grid.left + round(8 * s), row.centery),
                      size, anchor="midleft")
            for j, value in enumerate(self.cells[i]):
                x = self.grid.left + self.label_w + j * self.col_w + self.col_w // 2
                colour = theme.GOLD if value not in ("—", "?") else theme.INK_DIM
                if self.pointed == (i, j):
                    pygame.draw.rect(surface, theme.GOLD, pygame.Rect(
                        x - self.col_w // 2, y, self.col_w, self.row_h - 2), width=2,
                        border_radius=4)
                draw_text(surface, value, (x, row.centery), round(size * 1.2), colour,
                          bold=True, anchor="center")
        self.draw_words(surface, s)
        self.back.draw(surface)

    def draw_words(self, surface: pygame.Surface, s: float) -> None:
        """The pointed table's rules in its own words (the first table's by default)."""
        i, j = self.pointed if self.pointed is not None else (0, 0)
        if not 0 <= j < len(self.cols):
            return
        col = self.cols[j]
        box = pygame.Rect(self.grid.left, self.grid.bottom + round(16 * s), self.grid.width,
                          self.back.rect.top - self.grid.bottom - round(30 * s))
        panel(surface, box)
        title = col.table + (f", {col.phase}" if col.phase else "") + ": in its own words"
        draw_text(surface, title, (box.left + round(12 * s), box.top + round(8 * s)),
                  max(12, round(16 * s)), theme.GOLD, bold=True)
        text = "  ".join(f"{n}. {words}" for n, _, words in col.rules)
        draw_wrapped(surface, text, box.inflate(-round(24 * s), -round(40 * s)).move(
            0, round(14 * s)), max(11, round(14 * s)), theme.INK)
        del i
