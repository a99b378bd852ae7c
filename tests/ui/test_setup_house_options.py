"""The new-game screen's house options (issues 16 and 18): one click each, and the game
starts with those rules."""

from __future__ import annotations

import itertools

import pytest

from game.store.content import load_preset, preset_names, ruleset_from_text
from game.store.settings import Settings
from game.ui.scenes.menus import SetupScene
from game.ui.table.house import house_text, offered
from game.ui.table.scene import TableScene
from tests.ui.conftest import click, pump


def labels(scene):
    return [b.label for b in scene.buttons]


def press(app, scene, label_start):
    button = next(b for b in scene.buttons if b.label.startswith(label_start))
    pump(app, 2, events=click(button.rect.center))


@pytest.mark.parametrize(("preset", "offers"), [
    ("racehorse", ["After a trump", "Passing"]),
    ("double-deck", ["After a trump"]),
    ("partnership-190", []),
    ("two-handed", ["Ranks", "Pack", "Two-handed"]),
])
def test_each_preset_offers_the_options_that_apply(app, preset, offers):
    app.settings.variant = preset
    scene = SetupScene(app)
    right = labels(scene)[len(preset_names()):]  # the column beside the presets
    shown = [lb.split(":")[0] for lb in right
             if lb.startswith(("After a trump", "Passing", "Ranks", "Pack", "Two-handed"))]
    assert shown == offers


def test_issue_18s_two_options_are_one_click_and_the_game_plays_them(app):
    app.settings.variant = "racehorse"
    scene = SetupScene(app)
    app.reset(scene)
    pump(app, 2)
    press(app, app.top, "After a trump")
    press(app, app.top, "Passing")
    assert app.settings.beat_led_after_trump and app.settings.simultaneous_exchange
    assert "After a trump: still beat the suit led" in labels(app.top)
    press(app, app.top, "Start")
    table = next(s for s in app.stack if isinstance(s, TableScene))
    rules = table.match.rules
    assert "must_beat_led_after_trump" in rules.tricks.obligations
    assert rules.passing.exchange == "simultaneous"


def test_the_common_rank_order_is_one_click_for_two_handed(app):
    # Issue 16.4: "The new-game screen offers the common A-10-K-Q-J-9 as a one-click option"
    # and says that this table ranks A-K-Q-J-10-9 as 004 writes.
    app.settings.variant = "two-handed"
    scene = SetupScene(app)
    app.reset(scene)
    pump(app, 2)
    assert "ranks A-K-Q-J-10-9: the 10 below the jack, as document 004" in app.top.description
    press(app, app.top, "Ranks")
    assert "Ranks: A 10 K Q J 9 (house rule)" in labels(app.top)
    assert "A-10-K-Q-J-9, the common order, as a house rule" in app.top.description
    press(app, app.top, "Start")
    table = next(s for s in app.stack if isinstance(s, TableScene))
    assert table.match.rules.table.rank_order == "A-10-K-Q-J-9"


@pytest.mark.parametrize("preset", preset_names())
def test_every_mix_of_a_presets_options_is_a_valid_house_file(preset):
    rules = load_preset(preset)
    options = offered(rules)
    for flags in itertools.product((False, True), repeat=len(options)):
        settings = Settings()
        for option, flag in zip(options, flags, strict=True):
            setattr(settings, option.key, flag)
        text = house_text(preset, rules, settings)
        if text is not None:
            ruleset_from_text(text, "house options")
