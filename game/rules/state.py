"""The immutable game state: the score, the records, and the hand in progress.

States are NamedTuples of ints and tuples: cheap to build, hashable, comparable, and never
changed in place; each transition builds a new one (``_replace``). The hand is one of three
types: :class:`NewDeal` before a deal, :class:`HandState` in the auction games and
:class:`StockHand` in the two-handed game. A game is its rules, its seed and its action list:
:func:`game.rules.engine.replay` rebuilds any state from those three.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.auction_game.state import HandState
from game.rules.compiled import CompiledRules
from game.rules.events import HandResult
from game.rules.phase import NewDeal, Phase
from game.rules.ruleset import RuleSet
from game.rules.stock_game.state import StockHand

# The machines' hand types are named here only to type ``GameState.hand``: they are not passed
# on (the floors above the bots ask the facade about a hand: game.rules.view, game.rules.facts).
__all__ = ["GameState", "Hand", "NewDeal", "Phase", "with_hand"]

Hand = NewDeal | HandState | StockHand


class GameState(NamedTuple):
    """The game at one moment: its rules and seed, the scores and tallies per side, the target,
    every scored hand's result and the hand in progress."""

    rules: RuleSet
    seed: int
    hand_no: int
    dealer: int
    scores: tuple[int, ...]
    tallies: tuple[int, ...]
    target: int
    records: tuple[HandResult, ...]
    hand: Hand
    compiled: CompiledRules  # the rules' tables, carried so the per-card code reads them here
    winner: int = -1
    over_reason: str = ""

    @property
    def phase(self) -> Phase:
        return self.hand.phase

    @property
    def over(self) -> bool:
        return self.winner >= 0


# The per-card hot paths (engine.legal_actions/apply, the games' play modules) read and build
# these tuples by position; a new or moved field must be reflected there.
assert GameState._fields[0] == "rules" and GameState._fields[8:10] == ("hand", "compiled")
assert len(GameState._fields) == 12


def with_hand(state: GameState, hand: Hand) -> GameState:
    """``state._replace(hand=...)`` for the hot path."""
    rules, seed, hand_no, dealer, scores, tallies, target, records, _, compiled, winner, reason = (
        state)
    return tuple.__new__(GameState, (rules, seed, hand_no, dealer, scores, tallies, target,
                                     records, hand, compiled, winner, reason))
