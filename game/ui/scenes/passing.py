"""Choosing cards to give away: passing to partner (racehorse), passing back, or discarding
(three-handed), then confirming the choice."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Discard, PassCards
from game.rules.cards import Card
from game.rules.phase import Phase
from game.ui.handpick import HandPicker
from game.ui.overlay import Overlay
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable


class PassScene(Overlay):
    """Pick cards to pass (racehorse), pass back, or discard (three-handed), then confirm."""

    shows_message = True
    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        view = table.view
        self.phase = view.phase
        self.name = "discard" if self.phase == Phase.DISCARD else "passing"
        self.choices = {a.cards for a in view.legal if isinstance(a, (PassCards, Discard))}
        self.k = len(next(iter(self.choices))) if self.choices else 0
        self.picker = HandPicker(table, lambda i: i in self.selected or self.can_add(i))
        self.selected: list[int] = []
        self._addable: tuple[object, frozenset[int]] | None = None
        verb = "Discard" if self.phase == Phase.DISCARD else "Pass"
        self.confirm = Button(f"{verb} these {self.k}", self.submit, enabled=False, primary=True,
                              hotkey=pygame.K_RETURN)
        self.buttons = [self.confirm, Button("Clear", self.clear, hotkey=pygame.K_BACKSPACE)]

    def resize(self, size: tuple[int, int]) -> None:
        self.place_buttons(size, round(42 * self.layout.s))

    def chosen(self) -> tuple[Card, ...]:
        cards = [self.picker.card(i) for i in self.selected]  # the player's: all known
        return tuple(sorted(c for c in cards if c is not None))

    def can_add(self, index: int) -> bool:
        return index in self.addable()

    def addable(self) -> frozenset[int]:
        """The cards that, added to the choice so far, still lead to a legal choice. Read for
        every card on every frame, so worked out once per choice: a double-deck pass has
        thousands of legal choices."""
        key = (tuple(self.selected), tuple(self.picker.card(i) for i in
                                           range(len(self.picker.sprites))))
        if self._addable is None or self._addable[0] != key:
            self._addable = (key, frozenset(i for i in range(len(self.picker.sprites))
                                            if self._fits(i)))
        return self._addable[1]

    def _fits(self, index: int) -> bool:
        card = self.picker.card(index)
        if card is None or index in self.selected or len(self.selected) >= self.k:
            return False
        trial = Counter([*self.chosen(), card])
        return any(all(n <= choice.count(c) for c, n in trial.items())
                   for choice in self.choices)

    def toggle(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif self.can_add(index):
            self.selected.append(index)
        elif len(self.selected) < self.k:
            self.table.refuse(self.why_not(index))
        self.confirm.enabled = self.chosen() in self.choices

    def why_not(self, index: int) -> str:
        """The engine's reason for refusing a pass with this card in it: the choice so far,
        the card, and cards from a legal choice to make up the number."""
        card = self.picker.card(index)
        if card is None:
            return "That card cannot be chosen now."
        trial = [*self.chosen(), card]
        for c in next(iter(self.choices), ()):
            if len(trial) >= self.k:
                break
            if trial.count(c) < self.picker_count(c):
                trial.append(c)
        cards = tuple(sorted(trial))
        action = Discard(cards) if self.phase == Phase.DISCARD else PassCards(cards)
        return self.table.match.why_not(action) or "That card cannot be chosen now."

    def picker_count(self, card: object) -> int:
        return sum(1 for sp in self.picker.sprites if sp.card == card)

    def clear(self) -> None:
        self.selected = []
        self.confirm.enabled = False

    def submit(self) -> None:
        cards = self.chosen()
        if cards in self.choices:
            action = Discard(cards) if self.phase == Phase.DISCARD else PassCards(cards)
            self.act(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # With the choice complete, Enter confirms it instead of toggling the focused card.
        confirming = (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN
                      and self.confirm.enabled)
        if self.picker.handle(event, self.toggle, enter_picks=not confirming):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        lifted = set(self.selected)
        for i, sp in enumerate(self.picker.sprites):
            sp.selected = i in lifted
            sp.dim = not (i in lifted or self.can_add(i) or len(self.selected) >= self.k)
        if self.picker.pointed >= 0:
            lifted.add(self.picker.pointed)
        self.picker.apply_lift(lifted, 22 * self.layout.s)
        self.picker.show_focus()

    @property
    def busy(self) -> bool:
        return self.picker.moving

    def exit(self) -> None:
        self.picker.hide_focus()
        for sp in self.picker.sprites:
            sp.selected = sp.dim = False
            sp.lift = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        if self.phase == Phase.PASS:
            title = f"Pass {self.k} cards to your partner"
            lines = ["Your partner won the bid: send trump, meld and aces."]
        elif self.phase == Phase.PASS_BACK:
            title = f"Pass {self.k} cards back"
            # The engine counted the bidder's meld before this pass and offers only cards
            # outside it (passing.legal_pass); the meld is not laid on the table here, so
            # "laid down" read as something the learner could not see.
            offered = {c for choice in self.choices for c in choice}
            if any(c not in offered for c in view.cards):
                lines = ["Your meld is counted: pass back cards from outside it."]
            elif self.table.match.rules.passing.exchange == "sequential":
                lines = ["Too few cards lie outside your meld: it is counted again after."]
            else:
                lines = ["Choose them from your own hand."]
        else:
            title = f"Discard {self.k} cards"
            lines = ["The discards count as your tricks."]
        lines.append(f"Chosen {len(self.selected)} of {self.k}. Click cards, or use the arrows "
                     "and Enter.")
        del view
        self.prompt_panel(surface, title, lines, 2)
        self.draw_buttons(surface)
