"""What a table asks of a coach attached to it (:meth:`TableScene.attach`): the tutorial's
lessons, puzzles, drill and guided first hand are each a table with a coach, not a kind of table.

A coach sits beside the table as a player sees one: it judges the learner's moves (the engine
still decides what is legal), moves the other seats by its own script instead of the bots, keeps
a finished trick on the table until a click, and draws its panel beside the cards, where no
prompt may go. The table asks it at each of these places and otherwise plays as it always does;
its own parts (model, toolbar, status line, session) are the same at a lesson as at a game.
The coach the tutorial attaches is :class:`game.ui.coached.Coach`.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.cards import Card
from game.rules.events import Event
from game.ui.table.moves import Moves


class Coach(Moves, Protocol):
    """A coach as the table sees it: the table's moves part (the learner's moves are judged by
    the coach's run; it never plays a card for the learner), and these."""

    name: str  # the scene's name while the coach sits there ("lesson", "puzzle"...)

    # -- what the table shows and when
    def process(self, events: list[Event]) -> None:
        """Show what a move did (a finished trick is held until a click)."""
        ...

    def rebuild(self) -> None:
        """Lay the table out at the match's state, without animation (instead of a replay)."""
        ...

    def advance(self, dt: float) -> None:
        """Move the other seats, when the coach plays them (instead of the bots)."""
        ...

    def push_display(self) -> bool:
        """Open the display due now, if any (instead of the game's meld and result)."""
        ...

    def wants_prompt(self) -> bool:
        """Whether the prompt for the learner's move may open now."""
        ...

    def update(self, dt: float) -> None:
        """After the table's own update, every frame."""
        ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Before the table's own handling: the coach's buttons, its pop-up, a held trick."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """The table (:meth:`TableScene.draw_table`), and the coach's panel beside it."""
        ...

    def glowing_cards(self) -> set[Card]: ...

    # -- where the prompts go: left of the coach's panel
    def prompt_room(self) -> float: ...

    def prompt_center(self, width: float) -> float: ...

    def keep_clear(self) -> list[pygame.Rect]: ...

    def place_panel(self) -> None:
        """Lay the panel's buttons out again (after the table's resize)."""
        ...
