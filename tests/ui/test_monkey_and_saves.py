"""Thousands of random clicks and keys through whole games; saving, resuming, and corrupt
saves."""

from __future__ import annotations

import json
import random

import pygame

from game.match.controller import Match
from game.store.content import ruleset_from_text
from game.store.saves import SavedGame
from game.store.tables import preset_table
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scenes.menus import TitleScene
from game.ui.table.house import setup_table
from game.ui.table.scene import TableScene
from game.ui.table.start import start_game
from tests.ui.conftest import pump

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p,
        pygame.K_ESCAPE, pygame.K_h, pygame.K_u, pygame.K_s, pygame.K_r, pygame.K_m,
        pygame.K_BACKSPACE, pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_0, pygame.K_UP,
        pygame.K_DOWN, pygame.K_t, pygame.K_n]


def random_event(rng: random.Random, size) -> pygame.event.Event:
    """A random click, move, wheel or key — clicks lean towards the lower third, where the
    hand and the prompts are, and Escape, Enter, Space and P are common, so that the monkey
    also gets through whole hands rather than only reading the rules screen."""
    roll = rng.random()
    w, h = size
    if roll < 0.35:
        pos = (rng.randrange(w), rng.randrange(h))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    if roll < 0.65:
        pos = (rng.randrange(w // 5, w - w // 5), rng.randrange(h * 2 // 3, h))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    if roll < 0.72:
        pos = (rng.randrange(w), rng.randrange(h))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.74:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]))
    common = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p]
    k = rng.choice(common) if rng.random() < 0.6 else rng.choice(KEYS)
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=pygame.key.name(k)[:1], mod=0,
                              scancode=0)


def short_game(tmp_path) -> str:
    path = tmp_path / "short.toml"
    path.write_text('base = "racehorse"\nname = "short"\ntitle = "Short racehorse"\n'
                    '[scoring]\ngame = "hands"\nhands = 2\n', encoding="utf-8")
    return str(path)


def test_monkey_anywhere_never_raises(app, tmp_path):
    """Random input everywhere: menus, set-up, settings, rules, quitting and coming back."""
    app.settings.variant = short_game(tmp_path)
    rng = random.Random(2026)
    app.push(TitleScene(app))
    names = set()
    for _ in range(3000):
        if not app.running:
            app.running = True
            app.reset(TitleScene(app))
        if not any(isinstance(s, TableScene) for s in app.stack) and rng.random() < 0.05:
            start_game(app, setup_table(app.settings), seed=rng.randrange(10**6))
        pump(app, 1, events=[random_event(rng, app.size)])
        names.add(app.top.name)
    assert {"title", "table", "auction", "menu"} <= names


def test_monkey_plays_a_whole_game_on_the_table(app, tmp_path):
    """Random clicks and keys on the table only (no menus) until the game is over."""
    app.settings.variant = short_game(tmp_path)
    start_game(app, setup_table(app.settings), seed=4)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    rng = random.Random(7)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p,
            pygame.K_BACKSPACE, pygame.K_2, pygame.K_5, pygame.K_0]
    bar = table.layout.bar.bottom
    sent = 0
    while not table.match.over and sent < 30000:
        if rng.random() < 0.6:
            pos = (rng.randrange(app.size[0]), rng.randrange(bar + 1, app.size[1]))
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        else:
            k = rng.choice(keys)
            event = pygame.event.Event(pygame.KEYDOWN, key=k, unicode=pygame.key.name(k)[:1],
                                       mod=0, scancode=0)
        pump(app, 1, events=[event])
        sent += 1
    assert table.match.over, f"game not finished after {sent} random events"
    assert sent > 1000
    totals = app.stats.totals()
    assert totals.hands_played == 2 and totals.games_played == 1


def test_save_after_every_action_and_resume(app, store):
    app.settings.variant = "racehorse"
    start_game(app, setup_table(app.settings), seed=77)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    for _ in range(400):
        pump(app)
        if len(table.match.actions) >= 12:
            break
    saved = store.load_game()
    assert saved is not None and saved.actions == table.match.actions[:len(saved.actions)]
    assert len(saved.actions) == len(table.match.actions)
    fresh = App(store, ROUTES, (1024, 640))
    fresh.first_run = False
    try:
        title = TitleScene(fresh)
        fresh.push(title)
        assert title.buttons[0].label == "Resume Racehorse (hand 1: 0, 0)"
        title.resume_game()
        resumed = fresh.stack[-1]
        assert isinstance(resumed, TableScene)
        assert resumed.match.state == table.match.state
        assert sorted(map(str, resumed.model.hands[0] and
                          [sp.card for sp in resumed.model.hands[0]])) == \
            sorted(map(str, resumed.view.cards))
    finally:
        fresh.shutdown()


def test_corrupt_save_is_reported_in_one_line_and_set_aside(app, store):
    path = store.save_path("racehorse")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    title = TitleScene(app)
    assert title.saved is None
    assert len(store.messages) == 1 and "\n" not in store.messages[0]
    assert not path.exists()
    kept = list(store.aside_dir.glob("racehorse.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert all(not b.label.startswith("Resume") for b in title.buttons)


def test_incompatible_save_that_does_not_replay_is_set_aside(app, store):
    rules = ruleset_from_text('base = "racehorse"\nname = "x"\ntitle = "x"\n', "x")
    match = Match(rules, 3, ("human", "random", "random", "random"))
    saved = SavedGame(preset_table("racehorse"), 3, list(match.seats),
                      [])
    data = saved.to_json()
    data["actions"] = ["deal", "play AS"]  # not legal in the auction
    path = store.save_path("racehorse")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert store.load_game() is None
    assert "does not replay" in store.messages[0]
    assert list(store.aside_dir.glob("racehorse.bad-*.json"))
