"""What the coach draws over the table, above everything else: a held trick's caption (who
takes it, and its points unless the next step asks for them), with the winning card ringed, and
the glossary pop-up for the new words of a step, until the learner clicks Got it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui import theme
from game.ui.widgets import Button, draw_text, panel, wrap

if TYPE_CHECKING:
    from game.rules.events import TrickWon
    from game.store.tutorial_data import Term
    from game.ui.coached_panel import NarrationPanel
    from game.ui.table.faces import PromptTable
    from game.ui.table.layout import Layout
    from game.ui.table.model import TableModel

TERMS_AT_ONCE = 3  # new words explained together in one pop-up


class Coach(Protocol):
    """What the pop-ups read of the coach (:class:`game.ui.coached.Coach`)."""

    held: TrickWon | None
    terms: list[Term]
    got_it: Button
    narration: NarrationPanel

    @property
    def table(self) -> PromptTable: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def model(self) -> TableModel: ...

    def trick_caption(self) -> str: ...

    def narration_rect(self) -> pygame.Rect: ...

    def term_text(self, term: Term) -> str: ...


def trick_rect(lay: Layout) -> pygame.Rect:
    """The trick's area in the middle of the table (a step may light it)."""
    rect = pygame.Rect(0, 0, round(lay.trick_w * 3.6), round(lay.trick_h * 2.4))
    rect.center = lay.center
    return rect


def caption_rect(lay: Layout, narration: pygame.Rect, lines: int) -> pygame.Rect:
    """Where a held trick's caption of ``lines`` lines goes: under the trick, moved clear of
    the coach's panel towards the side the panel is not on (it is on the right of the trick
    at three chairs and more, on the left at two-handed, where pushing the caption left of
    the panel put it off the window)."""
    rect = trick_rect(lay)
    box = pygame.Rect(0, 0, rect.width + round(100 * lay.s),
                      round(lines * lay.font * 1.3 + 16 * lay.s))
    box.midtop = (rect.centerx, rect.bottom + round(4 * lay.s))
    if box.colliderect(narration):
        gap = round(8 * lay.s)
        if narration.centerx >= lay.center[0]:
            box.right = narration.left - gap
        else:
            box.left = narration.right + gap
    return box


def draw(coach: Coach, surface: pygame.Surface) -> None:
    """The held trick's caption and the glossary pop-up, over everything else."""
    lay = coach.layout
    held = coach.held
    if held is not None and not coach.table.timeline.busy:  # once its cards have landed
        # The winning card ringed, as the table rings it once the trick is swept.
        trick = coach.model.tricks.trick
        won = next((sp for seat, sp in trick if seat == held.seat), None)
        if won is not None:
            pygame.draw.rect(surface, theme.GOLD, won.rect.inflate(10, 10), width=4,
                             border_radius=max(6, round(won.w * 0.1)))
        text = coach.trick_caption()
        lines = wrap(text, lay.font, trick_rect(lay).width + round(80 * lay.s))
        box = caption_rect(lay, coach.narration_rect(), len(lines))
        panel(surface, box, (10, 30, 22, 235), 8, theme.GOLD)
        y = box.top + round(8 * lay.s)
        for line in lines:
            draw_text(surface, line, (box.centerx, y), lay.font, theme.INK, anchor="midtop")
            y += round(lay.font * 1.3)
    if coach.terms:
        draw_terms(coach, surface, coach.terms[:TERMS_AT_ONCE])


def draw_terms(coach: Coach, surface: pygame.Surface, terms: list[Term]) -> None:
    """New words of this step, explained, until the learner clicks Got it."""
    lay = coach.layout
    s = lay.s
    width = round(340 * s)
    inner = width - round(28 * s)
    blocks = [(f"{t.forms[0]}", wrap(coach.term_text(t), lay.font_small, inner))
              for t in terms]
    line_h = round(lay.font_small * 1.35)
    height = round(lay.font * 1.5 + 62 * s) + sum(
        round(lay.font * 1.3) + len(lines) * line_h + round(6 * s) for _, lines in blocks)
    box = pygame.Rect(0, 0, width, height)
    if height > lay.size[1]:
        coach.narration.note_cut(f"the pop-up for {', '.join(t.id for t in terms)} is taller "
                                 "than the window")
    narration = coach.narration_rect()
    if narration.centerx < lay.center[0]:  # two-handed: the narration is on the left
        box.midright = (lay.size[0] - round(20 * s), lay.center[1])
    else:
        box.midleft = (round(lay.card_w * 1.3 + 20 * s), lay.center[1])
    panel(surface, box, (12, 36, 28, 245), 10, theme.GOLD)
    x, y = box.left + round(14 * s), box.top + round(10 * s)
    draw_text(surface, "New words" if len(terms) > 1 else "New word", (x, y), lay.font,
              theme.GOLD, bold=True)
    y += round(lay.font * 1.5)
    for word, lines in blocks:
        draw_text(surface, word, (x, y), lay.font_small, theme.GOLD, bold=True)
        y += round(lay.font * 1.3)
        for line in lines:
            draw_text(surface, line, (x, y), lay.font_small, theme.INK)
            y += line_h
        y += round(6 * s)
    coach.got_it.rect.midbottom = (box.centerx, box.bottom - round(10 * s))
    coach.got_it.draw(surface)
