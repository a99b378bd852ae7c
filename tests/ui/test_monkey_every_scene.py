"""A monkey in every scene: random clicks, moves, wheels and keys (F11 and window resizes too)
sent to every route of the app, every lesson and puzzle, and a table of every preset. At least
20,000 events in all; any exception fails the test (the app's loop would have closed the game).

Each scene's events come in two parts (tests/tiers.py): a fifth of them, the sample, in the fast
tier, and the other four fifths, from another seed, marked slow; the README's command sends both.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.store.content import load_tutorial, preset_names
from game.ui.scene import Route
from game.ui.table.house import setup_table
from game.ui.table.scene import TableScene
from game.ui.table.start import start_game
from tests.tiers import PART
from tests.ui.conftest import pump
from tests.ui.test_monkey_and_saves import random_event

SHARE = {"sample": 0.2, "rest": 0.8}  # of each scene's events
# Events a scene gets over both parts: each menu, each table (three overlays, then the table
# itself), each lesson and each puzzle.
MENU, OVERLAY, TABLE, LEVEL = 600, 100, 1500, 200
MENUS = [Route.TITLE, Route.SETUP, Route.SETTINGS, Route.STATISTICS, Route.HELP, Route.LESSONS,
         Route.RULE_ORDER, Route.DRILL]


@pytest.fixture
def app(app):  # noqa: ANN001, ANN201
    """The UI tests' app, with the shortest think time: the monkey's H at a table asks the
    strongest level for a hint, and a search of the level's whole budget took a third of a
    table's events. The search's paths are the same at any budget (tests/bots/
    test_legality.py runs them small too); what the monkey looks for is the app raising."""
    app.settings.think_ms, app.settings.think_rate = 1, 0.001  # 1 sample: the fewest a search takes
    return app


def _events(full: int, part: str) -> int:
    return round(full * SHARE[part])


def _monkey(app, rng: random.Random, events: int, reopen) -> int:  # noqa: ANN001
    """Send ``events`` random events; the number sent."""
    sent = 0
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
        sent += 1
    return sent


@pytest.mark.parametrize("part", PART)
@pytest.mark.parametrize("route", MENUS)
def test_monkey_in_the_menus(app, route, part):
    rng = random.Random(f"{route.value}/{part}")
    app.go(route)
    assert _monkey(app, rng, _events(MENU, part), lambda: app.go(route)) == _events(MENU, part)


@pytest.mark.parametrize("part", PART)
@pytest.mark.parametrize("name", preset_names())
def test_monkey_at_every_table(app, name, part):
    app.settings.variant = name
    rng = random.Random(f"{name}/{part}")

    def reopen() -> None:
        start_game(app, setup_table(app.settings), seed=rng.randrange(10**6))

    reopen()
    table = next(s for s in app.stack if isinstance(s, TableScene))
    for route, args in ((Route.SCORES, {"table": table}), (Route.RULES,
                        {"rules": table.match.rules}), (Route.PAUSE, {"table": table})):
        app.open(route, **args)
        sent = _monkey(app, rng, _events(OVERLAY, part), reopen)
        assert sent == _events(OVERLAY, part)
        while app.top is not table and table in app.stack:
            app.pop()
    assert _monkey(app, rng, _events(TABLE, part), reopen) == _events(TABLE, part)


LESSONS, PUZZLES, _ = load_tutorial()


@pytest.mark.parametrize("part", PART)
@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_monkey_in_every_lesson(app, lesson, part):
    rng = random.Random(f"{lesson.id}/{part}")
    app.go(Route.LESSON, lesson=lesson)
    sent = _monkey(app, rng, _events(LEVEL, part), lambda: app.go(Route.LESSON, lesson=lesson))
    assert sent == _events(LEVEL, part)


@pytest.mark.parametrize("part", PART)
@pytest.mark.parametrize("puzzle", PUZZLES, ids=[x.id for x in PUZZLES])
def test_monkey_in_every_puzzle(app, puzzle, part):
    rng = random.Random(f"{puzzle.id}/{part}")
    app.go(Route.PUZZLE, puzzle=puzzle, queue=PUZZLES)
    sent = _monkey(app, rng, _events(LEVEL, part),
                   lambda: app.go(Route.PUZZLE, puzzle=puzzle, queue=PUZZLES))
    assert sent == _events(LEVEL, part)


def test_the_monkey_sends_enough_events():
    """At least 20,000 events over both parts, a fifth of them in the fast tier. Counted from the
    plan rather than by a counter the tests bump: under pytest-xdist the tests run in two
    processes, in no fixed order, and the fast tier leaves the slow part out."""
    per_part = {part: len(MENUS) * _events(MENU, part)
                + len(preset_names()) * (3 * _events(OVERLAY, part) + _events(TABLE, part))
                + (len(LESSONS) + len(PUZZLES)) * _events(LEVEL, part) for part in SHARE}
    assert sum(per_part.values()) >= 20_000, per_part
    assert per_part["sample"] >= 4_000, per_part
