"""What a sentence of the tutorial is read against (``Env``: its table's rule facts, and the
position when it tells one), a claim found in it (``Found``), and the helpers the recognisers
of ``game.tutorial.meaning`` share."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.rules.cards import Card
from game.rules.facts import stock_hand, trick_on_table
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.tablefacts import TableFacts
from game.rules.view import observe
from game.tutorial.sentences import Sentence

STOCK_WORDS = re.compile(r"while the stock lasts|while cards remain in it|while (the )?stock "
                         r"remains|before the stock is gone", re.IGNORECASE)
PLAYOFF_WORDS = re.compile(r"\bplayoff\b|(once|when|after) the stock is gone", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """A claim found in a sentence: where it stands and what is wrong with it (nothing: true)."""

    start: int
    end: int
    problems: tuple[str, ...] = ()


@dataclass
class Env:
    """What a sentence is read against: its table's facts, and the position when it tells one."""

    rules: RuleSet
    facts: TableFacts
    state: GameState | None = None
    topic: str = ""  # a glossary entry's term, when no sentence names it
    chosen: Card | None = None  # a refusal reason: the card it is shown for
    answers: tuple[Card, ...] = ()  # the cards the text explains (a step's or puzzle's answer)
    reason: bool = False  # a refusal reason (its own claims are tested card by card)

    def phases(self, s: Sentence, at: int = -1) -> tuple[str, ...]:
        """The parts of the hand a sentence (the clause around ``at``) speaks of: the part it
        names (two-handed: while the stock lasts, the playoff), else the position's, else
        every part."""
        if not self.facts.stock:
            return ("",)
        clause = s.text if at < 0 else clause_at(s.text, at)
        named = tuple(p for p, words in (("stock", STOCK_WORDS), ("playoff", PLAYOFF_WORDS))
                      if words.search(clause))
        if named:
            return named
        if self.state is not None and stock_hand(self.state):
            return ("playoff",) if observe(self.state, 0).playoff else ("stock",)
        return self.facts.phases

    def position_phase(self) -> str:
        """The part of the hand the position is in ("" but at two-handed)."""
        if self.state is not None and stock_hand(self.state):
            return "playoff" if observe(self.state, 0).playoff else "stock"
        return ""

    @property
    def leading(self) -> bool:
        """Whether the learner is to lead a trick (every card is then legal)."""
        trick = trick_on_table(self.state) if self.state is not None else None
        return trick is not None and not trick

    @property
    def trick(self) -> bool:
        """Whether the position is a card to play to a trick already led."""
        trick = trick_on_table(self.state) if self.state is not None else None
        return bool(trick)


CLAUSE_BREAK = re.compile(r"[;:]\s|⟦")


def clause_at(text: str, at: int) -> str:
    """The clause of ``text`` around offset ``at`` (between semicolons, colons and tokens)."""
    starts = [m.end() for m in CLAUSE_BREAK.finditer(text) if m.end() <= at]
    ends = [m.start() for m in CLAUSE_BREAK.finditer(text) if m.start() >= at]
    return text[starts[-1] if starts else 0:ends[0] if ends else len(text)]


# A sentence that says at which tables it holds ("At a table with an auction, ...") is true
# where that condition fails: its claims are tested only where it holds.
CONDITIONS: tuple[tuple[re.Pattern[str], Callable[[TableFacts], bool]], ...] = (
    (re.compile(r"\bat (?:a table|tables) with an auction\b", re.IGNORECASE),
     lambda f: f.auction),
    (re.compile(r"\bat tables that count it\b", re.IGNORECASE),
     lambda f: "dix" in f.melds),
)


def finds(pattern: re.Pattern[str], s: Sentence,
          test: Callable[[re.Match[str]], Iterable[str]] | None = None) -> list[Found]:
    """Each match of ``pattern`` in the sentence's typed words, a claim tested by ``test``."""
    masked = s.masked()
    out = []
    for m in pattern.finditer(s.text):
        # A claim must be the author's words: a match wholly inside a field is the engine's.
        if masked[m.start():m.end()].strip() == "":
            continue
        problems = tuple(test(m)) if test is not None else ()
        out.append(Found(m.start(), m.end(), problems))
    return out
