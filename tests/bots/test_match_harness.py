"""The duplicate match harness and ``pinochle match``: reproducible results, the --json fields
the issue names, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.match.duplicate import MatchSpec, run_match, seatings
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


def test_whole_games_report_game_wins_beside_the_per_deal_figures(capsys):
    """The issue: "`pinochle match --games N` plays whole duplicate games from 0 to the target
    and reports game wins with a 95% interval, beside the per-deal figures"."""
    code = main(["match", "--variant", "two-handed", "--a", "medium", "--b", "easy",
                 "--games", "6", "--seed", "4", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    g = data["games"]
    assert g["games"] == 6 and g["seatings"] == 12
    assert g["a_wins"] + g["b_wins"] + g["unfinished"] == 12
    assert g["unfinished"] == 0  # every game reached the target
    lo, hi = g["ci95"]
    assert lo <= g["a_win_rate"] <= hi
    assert g["a_win_rate"] == pytest.approx(g["a_wins"] / 12, abs=0.2)
    # the hands of the games give the per-deal figures, with the usual fields
    assert data["deals"] >= 6 * 2 and "points_per_deal" in data and "make_rate" in data
    assert g["hands_per_game"] >= 2


def test_a_game_is_won_by_the_side_the_rules_name():
    """000: "The first team to reach 1500 points wins" (the bidding side counting first)."""
    from game.bots.registry import make_bot
    from game.match.games import play_game

    rules = load_preset("racehorse")
    bots = {"a": make_bot("medium"), "b": make_bot("easy")}
    result = play_game(rules, 3, 0, 0, ("a", "b", "a", "b"), bots)
    assert len(result.hands) >= 2 and all(h.deal // 1000 == 0 for h in result.hands)
    assert result.winner in ("a", "b")
    assert result.final[result.winner] >= rules.scoring.target
    # A's final lead is the sum of its per-hand margins
    assert sum(h.margin for h in result.hands) == result.final["a"] - result.final["b"]


def test_an_interrupted_match_resumes_from_its_checkpoint(tmp_path):
    """"a run that takes hours should resume": the checkpoint keeps each finished deal; a run
    cut short and resumed gives the same figures as one run through."""
    from game.store.checkpoint import CheckpointError

    spec = MatchSpec("partnership-150", "medium", "easy", 9)
    whole = run_match(spec, 8).to_json()
    path = tmp_path / "ck.jsonl"
    run_match(spec, 5, checkpoint=path)  # the first five deals, then "interrupted"
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 5
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:40])  # a write cut short
    seen: list[int] = []
    resumed = run_match(spec, 8, checkpoint=path, progress=lambda d, n: seen.append(d))
    assert seen[0] == 4  # four deals were kept; the cut one is played again
    data = resumed.to_json()
    for key in ("points_per_deal", "ci95", "make_rate", "set_rate", "trick_points_per_deal"):
        assert data[key] == whole[key], key
    # another match's checkpoint is refused in one line, and left as it was
    before = path.read_text()
    with pytest.raises(CheckpointError, match="another match"):
        run_match(MatchSpec("partnership-150", "medium", "easy", 10), 8, checkpoint=path)
    # a damaged line in the middle is an error naming the file and the line
    damaged = before.splitlines()
    damaged[2] = damaged[2][:30]
    path.write_text("\n".join(damaged) + "\n")
    with pytest.raises(CheckpointError, match=r"line 3"):
        run_match(spec, 8, checkpoint=path)
    assert path.read_text() == "\n".join(damaged) + "\n"


def test_the_open_level_sees_the_deal_only_in_measurements():
    """"A measurement-only `open` level plays with every card visible and otherwise as hard
    ... It is never offered at the table."""
    from game.bots.registry import TABLE_LEVELS, make_bot
    from game.match.controller import Match
    from game.rules.engine import actor
    from game.rules.view import observe

    assert "open" not in TABLE_LEVELS and "expert" in TABLE_LEVELS
    rules = load_preset("racehorse")
    m = Match(rules, 3, ("human", "medium", "medium", "medium"))
    m.step_bot()  # deal
    seat = m.actor
    assert not m.view(seat).revealed and not m.view(seat).all_hands
    view = observe(m.state, seat)
    with pytest.raises(ValueError, match="measurement"):
        make_bot("open").suggest(view, __import__("random").Random(1))
    full = observe(m.state, actor(m.state), reveal=True)
    assert full.revealed and full.all_hands == m.state.hand.hands
    # in a match the harness reveals the deal to open, and it plays legally
    rep = run_match(MatchSpec("racehorse", "open", "medium", 2, (("samples", 8),)), 2)
    assert rep.to_json()["illegal_actions"] == 0


def test_hint_uses_the_strongest_level_within_the_think_pause(monkeypatch):
    """"Hint uses the strongest level within the think pause": expert, made with the table's
    think time as its limit, and its suggestion is what the player sees."""
    from game.bots import registry
    from game.match import controller

    assert registry.STRONGEST == "expert" and "expert" in registry.TABLE_LEVELS
    made = []

    def spy(level, **options):
        made.append((level, dict(options)))
        return registry.make_bot(level, **options)

    rules = load_preset("partnership-150")
    m = controller.Match(rules, 5, ("human", "medium", "medium", "medium"),
                         bot_options={"think_samples": 200})
    while not m.waiting_for_human():
        m.step_bot()
    monkeypatch.setattr(controller, "make_bot", spy)
    hint = m.hint(0)
    assert made == [("expert", {"think_samples": 200})]
    assert hint.action in m.view(0).legal and hint.reason
