"""Playing a card: legal cards rise under the pointer and the keyboard's focus ring moves over
them only; pointing at an illegal card shows the rule that forbids it on the status line, in
the preset's own words and order of precedence."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import PlayCard, ProposeThrowIn, ThrowIn
from game.rules.cards import Card
from game.rules.tricks import explain_plays
from game.ui import theme
from game.ui.handpick import HandPicker
from game.ui.overlay import Overlay
from game.ui.table import fastflow
from game.ui.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable


class TrickScene(Overlay):
    name = "tricks"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        view = table.view
        self.legal: dict[Card, list[PlayCard]] = {}
        for a in view.legal:
            if isinstance(a, PlayCard):
                self.legal.setdefault(a.card, []).append(a)
        # The focus ring skips illegal cards, except where legality is not shown (puzzles).
        self.picker = HandPicker(table, lambda i: not table.grey_illegal
                                 or self.picker.card(i) in self.legal)
        self.reasons = self._reasons()
        self.tip = ""
        if ThrowIn() in view.legal and table.offers("throw-in"):
            self.buttons.append(Button("Throw in the hand", lambda: self.act(ThrowIn()),
                                       destructive=True))
        if ProposeThrowIn() in view.legal and table.offers("throw-in"):
            self.buttons.append(Button(
                "Ask to throw in", lambda: self.act(ProposeThrowIn()),
                tooltip="The hand is thrown in only if everybody agrees: you lose the bid and "
                        "the other side scores its meld."))
        if table.offers("claim") and table.match.can_claim(table.human):
            self.buttons.append(Button("Claim the rest", self.claim, hotkey=pygame.K_c,
                                       primary=True))

    def _reasons(self) -> dict[Card, str]:
        """Why each card in hand may not be played now: the engine's own refusal."""
        view = self.table.view
        rules = view.rules
        if not view.trick:
            return {}
        obligations = rules.stock.playoff_obligations if view.playoff else None
        verdict = explain_plays(rules, view.cards, [c for _, c in view.trick],
                                view.trump if view.trump >= 0 else None, obligations)
        return {f.card: f.message for f in verdict.illegal}

    def claim(self) -> None:
        if not self.closing and self.table.claim():
            self.closing = True
            self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        gap = round(8 * lay.s)
        layout_row(self.buttons, size[0] / 2 + round(420 * lay.s), size[1] - lay.card_h
                   - round(56 * lay.s), round(36 * lay.s), gap)
        if not self.buttons:
            return
        # The row sits beside the status line ("Your lead: ..."); a long label would reach
        # over its end. Move right to clear it, and above it if the window is too narrow.
        row = self.buttons_rect()
        status = lay.status
        dx = status.right + gap - row.left
        if dx <= 0:
            return
        dy = 0
        if row.right + dx > size[0] - gap:
            dx = size[0] - gap - row.right
            dy = status.top - gap - row.bottom
        for b in self.buttons:
            b.rect.move_ip(dx, dy)

    def play(self, index: int) -> None:
        card = self.picker.card(index)
        if card is None:
            return
        options = self.legal.get(card)
        if not options:
            # The engine refuses it, in its own words (the rule, in the preset's order).
            self.table.refuse(self.table.match.why_not(PlayCard(card))
                              or f"{card.pretty}: {self.reasons.get(card, '')}")
            self.app.sounds.play("click")
            return
        # Two-handed: prefer the copy lying on the table, keeping the hidden one hidden.
        action = next((a for a in options if a.from_table), options[0])
        self.act(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.picker.focus < 0:
            hinted = fastflow.hinted_play(self.table)  # Enter plays the hinted card
            if hinted is not None:
                self.act(hinted)
                return True
        if self.picker.handle(event, self.play):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        pointed = self.picker.pointed
        card = self.picker.card(pointed)
        # The tutorial's puzzles show no legality before the click (grey_illegal off).
        grey = self.table.grey_illegal
        for sp in self.picker.sprites:
            sp.dim = grey and sp.card not in self.legal
        lifted = {pointed} if card is not None and (card in self.legal or not grey) else set()
        self.picker.apply_lift(lifted, 24 * self.layout.s)
        self.picker.show_focus()
        self.tip = self.reasons.get(card, "") if grey and card is not None \
            and card not in self.legal else ""
        if self.tip and card is not None:
            self.table.status_line.prompt = (f"Why not {card.pretty}: {self.tip}", theme.GOLD)
        else:
            lead = "Your lead" if not self.table.view.trick else "Your turn"
            self.table.status_line.prompt = (f"{lead}: play a card (click, or arrows and Enter).",
                                      theme.INK)

    @property
    def busy(self) -> bool:
        return self.picker.moving

    def exit(self) -> None:
        self.table.status_line.prompt = None
        self.picker.hide_focus()
        for sp in self.picker.sprites:
            sp.dim = False
            sp.lift = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_buttons(surface)
