"""``pinochle play --variant T`` never loses T's saved game (issue 25: "deals a new game and
overwrites that table's saved game without asking and without a copy. The command line must
resume it, or ask, or keep the old save aside, as the menus do. Never lose a saved game.")

It asks, as the new-game menu does, and resuming is the default: Enter resumes, Escape goes to the
title with the game kept, and only "Start a new game", chosen, replaces it.
"""

from __future__ import annotations

import pygame
import pytest

from game.commands.play_cmd import prepare_window
from game.match.controller import Match
from game.match.session import Session
from game.store.content import load_preset
from game.store.store import Store
from game.store.tables import preset_table
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.table.scene import TableScene


@pytest.fixture
def app(tmp_path):
    application = App(Store(tmp_path), ROUTES, (1280, 800))
    application.first_run = False
    application.fixed_dt = 1 / 30
    application.sounds.muted = True
    yield application
    application.shutdown()


def _game_in_progress(app: App, variant: str = "racehorse") -> tuple[Match, bytes]:
    """A game at ``variant`` a few actions in, saved as the table saves it."""
    rules = load_preset(variant)
    match = Match(rules, 11, ("human", *["random"] * (rules.players - 1)))
    while len(match.actions) < 6 or match.waiting_for_human() is False:
        if match.waiting_for_human():
            match.submit(match.legal()[0])
        else:
            match.step_bot()
    session = Session(match, app.store, app.stats, 0, preset_table(variant), True)
    session.save()
    path = app.store.save_path(variant)
    return match, path.read_bytes()


def _key(name: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0)


def test_play_variant_asks_before_replacing_and_resumes_by_default(app):
    match, saved = _game_in_progress(app)
    prepare_window(app, preset_table("racehorse"), None)
    prompt = app.top
    assert prompt is not None and prompt.name == "confirm"
    assert app.store.save_path("racehorse").read_bytes() == saved  # untouched while it asks
    assert prompt.yes.label == "Resume it"  # type: ignore[attr-defined]
    app.handle(_key(pygame.K_RETURN))  # the default button
    table = app.top
    assert isinstance(table, TableScene)
    assert [str(a) for a in table.match.actions] == [str(a) for a in match.actions]
    assert table.match.seed == match.seed


def test_escape_keeps_the_game_and_shows_the_title(app):
    _, saved = _game_in_progress(app)
    prepare_window(app, preset_table("racehorse"), 5)
    app.handle(_key(pygame.K_ESCAPE))
    assert app.top is not None and app.top.name == "title"
    assert app.store.save_path("racehorse").read_bytes() == saved


def test_only_choosing_a_new_game_replaces_it(app):
    match, _ = _game_in_progress(app)
    prepare_window(app, preset_table("racehorse"), 5)
    new = next(b for b in app.top.buttons if b.label == "Start a new game")  # type: ignore
    new.on_click()
    table = app.top
    assert isinstance(table, TableScene) and table.match.seed == 5
    assert table.match.actions != match.actions


def test_a_table_without_a_game_in_progress_starts_at_once(app):
    _game_in_progress(app, "cutthroat")  # another table's game is no concern of racehorse's
    prepare_window(app, preset_table("racehorse"), 9)
    assert isinstance(app.top, TableScene) and app.top.match.seed == 9
    assert app.store.load_game("cutthroat") is not None


HOUSE = 'base = "racehorse"\nname = "ours"\ntitle = "Ours"\n[passing]\ncount = 4\n'


def test_the_command_lines_table_reaches_the_scene_whole(app, tmp_path):
    """Issue 37, item 2: the table chosen on the command line is one value, made once, that
    the scene and its save receive as it is; the settings keep the New game screen's last
    choice (they used to be overwritten with the command line's, and read back as text)."""
    from game.store.tables import table_named

    app.settings.variant = "cutthroat"  # the New game screen's last choice
    app.settings.beat_led_after_trump = True  # ... with a house option on
    house = tmp_path / "ours.toml"
    house.write_text(HOUSE, encoding="utf-8")
    chosen = table_named(str(house))
    house.unlink()  # read once: the game never needs the file again
    prepare_window(app, chosen, 4)
    table = app.top
    assert isinstance(table, TableScene) and table.session.table is chosen
    assert table.match.rules is chosen.rules and table.match.rules.passing.count == 4
    assert app.settings.variant == "cutthroat" and app.settings.beat_led_after_trump
    table.save()
    again = app.store.load_game(chosen.key)
    assert again is not None and again.table.text == HOUSE and again.table.key == chosen.key


def test_the_new_game_screen_starts_the_table_it_shows(app):
    """The New game screen's choice (a preset with a house option) is the game's table: its
    house text goes to the scene and the save, as one value."""
    from game.ui.scene import Route

    app.settings.variant = "two-handed"
    app.settings.two_handed_match = False  # "Two-handed: one deal", a house option
    app.go(Route.SETUP).start()
    table = app.top
    assert isinstance(table, TableScene)
    chosen = table.session.table
    assert chosen is not None and chosen.preset is None and 'game = "deal"' in (chosen.text or "")
    assert table.match.rules is chosen.rules and chosen.rules.scoring.game == "deal"
