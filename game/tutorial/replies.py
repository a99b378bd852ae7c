"""The game's answer to a learner's move in an exercise, and what an exercise's stars count;
the words of an answer (why a legal card was allowed, a hint's action, the cards a step
explains)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action, PlayCard
from game.rules.cards import Card
from game.rules.events import Event
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.tutorial.text import TextContext, names

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


def allowed_reason(rules: RuleSet, state: GameState, card: Card) -> str:
    """Why a legal card was allowed: the last rule that narrowed the choice, or that any card
    could be played."""
    _, _, verdict = TextContext(rules, state).verdict()
    if verdict.illegal:
        last = max(verdict.illegal, key=lambda f: f.number)
        return (f"Legal: {card.pretty} keeps rule {last.number} ({last.text}) — the cards it "
                f"allowed were {names(list(verdict.legal))}.")
    return "Legal: no rule narrowed the choice here, so any of your cards could be played."


def pretty_action(action: Action) -> str:
    """An answer in the hint's words ("play the A♠")."""
    if isinstance(action, PlayCard):
        return f"play the {action.card.pretty}"
    return str(action)


def played_cards(actions: tuple[Action, ...]) -> tuple[Card, ...]:
    """The cards among the answers (what a card step's text explains)."""
    return tuple(a.card for a in actions if isinstance(a, PlayCard))
