"""An answer the review did not analyse, weighed in a worker (game.match.worker) so that the
retry keeps its frame rate: the decision analysed again from the player's view with the
review's own generator and budget, the answer among the actions valued beside the player's
choice in the game and the levels' picks (game.match.retry)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.bots.analysis import analyse
from game.match.worker import WorkerJob, saved_game
from game.rules.actions import parse_action
from game.rules.engine import replay
from game.rules.gamehands import game_hands
from game.rules.view import observe
from game.store.learning import PracticeItem
from game.store.reviews import (
    StoredDecision,
    StoredOption,
    decision_from_json,
    decision_json,
)


@dataclass(frozen=True)
class WeighTask:
    """Everything the worker needs, as plain data."""

    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    seats: tuple[str, ...]
    actions: tuple[str, ...]  # the game's actions through the end of the decision's hand
    hand_no: int
    seat: int
    index: int  # the decision's action in the game
    budget: float
    answer: str
    also: tuple[str, ...]  # the player's choice in the game and the levels' picks


def weigh_task(item: PracticeItem, answer: object) -> WeighTask:
    d = item.decision
    also = (str(d.chosen), *(str(a) for _, a in d.levels))
    return WeighTask(item.preset, item.rules_text, item.rules_source, item.seed, item.seats,
                     item.actions, item.hand_no, d.seat, d.index, item.budget, str(answer),
                     also)


def weigh(task: WeighTask) -> StoredDecision:
    """The decision analysed with the answer among its options (the review's generator: the
    same seed the review drew its deals from)."""
    saved = saved_game(task)
    rules = saved.rules()
    actions = [parse_action(a) for a in task.actions]
    hand = game_hands(rules, task.seed, actions)[task.hand_no]
    state, _ = replay(rules, task.seed, actions[:task.index])
    view = observe(state, task.seat)
    at = task.index - hand.first
    rng = random.Random(f"review {task.seed} {task.hand_no} {at} {task.budget}")
    answer = parse_action(task.answer)
    also = [a for a in (parse_action(x) for x in task.also) if a != answer]
    a = analyse(view, rng, task.budget, answer, also)
    return StoredDecision(task.index, task.seat, a.kind, answer,
                          tuple(StoredOption(o.action, o.value, o.text) for o in a.options),
                          a.reason, a.samples)


def _work(task: WeighTask, progress: Callable[[int, int], None],
          cancelled: Callable[[], bool]) -> Any:
    progress(0, 1)
    return decision_json(weigh(task))


class WeighJob(WorkerJob[StoredDecision]):
    """One answer being weighed in another process."""

    def __init__(self, task: WeighTask) -> None:
        super().__init__(_work, task, lambda raw: decision_from_json(raw, "the answer weighed"),
                         "Weighing your answer")
