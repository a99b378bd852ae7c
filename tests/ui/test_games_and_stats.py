"""Issue 14, item 9: a new game asks before replacing a game in progress, one saved game is kept
per table and any can be resumed, and statistics are kept per table."""

from __future__ import annotations

import pygame
import pytest

from game.rules.events import HandResult, SideResult
from game.store.stats import record_game, record_hand
from game.ui.scene import Route
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menus import TitleScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import StatsScene
from game.ui.table.scene import TableScene
from tests.helpers import rules
from tests.ui.conftest import click, key, pump
from tests.ui.driving import SIZES, run_until, sized, start, table_of
from tests.ui.test_bidding_panel import drawn_texts


def a_game_in_progress(app, variant="racehorse", seed=77):
    table = start(app, variant, seed=seed)
    assert run_until(app, table, lambda: len(table.match.actions) >= 10)
    return table


def test_new_game_asks_before_replacing_the_game_in_progress(app, store):
    old = a_game_in_progress(app)
    actions = list(old.match.actions)
    assert store.load_game("racehorse").actions == actions
    app.settings.variant = "racehorse"
    setup = app.go(Route.SETUP)
    pump(app, 2, events=[key(pygame.K_RETURN)])  # Start
    confirm = app.top
    assert isinstance(confirm, ConfirmScene) and "in progress" in " ".join(confirm.lines)
    # Each side named as the table names it, with the engine's score (the scores alone,
    # "hand 1: 0, 0", did not say whose was whose).
    assert "hand 1: You & North 0, West & East 0" in " ".join(confirm.lines)
    pump(app, 2, events=click(confirm.no.rect.center))  # Cancel: nothing is lost
    assert app.top is setup and store.load_game("racehorse").actions == actions
    pump(app, 2, events=[key(pygame.K_RETURN)])
    pump(app, 2, events=click(app.top.yes.rect.center))  # Start a new game
    fresh = table_of(app)
    assert fresh is not old and fresh.match.seed != old.match.seed
    pump(app, 30)
    saved = store.load_game("racehorse")
    assert saved is None or saved.seed == fresh.match.seed


def test_the_confirmation_can_resume_the_game_instead(app, store):
    old = a_game_in_progress(app)
    app.go(Route.SETUP)
    pump(app, 2, events=[key(pygame.K_RETURN)])
    other = next(b for b in app.top.buttons if b.label == "Resume it")
    pump(app, 2, events=click(other.rect.center))
    resumed = table_of(app)
    n = len(old.match.actions)
    assert resumed is not old and resumed.match.actions[:n] == old.match.actions


def test_every_tables_game_is_kept_and_can_be_resumed_from_the_title(app, store, monkeypatch):
    # A new game deals from a random seed; some cutthroat deals end the hand (conceded unseen)
    # within the five actions played below, and the label then reads hand 2: fix the deal.
    import game.ui.table.start as starting

    monkeypatch.setattr(starting.os, "urandom", lambda n: (7).to_bytes(n, "big"))
    race = a_game_in_progress(app, "racehorse")
    race_actions = list(race.match.actions)
    app.settings.variant = "cutthroat"
    setup = SetupScene(app)
    app.reset(setup)
    setup.start()  # another table: nothing to replace, no question
    assert isinstance(app.top, TableScene) and app.top.match.rules.name == "cutthroat"
    cut = app.top
    assert run_until(app, cut, lambda: len(cut.match.actions) >= 5)
    title = app.go(Route.TITLE)
    labels = [b.label for b in title.buttons if b.label.startswith("Resume")]
    assert len(labels) == 2
    assert "Resume Racehorse (hand 1: 0, 0)" in labels
    assert "Resume Cutthroat (hand 1: 0, 0, 0)" in labels
    from game.ui import assets

    for size in SIZES:  # every label fits its button, the widest window to the smallest
        sized(app, size)
        for b in title.buttons:
            assert assets.font(b.font_size, True).size(b.label)[0] <= b.rect.width - 8, b.label
        assert pygame.Rect((0, 0), size).contains(title.rect)
    button = next(b for b in title.buttons if b.label.startswith("Resume Racehorse"))
    pump(app, 2, events=click(button.rect.center))
    resumed = table_of(app)
    assert resumed.match.rules.name == "racehorse"
    assert resumed.match.actions[:len(race_actions)] == race_actions


def scored(bidder, bid, made, meld, tricks):
    side = SideResult(0, meld, meld if made else 0, tricks, tricks if made else 0,
                      meld + tricks if made else -bid, bid, made)
    other = SideResult(1, 20, 20, 250 - tricks, 250 - tricks, 270 - tricks)
    return HandResult(0, 3, bidder, bid, None, (side, other), (0, 0), outcome="made")


@pytest.mark.parametrize("size", SIZES)
def test_statistics_are_kept_per_table(app, monkeypatch, size):
    from game.ui.scenes import stats as module

    r = rules("racehorse")
    st = app.stats
    record_hand(st, "racehorse", r, 0, scored(0, 250, True, 120, 160))
    record_hand(st, "racehorse", r, 0, scored(2, 300, False, 80, 150))
    record_hand(st, "racehorse", r, 0, scored(1, 260, True, 0, 90))  # the others bid
    record_game(st, "racehorse", True)
    record_game(st, "racehorse", True)
    record_game(st, "racehorse", False)
    record_hand(st, "cutthroat", rules("cutthroat"), 0, scored(0, 320, True, 200, 130))
    record_game(st, "cutthroat", True)
    sized(app, size)
    app.reset(TitleScene(app))
    scene = app.open(Route.STATISTICS)
    assert isinstance(scene, StatsScene)
    texts = [t for t, _ in drawn_texts(monkeypatch, app, module)]
    race = texts.index("Racehorse")
    #                       games won bid made set avg best-meld best-streak
    assert texts[race + 1:race + 9] == ["3", "2", "2", "1", "1", "275", "120", "2"]
    cut = texts.index("Cutthroat")
    assert texts[cut + 1:cut + 9] == ["1", "1", "1", "1", "0", "320", "200", "1"]
    total = texts.index("All tables")
    assert texts[total + 1:total + 9] == ["4", "3", "3", "2", "1", "290", "200", "2"]
    drawn = drawn_texts(monkeypatch, app, module)
    for i, (text, rect) in enumerate(drawn):
        assert scene.rect.contains(rect)
        for other, rect2 in drawn[i + 1:]:
            assert not rect.colliderect(rect2), (text, other)
    assert scene.rect.contains(scene.buttons[0].rect)
