"""``pinochle review`` (issue 28: "on a saved game or the last hand prints the review as text or
--json, for scripts and tests"; done when "pinochle review --json works on a saved game of
every preset")."""

from __future__ import annotations

import json

import pytest

from game.bots.analysis import TIE
from game.cli import main
from game.match.review import GRADES
from game.rules.gamehands import game_hands
from game.store.content import preset_names
from game.store.store import Store
from tests.store.test_hand_history import golden

GRADE_NAMES = [g for g, _ in GRADES]


@pytest.mark.parametrize("preset", preset_names())
def test_review_json_on_a_saved_game_of_every_preset(preset, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    saved = golden(preset)
    Store(tmp_path).save_game(saved)
    assert main(["review", preset, "--hand", "1", "--json", "--budget", "0.05"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["table"] == preset and data["hand"] == 1 and data["seat"] == "South"
    hand = game_hands(saved.rules(), saved.seed, saved.actions)[0]
    played = {hand.first + i: a for i, a in enumerate(hand.moves)}
    assert data["decisions"], "a hand with no decision of the player's"
    for d in data["decisions"]:
        assert d["chosen"] == str(played[d["action"]])  # the game's own action
        assert d["grade"] in GRADE_NAMES
        # Within the tie of the best an option is one of the best: nothing lost.
        gap = d["best_value"] - d["chosen_value"]
        assert d["points_lost"] == pytest.approx(gap if gap > TIE else 0.0, abs=0.11)
        values = {o["action"]: o["value"] for o in d["options"]}
        # The best is the rules' first of the options within TIE of the highest value.
        assert values[d["best"]] == d["best_value"] >= max(values.values()) - TIE
        assert values[d["chosen"]] == d["chosen_value"]
    lost = [data["decisions"][i]["points_lost"] for i in data["costliest"]]
    assert lost == sorted(lost, reverse=True) and len(lost) <= 3
    assert all(x >= 0.5 for x in lost)
    assert isinstance(data["ceiling"], float) and isinstance(data["score"], float)


def test_a_hand_in_the_notation_reviews_as_its_saved_game(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    Store(tmp_path).save_game(golden("racehorse"))
    assert main(["history", "racehorse", "--hand", "2"]) == 0
    line = capsys.readouterr().out.strip()
    assert main(["review", "racehorse", "--hand", "2", "--json", "--budget", "0.05"]) == 0
    from_save = json.loads(capsys.readouterr().out)
    assert main(["review", "--position", line, "--json", "--budget", "0.05"]) == 0
    from_line = json.loads(capsys.readouterr().out)

    def graded(data):
        return [(d["chosen"], d["grade"], d["points_lost"]) for d in data["decisions"]]

    assert graded(from_line) == graded(from_save)
    # The last game's last hand, as text (the review kept from above: same hand, same budget).
    assert main(["review", "--budget", "0.05"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Hand 2 at racehorse, reviewed for South") and "All cards seen" in text


@pytest.mark.parametrize(("argv", "words"), [
    (["review", "--position", "pn1 racehorse; dealer S"],
     "--position: field 'scores' is missing"),
    (["review", "--position", "pn1 nowhere; dealer S"], "unknown variant"),
    (["review", "racehorse", "--hand", "9"], "2 scored hands"),
    (["review", "racehorse", "--seat", "X"], "--seat"),
    (["review", "racehorse", "--budget", "0"], "--budget"),
])
def test_bad_arguments_are_one_line(argv, words, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    Store(tmp_path).save_game(golden("racehorse"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
