"""The window check's clicks in the review lesson's Find a better play and Play it out
(:mod:`game.ui.lessondrive` drives the rest): the best card clicked in Find a better play's
hand, and each screen closed with its own Close, as a learner would."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

import pygame

from game.match.review import Graded
from game.rules.actions import PlayCard
from game.ui.scene import AppContext
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.retry import RetryScene
from game.ui.widgets import Button


class Clicking(Protocol):
    """What these clicks need of the driver (game.ui.lessondrive.Driver)."""

    @property
    def app(self) -> AppContext: ...

    def pump(self, frames: int = 1, until: Callable[[], bool] | None = None,
             events: Iterable[pygame.event.Event] = ()) -> bool: ...

    def look(self) -> None: ...

    def click(self, pos: tuple[int, int]) -> None: ...

    def press(self, button: Button) -> bool: ...


def find_better(drv: Clicking, scene: LessonTutor) -> str | None:
    """A retry step: Find a better play is open over the table; the best card is clicked in
    its hand, then Done closes it."""
    top = drv.app.top
    if not isinstance(top, RetryScene) or top.picker is None:
        return "Find a better play did not open"
    focus = scene.run.revisit(scene.run.step.retry)
    assert focus is not None
    best = Graded(focus.item.decision).best.action
    drv.look()  # the hand is placed where it is drawn
    spot = next((r for c, _, r in top.picker.cards
                 if isinstance(best, PlayCard) and c == best.card), None)
    if spot is None:
        return f"{best} is not in Find a better play's hand"
    drv.click((spot.left + 3, spot.centery))
    drv.look()
    return close_top(drv, RetryScene, "Find a better play")


def close_top(drv: Clicking, kind: type, name: str) -> str | None:
    """The screen a step opened over the table, closed with its own Close (or Done)."""
    top = drv.app.top
    if not isinstance(top, kind):
        return f"{name} did not open"
    drv.look()
    button = next((b for b in getattr(top, "buttons", []) if b.label in ("Close", "Done")),
                  None)
    if button is None or not drv.press(button):
        return f"{name} has no Close on screen"
    drv.pump(1)
    return None if drv.app.top is not top else f"{name} does not close"
