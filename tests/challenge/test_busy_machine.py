"""Issue 35, item 3 ("Truly duplicate"): "A test with hard and expert opponents at the table's
default settings, on a machine slowed on purpose, replays a challenge hand twice and requires
identical opponents' play."

The machine is slowed by its clocks: every clock the searches could read (``time.perf_counter``,
``time.monotonic``, ``time.time``, ``time.process_time``) jumps by a second at each reading, as
if the process were starved between any two instructions. Nothing depends on real timing: a
search that stops on a clock stops after its first sample under the jumping clock, every time,
and one that counts samples never notices. The think time is the table's default (400 ms),
turned into samples by a calibration that measured a slow machine.
"""

from __future__ import annotations

import ast
import itertools
import time
from pathlib import Path

import pytest

from game.bots.registry import make_bot
from game.match import thinking
from game.match.challenge import ChallengeTask, challenge_deal, play_out, replay_match, seats_with
from game.match.controller import Match
from game.rules.events import HandScored
from game.rules.gamehands import game_hands
from game.store.content import load_preset
from game.store.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
CLOCKS = ("perf_counter", "monotonic", "time", "process_time")
OPPONENTS = ("hard", "expert", "hard")


def jumping(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Every clock of the ``time`` module jumps by ``seconds`` at each reading."""
    ticks = itertools.count()
    for name in CLOCKS:
        monkeypatch.setattr(time, name, lambda: seconds * next(ticks))


def slow_settings() -> Settings:
    """The table's default settings on a machine whose calibration measured it slow (each
    reference run read as a quarter of a second)."""
    settings = Settings()
    runs = itertools.count()
    assert thinking.calibrate(settings, clock=lambda: 0.125 * next(runs))
    assert settings.think_ms == 400 and settings.think_rate > 0
    return settings


def table_hand(options: dict[str, object]) -> Match:
    """A racehorse hand at the table: hard and expert opponents with the table's options, the
    player (seat 0) playing as expert would, with the table's generator."""
    rules = load_preset("racehorse")
    match = Match(rules, 7, ("human", *OPPONENTS), bot_options=options)
    player = make_bot("expert", **options)
    for _ in range(2_000):
        if match.waiting_for_human():
            if match.bot_may_claim(0):
                events = match.claim(0)
            else:
                events = match.submit(player.choose(match.view(0), match.bot_rng()))
        else:
            events = match.step_bot()
        if any(isinstance(e, HandScored) for e in events):
            return match
    raise AssertionError("the hand did not end")


@pytest.fixture(scope="module")
def table() -> Match:
    """The hand at the table, played once for the module's tests."""
    return table_hand(slow_settings().bot_options())


def test_a_challenge_hand_replays_the_same_on_a_busy_machine(monkeypatch, table):
    options = slow_settings().bot_options()
    assert set(options) == {"aggression", "think_samples"}  # samples, never milliseconds
    assert table.bot_options == options
    hand = game_hands(table.rules, table.seed, table.actions)[0]
    # The table's bots did cut their search to the think time: the budget is in play.
    assert all(0 < b.share < 1 for b in table.bots.values())  # type: ignore[attr-defined]
    seats = seats_with(table.seats, 0, "expert")
    played = []
    for jump in (1.0, 7.0):  # two busy machines, busy in two ways
        with monkeypatch.context() as busy:
            jumping(busy, jump)
            replay = replay_match(table.rules, table.seed, table.actions, hand, seats, options)
            play_out(replay, 0)
        played.append(replay.actions[hand.first:])
    # The expert in the player's seat plays as the player did, so every move of the hand, the
    # hard and expert opponents' included, is the table's, in both replays.
    assert played[0] == played[1] == list(hand.moves)


def test_the_challenge_task_carries_the_samples_to_the_worker(table):
    """What the worker is handed: the table's options, the think time in samples; from them
    the expert's replay on a busy machine scores exactly what the table's hand scored."""
    settings = slow_settings()
    task = ChallengeTask("racehorse", "racehorse", None, "racehorse", table.seed,
                         tuple(str(a) for a in table.actions), 0, 0, tuple(table.seats),
                         tuple(sorted(table.bot_options.items())), levels=("expert",))
    assert dict(task.bot_options)["think_samples"] == settings.bot_options()["think_samples"]
    with pytest.MonkeyPatch.context() as busy:
        jumping(busy, 3.0)
        item = challenge_deal(table.rules, task, table.actions)
    assert item is not None and item.level("expert") == item.player


def clock_readings(tree: ast.AST) -> list[int]:
    """Lines that read a clock of the ``time`` module."""
    return sorted(node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in CLOCKS
            and isinstance(node.value, ast.Name) and node.value.id == "time")


def test_no_bot_reads_a_clock():
    """"Search budgets in samples, never in milliseconds": no module of the bots reads one."""
    planted = "import time\nstart = time.perf_counter()\nx = time.monotonic\n"
    assert clock_readings(ast.parse(planted)) == [2, 3]
    offenders = [f"{path.relative_to(ROOT)}:{line}"
                 for path in sorted((ROOT / "game" / "bots").glob("*.py"))
                 for line in clock_readings(ast.parse(path.read_text(encoding="utf-8")))]
    assert not offenders, offenders
