"""Issue 35, item 3: the think time is a number of samples kept with the game, so that a resumed
game's bots (and the replays of its deals) search what the table's did; an older settings file
and an older save still load."""

from __future__ import annotations

import json

from game.match.challengequeue import ChallengeQueue
from game.store.settings import Settings, settings_from_json
from game.store.tables import preset_table
from game.ui.table.house import setup_table
from game.ui.table.scene import TableScene
from game.ui.table.start import resume_game, start_game
from tests.challenge.test_duplicate_deal import table_game


def test_an_old_settings_file_loads_and_is_measured_when_a_think_time_needs_it(app):
    old = {"think_ms": 700, "speed": "fast"}  # written before the rate existed
    settings, errors = settings_from_json(old)
    assert errors == [] and settings.think_ms == 700 and settings.think_rate == 0
    assert settings.bot_options() == {"aggression": "normal"}  # not measured: no limit yet
    app.settings = settings
    start_game(app, setup_table(app.settings))
    assert app.settings.think_rate > 0  # measured once, at the first game, and saved
    assert app.store.load_settings().think_rate == app.settings.think_rate
    samples = round(700 * app.settings.think_rate)
    assert app.top.match.bot_options == {"aggression": "normal", "think_samples": samples}


def test_a_bad_rate_is_named_and_the_rest_is_kept():
    settings, errors = settings_from_json({"think_rate": float("nan"), "think_ms": 200})
    assert [e.field for e in errors] == ["think_rate"] and settings.think_ms == 200
    assert settings.think_rate == Settings().think_rate


def test_the_game_keeps_its_bots_options_and_a_resumed_game_uses_them(app):
    options = {"aggression": "bold", "think_samples": 123}
    match = table_game("racehorse", "medium", hands=1)
    match.bot_options = dict(options)
    table = TableScene(app, match, preset_table("racehorse"))
    table.session.queue = ChallengeQueue(lambda task: None)
    app.reset(table)
    table.session.save()
    data = json.loads(app.store.save_path("racehorse").read_text())
    assert data["bot_options"] == options
    # The player then changes the settings: the game's bots are still the game's.
    app.settings.think_ms, app.settings.think_rate, app.settings.bot_style = 1000, 5.0, "normal"
    saved = app.store.load_game("racehorse")
    assert saved is not None and saved.bot_options == options and app.store.messages == []
    assert resume_game(app, saved) is None
    again = app.top
    assert again.match.bot_options == options
    assert {b.style.think_samples for b in again.match.bots.values()} == {123}
    assert again.session.challenge_task(0).bot_options == tuple(sorted(options.items()))


def test_an_older_save_takes_the_settings_options_and_a_bad_one_is_reported(app):
    match = table_game("racehorse", "medium", hands=1)
    table = TableScene(app, match, preset_table("racehorse"))
    app.reset(table)
    table.session.save()
    path = app.store.save_path("racehorse")
    data = json.loads(path.read_text())
    del data["bot_options"]  # as an older version wrote it
    path.write_text(json.dumps(data))
    app.settings.think_ms, app.settings.think_rate = 400, 0.5
    saved = app.store.load_game("racehorse")
    assert saved is not None and saved.bot_options is None
    assert resume_game(app, saved) is None
    assert app.top.match.bot_options == {"aggression": "normal", "think_samples": 200}
    data["bot_options"] = {"think_samples": -4}
    path.write_text(json.dumps(data))
    saved = app.store.load_game("racehorse")
    assert saved is not None and saved.bot_options is None and saved.actions == match.actions
    assert len(app.store.messages) == 1
    assert "bot_options.think_samples" in app.store.messages[0]
