"""A monkey in every scene: random clicks, moves, wheels and keys (F11 and window resizes too)
sent to every route of the app, every lesson and puzzle, and a table of every preset. At least
20,000 events in all; any exception fails the test (the app's loop would have closed the game).
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.store.content import load_tutorial, preset_names
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from game.ui.table.start import start_game
from tests.ui.conftest import pump
from tests.ui.test_monkey_and_saves import random_event

SENT = {"events": 0}
MENUS = [Route.TITLE, Route.SETUP, Route.SETTINGS, Route.STATISTICS, Route.HELP, Route.LESSONS]


def _monkey(app, rng: random.Random, events: int, reopen) -> None:  # noqa: ANN001
    for _ in range(events):
        if not app.running or not app.stack:
            app.running = True
            reopen()
        roll = rng.random()
        if roll < 0.003:
            size = rng.choice([(1024, 640), (1280, 800), (1920, 1080)])
            event = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        elif roll < 0.005:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, unicode="", mod=0,
                                       scancode=0)
        else:
            event = random_event(rng, app.size)
        pump(app, 1, events=[event])
        SENT["events"] += 1


@pytest.mark.parametrize("route", MENUS)
def test_monkey_in_the_menus(app, route):
    rng = random.Random(route.value)
    app.go(route)
    _monkey(app, rng, 600, lambda: app.go(route))


@pytest.mark.parametrize("name", preset_names())
def test_monkey_at_every_table(app, name):
    app.settings.variant = name
    rng = random.Random(name)

    def reopen() -> None:
        assert start_game(app, seed=rng.randrange(10**6)) is None

    reopen()
    table = next(s for s in app.stack if isinstance(s, TableScene))
    for route, args in ((Route.SCORES, {"table": table}), (Route.RULES,
                        {"rules": table.match.rules}), (Route.PAUSE, {"table": table})):
        app.open(route, **args)
        _monkey(app, rng, 100, reopen)
        while app.top is not table and table in app.stack:
            app.pop()
    _monkey(app, rng, 1500, reopen)


LESSONS, PUZZLES, _ = load_tutorial()


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_monkey_in_every_lesson(app, lesson):
    rng = random.Random(lesson.id)
    app.go(Route.LESSON, lesson=lesson)
    _monkey(app, rng, 200, lambda: app.go(Route.LESSON, lesson=lesson))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[x.id for x in PUZZLES])
def test_monkey_in_every_puzzle(app, puzzle):
    rng = random.Random(puzzle.id)
    app.go(Route.PUZZLE, puzzle=puzzle, queue=PUZZLES)
    _monkey(app, rng, 200, lambda: app.go(Route.PUZZLE, puzzle=puzzle, queue=PUZZLES))


def test_the_monkey_sent_enough_events():
    """Runs after the others in this file (pytest keeps file order)."""
    assert SENT["events"] >= 20_000, SENT
