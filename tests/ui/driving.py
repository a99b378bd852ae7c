"""Driving the table in tests: start a game at a window size, let the bots play, answer the
player's prompts with the engine's first legal action until a condition holds."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.table.house import setup_table
from game.ui.table.scene import TableScene
from game.ui.table.start import start_game
from tests.ui.conftest import pump

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def sized(app, size) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    for scene in app.stack:
        scene.resize(app.size)


def table_of(app) -> TableScene:
    return next(s for s in app.stack if isinstance(s, TableScene))


def start(app, variant: str = "racehorse", seed: int = 11, size=None) -> TableScene:
    if size is not None:
        sized(app, size)
    app.settings.variant = variant
    start_game(app, setup_table(app.settings), seed=seed)
    return table_of(app)


def answer(app, table: TableScene, choose: Callable | None = None) -> None:
    """Answer whatever the player faces: a prompt with ``choose(legal)`` (default: the
    engine's first legal action), a display with its Continue button."""
    top = app.top
    if top is table or table.timeline.busy:
        return
    if hasattr(top, "act") and table.match.waiting_for_human() and top.name != "deal":
        legal = table.match.legal()
        top.act(choose(legal) if choose else legal[0])
    elif hasattr(top, "cont"):
        top.age = 99.0  # past any settling time
        top.close()


def run_until(app, table: TableScene, until: Callable[[], bool], frames: int = 4000,
              choose: Callable | None = None, answering: bool = True) -> bool:
    done = _run(app, table, until, frames, choose, answering)
    # the player's hand never needed mending from the view after an action's events
    assert not table.model.repairs, table.model.repairs
    return done


def _run(app, table: TableScene, until: Callable[[], bool], frames: int,
         choose: Callable | None, answering: bool) -> bool:
    if until():
        return True
    for _ in range(frames):
        pump(app)
        if until():
            return True
        if answering:
            answer(app, table, choose)
    return until()
