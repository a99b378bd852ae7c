"""The command line on any machine (issue 26): no invisible game without a display (item 1), the
five command lines that ended in a traceback (item 6), ``match --jobs`` capped (item 5), and the
small things of item 9 (``--trump none``, one ``--seed`` rule, ``--version``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game import cli
from game.bots.registry import make_bot
from game.cli import main
from game.commands import args as args_module
from game.commands import play_cmd
from game.match.controller import Match
from game.store.content import load_preset, preset_names
from tests.cli.arg_sweep import subcommands
from tests.limits import ROOT, run_cpu_limited


def _one_line(capsys, *argv: str, status: int = 2) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == status, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("pinochle: error: "), err
    return err


# -- item 1: no display, one line ------------------------------------------------------------
def _without_display(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    # Were the window to open anyway (on SDL's offscreen driver), it closes after its first
    # frame: the test sees it at once, instead of a game nobody sees waiting for ever.
    env.update(PINOCHLE_HOME=str(tmp_path), PINOCHLE_EXIT_AFTER_FIRST_FRAME="1",
               SDL_AUDIODRIVER="dummy", **extra)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland only")
@pytest.mark.parametrize("display", [None, ":4071"])
def test_without_a_display_the_game_says_so_in_one_line_and_exits(tmp_path, display):
    """Before: SDL fell back to its offscreen driver; no window, no error, no end."""
    if display and Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
        pytest.skip(f"a display {display} exists on this machine")
    env = _without_display(tmp_path, **({"DISPLAY": display} if display else {}))
    out = run_cpu_limited([sys.executable, "-m", "game"], cpu_seconds=60, env=env, cwd=ROOT)
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pinochle: error: no display"), lines
    assert (f"DISPLAY={display}" if display else "nor WAYLAND_DISPLAY is set") in lines[0]


def test_a_driver_asked_for_is_used_even_if_it_draws_nowhere():
    """The tests and the demo ask for the dummy driver: they are unaffected."""
    from game.ui.app import open_display

    assert os.environ["SDL_VIDEODRIVER"] == "dummy"  # set by tests/conftest.py
    assert open_display() == "dummy"


# -- item 6: the five command lines that ended in a traceback ---------------------------------
LONG = "x" * 5_000


@pytest.mark.parametrize("argv", [
    ["rules", "--variant", LONG], ["play", "--variant", LONG],
    ["tutorial", "--levels", LONG], ["tutorial", "--check", "--seeds", LONG],
    ["match", "--variant", "racehorse", "--a", "random", "--b", "random", "--deals", "1",
     "--checkpoint", "/proc/nope/x.jsonl"],
    ["play", "--demo", "--bots", "open"]])
def test_the_command_lines_that_ended_in_a_traceback_end_in_one_line(capsys, argv):
    err = _one_line(capsys, *argv)
    # A 5,000-character name is cut short, not echoed whole. The line may list the presets to
    # choose from: their names are not counted (a preset added lengthens it; issue 37).
    listed = sum(len(name) + 2 for name in preset_names())
    assert len(err) < 312 + listed and LONG[:400] not in err  # 400 with the seven shipped


def test_every_bots_choice_the_demo_lists_can_play_the_players_seat():
    """`open` was one of --bots' listed choices, and the demo crashed on it: the player's seat
    is played through a player's view, which the open level refuses."""
    action = next(a for a in subcommands()["play"]._actions if a.dest == "bots")
    rules = load_preset("racehorse")
    match = Match(rules, 3, ("human", "random", "random", "random"))
    while not match.waiting_for_human():
        match.step_bot()
    for level in action.choices:
        bot = make_bot(level)
        assert bot.choose(match.view(0), match.bot_rng()) in match.legal()


def test_a_control_character_in_a_name_cannot_break_the_line(capsys):
    err = _one_line(capsys, "rules", "--variant", "a\rb\nc\u202e.toml")
    assert "\\r" in err and "\\n" in err and "\\u202e" in err


