"""Checkpoint files of long matches (issue 29): "Keep the checkpoint files needed to resume and
to print the tables in the repository, small (drop per-decision times from what is kept, ≤ 2 MB
in all), so that a run interrupted on one machine can be carried on from another."

Pieces written by other code are verified by replay: the first recorded piece and two spread
through the file are played again, and the run carries on only when they come out the same."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.match.duplicate import MatchSpec, run_match
from game.match.games import run_games
from game.match.pieces import spread
from game.rules.actions import Action
from game.rules.view import PlayerView
from game.store.checkpoint import CheckpointError, source_digest

SPEC = MatchSpec("partnership-150", "medium", "easy", 9)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _other_code(path: Path) -> None:
    """Make the file look written by other code: another digest in its header."""
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["code"] = "0123456789abcdef"
    lines[0] = json.dumps(head, sort_keys=True)
    path.write_text("\n".join(lines) + "\n")


def test_a_checkpoint_keeps_no_decision_times_and_the_report_says_whose_times_it_shows(
        tmp_path):
    path = tmp_path / "ck.jsonl"
    first = run_match(SPEC, 5, checkpoint=path).to_json()
    text = path.read_text()
    assert "times" not in text  # neither the old per-table times nor the run's own
    assert first["decision_ms_pieces"] == {"kind": "deals", "timed": 5, "of": 5}
    rows = _lines(path)[1:]
    assert all(len(json.dumps(r)) < 250 for r in rows)  # a four-handed deal is one short line
    resumed = run_match(SPEC, 8, checkpoint=path).to_json()
    # the times of the three deals this run played, not of the five read back
    assert resumed["decision_ms_pieces"] == {"kind": "deals", "timed": 3, "of": 8}
    whole = run_match(SPEC, 8).to_json()
    assert 0 < resumed["decision_ms"]["a"]["decisions"] < whole["decision_ms"]["a"]["decisions"]
    for key in ("points_per_deal", "ci95", "make_rate", "set_rate", "average_bid",
                "trick_points_per_deal", "illegal_actions"):
        assert resumed[key] == whole[key], key


def _old_format(path: Path) -> None:
    """Rewrite a checkpoint as the code before issue 29 wrote it: a table of named fields
    per seating, with its decision times."""
    lines = _lines(path)
    out = [json.dumps(lines[0], sort_keys=True)]
    for rec in lines[1:]:
        tables = []
        for row in rec["tables"]:
            table, margin, level, bid, made, ta, tb, outcome, illegal = row[:9]
            tables.append({"deal": rec["deal"], "table": table, "margin": float(margin),
                           "contract": [level, bid, made] if level else None,
                           "tricks": {"a": float(ta), "b": float(tb)},
                           "times": [["a", "card", 0.125], ["b", "bid", 0.5]],
                           "illegal": illegal, "outcome": outcome})
        out.append(json.dumps({"deal": rec["deal"], "tables": tables}, sort_keys=True))
    path.write_text("\n".join(out) + "\n")


def test_an_old_checkpoint_with_times_is_still_read_and_carried_on(tmp_path):
    path = tmp_path / "old.jsonl"
    run_match(SPEC, 4, checkpoint=path)
    _old_format(path)
    assert '"times"' in path.read_text()
    resumed = run_match(SPEC, 6, checkpoint=path).to_json()
    whole = run_match(SPEC, 6).to_json()
    assert resumed["points_per_deal"] == whole["points_per_deal"]
    assert resumed["ci95"] == whole["ci95"]
    assert resumed["decision_ms_pieces"]["timed"] == 2
    # a malformed time in an old record is still an error naming the line's field
    bad = path.read_text().replace('"card", 0.125', '"card", "slow"', 1)
    path.write_text(bad)
    with pytest.raises(CheckpointError, match=r"times\[0\]"):
        run_match(SPEC, 6, checkpoint=path)


def test_other_code_that_plays_the_same_is_verified_once_and_carried_on(tmp_path, monkeypatch):
    path = tmp_path / "ck.jsonl"
    run_match(SPEC, 6, checkpoint=path)
    _other_code(path)
    resumed = run_match(SPEC, 8, checkpoint=path).to_json()
    assert resumed["points_per_deal"] == run_match(SPEC, 8).to_json()["points_per_deal"]
    notes = [x for x in _lines(path) if "verified" in x]
    assert notes == [{"verified": source_digest(), "pieces": spread(range(6))}]
    assert spread(range(6)) == [0, 3, 5]  # the first, and two spread through the file
    # Verified once: a later resume with the same code does not replay again.
    import game.match.pieces as pieces

    def no_replay(*args: object) -> list[int]:
        raise AssertionError("verified again")

    monkeypatch.setattr(pieces, "verify", no_replay)
    run_match(SPEC, 9, checkpoint=path)


def test_other_code_that_plays_differently_is_refused_naming_the_piece(tmp_path, monkeypatch):
    """Plant a behaviour change in a bot: easy plays its worst card instead of its rules."""
    path = tmp_path / "ck.jsonl"
    run_match(SPEC, 6, checkpoint=path)
    _other_code(path)
    before = path.read_text()
    import game.bots.levels as levels
    from game.rules.actions import PlayCard

    def worst(view: PlayerView, counting: bool) -> tuple[Action, str]:
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        return cards[-1], "planted"

    monkeypatch.setattr(levels, "heuristic_play", worst)
    with pytest.raises(CheckpointError) as err:
        run_match(SPEC, 8, checkpoint=path)
    message = str(err.value)
    assert len(message.splitlines()) == 1
    assert str(path) in message and "deal 0 plays differently" in message
    assert path.read_text() == before  # nothing written, nothing lost
    # The same file is still carried on by code that plays as it was written.
    monkeypatch.undo()
    run_match(SPEC, 8, checkpoint=path)


def test_whole_games_are_verified_by_replay_too(tmp_path, monkeypatch):
    spec = MatchSpec("two-handed", "medium", "easy", 4)
    path = tmp_path / "games.jsonl"
    run_games(spec, 3, path=path)
    assert "times" not in path.read_text()
    _other_code(path)
    report, results = run_games(spec, 4, path=path)
    assert len(results) == 4 and report.timed == ("games", 1, 4)
    assert any("verified" in x for x in _lines(path))
    path = tmp_path / "games2.jsonl"
    run_games(spec, 3, path=path)
    _other_code(path)
    import game.bots.twohand as twohand

    real = twohand.stock_play

    def lead_high(view: PlayerView, rng: random.Random, noise: float = 0.0
                  ) -> tuple[Action, str]:
        action, why = real(view, rng, noise)
        return (view.legal[-1] if not view.trick else action), why

    monkeypatch.setattr(twohand, "stock_play", lead_high)
    with pytest.raises(CheckpointError, match="game 0 plays differently"):
        run_games(spec, 5, path=path)
