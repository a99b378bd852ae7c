"""What a scene in front of the table (a prompt, a display, the score sheet, the menu) may ask
of the table behind it, the way the app gives every scene an ``AppContext``: never the whole
table scene, whose loop, session and toolbar are its own business."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.actions import Action
from game.ui.anim import Timeline
from game.ui.table.labels import DrawnTable
from game.ui.table.status import StatusLine


class PromptTable(DrawnTable, Protocol):
    """The table as its prompts and displays see it: what it shows (``DrawnTable``), and the
    few things they may do to it."""

    demo: bool  # the bots play every seat: displays close by themselves
    grey_illegal: bool  # prompts dim the cards the rules forbid (the tutorial turns this off)
    timeline: Timeline  # the deal prompt waits for the cards to land, or finishes them
    status_line: StatusLine  # the card prompt says what to do there
    fast_flow: bool  # the Fast setting's displays go on by themselves (not in a lesson)

    def act(self, action: Action) -> bool:
        """Submit the player's action; an illegal one shows the rule and changes nothing."""
        ...

    def claim(self) -> bool:
        """The player claims the rest of the tricks for their side."""
        ...

    def refuse(self, message: str) -> None:
        """Tell the player why a move is not allowed."""
        ...

    def offers(self, control: str) -> bool:
        """Whether the table offers ``control`` ("claim", "throw-in", "declare-out")."""
        ...

    def message(self) -> tuple[str, tuple[int, ...]] | None:
        """A message while it lasts (a prompt's panel shows it instead of the status line)."""
        ...

    def prompt_room(self) -> float:
        """The widest a prompt panel in front of the player may be."""
        ...

    def prompt_center(self, width: float) -> float:
        """Centre line of a prompt panel ``width`` wide in front of the player."""
        ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The table's own buttons stay usable under a prompt."""
        ...
