"""What ``tutorial --check`` reports, and what its parts (lessons, puzzles, the guided hand)
need of the checker that runs them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from game.rules.actions import Action
from game.rules.state import GameState
from game.store.tutorial_data import Library


@dataclass
class CheckReport:
    lessons: int = 0
    puzzles: int = 0
    steps: int = 0
    claims: int = 0
    failures: list[str] = field(default_factory=list)
    runs: int = 0  # lessons played on a table (core lessons run on every table)
    quotes: int = 0
    documents: str | None = None  # the rule documents the quotations were checked against
    bot_checked: int = 0
    single_legal: int = 0  # action steps with one legal answer
    tracks: dict[str, int] = field(default_factory=dict)
    categories: dict[str, int] = field(default_factory=dict)
    puzzle_tables: list[str] = field(default_factory=list)
    played_out: int = 0  # decisions played out against the real hidden cards
    driven: int = 0  # lessons (per table) and puzzles played through the window's controls
    reasons: int = 0  # refusal reasons checked against the card they are shown for

    def to_json(self) -> dict[str, object]:
        return {"lessons": self.lessons, "puzzles": self.puzzles, "steps": self.steps,
                "claims": self.claims, "failures": self.failures, "runs": self.runs,
                "quotes": self.quotes, "documents": self.documents,
                "bot_checked": self.bot_checked, "single_legal": self.single_legal,
                "tracks": self.tracks, "categories": self.categories,
                "puzzle_tables": self.puzzle_tables, "driven": self.driven,
                "played_out": self.played_out, "reasons": self.reasons}


class Reporting(Protocol):
    """What the guided hand's check needs: where to report, and the shipped library."""

    report: CheckReport
    library: Library

    def fail(self, message: str) -> None: ...


class Checking(Reporting, Protocol):
    """The checker as the lesson and puzzle checks see it."""

    def decision(self, state: GameState, answers: tuple[Action, ...], note: str, where: str,
                 strict_note: bool = True) -> None: ...

    def refusals(self, state: GameState, answers: tuple[Action, ...],
                 reason_for: Callable[[Action], str], where: str) -> None: ...
