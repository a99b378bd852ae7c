"""The game's answer to a learner's move in an exercise, and what an exercise's stars count."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.events import Event

RIGHT, WRONG, NEUTRAL = "right", "wrong", "neutral"


@dataclass
class Reply:
    ok: bool
    message: str
    events: list[Event]
    tone: str = RIGHT  # right, wrong (illegal or not right), neutral (legal, not the best)


@dataclass
class Attempts:
    """Wrong tries and hints in one exercise: what its stars count."""

    wrong: int = 0
    hints: int = 0

    def stars(self, done: bool) -> int:
        if not done:
            return 0
        return 1 + (self.wrong == 0) + (self.hints == 0)
