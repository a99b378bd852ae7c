"""Settings, statistics and saves in the user's directories: validated, atomic, never lost."""

import json

from game.persist import SavedGame, Settings, Stats, Store, atomic_write
from game.rules.actions import parse_action


def test_settings_round_trip_and_bad_fields_fall_back(tmp_path):
    store = Store(tmp_path)
    settings = Settings(variant="cutthroat", seat_levels=["hard", "easy", "medium"],
                        speed="instant", sound=False, four_colour=True, bot_style="bold")
    store.save_settings(settings)
    assert store.load_settings() == settings
    store.settings_path.write_text(json.dumps({"speed": "ludicrous", "think_ms": -5,
                                               "seat_levels": ["godlike"], "sound": "yes",
                                               "card_back": "red", "bot_style": "reckless"}),
                                   encoding="utf-8")
    loaded = store.load_settings()
    assert (loaded.speed, loaded.think_ms, loaded.sound, loaded.card_back, loaded.bot_style) == \
        ("normal", 600, True, "red", "normal")
    assert loaded.seat_levels == ["medium"] * 3


def test_corrupt_settings_are_kept_aside_with_a_message(tmp_path):
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text("\x00garbage", encoding="utf-8")
    assert store.load_settings() == Settings()
    assert len(store.messages) == 1 and "settings.json" in store.messages[0]
    assert len(list(store.config.glob("settings.bad-*.json"))) == 1


def test_stats_count_only_sane_values(tmp_path):
    store = Store(tmp_path)
    store.save_stats(Stats(games_played=3, games_won=2))
    assert store.load_stats().games_won == 2
    store.stats_path.write_text(json.dumps({"games_played": -1, "hands_won": True}))
    assert store.load_stats() == Stats()


def test_atomic_write_replaces_whole_file(tmp_path):
    path = tmp_path / "a" / "file.json"
    atomic_write(path, "one")
    atomic_write(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["file.json"]


def test_saved_game_round_trip(tmp_path):
    store = Store(tmp_path)
    saved = SavedGame("racehorse", None, "preset racehorse", 9,
                      ["human", "easy", "medium", "hard"],
                      [parse_action("deal"), parse_action("bid 250")])
    store.save_game(saved)
    again = store.load_game()
    assert again is not None and again.actions == saved.actions and again.seed == 9


def test_saved_house_rules_travel_with_the_save(tmp_path):
    store = Store(tmp_path)
    text = 'base = "racehorse"\nname = "ours"\ntitle = "Ours"\n[passing]\ncount = 4\n'
    store.save_game(SavedGame(None, text, "/gone/ours.toml", 1, ["human"] + ["easy"] * 3, []))
    again = store.load_game()
    assert again is not None and again.rules().passing.count == 4


def test_bad_fields_in_a_save_are_named(tmp_path):
    store = Store(tmp_path)
    store.save_path.parent.mkdir(parents=True)
    store.save_path.write_text(json.dumps({"format": 1, "preset": "racehorse", "seed": "x",
                                           "seats": [], "actions": []}))
    assert store.load_game() is None
    assert "field 'seed'" in store.messages[0]
