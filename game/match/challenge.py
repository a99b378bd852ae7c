"""The duplicate challenge (issue 28, item 3): every deal the player plays at a challenge table
is played again, away from the player's eyes, with each level (easy, medium, hard, expert) in
the player's seat: the same cards and the same opponents, who are the same bots with the same
seeds. The table's bots draw each decision's generator from the game's seed and the decision's
place in the game's action list (``Match.bot_rng``), and the replay is a :class:`Match` of the
same game up to the deal, so an opponent facing the same position makes the same choice, and
any difference comes from what the seat's player did.

The replays run in a worker process (game.match.worker), one deal at a time, while the player
plays on; the figures are the hand's score for the player's side minus the other sides'
average (game.match.review's units). The expert's is the one shown beside the player's; all of
them feed the rating (game.match.rating).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.match.controller import HUMAN, SCRIPT, Match
from game.match.review import margin
from game.match.worker import WorkerJob, saved_game
from game.rules.actions import Action
from game.rules.events import GameWon, HandScored
from game.rules.gamehands import GameHand, game_hands
from game.rules.ruleset import RuleSet
from game.store.challenge import Item, item_from_json
from game.store.reviews import LEVELS

MAX_STEPS = 5_000  # actions in one replayed hand: a hand is a few hundred at most
Progress = Callable[[int, int], None]


def seats_with(seats: Sequence[str], seat: int, level: str) -> tuple[str, ...]:
    """The table's seats with ``level`` in ``seat``; every other seat keeps its bot."""
    out = tuple(level if s == seat else lv for s, lv in enumerate(seats))
    if any(lv in (HUMAN, SCRIPT) for lv in out):
        raise ValueError("a duplicate deal is played by bots only: one player at the table")
    return out


def replay_match(rules: RuleSet, seed: int, actions: Sequence[Action], hand: GameHand,
                 seats: Sequence[str], bot_options: dict[str, object]) -> Match:
    """The game up to ``hand``'s deal, ready for the hand to be played again by ``seats``."""
    return Match(rules, seed, tuple(seats), list(actions[:hand.first]), bot_options=bot_options)


def play_out(match: Match, seat: int) -> float | None:
    """Let the bots play the hand to its score: ``seat``'s margin, or None when the hand was
    not scored (a two-handed game declared out)."""
    hand_no = match.state.hand_no
    for _ in range(MAX_STEPS):
        for event in match.step_bot():
            if isinstance(event, HandScored):
                return margin(match.rules, seat, event.result)
            if isinstance(event, GameWon):
                return None
        if match.over or match.state.hand_no != hand_no:
            return None
    raise RuntimeError(f"the replayed hand did not end in {MAX_STEPS} actions")


def play_in_seat(rules: RuleSet, seed: int, actions: Sequence[Action], hand: GameHand,
                 seat: int, seats: Sequence[str], level: str,
                 bot_options: dict[str, object]) -> float | None:
    """What ``level`` scores in ``seat`` from ``hand``'s deal, against the table's bots."""
    match = replay_match(rules, seed, actions, hand, seats_with(seats, seat, level),
                         bot_options)
    return play_out(match, seat)


@dataclass(frozen=True)
class ChallengeTask:
    """Everything the worker needs, as plain data."""

    table: str  # the statistics' name of the table
    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    actions: tuple[str, ...]
    hand_no: int
    seat: int
    seats: tuple[str, ...]
    bot_options: tuple[tuple[str, object], ...] = ()
    levels: tuple[str, ...] = LEVELS
    hint: bool = False  # the player asked for a Hint in the hand: not counted in the figures


def challenge_deal(rules: RuleSet, task: ChallengeTask, actions: Sequence[Action],
                   progress: Progress | None = None,
                   cancelled: Callable[[], bool] = lambda: False) -> Item | None:
    """The deal's item: the player's score and each level's in the same seat. None when the
    hand was not scored or the work was cancelled."""
    hands = game_hands(rules, task.seed, actions)
    if task.hand_no >= len(hands) or hands[task.hand_no].result is None:
        return None
    hand = hands[task.hand_no]
    assert hand.result is not None
    player = margin(rules, task.seat, hand.result)
    # The player's seat is a bot's in every replay; the other seats keep the table's bots.
    table = tuple("expert" if s == task.seat else lv for s, lv in enumerate(task.seats))
    levels = []
    for n, level in enumerate(task.levels):
        if cancelled():
            return None
        if progress is not None:
            progress(n, len(task.levels))
        value = play_in_seat(rules, task.seed, actions, hand, task.seat, table, level,
                             dict(task.bot_options))
        if value is None:
            return None
        levels.append((level, value))
    if progress is not None:
        progress(len(task.levels), len(task.levels))
    return Item("duplicate", task.table, task.seed, task.hand_no, player, tuple(levels),
                task.hint)


def _work(task: ChallengeTask, progress: Callable[[int, int], None],
          cancelled: Callable[[], bool]) -> Any:
    """The worker's work: the deal's item as JSON, or None when cancelled."""
    saved = saved_game(task)
    item = challenge_deal(saved.rules(), task, saved.actions, progress=progress,
                          cancelled=cancelled)
    return item.to_json() if item is not None else None


class ChallengeJob(WorkerJob[Item]):
    """One duplicate deal being played in another process."""

    def __init__(self, task: ChallengeTask) -> None:
        super().__init__(_work, task, lambda raw: item_from_json(
            raw, f"duplicate deal of hand {task.hand_no + 1}"),
            f"The duplicate deal of hand {task.hand_no + 1}")
