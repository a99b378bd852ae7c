"""The coach's panel beside a tutorial table: the lesson's title, the step counter and stars,
the narration (at the largest of the table's text sizes that fits), the last reply in the colour
of its tone, and the panel's buttons. What does not fit is noted (``cut``), and ``cuts``
measures a text and reply without drawing, for ``tutorial --check``."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui import assets, theme
from game.ui.widgets import Button, draw_text, panel
from game.ui.widgets import wrap as wrap_lines

if TYPE_CHECKING:
    from game.ui.table.layout import Layout


@lru_cache(maxsize=4096)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``widgets.wrap``, remembered: the panel is laid out on every frame with the same texts
    (and the check measures each reply a step can give)."""
    return tuple(wrap_lines(text, size, width, bold))


class PanelPlace(Protocol):
    """Where the panel lies: the table's layout and the panel's column in it (the coach)."""

    @property
    def layout(self) -> Layout: ...

    def narration_rect(self) -> pygame.Rect: ...


class NarrationPanel:
    """The coach's panel (:class:`~game.ui.coached.Coach`): its texts and buttons,
    drawn in the column the table gives it."""

    def __init__(self, place: PanelPlace) -> None:
        self.place = place
        self.reply = ""  # the answer to the learner's last try, in the colour of its tone
        self.reply_colour: tuple[int, ...] = theme.INK
        self.side_buttons: list[Button] = []  # the panel's own: Back, Next, Hint...
        self.task_buttons: list[Button] = []  # the step's answers, above the panel's own
        self.cut: list[str] = []  # texts drawn that did not fit their panel (checked)

    def cuts(self, title: str, text: str) -> list[str]:
        """What would not fit the narration panel with this text and the reply now shown:
        the same measures as ``draw``, without drawing (the check asks this for
        every reply a step can give)."""
        return self._narration_plan(title, text)[3]

    def _narration_plan(self, title: str, text: str
                        ) -> tuple[tuple[str, ...], int, tuple[str, ...], list[str]]:
        """(title lines, text size, text lines, what does not fit) for the panel."""
        lay = self.place.layout
        s = lay.s
        box = self.place.narration_rect()
        width = box.width - round(24 * s)
        heads = wrap(title, lay.font, width, bold=True)
        y = box.top + round(10 * s) + len(heads) * round(lay.font * 1.3) + round(
            lay.font_small * 1.6)
        rows = [b.rect.top for b in [*self.task_buttons, *self.side_buttons]]
        limit = min(rows, default=box.bottom) - round(8 * s)
        size = self._fit(text, width, limit - y)
        lines = wrap(text, size, width)
        cuts = []
        y += len(lines) * round(size * 1.3)
        if y > limit:
            cuts.append(f"the narration runs past its panel: {text[:60]!r}")
        if self.reply:
            y += round(6 * s)
            shown = wrap(self.reply, size, width, bold=True)
            if shown and y + (len(shown) - 1) * round(size * 1.3) + size > limit:
                cuts.append(f"the reply is cut: {self.reply[:60]!r}")
        return heads, size, lines, cuts

    def draw(self, surface: pygame.Surface, title: str, counter: str, text: str,
             stars: str = "") -> None:
        lay = self.place.layout
        s = lay.s
        box = self.place.narration_rect()
        panel(surface, box)
        x, y = box.left + round(12 * s), box.top + round(10 * s)
        width = box.width - round(24 * s)
        heads, size, lines, cuts = self._narration_plan(title, text)
        for line in heads:
            draw_text(surface, line, (x, y), lay.font, theme.GOLD, bold=True)
            y += round(lay.font * 1.3)
        draw_text(surface, counter, (x, y), lay.font_small, theme.INK_DIM)
        if stars:
            # The stars go beside the counter when both fit, else on a line of their own
            # (the drill's counter with large text ran into them).
            font = assets.font(lay.font_small)
            if font.size(counter)[0] + font.size(stars)[0] + round(8 * s) > width:
                y += round(lay.font_small * 1.3)
            draw_text(surface, stars, (box.right - round(12 * s), y), lay.font_small,
                      theme.GOLD, anchor="topright")
        y += round(lay.font_small * 1.6)
        rows = [b.rect.top for b in [*self.task_buttons, *self.side_buttons]]
        limit = min(rows, default=box.bottom) - round(8 * s)
        for line in lines:
            draw_text(surface, line, (x, y), size, theme.INK)
            y += round(size * 1.3)
        for cut in cuts:
            self.note_cut(cut)
        if self.reply:
            y += round(6 * s)
            for line in wrap(self.reply, size, width, bold=True):
                if y + size > limit:
                    break
                draw_text(surface, line, (x, y), size, self.reply_colour, bold=True)
                y += round(size * 1.3)
        for b in [*self.task_buttons, *self.side_buttons]:
            b.draw(surface)

    def buttons(self) -> list[Button]:
        """The step's buttons and the panel's own."""
        return [*self.task_buttons, *self.side_buttons]

    def note_cut(self, what: str) -> None:
        if what not in self.cut:
            self.cut.append(what)

    def _fit(self, text: str, width: int, height: int) -> int:
        """The largest of the table's text sizes at which the text and the reply shown (or,
        before one, room for a short reply) fit the panel."""
        lay = self.place.layout
        sizes = (lay.font, lay.font_small, max(10, lay.font_small - 2), max(9, lay.font_small - 3))
        for size in sizes:
            reply = len(wrap(self.reply, size, width, bold=True)) if self.reply else 2
            lines = len(wrap(text, size, width)) + reply
            if lines * round(size * 1.3) + round(6 * lay.s) <= height:
                return size
        return sizes[-1]
