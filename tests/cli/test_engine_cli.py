"""The engine's command line: output formats, --json fields, and one-line errors."""

import json
import subprocess
import sys

import pytest

from game.cli import main
from game.store.content import preset_names

NINETEEN = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH TH KH KH QH"


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io

        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_lists_the_presets(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0 and len(out.strip().splitlines()) == len(preset_names())
    assert "racehorse" in out
    code, out, _ = run(capsys, "variants", "--json")
    assert [v["name"] for v in json.loads(out)][0] == "racehorse"


def test_rules_prints_obligations_in_precedence(capsys):
    code, out, _ = run(capsys, "rules", "--variant", "racehorse")
    assert code == 0
    assert "1. If two identical cards are played" in out
    assert out.index("2. You must follow suit") < out.index("3. You must take the trick")


def test_meld_json(capsys):
    code, out, _ = run(capsys, "meld", "--variant", "racehorse", "--trump", "D", "AD", "TD",
                       "KD", "KD", "QD", "JD", "9D", "KS", "QS", "KH", "KC", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 300
    assert {"class", "name", "cards", "points"} <= set(data["melds"][0])


def test_meld_batch_prints_one_total_per_line(capsys, monkeypatch):
    code, out, err = run(capsys, "meld", "--variant", "racehorse", "--batch",
                         stdin="H AH TH KH QH JH\nS QS JD\nX AS\n", monkeypatch=monkeypatch)
    assert out.splitlines() == ["150", "40", "error"]
    assert code == 1 and "line 3" in err


def test_legal_json(capsys):
    code, out, _ = run(capsys, "legal", "--variant", "racehorse", "--trump", "H", "--trick",
                       "QD JH", "--hand", "AD TH JH 9C", "--json")
    data = json.loads(out)
    assert data["legal"] == ["AD"]
    assert {i["card"] for i in data["illegal"]} == {"TH", "JH", "9C"}
    assert all(i["rule"].startswith("2. You must follow suit") for i in data["illegal"])


def test_simulate_json(capsys):
    code, out, _ = run(capsys, "simulate", "--variant", "racehorse", "--hands", "20", "--seed",
                       "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["hands"] == 20 and data["invariant_violations"] == 0
    assert data["variant"] == "racehorse" and data["hands_per_second"] > 0


@pytest.mark.parametrize("args,fragment", [
    (["meld", "--variant", "nope", "--trump", "S", "AS"], "unknown variant"),
    (["meld", "--variant", "racehorse", "--trump", "S", "AS", "AS", "AS"], "2 of each"),
    (["meld", "--variant", "racehorse", "--trump", "S", "1S"], "unknown rank"),
    (["meld", "--variant", "racehorse", "--trump", "S", *(["AS", "TS", "KS", "QS", "JS", "9S"]
                                                         * 2), "AH", "TH", "KH", "QH"],
     "holds at most 15"),
    (["meld", "--variant", "cutthroat", "--trump", "S", *NINETEEN.split()], "holds at most 18"),
    (["legal", "--variant", "double-deck", "--trump", "H", "--hand", "9H"], "not in the 80"),
    (["simulate", "--variant", "racehorse", "--hands", "0"], "at least 1"),
    (["simulate", "--variant", "racehorse", "--hands", "x"], "whole number"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_exit_nonzero_with_one_line(capsys, args, fragment):
    code, out, err = run(capsys, *args)
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and fragment in err
    assert "Traceback" not in err


def test_python_dash_m_game_runs_the_same_cli():
    out = subprocess.run([sys.executable, "-m", "game", "variants", "--json"],
                         capture_output=True, text=True, check=True)
    assert len(json.loads(out.stdout)) == len(preset_names())
