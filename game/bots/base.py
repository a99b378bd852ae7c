"""The bot interface and the legal-random reference bot.

A bot sees a :class:`PlayerView` (never a state) and returns one of ``view.legal``. Every bot
can explain its choice in one sentence, which the table's Hint button and the tutorial show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from game.rules.actions import Action, Bid, DeclareOut, Pass
from game.rules.phase import Phase
from game.rules.view import PlayerView

# The bidding styles every level takes; here rather than in levels so the table's settings can
# name them without importing the bots at start-up.
AGGRESSIONS = ("conservative", "normal", "bold")


def points_text(x: float) -> str:
    """``x`` points, rounded, in words a hint can show ("1 point", "12 points")."""
    n = round(x)
    return f"{n} point" if abs(n) == 1 else f"{n} points"


class IllegalChoiceError(RuntimeError):
    """A bot chose an action that is not legal: a bug in the bot, reported, never repaired."""

    def __init__(self, level: str, phase: Phase, action: Action) -> None:
        super().__init__(f"the {level} bot chose {action}, which is not legal in the "
                         f"{phase} phase")
        self.level, self.phase, self.action = level, phase, action


@dataclass(frozen=True)
class Suggestion:
    """A bot's choice and the one sentence that explains it (what Hint shows)."""

    action: Action
    reason: str


class Bot(Protocol):
    """What every bot offers: ``choose`` one of ``view.legal``, or ``suggest`` it with the reason
    why."""

    level: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...

    def suggest(self, view: PlayerView, rng: random.Random) -> Suggestion:
        """The action this bot would take, with a one-sentence reason."""
        ...


class RandomBot:
    """Legal-random play, for measurement only: the floor every level must beat. Its auction
    passes half the time and otherwise bids the lowest amount allowed."""

    level = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self.suggest(view, rng).action

    def suggest(self, view: PlayerView, rng: random.Random) -> Suggestion:
        acts: list[Action] = [a for a in view.legal if not isinstance(a, DeclareOut)] or list(
            view.legal)
        if acts and isinstance(acts[-1], Bid):
            if isinstance(acts[0], Pass):
                pick = acts[0] if rng.random() < 0.5 else acts[1]
            else:
                pick = acts[0]
            return Suggestion(pick, "a random legal bid")
        return Suggestion(acts[int(rng.random() * len(acts))], "a random legal action")
