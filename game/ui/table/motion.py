"""What the table model's parts (the trick area, the stock, the exchanges) may ask of the
model that holds them: the rules and the seats, the hands, and how cards move. Each part owns
its own cards; the hands, which every part deals from and into, stay with the model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.ui.anim import Timeline
from game.ui.table.layout import Layout
from game.ui.table.sprites import CardSprite
from game.ui.table.talk import TableTalk

MOVE = 0.28  # seconds for a card to travel


class CardTable(Protocol):
    """The table model as its parts see it."""

    rules: RuleSet
    human: int
    layout: Layout
    timeline: Timeline
    hands: list[list[CardSprite]]
    sounds: list[str]  # sound names to play, drained by the scene
    talk: TableTalk
    trick_pause: float | None  # seconds a completed trick stays; None: until the player clicks

    def settle(self, duration: float = MOVE) -> None:
        """Queue the tweens that take every card whose place changed to its new place."""
        ...

    def sort_hand(self, seat: int) -> None: ...

    def sort_human(self) -> None: ...

    def take_from_hand(self, seat: int, card: Card | None) -> CardSprite: ...

    def new_sprite(self, seat: int) -> CardSprite: ...


def turn_over(sprite: CardSprite, face_up: bool) -> Callable[[], None]:
    """What turns ``sprite`` face up or down when a step of the timeline reaches it."""
    def turn() -> None:
        sprite.face_up = face_up
    return turn
