"""Settings, statistics, progress and saves in the user's folders: validated, atomic, never lost."""

import json

from game.rules.actions import parse_action
from game.store.saves import SavedGame
from game.store.settings import Settings
from game.store.stats import OLD_TOTALS, Stats, VariantStats
from game.store.store import Store
from game.store.tables import house_table, preset_table


def test_settings_round_trip(tmp_path):
    store = Store(tmp_path)
    settings = Settings(variant="cutthroat", seat_levels=["hard", "easy", "medium"],
                        speed="instant", sound=False, four_colour=True, bot_style="bold")
    assert store.save_settings(settings)
    assert store.load_settings() == settings
    assert store.messages == []


def test_bad_setting_fields_are_named_the_file_kept_and_the_good_fields_used(tmp_path):
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    original = json.dumps({"speed": "ludicrous", "think_ms": -5, "seat_levels": ["godlike"],
                           "sound": "yes", "card_back": "red", "bot_style": "reckless"})
    store.settings_path.write_text(original, encoding="utf-8")
    loaded = store.load_settings()
    assert (loaded.speed, loaded.think_ms, loaded.sound, loaded.card_back, loaded.bot_style) == \
        ("normal", Settings().think_ms, True, "red", "normal")
    assert loaded.seat_levels == Settings().seat_levels
    assert len(store.messages) == 1 and "\n" not in store.messages[0]
    assert "field 'seat_levels[0]'" in store.messages[0] and "and 4 more" in store.messages[0]
    assert "what could be read is used" in store.messages[0]
    kept = list(store.aside_dir.glob("settings.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == original


def test_corrupt_settings_are_kept_aside_with_a_message(tmp_path):
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text("\x00garbage", encoding="utf-8")
    assert store.load_settings() == Settings()
    assert len(store.messages) == 1 and "settings.json" in store.messages[0]
    assert len(list(store.aside_dir.glob("settings.bad-*.json"))) == 1


def test_stats_are_kept_per_table_and_add_up(tmp_path):
    store = Store(tmp_path)
    stats = Stats({"racehorse": VariantStats(games_played=3, games_won=2, best_meld=350),
                   "cutthroat": VariantStats(games_played=1, best_meld=200)})
    store.save_stats(stats)
    again = store.load_stats()
    assert again == stats
    totals = again.totals()
    assert (totals.games_played, totals.games_won, totals.best_meld) == (4, 2, 350)


def test_old_flat_stats_become_earlier_games(tmp_path):
    store = Store(tmp_path)
    store.stats_path.parent.mkdir(parents=True)
    store.stats_path.write_text(json.dumps({"games_played": 5, "games_won": 3}))
    stats = store.load_stats()
    assert stats.variants[OLD_TOTALS].games_won == 3 and store.messages == []


def test_stats_with_insane_values_are_reported_not_silently_dropped(tmp_path):
    store = Store(tmp_path)
    store.stats_path.parent.mkdir(parents=True)
    store.stats_path.write_text(json.dumps({"games_played": -1, "hands_won": True}))
    assert store.load_stats() == Stats()
    assert "field '<file>.games_played'" in store.messages[0]
    assert list(store.aside_dir.glob("stats.bad-*.json"))


def test_atomic_write_replaces_whole_file(tmp_path):
    store = Store(tmp_path)
    path = tmp_path / "a" / "file.json"
    assert store.files.write(path, "one", "x")
    assert store.files.write(path, "two", "x")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["file.json"]


def test_saved_game_round_trip(tmp_path):
    store = Store(tmp_path)
    saved = SavedGame(preset_table("racehorse"), 9,
                      ["human", "easy", "medium", "hard"],
                      [parse_action("deal"), parse_action("bid 250")])
    store.save_game(saved)
    again = store.load_game("racehorse")
    assert again is not None and again.actions == saved.actions and again.seed == 9


def test_a_six_handed_game_is_saved_and_resumed(tmp_path):
    """Issue 38: a save of a five- or six-handed game was set aside on loading ("'seats': has
    more than 4 items"), and the game lost."""
    store = Store(tmp_path)
    saved = SavedGame(preset_table("six-handed"), 3,
                      ["human", "easy", "medium", "hard", "medium", "easy"],
                      [parse_action("deal"), parse_action("bid 75")])
    store.save_game(saved)
    again = store.load_game("six-handed")
    assert again is not None and again.seats == saved.seats and not store.messages


def test_one_saved_game_per_table(tmp_path):
    store = Store(tmp_path)
    store.save_game(SavedGame(preset_table("racehorse"), 1,
                              ["human", "easy", "medium", "hard"], [parse_action("deal")]))
    store.save_game(SavedGame(preset_table("cutthroat"), 2,
                              ["human", "easy", "medium"], []))
    assert {g.key for g in store.load_games()} == {"racehorse", "cutthroat"}
    store.clear_game("cutthroat")
    assert [g.key for g in store.load_games()] == ["racehorse"]


def test_saved_house_rules_travel_with_the_save(tmp_path):
    store = Store(tmp_path)
    text = 'base = "racehorse"\nname = "ours"\ntitle = "Ours"\n[passing]\ncount = 4\n'
    saved = SavedGame(house_table(text, "/gone/ours.toml"), 1, ["human"] + ["easy"] * 3, [])
    store.save_game(saved)
    again = store.load_game(saved.key)
    assert again is not None and again.rules().passing.count == 4
    assert saved.key.startswith("house-ours-")


def test_the_old_single_save_is_still_resumed(tmp_path):
    store = Store(tmp_path)
    saved = SavedGame(preset_table("racehorse"), 4,
                      ["human", "easy", "medium", "hard"], [parse_action("deal")])
    store.legacy_save_path.parent.mkdir(parents=True)
    store.legacy_save_path.write_text(json.dumps(saved.to_json()))
    again = store.load_game()
    assert again is not None and again.seed == 4
    store.save_game(again)  # saved per table from now on; the old file goes
    assert not store.legacy_save_path.exists() and store.save_path("racehorse").exists()


def test_bad_fields_in_a_save_are_named(tmp_path):
    store = Store(tmp_path)
    path = store.save_path("racehorse")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "preset": "racehorse", "seed": "x",
                                "seats": [], "actions": []}))
    assert store.load_game() is None
    assert "field 'seed'" in store.messages[0]


def test_the_trick_pause_and_forced_card_settings_are_checked(tmp_path):
    """Issue 14: a completed trick stays 1 s by default, or "until I click"; the only legal card
    is played for the player unless they turn it off. A bad value is named and the default
    kept."""
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"trick_pause": "until I click",
                                               "play_forced": False}), encoding="utf-8")
    loaded = store.load_settings()
    assert loaded.trick_pause == "until I click" and loaded.trick_seconds is None
    assert loaded.play_forced is False
    store.settings_path.write_text(json.dumps({"trick_pause": "forever", "play_forced": "no"}),
                                   encoding="utf-8")
    loaded = Store(tmp_path).load_settings()
    assert loaded.trick_pause == "1 s" and loaded.trick_seconds == 1.0
    assert loaded.play_forced is True
    assert Settings().trick_seconds == 1.0
