"""A game's hands one by one, each as the position notation writes it: the hand history.

A saved game is its rules, seed and actions; its hands are cut from that action list at every
``deal``. A hand that has been scored is written as a position (``pn1 ...; moves ...``) whose
moves run from the deal to the last card, so one line holds the deal, the auction, the passes,
the tricks and, by replaying it, the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.actions import Action, Deal
from game.rules.engine import apply, new_game
from game.rules.events import HandResult, HandScored
from game.rules.notation import write
from game.rules.ruleset import RuleSet
from game.rules.state import GameState


@dataclass(frozen=True)
class GameHand:
    """One hand of a game: the state just after its deal and the moves played since."""

    hand_no: int
    start: GameState
    moves: tuple[Action, ...]
    first: int  # the index in the game's action list of its first move (after the deal)
    result: HandResult | None  # None while the hand is being played

    @property
    def text(self) -> str:
        """The hand in the position notation."""
        return write(self.start, self.moves)


def game_hands(rules: RuleSet, seed: int, actions: Sequence[Action]) -> list[GameHand]:
    """Every hand of the game, in order (the last may be unfinished)."""
    state = new_game(rules, seed)
    out: list[GameHand] = []
    start: GameState | None = None
    moves: list[Action] = []
    first = 0
    result: HandResult | None = None

    def close() -> None:
        if start is not None:
            out.append(GameHand(start.hand_no, start, tuple(moves), first, result))

    for i, action in enumerate(actions):
        state, events = apply(state, action)
        if isinstance(action, Deal):
            close()
            start, moves, first, result = state, [], i + 1, None
            continue
        moves.append(action)
        for event in events:
            if isinstance(event, HandScored):
                result = event.result
    close()
    return out


def finished_texts(rules: RuleSet, seed: int, actions: Sequence[Action]) -> list[str]:
    """The position of every scored hand of the game: its hand history."""
    return [h.text for h in game_hands(rules, seed, actions) if h.result is not None]