# -- item 5: match --jobs -----------------------------------------------------------------------
def test_match_jobs_are_capped_at_the_processors_and_the_work(capsys, monkeypatch):
    """Before: --jobs 200 --deals 1 started 200 worker processes."""
    import game.match.duplicate as duplicate
    import game.match.games as games

    asked: list[tuple[str, int, int]] = []
    real_match, real_games = duplicate.run_match, games.run_games

    # The work itself is played in this process (the result does not depend on the jobs).
    def run_match(spec, deals, jobs=1, *rest, **kwargs):
        asked.append(("deals", deals, jobs))
        return real_match(spec, deals, 1, *rest, **kwargs)

    def run_games(spec, n, jobs=1, *rest, **kwargs):
        asked.append(("games", n, jobs))
        return real_games(spec, n, 1, *rest, **kwargs)

    monkeypatch.setattr(duplicate, "run_match", run_match)
    monkeypatch.setattr(games, "run_games", run_games)
    monkeypatch.setattr(args_module, "cpu_count", lambda: 3)
    base = ["match", "--variant", "racehorse", "--a", "random", "--b", "random", "--json"]
    assert main([*base, "--deals", "1", "--jobs", "200"]) == 0
    assert main([*base, "--deals", "5", "--jobs", "100000"]) == 0
    assert main([*base, "--games", "2", "--deals", "4", "--jobs", "8"]) == 0
    assert asked == [("deals", 1, 1), ("deals", 5, 3), ("games", 2, 2), ("deals", 4, 3)]
    err = capsys.readouterr().err
    assert "--jobs 200: 1 worker for 1 deals" in err


# -- item 9: small things -----------------------------------------------------------------------
def test_trump_none_is_refused_for_a_trick_without_being_offered(capsys):
    err = _one_line(capsys, "legal", "--variant", "racehorse", "--trump", "none", "--hand", "AS")
    assert "none" not in err.split("(", 1)[1].split(")")[0]  # the allowed values
    err = _one_line(capsys, "legal", "--variant", "racehorse", "--trump", "Q", "--hand", "AS")
    assert "S, H, C or D" in err and "none" not in err
    assert main(["meld", "--variant", "racehorse", "--trump", "none", "KS", "QS"]) == 0
    capsys.readouterr()
    err = _one_line(capsys, "meld", "--variant", "racehorse", "--trump", "Q", "KS")
    assert "none" in err  # where it is allowed, it is offered


@pytest.mark.parametrize("command", [
    ["simulate", "--variant", "racehorse"], ["play", "--demo"],
    ["match", "--variant", "racehorse", "--a", "random", "--b", "random"]])
def test_one_seed_rule_for_every_command(capsys, command):
    """Before: --seed -1 was accepted by simulate and match and refused by play."""
    parser = cli.build_parser()
    for good in ("0", str(2**63 - 1)):
        assert parser.parse_args([*command, "--seed", good]).seed == int(good)
    for bad in ("-1", str(2**63), "x"):
        err = _one_line(capsys, *command, "--seed", bad)
        assert "--seed" in err


def test_version(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"pinochle {version('pinochle-table')}\n"


# -- item 7: stale temporary files are removed when the game starts -----------------------------
def test_the_game_removes_stale_temporary_files_when_it_starts(monkeypatch, tmp_path):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    stale = tmp_path / "data" / "saves" / f".racehorse.json.{2**22 + 7}.tmp"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}", encoding="utf-8")
    app = play_cmd._app((1024, 640))
    try:
        assert not stale.exists()
    finally:
        app.shutdown()


def test_tutorial_check_refuses_missing_folders_before_any_work(capsys, tmp_path):
    err = _one_line(capsys, "tutorial", "--check", "--levels", str(tmp_path / "no"))
    assert err == f"pinochle: error: --levels {tmp_path / 'no'}: no such folder\n"
    # the lessons' window is not opened with a bad folder either
    _one_line(capsys, "tutorial", "--seeds", str(tmp_path / "no"))

