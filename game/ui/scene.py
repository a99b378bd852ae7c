"""Scene base class and the scene stack protocol.

Scenes form a stack: the top scene receives input; every scene updates; drawing starts at the
highest opaque scene, so overlays (bid panel, meld display) draw over the table beneath them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    name = "scene"  # used for demo screenshots: one PNG per scene name
    opaque = True  # whether scenes beneath need drawing
    is_menu = False  # a column of buttons (title, settings...): overlays hide it entirely

    def __init__(self, app: App) -> None:
        self.app = app

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""

    # loop
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one input event; return True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface."""

    def backdrop(self, surface: pygame.Surface, alpha: int) -> None:
        """Dim what lies beneath this overlay; over a menu, start from plain felt instead,
        because a dimmed menu shows through the overlay's panel and sticks out around it."""
        stack = self.app.stack
        i = stack.index(self) if self in stack else len(stack)
        if i > 0 and stack[i - 1].is_menu:
            from game.ui.table.hud import felt

            surface.blit(felt(surface.get_size()), (0, 0))
        else:
            from game.ui.widgets import shade

            shade(surface, alpha)

    @property
    def busy(self) -> bool:
        """Whether the scene needs frames (animating or about to act) rather than idling."""
        return False

    @property
    def settled(self) -> bool:
        """Nothing is moving: a screenshot now shows the scene as a player sees it."""
        return not self.busy
