"""Running a puzzle on the real engine: its position after the scripted moves, and the
learner's answer judged. Right: the explanation. Legal but not the answer: the puzzle's reason,
in a neutral tone. Illegal: the rule that forbids it. Wrong tries and hints are counted for its
stars, as a lesson's are (:mod:`game.tutorial.runner`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.match.controller import HUMAN, SCRIPT, Match
from game.rules.actions import Action
from game.rules.engine import apply
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.ruleset import RuleSet
from game.store.lessons import Puzzle
from game.store.tutorial_data import QuoteFile
from game.tutorial.claims import named_values
from game.tutorial.positions import build_state
from game.tutorial.replies import NEUTRAL, WRONG, Attempts, Reply
from game.tutorial.runner import default_quotes, played_cards
from game.tutorial.text import TextContext, render


@dataclass
class PuzzleRun:
    """A puzzle: its position after the scripted moves, and the learner's answers judged."""

    puzzle: Puzzle
    load_rules: Callable[[str], RuleSet]
    quotes: Mapping[str, QuoteFile] | None = None
    attempts: Attempts = field(default_factory=Attempts)
    solved: bool = False

    def __post_init__(self) -> None:
        puzzle = self.puzzle
        if self.quotes is None:
            self.quotes = default_quotes()
        rules = self.load_rules(puzzle.position.preset or puzzle.preset)
        state = build_state(rules, puzzle.position, puzzle.source)
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        self.match = Match(rules, puzzle.position.seed, seats, initial=state)
        self.events: list[Event] = []
        for action in puzzle.before:
            self.events += self.match.submit(action)
        self.state = self.match.state

    def context(self) -> TextContext:
        rules = self.match.rules
        return TextContext(rules, self.state, named_values(self.puzzle.claims, self.state, rules),
                           self.quotes or {}, answers=played_cards(self.puzzle.answers))

    def render(self, raw: str) -> str:
        return render(raw, self.context())

    def text(self, which: str) -> str:
        return self.render(getattr(self.puzzle, which))

    def answer(self, action: Action) -> Reply:
        """Right: the explanation. Legal but not right: the reason, neutral. Illegal: the rule."""
        if self.solved:
            return Reply(False, "Solved: press Next puzzle.", [], NEUTRAL)
        try:
            apply(self.state, action)
        except IllegalActionError as exc:
            self.attempts.wrong += 1
            return Reply(False, str(exc), [], WRONG)
        if action in self.puzzle.answers:
            self.solved = True
            return Reply(True, self.text("explanation"), [])
        self.attempts.wrong += 1
        return Reply(False, self.reason(action), [], NEUTRAL)

    def reason(self, action: Action) -> str:
        """Why a legal action is not the answer: its own reason, else ``why_not``."""
        raw = self.puzzle.reason_for(action)
        return self.render(raw) if raw else "Legal, but not the best answer here."

    def hint(self, reason: str) -> str:
        self.attempts.hints += 1
        return reason

    @property
    def stars(self) -> int:
        return self.attempts.stars(self.solved)

    @property
    def grade(self) -> str:
        if self.solved:
            return "first try" if self.stars == 3 else "solved"
        return "tried" if self.attempts.wrong else ""
