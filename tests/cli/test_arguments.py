"""Every command-line argument is checked before any window opens or any work starts: a bad one
is one line on standard error and exit code 2. Each case crashed, hung or was silently accepted
before (ZeroDivisionError, a FileExistsError after the window opened, random bots, a 16384-pixel
window)."""

from __future__ import annotations

import pygame
import pytest

from game.cli import main


@pytest.fixture
def no_window(monkeypatch):
    """Opening a window fails the test: the argument must be refused before it."""
    def refuse(*args, **kwargs):
        raise AssertionError("a window was opened before the arguments were checked")
    monkeypatch.setattr(pygame.display, "set_mode", refuse)


def _refused(capsys, *args: str) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("pinochle: error:"), err
    return err


@pytest.mark.parametrize("opt", ["samples=-5", "samples=0", "think_samples=-1", "samples=2.5",
                                 "noise=2", "bid_shift=nan", "aggression=wild", "card_search=x",
                                 "speed=9"])
def test_bad_bot_options_are_refused(capsys, opt):
    err = _refused(capsys, "match", "--variant", "racehorse", "--a", "hard", "--b", "easy",
                   "--deals", "1", "--a-opt", opt)
    assert "--a" in err


def test_screenshots_into_an_existing_file_is_refused_before_the_window(capsys, tmp_path,
                                                                        no_window):
    target = tmp_path / "shots"
    target.write_text("a file, not a folder")
    err = _refused(capsys, "play", "--demo", "--screenshots", str(target))
    assert "not a folder" in err and target.read_text() == "a file, not a folder"


def test_screenshots_into_a_folder_that_cannot_be_made_is_refused(capsys, tmp_path, no_window):
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    _refused(capsys, "play", "--demo", "--screenshots", str(blocker / "inside"))


@pytest.mark.parametrize("args", [("--bots", "nosuch"), ("--size", "100000x100000"),
                                  ("--size", "800x600"), ("--size", "big"), ("--seed", "-1"),
                                  ("--hands", "0"), ("--variant", "nosuch")])
def test_bad_play_arguments_are_refused_before_the_window(capsys, no_window, args):
    _refused(capsys, "play", "--demo", *args)


def test_a_bad_variant_for_the_window_is_refused_before_it(capsys, no_window):
    _refused(capsys, "play", "--variant", "/no/such/house.toml")
