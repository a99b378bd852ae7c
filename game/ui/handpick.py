"""Picking cards from the player's hand with the mouse or the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card

if TYPE_CHECKING:
    from game.ui.table.faces import PromptTable
    from game.ui.table.sprites import CardSprite


class HandPicker:
    """Hover, focus (arrow keys) and hit tests over the player's fanned hand."""

    def __init__(self, table: PromptTable, allowed: Callable[[int], bool] | None = None) -> None:
        self.table = table
        self.focus = -1
        self.hover = -1
        # The cards the keyboard's focus may rest on (the legal ones); every card by default.
        self.allowed: Callable[[int], bool] = allowed or (lambda i: True)
        self.moving = False  # a card is still rising or settling: the prompt needs frames

    @property
    def sprites(self) -> list[CardSprite]:
        return self.table.model.hands[self.table.human]

    def hit(self, pos: tuple[int, int]) -> int:
        for i in range(len(self.sprites) - 1, -1, -1):
            if self.sprites[i].rect.collidepoint(pos):
                return i
        return -1

    def card(self, index: int) -> Card | None:
        if 0 <= index < len(self.sprites):
            return self.sprites[index].card
        return None

    def step(self, direction: int) -> None:
        """Move the focus to the next allowed card in ``direction`` (+1 right, -1 left),
        wrapping; it stays put when no card is allowed."""
        n = len(self.sprites)
        start = self.focus if 0 <= self.focus < n else (-1 if direction > 0 else n)
        for k in range(1, n + 1):
            i = (start + direction * k) % n
            if self.allowed(i):
                self.focus = i
                return

    def key(self, event: pygame.event.Event) -> str:
        """'left', 'right' (focus moved), 'enter', or '' for other keys."""
        if event.type != pygame.KEYDOWN or not self.sprites:
            return ""
        if event.key in (pygame.K_LEFT, pygame.K_a):
            self.step(-1)
            return "left"
        if event.key in (pygame.K_RIGHT, pygame.K_d):
            self.step(1)
            return "right"
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return "enter"
        return ""

    def handle(self, event: pygame.event.Event, pick: Callable[[int], None],
               enter_picks: bool = True) -> bool:
        """Pointer hover and click, arrows and Enter over the hand; ``pick(index)`` is called
        for the card chosen. Returns whether the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hit(event.pos)
            if index >= 0:
                pick(index)
                return True
        key = self.key(event)
        if key in ("left", "right"):
            self.hover = -1
            return True
        if key == "enter" and self.focus >= 0 and enter_picks:
            pick(self.focus)
            return True
        return False

    @property
    def pointed(self) -> int:
        return self.hover if self.hover >= 0 else self.focus

    def show_focus(self) -> None:
        """Ring the focused card (the keyboard's place in the hand) while the pointer is away."""
        for i, sp in enumerate(self.sprites):
            sp.focused = i == self.focus and self.hover < 0

    def hide_focus(self) -> None:
        for sp in self.sprites:
            sp.focused = False

    def apply_lift(self, lifted: set[int], amount: float) -> None:
        self.moving = False
        for i, sp in enumerate(self.sprites):
            target = amount if i in lifted else 0.0
            sp.lift += (target - sp.lift) * 0.5
            if abs(sp.lift - target) < 0.5:
                sp.lift = target
            else:
                self.moving = True
