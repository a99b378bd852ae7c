"""The duplicate match harness and ``pinochle match``: reproducible results, the --json fields
the issue names, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.match.duplicate import MatchSpec, seatings
from game.match.runner import run_match
from game.store.content import load_preset
from tests.bots.conftest import play_hand


def test_a_seeded_hand_replays_exactly_at_every_level():
    """The issue: "Bots take their random generator as an argument: a seeded game is
    reproducible"."""
    r = load_preset("racehorse")
    levels = ["hard", "medium", "easy", "random"]
    a = play_hand(r, 3, levels)[1]
    b = play_hand(r, 3, levels)[1]
    assert a == b


def test_same_seed_same_match_and_jobs_do_not_change_it():
    spec = MatchSpec("partnership-150", "medium", "easy", 5)
    one = run_match(spec, 6)
    again = run_match(spec, 6)
    two = run_match(spec, 6, jobs=2)
    margins = [t.margin for t in one.tables]
    assert margins == [t.margin for t in again.tables] == [t.margin for t in two.tables]
    assert one.to_json()["points_per_deal"] == two.to_json()["points_per_deal"]


def test_each_deal_is_played_with_the_sides_swapped():
    """"plays each deal twice with the sides swapped (same cards: luck cancels; cutthroat
    rotates through the seats)"."""
    assert seatings(load_preset("racehorse")) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    three = seatings(load_preset("cutthroat"))
    assert sorted(s.index("a") for s in three) == [0, 1, 2]
    # Same bot on both sides: every deal's margin cancels exactly (same cards, same choices).
    rep = run_match(MatchSpec("racehorse", "medium", "medium", 2), 4)
    assert rep.to_json()["points_per_deal"] == 0


def test_match_json_has_the_fields_the_issue_names(capsys):
    code = main(["match", "--variant", "cutthroat", "--a", "medium", "--b", "random",
                 "--deals", "3", "--seed", "2", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("a", "b", "deals", "points_per_deal", "ci95", "make_rate", "decision_ms",
                "illegal_actions", "average_bid", "set_rate", "trick_points_per_deal"):
        assert key in data
    assert data["a"] == "medium" and data["b"] == "random" and data["deals"] == 3
    lo, hi = data["ci95"]
    assert lo <= data["points_per_deal"] <= hi
    assert set(data["make_rate"]) == {"a", "b"}
    for k in ("a", "b"):
        assert {"p50", "p95", "max"} <= set(data["decision_ms"][k])
    assert data["illegal_actions"] == 0


def test_match_text_report(capsys):
    assert main(["match", "--variant", "two-handed", "--a", "easy", "--b", "random",
                 "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "points per deal over B" in out and "95% CI" in out


@pytest.mark.parametrize("args, words", [
    (["--a", "grandmaster", "--b", "easy"], "unknown level"),
    (["--a", "easy", "--b", "easy", "--variant", "pinochle-9000"], "unknown variant"),
    (["--a", "easy", "--b", "easy", "--deals", "0"], "at least 1"),
    (["--a", "easy", "--b", "easy", "--jobs", "0"], "at least 1"),
    (["--a", "easy", "--b", "easy", "--a-opt", "speed=9"], "unknown bot option"),
])
def test_bad_input_is_one_line_and_non_zero(capsys, args, words):
    argv = ["match", "--variant", "racehorse", "--deals", "1", *args]
    if "--variant" in args:
        argv = ["match", "--deals", "1", *args]
    code = main(argv)
    err = capsys.readouterr().err.strip()
    assert code != 0
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert words in err
