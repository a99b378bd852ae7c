"""Issue 25, item 4: "Every hand of every saved game is kept: the deal, the auction, the
passes, the tricks, the score ... exported as text, in the position notation". The history is
one pn1 line per scored hand, kept in the saved game, checked on loading, and kept with the
finished games when a game ends or is replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match.history import hand_history
from game.rules.actions import parse_action
from game.rules.engine import replay
from game.rules.events import HandScored
from game.rules.gamehands import finished_texts, game_hands
from game.store.content import load_preset, preset_names
from game.store.handlog import read_hand
from game.store.saves import SavedGame
from game.store.store import Store
from game.store.tables import preset_table

REPLAYS = Path(__file__).resolve().parents[1] / "replays"


def golden(preset: str) -> SavedGame:
    """A real game of the preset, played by bots (the golden replays)."""
    data = json.loads((REPLAYS / f"{preset}.json").read_text())
    seats = ["human"] + ["medium"] * (load_preset(preset).players - 1)
    return SavedGame(preset_table(preset), data["seed"], seats,
                     [parse_action(a) for a in data["actions"]])


@pytest.mark.parametrize("preset", preset_names())
def test_each_scored_hand_reads_back_as_the_hand_the_game_played(preset):
    saved = golden(preset)
    rules = saved.rules()
    lines = finished_texts(rules, saved.seed, saved.actions)
    _, events = replay(rules, saved.seed, saved.actions)
    results = [e.result for e in events if isinstance(e, HandScored)]
    assert len(lines) == len(results) >= 1
    for n, line in enumerate(lines):
        pos = read_hand(rules, line)
        # The score, the tricks and the auction come back from the line alone.
        scored = [e.result for e in pos.events if isinstance(e, HandScored)]
        assert scored == [results[n]]
        kept = hand_history(rules, saved.seed, saved.actions, n)
        hand = game_hands(rules, saved.seed, saved.actions)[n]
        assert pos.moves == hand.moves
        assert kept.result == results[n]


def test_the_history_is_saved_with_the_game_and_read_back(tmp_path):
    store = Store(tmp_path)
    saved = golden("racehorse")
    store.save_game(saved)
    data = json.loads(store.save_path("racehorse").read_text())
    assert len(data["history"]) == 2 and data["history"][0].startswith("pn1 racehorse;")
    back = store.load_game("racehorse")
    assert back is not None and back.history == data["history"]
    assert store.messages == []


@pytest.mark.parametrize("fault", ["garbled", "another hand", "one missing"])
def test_a_corrupt_history_is_reported_in_one_line_and_loses_nothing_else(tmp_path, fault):
    store = Store(tmp_path)
    saved = golden("racehorse")
    store.save_game(saved)
    path = store.save_path("racehorse")
    data = json.loads(path.read_text())
    good = list(data["history"])
    if fault == "garbled":
        data["history"][1] = data["history"][1].replace("moves ", "moves 999 ")
    elif fault == "another hand":
        data["history"][1] = data["history"][0]
    else:
        data["history"].pop()
    path.write_text(json.dumps(data))
    fresh = Store(tmp_path)
    back = fresh.load_game("racehorse")
    assert back is not None
    assert back.actions == saved.actions and back.seed == saved.seed  # the game is whole
    assert finished_texts(back.rules(), back.seed, back.actions) == good
    assert len(fresh.messages) == 1
    message = fresh.messages[0]
    assert "hand history" in message and "history" in message and "\n" not in message
    # The file as it was is kept for the player.
    assert list(fresh.aside_dir.glob("racehorse.bad-*.json"))


def test_a_finished_game_is_kept_with_its_history(tmp_path):
    store = Store(tmp_path)
    saved = golden("two-handed")
    assert store.archive_game(saved)
    paths = store.archived()
    assert len(paths) == 1 and paths[0].name.startswith("two-handed--")
    back = store.load_archived(paths[0])
    assert back is not None and len(back.history or []) == 2


def test_a_replaced_game_keeps_its_scored_hands(tmp_path):
    store = Store(tmp_path)
    saved = golden("cutthroat")
    store.save_game(saved)
    store.retire_game("cutthroat")
    assert store.load_game("cutthroat") is None
    assert len(store.archived()) == 1
