"""Playing a card: legal cards rise under the pointer; an illegal one shows the rule that
forbids it, in the preset's own words and order of precedence."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import DeclareOut, PlayCard, ThrowIn
from game.rules.cards import Card
from game.rules.tricks import explain_plays
from game.ui import theme
from game.ui.handpick import HandPicker
from game.ui.overlay import Overlay, declare_out_button
from game.ui.widgets import Button, layout_row, tooltip

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene


class TrickScene(Overlay):
    name = "tricks"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        view = table.view
        self.picker = HandPicker(table)
        self.legal: dict[Card, list[PlayCard]] = {}
        for a in view.legal:
            if isinstance(a, PlayCard):
                self.legal.setdefault(a.card, []).append(a)
        self.reasons = self._reasons()
        self.tip = ""
        if ThrowIn() in view.legal:
            self.buttons.append(Button("Throw in the hand", lambda: self.act(ThrowIn())))
        if DeclareOut() in view.legal:
            self.buttons.append(declare_out_button(self))

    def _reasons(self) -> dict[Card, str]:
        """Why each card in hand may not be played now, from the engine's rules."""
        view = self.table.view
        rules = view.rules
        if not view.trick:
            return {}
        obligations = rules.stock.playoff_obligations if view.playoff else None
        verdict = explain_plays(rules, view.cards, [c for _, c in view.trick],
                                view.trump if view.trump >= 0 else None, obligations)
        return {f.card: f.message for f in verdict.illegal}

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        gap = round(8 * lay.s)
        layout_row(self.buttons, size[0] / 2 + round(420 * lay.s), size[1] - lay.card_h
                   - round(56 * lay.s), round(36 * lay.s), gap)
        if not self.buttons:
            return
        # The row sits beside the status line ("Your lead: ..."); a long label such as
        # "Declare out (1,020: you win)" would reach over its end. Move right to clear it,
        # and above it if the window is too narrow for that.
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
            reason = self.reasons.get(card, "That card cannot be played now.")
            self.table.refuse(f"{card.pretty}: {reason}")
            self.app.sounds.play("click")
            return
        # Two-handed: prefer the copy lying on the table, keeping the hidden one hidden.
        action = next((a for a in options if a.from_table), options[0])
        self.act(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        self.tip = self.reasons.get(card, "") if grey and card is not None \
            and card not in self.legal else ""

    def exit(self) -> None:
        for sp in self.picker.sprites:
            sp.dim = False
            sp.lift = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_buttons(surface)
        if self.tip:
            sp = self.picker.sprites[self.picker.pointed]
            tooltip(surface, "Why not: " + self.tip, (round(sp.x), sp.rect.top),
                    self.layout.font_small, round(420 * self.layout.s))
        elif not self.table.status or self.app.time >= self.table.status_until:
            lead = "Your lead" if not self.table.view.trick else "Your turn"
            self.table.say(f"{lead}: play a card (click, or arrows and Enter).", theme.INK, 0.1)
