"""A position of the bias benchmark, and what its seat saw of the hand up to it.

A :class:`Position` is a decision in a recorded hand: the game's rules and seed, its actions up
to the decision, the seat to act and the action to grade. Its :class:`Record` is everything the
seat saw: each action it saw (a pass or a discard between other players is kept only as "a
hidden action by this seat"), and every event redacted to the seat (``game.rules.view.redact``),
the deal included. The estimator's sampler reads the record and nothing else, so it cannot use
a card the player could not see; ``tests/review/test_review_bias.py`` checks that two deals
that look the same from the seat give the same record.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action, Deal, Discard, PassCards
from game.rules.engine import actor, apply, new_game
from game.rules.events import CardsPassed, Discarded, Event
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import PlayerView, observe, redact
from game.store.content import load_preset


@dataclass(frozen=True)
class Position:
    """One decision to grade: the state after ``actions`` (the first hand of a game of
    ``preset`` with ``seed``), where ``seat`` acts."""

    key: str  # unique in a benchmark run, and stable: the checkpoint's key
    preset: str
    seed: int
    actions: tuple[Action, ...]  # from the game's start (a Deal first) to the decision
    seat: int
    chosen: Action  # the action graded as "the player's"
    source: str  # where ``chosen`` came from: "easy", "random" or "example"
    # The level whose calls every other seat made in this hand ("" when they did not all come
    # from one level): the sampler may then keep only deals on which that level makes them.
    policy: str

    @property
    def rules(self) -> RuleSet:
        return load_preset(self.preset)

    def state(self) -> GameState:
        state = new_game(self.rules, self.seed)
        for action in self.actions:
            state, _ = apply(state, action)
        if actor(state) != self.seat:
            raise ValueError(f"position {self.key}: seat {self.seat} is not to act")
        return state


@dataclass(frozen=True)
class Step:
    """One action as the seat saw it."""

    actor: int
    action: Action | None  # None: a pass or discard of cards the seat did not see
    events: tuple[Event, ...]  # redacted to the seat


@dataclass(frozen=True)
class Record:
    """What ``seat`` saw of the hand, from the deal to its decision."""

    rules: RuleSet
    start: GameState  # the game before the deal, with its seed blanked (the sampler deals)
    seat: int
    steps: tuple[Step, ...]  # steps[0] is the deal
    view: PlayerView  # the seat's view at the decision

    @property
    def hidden(self) -> tuple[int, ...]:
        """The indices of the steps the seat did not see."""
        return tuple(i for i, s in enumerate(self.steps) if s.action is None)


def _is_hidden(action: Action, who: int, seat: int, seen: tuple[Event, ...]) -> bool:
    """A pass or discard by another player whose cards the seat's events do not show."""
    if who == seat or not isinstance(action, PassCards | Discard):
        return False
    return not any(isinstance(e, CardsPassed | Discarded) and e.cards for e in seen)


def record_of(rules: RuleSet, seed: int, actions: tuple[Action, ...], seat: int) -> Record:
    """The record of ``seat`` at the state after ``actions`` (the game's first hand)."""
    if not actions or not isinstance(actions[0], Deal):
        raise ValueError("a position's actions start with the deal")
    state = new_game(rules, seed)
    start = state._replace(seed=0)
    steps = []
    for action in actions:
        who = actor(state)
        state, events = apply(state, action)
        seen = tuple(redact(e, seat) for e in events)
        hidden = _is_hidden(action, who, seat, seen)
        steps.append(Step(who, None if hidden else action, seen))
    return Record(rules, start, seat, tuple(steps), observe(state, seat))


def record(position: Position) -> Record:
    return record_of(position.rules, position.seed, position.actions, position.seat)
