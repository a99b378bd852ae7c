"""Issue 28, item 3: "every deal the player plays is also played by the expert in the player's
seat, with the same cards and the same opponents, away from the player's eyes". The replay is
the same game up to the deal, the same bots in the other seats drawing the same generators: a
player who plays exactly as a level would is matched move for move by that level's replay."""

from __future__ import annotations

import pytest

from game.bots.registry import make_bot
from game.match.challenge import (
    ChallengeJob,
    ChallengeTask,
    challenge_deal,
    play_out,
    replay_match,
    seats_with,
)
from game.match.controller import Match
from game.match.review import margin
from game.rules.events import HandScored
from game.rules.gamehands import game_hands
from game.store.content import load_preset

PATIENCE = 600.0  # seconds with no word from the worker: only a hung worker waits this long


def table_game(preset: str, level: str, seed: int = 11, hands: int = 2,
               opponents: str = "medium") -> Match:
    """A game at the table whose player (seat 0, "human") plays as ``level`` would, drawing
    the table's own generator for each decision, for ``hands`` scored hands."""
    rules = load_preset(preset)
    match = Match(rules, seed, ("human", *[opponents] * (rules.players - 1)))
    player = make_bot(level)
    scored = 0
    for _ in range(5_000):
        if match.waiting_for_human():
            if match.bot_may_claim(0):  # as the level's replay does: claim when it can
                events = match.claim(0)
            else:
                events = match.submit(player.choose(match.view(0), match.bot_rng()))
        else:
            events = match.step_bot()
        scored += sum(isinstance(e, HandScored) for e in events)
        if scored == hands or match.over:
            return match
    raise AssertionError("the game did not reach its hands")


@pytest.mark.parametrize("preset", ["racehorse", "two-handed", "cutthroat"])
def test_the_level_that_plays_as_the_player_replays_the_table_hand_move_for_move(preset):
    match = table_game(preset, "easy")
    rules = match.rules
    hand = game_hands(rules, match.seed, match.actions)[1]
    assert hand.result is not None
    replay = replay_match(rules, match.seed, match.actions, hand,
                          seats_with(match.seats, 0, "easy"), {})
    # The same cards: the replay starts from the table's own deal.
    assert replay.state == hand.start
    got = play_out(replay, 0)
    # The same opponents with the same seeds: every move, and the score, are the table's.
    assert replay.actions[hand.first:] == list(hand.moves)
    assert got == margin(rules, 0, hand.result)


def test_another_level_in_the_seat_changes_only_the_seats_play():
    """The opponents are the table's bots: the expert in the player's seat meets the same
    levels (never a stronger or a weaker opponent), and the seats keep their places."""
    match = table_game("racehorse", "easy", hands=1)
    assert seats_with(match.seats, 0, "expert") == ("expert", "medium", "medium", "medium")
    with pytest.raises(ValueError):
        seats_with(("human", "human", "medium", "medium"), 0, "expert")


def test_the_deal_item_holds_the_player_and_each_level_from_the_same_deal():
    match = table_game("racehorse", "medium", hands=1)
    task = ChallengeTask("racehorse", "racehorse", None, "racehorse", match.seed,
                         tuple(str(a) for a in match.actions), 0, 0, tuple(match.seats),
                         levels=("easy", "medium"))
    item = challenge_deal(match.rules, task, match.actions)
    assert item is not None and item.kind == "duplicate" and item.game == match.seed
    hand = game_hands(match.rules, match.seed, match.actions)[0]
    assert item.player == margin(match.rules, 0, hand.result)
    # The player played as medium does: medium's replay scores exactly what the player did.
    assert item.level("medium") == item.player
    assert [lv for lv, _ in item.levels] == ["easy", "medium"]


def test_the_worker_plays_the_deal_this_process_would_and_can_be_cancelled():
    match = table_game("racehorse", "easy", hands=1)
    task = ChallengeTask("racehorse", "racehorse", None, "racehorse", match.seed,
                         tuple(str(a) for a in match.actions), 0, 0, tuple(match.seats),
                         levels=("easy", "hard"))
    job = ChallengeJob(task)
    assert job.wait(PATIENCE) and job.error is None
    assert job.result == challenge_deal(match.rules, task, match.actions)
    assert job.total == 2 and job.fraction == 1.0
    cancelled = ChallengeJob(task)
    cancelled.cancel()
    assert cancelled.finished and cancelled.result is None
    cancelled.wait_started()  # cancelled while starting: stopped once it is up
    assert not cancelled.alive


def test_an_unscored_hand_gives_no_item():
    match = table_game("racehorse", "easy", hands=1)
    task = ChallengeTask("racehorse", "racehorse", None, "racehorse", match.seed,
                         tuple(str(a) for a in match.actions), 3, 0, tuple(match.seats))
    assert challenge_deal(match.rules, task, match.actions) is None
