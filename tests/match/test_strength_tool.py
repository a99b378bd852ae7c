"""``python -m tools.strength`` prints docs/strength.md's tables from the checkpoint files
alone (issue 29: "`python -m tools.strength` prints the regenerated table in docs/strength.md
from them"), and the files of the whole plan stay small."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tools.strength as strength
from game.match.duplicate import MatchSpec, run_match
from game.match.games import run_games
from game.store.checkpoint import CheckpointError

ROWS = [strength.Run("partnership-150", "medium", "easy", 4),
        strength.Run("check", "medium", "easy", 3),
        strength.Run("two-handed", "medium", "easy", games=2)]


@pytest.fixture
def small_plan(monkeypatch):
    monkeypatch.setattr(strength, "plan", lambda: list(ROWS))


def test_the_tables_come_from_the_checkpoints_alone(tmp_path, small_plan, capsys):
    strength.run_missing(tmp_path, None)  # plays each row with its own command
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "check__medium__easy__deals.jsonl", "partnership-150__medium__easy__deals.jsonl",
        "two-handed__medium__easy__games.jsonl"]
    text = strength.tables(tmp_path)
    direct = run_match(MatchSpec("partnership-150", "medium", "easy", 1), 4).to_json()
    lo, hi = direct["ci95"]
    assert (f"| partnership-150 | medium vs easy | 4 | {direct['points_per_deal']:+.1f} | "
            f"{lo:+.1f} .. {hi:+.1f} |") in text
    report, games = run_games(MatchSpec("two-handed", "medium", "easy", 1), 2)
    from game.match.games import games_json

    g = games_json(games)
    assert f"| two-handed | medium vs easy | 2 (x2) | {100 * g['a_win_rate']:.1f}% |" in text
    # the command line prints the same tables
    assert strength.main(["--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == text.strip()
    # a second --run plays nothing: every row is complete
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    strength.run_missing(tmp_path, None)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before


def test_a_file_named_for_another_row_is_refused(tmp_path, small_plan):
    run_match(MatchSpec("partnership-150", "medium", "random", 1), 2,
              checkpoint=tmp_path / "partnership-150__medium__easy__deals.jsonl")
    with pytest.raises(CheckpointError, match="not the row its name gives"):
        strength.tables(tmp_path)


def test_import_makes_an_older_file_compact_and_keeps_its_figures(tmp_path, small_plan):
    src, out = tmp_path / "runs", tmp_path / "out"
    name = "partnership-150__medium__easy__deals.jsonl"
    run_match(MatchSpec("partnership-150", "medium", "easy", 1), 4, checkpoint=src / name)
    lines = [json.loads(x) for x in (src / name).read_text().splitlines()]
    old = [json.dumps(lines[0])]
    for rec in lines[1:]:  # the format before issue 29: named fields and decision times
        old.append(json.dumps({"deal": rec["deal"], "tables": [
            {"deal": rec["deal"], "table": r[0], "margin": float(r[1]),
             "contract": [r[2], r[3], r[4]] if r[2] else None,
             "tricks": {"a": float(r[5]), "b": float(r[6])}, "outcome": r[7], "illegal": r[8],
             "times": [["a", "card", 12.5]] * 40} for r in rec["tables"]]}))
    (src / name).write_text("\n".join(old) + "\n")
    strength.import_from(src, out)
    assert (out / name).stat().st_size < (src / name).stat().st_size / 3
    assert "times" not in (out / name).read_text()
    assert strength.tables(out) == strength.tables(src)
    # an existing file is never overwritten
    kept = (out / name).read_text().replace('"seed": 1', '"seed":  1')
    (out / name).write_text(kept)
    strength.import_from(src, out)
    assert (out / name).read_text() == kept


def test_the_whole_plans_files_fit_in_two_megabytes(tmp_path):
    """Measured on medium against easy (the same rows as hard's), then scaled to the plan."""
    per: dict[tuple[str, bool], float] = {}
    for run in strength.plan():
        key = (run.variant, bool(run.games))
        if key in per:
            continue
        path = tmp_path / f"{run.variant}-{bool(run.games)}.jsonl"
        if run.games:
            run_games(MatchSpec(run.variant, "medium", "easy", 1), 2, path=path)
        else:
            run_match(MatchSpec(run.variant, "medium", "easy", 1), 6, checkpoint=path)
        lines = path.read_text().splitlines()[1:]
        per[key] = sum(len(x) + 1 for x in lines) / len(lines)
    total = sum(per[(r.variant, bool(r.games))] * r.size for r in strength.plan())
    assert total < 1_000_000  # half the budget: games may run a few hands longer


def test_the_files_kept_in_the_repository_fit_in_two_megabytes():
    folder = Path(strength.OUT)
    files = list(folder.glob("*.jsonl")) if folder.exists() else []
    assert sum(p.stat().st_size for p in files) <= 2_000_000
    for p in files:
        assert "times" not in p.read_text(), p
