"""Issue 28, item 2, "Review of a game. Points lost per hand, an accuracy figure, and a
comparison: what easy, medium, hard and expert lose, by the same measure, on the same
positions. The player reads 'you played between medium and hard'."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.match.gamereview import game_review, place
from game.match.review import Graded
from game.rules.actions import Bid, Pass
from game.store.reviews import StoredDecision, StoredOption, StoredReview
from game.store.store import Store
from tests.store.test_hand_history import golden

LEVELS = {"easy": 120.0, "medium": 60.0, "hard": 30.0, "expert": 10.0}


@pytest.mark.parametrize(("lost", "words"), [
    (200.0, "you played below easy"), (90.0, "you played between easy and medium"),
    (45.0, "you played between medium and hard"), (20.0, "you played between hard and expert"),
    (5.0, "you played better than expert")])
def test_the_player_is_placed_among_the_levels(lost, words):
    assert place(lost, LEVELS) == words


def _decision(index: int, chosen, values: dict, levels) -> StoredDecision:
    options = tuple(StoredOption(a, v, str(a)) for a, v in sorted(values.items(),
                                                                  key=lambda kv: -kv[1]))
    return StoredDecision(index, 0, "bid", chosen, options, "why", 10, tuple(levels))


def test_points_lost_accuracy_and_levels_add_up():
    values = {Pass(): 0.0, Bid(250): -40.0, Bid(260): -100.0}
    hand0 = StoredReview(0, 0, 1.0, (
        _decision(1, Bid(250), values, [("easy", Bid(260)), ("expert", Pass())]),
        _decision(3, Pass(), values, [("easy", Bid(250)), ("expert", Pass())])), None)
    hand1 = StoredReview(1, 0, 1.0, (
        _decision(9, Bid(260), values, [("easy", Bid(260)), ("expert", Bid(250))]),), None)
    gr = game_review([hand1, hand0])
    assert gr.hands == ((0, 40.0, 2), (1, 100.0, 1))
    assert gr.accuracy == pytest.approx(100 / 3)
    assert gr.lost_per_hand == 70.0
    # Easy's first hand: 100 + 40 lost at two decisions whose options were worth 0 at best and
    # -100 at worst, so no more than the 100 the hand's choices could change (hand_lost).
    assert gr.levels == {"easy": (100 + 100) / 2, "expert": 40 / 2}
    assert gr.placed == "you played between easy and expert"
    assert Graded(hand0.decisions[0]).lost_by("medium") is None


def test_a_hand_played_with_hint_is_listed_but_in_none_of_the_figures():
    """Hint is the expert's own suggestion: a hand played with it is kept out of the game's
    accuracy, its points lost and the levels compared, as it is out of the rating."""
    values = {Pass(): 0.0, Bid(250): -40.0, Bid(260): -100.0}
    hand0 = StoredReview(0, 0, 1.0, (
        _decision(1, Pass(), values, [("easy", Bid(260)), ("expert", Pass())]),), None)
    hand1 = StoredReview(1, 0, 1.0, (
        _decision(9, Bid(260), values, [("easy", Bid(260)), ("expert", Bid(250))]),), None)
    gr = game_review([hand0, hand1], hinted={0})
    assert gr.hands == ((0, 0.0, 1), (1, 100.0, 1))  # both listed
    assert gr.hinted == (0,)
    assert gr.accuracy == 0.0  # hand 1's one decision, a blunder
    assert gr.lost_per_hand == 100.0
    assert gr.levels == {"easy": 100.0, "expert": 40.0}
    assert game_review([hand0, hand1]).accuracy == 50.0  # with the hinted hand counted


def test_review_game_json(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    Store(tmp_path).save_game(golden("partnership-190"))
    assert main(["review", "partnership-190", "--game", "--json", "--budget", "0.2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [h["hand"] for h in data["hands"]] == [1, 2]
    assert 0 <= data["accuracy"] <= 100
    assert set(data["levels"]) == {"easy", "medium", "hard", "expert"}
    assert data["placed"].startswith("you played ")
    per_hand = sum(h["points_lost"] for h in data["hands"]) / 2
    assert data["points_lost_per_hand"] == pytest.approx(per_hand, abs=0.1)
