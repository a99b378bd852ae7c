"""Demo mode: bots play every preset through every scene, headless, and exit cleanly."""

import sys

import pytest

from game.store.tables import table_named
from game.ui.demo import run_demo
from tests.limits import run_cpu_limited

EXPECTED = {
    "racehorse": {"deal", "auction", "table", "meld", "hand result", "completed trick",
                  "bidding"},
    "cutthroat": {"deal", "auction", "table", "meld", "hand result", "completed trick",
                  "bidding"},
    "double-deck": {"deal", "auction", "table", "meld", "hand result", "completed trick",
                    "bidding"},
    "two-handed": {"deal", "tricks", "table", "hand result", "completed trick"},
}


@pytest.mark.parametrize("variant", sorted(EXPECTED))
def test_demo_writes_a_screenshot_per_scene(app, tmp_path, variant):
    app.settings.speed = "fast"
    seed = 5 if variant == "cutthroat" else 3  # seed 3's cutthroat hand is conceded unplayed
    driver = run_demo(app, table_named(variant), 1, tmp_path, seed=seed, bot_level="random")
    assert driver.hands_done >= 1
    assert EXPECTED[variant] <= set(driver.captured)
    for path in driver.captured.values():
        assert path.exists() and path.stat().st_size > 10_000  # a real picture, not blank
    # Issue 14: the completed trick was captured with every one of its cards face up, and the
    # bidding panel (in the score panel) is in the auction's picture and in the play's.
    trick = driver.shown_cards["completed trick"]
    rules = driver.table.match.rules
    assert len(trick) == rules.players and all(face for _, face in trick)
    assert driver.table.layout.auction == (not rules.stock.enabled)


def test_demo_command_exits_zero(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PINOCHLE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = run_cpu_limited([sys.executable, "-m", "game", "play", "--demo", "--variant",
                           "partnership-150", "--hands", "1", "--bots", "random",
                           "--screenshots", str(tmp_path / "shots")], 300, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "1 hands of partnership-150 played" in out.stdout
    assert len(list((tmp_path / "shots").glob("*.png"))) >= 5


def test_play_refuses_a_bad_size_in_one_line(tmp_path):
    out = run_cpu_limited([sys.executable, "-m", "game", "play", "--size", "800x600"], 60,
                          env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin",
                               "PINOCHLE_HOME": str(tmp_path)})
    assert out.returncode == 2 and "at least 1024x640" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
