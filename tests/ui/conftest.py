"""Headless UI fixtures: an App on the dummy video driver with its own data directory."""

from __future__ import annotations

import os

import pygame
import pytest

from game.store.store import Store
from game.ui.app import App
from game.ui.routes import ROUTES

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


@pytest.fixture
def app(store):
    application = App(store, ROUTES, (1280, 800))
    # Events an earlier test posted and never pumped (a click, a key) would reach this app
    # first, as a stray click on its title or table: one worker runs many tests.
    pygame.event.clear()
    # A tenth of a second a frame: the tests read what the table settles on, and reach it in a
    # third of the frames; the tests of an animation's frames step a thirtieth themselves.
    application.fixed_dt = 0.1
    application.settings.speed = "fast"
    application.settings.think_ms = 0
    application.first_run = False  # a returning player (tests/ui/test_looks.py: the first run)
    # The meld display as well as the meld on the table: the tests of the display and the
    # layout walk meet it (tests/ui/test_meld_on_table.py: the table alone, the default).
    application.settings.meld_shown = "table and display"
    application.sounds.muted = True
    application.settings.seat_levels = ["random"] * 3  # fast and independent of bot levels
    yield application
    application.shutdown()


def pump(app: App, frames: int = 1, until=None, events=()) -> bool:
    """Run frames (posting ``events`` first); stop early when ``until()`` is true."""
    for event in events:
        pygame.event.post(event)
    for _ in range(frames):
        for event in pygame.event.get():
            app.handle(event)
        app.step(app.fixed_dt or 1 / 30)
        if until is not None and until():
            return True
    return until is None or bool(until())


def click(pos) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0, scancode=0)
