"""One table choice (issue 37, item 2): a preset or a house text with the rules it makes, which
saves keep and old saves still give back, at the same table."""

from __future__ import annotations

import hashlib
import json

import pytest

from game.rules.errors import RulesError
from game.store.content import load_preset
from game.store.saves import saved_game_from_json
from game.store.tables import TableChoice, house_table, preset_table, recorded_table, table_named

HOUSE = 'base = "racehorse"\nname = "Our House"\ntitle = "Ours"\n[passing]\ncount = 4\n'

# A house game as the version before the table choice wrote it (format 1): the saves of
# players who update must load, at the same table (one saved game is kept per table).
OLD_SAVE = json.dumps({
    "format": 1, "preset": None, "rules_text": HOUSE, "rules_source": "/home/me/ours.toml",
    "seed": 5, "seats": ["human", "easy", "easy", "easy"], "actions": ["deal"],
    "practice": True, "history": [], "reviews": {}, "challenge": False, "hinted": []})


def test_an_old_house_save_loads_at_the_same_table():
    saved = saved_game_from_json(json.loads(OLD_SAVE))
    saved.check()
    # The key as the old SavedGame worked it out: name slug and the text's digest.
    digest = hashlib.sha1(HOUSE.encode("utf-8")).hexdigest()[:10]
    assert saved.key == f"house-our-house-{digest}"
    assert saved.table.text == HOUSE and saved.table.rules.passing.count == 4
    assert saved.table.rules.source == "/home/me/ours.toml"
    assert json.loads(json.dumps(saved.to_json()))["rules_text"] == HOUSE


def test_a_preset_save_round_trips_as_a_preset():
    data = json.loads(OLD_SAVE) | {"preset": "cutthroat", "rules_text": None,
                                    "seats": ["human", "easy", "easy"]}
    saved = saved_game_from_json(data)
    assert saved.table == preset_table("cutthroat") and saved.key == "cutthroat"
    assert saved.to_json()["preset"] == "cutthroat" and saved.to_json()["rules_text"] is None


def test_a_choice_is_a_preset_or_a_text_never_both_or_neither():
    rules = load_preset("racehorse")
    for preset, text in ((None, None), ("racehorse", HOUSE)):
        with pytest.raises(ValueError, match="not both or neither"):
            TableChoice(preset, text, rules)


def test_the_command_line_names_a_preset_or_reads_a_file_once(tmp_path):
    assert table_named("racehorse") == preset_table("racehorse")
    path = tmp_path / "ours.toml"
    path.write_text(HOUSE, encoding="utf-8")
    chosen = table_named(str(path))
    assert chosen.preset is None and chosen.text == HOUSE and chosen.rules.source == str(path)
    assert chosen.stats_name == "house: Our House"
    with pytest.raises(RulesError, match="unknown variant"):
        table_named("no-such-table")


def test_a_record_gives_back_the_same_table():
    house = house_table(HOUSE, "x.toml")
    again = recorded_table(house.preset, house.text, house.rules.source)
    assert again == house and again.key == house.key
    assert recorded_table("double-deck", None, "ignored") == preset_table("double-deck")
