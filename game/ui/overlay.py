"""Overlays: scenes drawn over the table that let the player make one decision (``Overlay``)
or read something and continue (``Display``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.ui import theme
from game.ui.scene import Scene
from game.ui.table import fastflow
from game.ui.widgets import Button, draw_text, layout_row, panel, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable
    from game.ui.table.layout import Layout


class Overlay(Scene):
    opaque = False
    # A prompt drawn with :meth:`prompt_panel` shows the table's message (a hint, a refusal)
    # in its panel, instead of the status line beneath it.
    shows_message = False

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []
        self.closing = False

    @property
    def layout(self) -> Layout:
        return self.table.layout

    def act(self, action: Action) -> None:
        if self.closing:
            return
        if self.table.act(action):
            self.closing = True
            self.app.pop(self)

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        # The table's own buttons (hint, undo, scores, rules, menu) stay usable.
        return self.table.handle_event(event)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def buttons_rect(self) -> pygame.Rect:
        """The rectangle around all of this prompt's buttons (it must have some)."""
        return self.buttons[0].rect.unionall([b.rect for b in self.buttons])

    def place_buttons(self, size: tuple[int, int], height: int, min_width: int = 60) -> None:
        """The prompt's buttons above the hand, centred in the panel that holds them: one row,
        or two when one would be wider than the table leaves for a prompt (measured first: a
        wide row widens the panel, which may then move)."""
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        y, gap = size[1] - lay.card_h - round(120 * lay.s), round(10 * lay.s)
        rows = [self.buttons]
        layout_row(self.buttons, 0, y, height, gap, min_width=min_width)
        if self.prompt_width(self.buttons_rect().width) > self.table.prompt_room():
            half = (len(self.buttons) + 1) // 2
            rows = [self.buttons[:half], self.buttons[half:]]
            for row in rows:  # measured again: the panel is as wide as the wider row
                layout_row(row, 0, y, height, gap, min_width=min_width)
        x = self.table.prompt_center(self.prompt_width(max(
            row[-1].rect.right - row[0].rect.left for row in rows)))
        for i, row in enumerate(rows):
            top = y - (len(rows) - 1 - i) * (height + gap)
            layout_row(row, x, top, height, gap, min_width=min_width)

    def prompt_width(self, content: int = 0) -> int:
        """A prompt panel's width: 620 (scaled), or wider to hold ``content`` with margins."""
        s = self.layout.s
        return max(round(620 * s), content + round(30 * s))

    def prompt_rect(self, lines: list[str], height_lines: int = 0,
                    center_x: float | None = None
                    ) -> tuple[pygame.Rect, list[tuple[str, tuple[int, ...]]]]:
        """Where :meth:`prompt_panel` draws: the panel above the player's hand, wide and tall
        enough for the buttons, and its lines as wrapped (with the table's message)."""
        lay = self.layout
        s = lay.s
        width = self.prompt_width(self.buttons_rect().width if self.buttons else 0)
        colours: list[tuple[int, ...]] = [theme.INK] * len(lines)
        message = self.table.message() if self.shows_message else None
        if message is not None:
            lines, colours = [*lines, message[0]], [*colours, message[1]]
        parts = [(part, colour) for line, colour in zip(lines, colours, strict=True)
                 for part in wrap(line, lay.font, width - round(30 * s))]
        n = max(len(parts), height_lines)
        bottom = lay.size[1] - lay.card_h - round(70 * s)
        # The buttons sit at fixed rows above the hand; the text must end above the first.
        tops = [b.rect.top for b in self.buttons]
        under_text = bottom - min(tops) + round(10 * s) if tops else 0
        height = max(round((62 + 26 * n + 56) * s),
                     round((52 + 26 * len(parts)) * s) + under_text)
        rect = pygame.Rect(0, 0, width, height)
        x = self.table.prompt_center(width) if center_x is None else center_x
        rect.midbottom = (round(x), bottom)
        return rect, parts

    def prompt_panel(self, surface: pygame.Surface, title: str, lines: list[str],
                     height_lines: int = 0, center_x: float | None = None) -> pygame.Rect:
        """A panel above the player's hand with a title and a few lines of text, wide and tall
        enough to hold the prompt's buttons."""
        lay = self.layout
        s = lay.s
        rect, parts = self.prompt_rect(lines, height_lines, center_x)
        panel(surface, rect)
        draw_text(surface, title, (rect.centerx, rect.top + round(14 * s)), lay.font_big,
                  theme.GOLD, bold=True, anchor="midtop")
        y = rect.top + round(52 * s)
        for line, colour in parts:
            draw_text(surface, line, (rect.centerx, y), lay.font, colour, anchor="midtop")
            y += round(26 * s)
        return rect


AUTO_CONTINUE = 1.6  # seconds a display stays up in demo mode


class Display(Overlay):
    """A modal display with a Continue button (Enter, Space or a click). It is drawn on a
    panel, its :meth:`frame`, with its buttons inside at the panel's foot."""

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        self.age = 0.0
        self.cont = Button("Continue", self.close, primary=True, hotkey=pygame.K_RETURN)
        self.buttons = [self.cont]

    def sheet(self) -> pygame.Rect:
        """The whole table below its toolbar, nearly to the window's edges: whatever of the
        table lies beneath is covered whole (a panel over half a seat's name leaves a stump
        of it), and the toolbar stays in reach."""
        lay = self.layout
        margin = round(4 * lay.s)
        w, h = lay.size
        return pygame.Rect(margin, lay.bar.bottom + margin, w - 2 * margin,
                           h - lay.bar.bottom - 2 * margin)

    def frame(self) -> pygame.Rect:
        """The display's panel (by default the :meth:`sheet`)."""
        return self.sheet()

    def button_room(self) -> int:
        """The height its buttons take at the foot of the frame."""
        return round(64 * self.layout.s)

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        frame = self.frame()
        layout_row(self.buttons, frame.centerx, frame.bottom - round(56 * lay.s),
                   round(42 * lay.s), round(12 * lay.s), min_width=round(150 * lay.s))

    def update(self, dt: float) -> None:
        self.age += dt
        wait = self.fast_wait
        if wait is None and self.table.demo and \
                self.age > AUTO_CONTINUE * max(0.05, self.app.speed):
            self.on_auto()
        if wait is not None:  # the fast flow: no click needed, and the button says so
            base = self.cont.label.split(" (")[0]
            self.cont.label = f"{base} ({max(1, math.ceil(wait - self.age))} s)"
            if self.age > wait:
                self.on_auto()

    @property
    def fast_wait(self) -> float | None:
        """Seconds before this display continues by itself under the Fast setting (not in a
        lesson, which narrates its displays), or None."""
        if not self.table.fast_flow:
            return None
        return fastflow.display_seconds(self.app.settings, self.name)

    def on_auto(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.cont.on_click()
            return True
        return super().handle_event(event)

    @property
    def busy(self) -> bool:
        return self.table.demo or self.fast_wait is not None
