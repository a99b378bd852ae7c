"""The duplicate challenge's results and the rating's history, kept in the player's data folder
through game.store: written and read back the same; checked field by field on loading; a bad
file set aside and reported in one line, never a crash, and nothing else lost."""

from __future__ import annotations

import json

import pytest

from game.match.rating import record
from game.store.challenge import Challenge, Item, RatingPoint, challenge_from_json
from game.store.stats import Stats, record_game
from game.store.store import Store


def sample() -> Challenge:
    ch = Challenge()
    record(ch, Item("duplicate", "racehorse", 12, 0, 40.0,
                    (("easy", -10.0), ("medium", 0.0), ("hard", 30.0), ("expert", 60.0))))
    record(ch, Item("review", "house: Ours", 2**63 - 1, 3, -25.5,
                    (("easy", -80.0), ("medium", -40.0), ("hard", -10.0), ("expert", 0.0))))
    record(ch, Item("duplicate", "two-handed", 99, 1, -5.0, (("expert", 15.0),)))
    return ch


def test_the_file_round_trips(tmp_path):
    store = Store(tmp_path)
    ch = sample()
    assert len(ch.history) == 3
    assert store.save_challenge(ch)
    again = Store(tmp_path).load_challenge()
    assert again == ch
    assert again.deals("racehorse") == [ch.items[0]]
    assert store.messages == []


def test_no_file_is_an_empty_challenge(tmp_path):
    assert Store(tmp_path).load_challenge() == Challenge()


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["items"][0].update(kind="triplicate"), "items[0].kind"),
    (lambda d: d["items"][0]["levels"].update(grandmaster=3.0), "items[0].levels"),
    (lambda d: d["items"][1].update(player=True), "items[1].player"),
    (lambda d: d["items"][1].update(game=-4), "items[1].game"),
    (lambda d: d["items"][2].update(hand="one"), "items[2].hand"),
    (lambda d: d["items"][0].update(hint="yes"), "items[0].hint"),
    (lambda d: d["history"].__setitem__(0, [7.5, 0.3, 2]), "history[0]"),  # off the scale
    (lambda d: d["history"].__setitem__(1, [2.0, 0.3]), "history[1]"),
])
def test_a_bad_field_is_named_and_the_rest_is_kept(change, field):
    data = sample().to_json()
    change(data)
    out, errors = challenge_from_json(data)
    assert len(errors) == 1 and errors[0].field == field
    good = sample()
    assert len(out.items) + len(out.history) == len(good.items) + len(good.history) - 1
    assert set(out.items) <= set(good.items)


def test_a_non_finite_number_is_refused():
    data = sample().to_json()
    data["items"][0]["player"] = float("nan")
    assert challenge_from_json(data)[1][0].field == "items[0].player"


@pytest.mark.parametrize("text", ["{not json", "[1, 2, 3]", '{"format": 99, "items": []}',
                                  '{"format": 1, "items": {"a": 1}}', "\x00\x01garbage"])
def test_a_corrupt_file_is_set_aside_reported_in_one_line_and_loses_nothing_else(tmp_path,
                                                                                   text):
    store = Store(tmp_path)
    stats = Stats()
    record_game(stats, "racehorse", True)
    store.save_stats(stats)
    store.challenge_path.parent.mkdir(parents=True, exist_ok=True)
    store.challenge_path.write_text(text)
    loaded = store.load_challenge()  # never raises
    assert loaded == Challenge()
    assert len(store.messages) == 1 and "\n" not in store.messages[0]
    assert "challenge.json" in store.messages[0]
    kept = list(store.aside_dir.iterdir())
    assert [p.read_text() for p in kept] == [text]  # the player's file, kept as it was
    assert not store.challenge_path.exists()
    assert store.load_stats() == stats  # the other files are untouched


def test_a_file_with_one_bad_item_keeps_the_others_and_the_original(tmp_path):
    store = Store(tmp_path)
    data = sample().to_json()
    data["items"][1]["levels"]["hard"] = "lots"
    store.challenge_path.parent.mkdir(parents=True, exist_ok=True)
    store.challenge_path.write_text(json.dumps(data))
    loaded = store.load_challenge()
    assert [i.hand_no for i in loaded.items] == [0, 1] and len(loaded.history) == 3
    assert "items[1].levels.hard" in store.messages[0]
    assert json.loads(next(store.aside_dir.iterdir()).read_text()) == data
    assert isinstance(loaded.history[0], RatingPoint)
