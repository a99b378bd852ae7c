"""Lessons and puzzles as validated data (the reader is :mod:`game.store.lesson_reader`).

A lesson file (TOML, one per lesson in ``levels/lessons``) belongs to a track: the guided
``first-hand``, the ``core`` lessons that run on the table the learner picked (``preset =
"learner"``), or a ``table`` lesson about how one table differs. It names a starting position (the
cards that matter, and a seed for the rest) and steps. A step narrates, may highlight cards or
zones, may have the scripted seats act (``before``/``after``), and may ask the learner for an
action (``expect``: the right answers), a meld built from the hand, or a sum. Prose is a template:
every number in it is a field the engine fills (``{min_bid}``, ``{meld:run}``, a named claim), and
every quoted rule sentence is a ``{quote:...}`` field checked against its document. ``claims``
are facts ``pinochle tutorial --check`` verifies against the engine. See ``docs/lessons.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.cards import Card, Suit
from game.rules.seating import SEAT_NAMES

PHASES = ("auction", "trump", "pass", "widow", "discard", "tricks", "stock")
ZONES = ("trick", "hand", "bid", "info", "meld", "piles", "widow", "scores")
CLAIM_KINDS = ("illegal", "legal", "meld", "winner", "lowest_bid", "trick_points",
               "pass_forbidden")
# Every chair a position may name: the four-handed table's, then those of five and six.
SEATS = tuple(dict.fromkeys(name.lower() for n in (4, *SEAT_NAMES) for name in SEAT_NAMES[n]))
TRACKS = ("first-hand", "core", "table")
LEARNER = "learner"  # a lesson's preset: the table the learner picked
TASKS = ("", "build-meld", "add-up", "play-out")  # play-out: the learner plays the hand to its end
ADD_PARTS = ("trick", "hand")  # add-up: a trick's points, or a hand's score against the bid
FIND_KINDS = ("lead", "follow", "except", "counter", "void", "last")
PUZZLE_CATEGORIES = ("bidding", "passing", "meld", "play", "claims")
# Features a step may require of the learner's table (``when``); "!x" requires its absence.
FEATURES = ("auction", "stock", "partners", "partner-by-card", "sides-of-three", "three-handed",
            "passing", "widow", "dix", "throw-in", "forced-open", "dealer-opens", "stars", "checks",
            "meld-minimum", "pack-48", "pack-80", "hand-12", "hand-15", "hand-20", "ten-high",
            "save-counter", "save-trick", "save-points")
GUIDED_PHASES = ("deal", "auction", "trump", "widow", "discard", "decide", "pass",
                 "pass back", "meld", "tricks", "throw-in vote", "score", "given up", "game over")


class LessonError(ValueError):
    """A malformed lesson or puzzle: names the file, the step and the field."""

    def __init__(self, source: str, step: int | None, field_name: str, message: str) -> None:
        where = f"{source}: step {step}" if step is not None else source
        super().__init__(f"{where}: field '{field_name}': {message}")


@dataclass(frozen=True)
class Position:
    phase: str = "tricks"
    seed: int = 1
    dealer: int | None = None  # None: the seat before the learner, who then speaks first
    trump: Suit | None = None
    bidder: int = 0
    bid: int = 0
    leader: int | None = None
    cards: tuple[tuple[Card, ...], ...] = ()  # given cards per seat (south first)
    widow: tuple[Card, ...] = ()
    preset: str | None = None  # overrides the lesson's preset for this position
    cards_each: int = 0  # a position late in the hand: every seat holds this many cards
    turnup: Card | None = None  # two-handed: the turned-up trump card
    find: str = ""  # an engine-found position on the learner's table (FIND_KINDS[:rule])
    scores: tuple[int, ...] = ()  # the game's score per side before this hand (default: 0s)
    melded: tuple[tuple[Card, ...], ...] = ()  # per seat, what it melded (late positions)
    # ``position = "pn1 ..."``: the position in the notation (game/rules/notation.py), read and
    # checked on loading; its table and seed are then ``preset`` and ``seed``, and no other
    # field is used.
    notation: str = ""


@dataclass(frozen=True)
class Claim:
    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    rule: str = ""
    trump: Suit | None = None
    total: int | None = None  # the value asserted (None: only named, for the text)
    seat: int = -1
    name: str = ""  # a template field: the prose shows the engine's value under this name


# "Try it", and the same invitation in other words: a card "or not, as your rules say", "if
# you like" (lesson 12 cost a star for the try its text asked for in those words).
TRY = re.compile(r"\btry\s+(it|a card|a suit|one|them|any card|your cards|another suit)\b|"
                 r"\b(?:a trump|a card|a suit),? or not\b|\bas your rules say\b|"
                 r"\b(?:a card|any card|a suit) (?:that breaks a rule )?if you like\b",
                 re.IGNORECASE)


@dataclass(frozen=True)
class Step:
    say: str
    number: int
    highlight: tuple[str, ...] = ()
    before: tuple[Action, ...] = ()
    expect: tuple[Action, ...] = ()  # the right answers (empty: a reading step or a task)
    expect_fields: tuple[str, ...] = ()  # right answers with fields, e.g. "bid {lowest_bid}"
    any_legal: bool = False  # every legal action is right: the step is about the rule
    after: tuple[Action, ...] = ()
    hint: str = ""  # the reason shown for a legal answer that is not right (neutral colour)
    show_meld: bool = False
    position: Position | None = None
    claims: tuple[Claim, ...] = ()
    when: tuple[str, ...] = ()  # features of the learner's table this step needs
    task: str = ""  # "build-meld" or "add-up"
    build: tuple[str, ...] = ()  # build-meld: the meld kinds to select ("all": the whole meld)
    add: str = ""  # add-up: "trick" or "hand"
    bot_note: str = ""  # why the hard bot would choose otherwise, when it would
    reasons: tuple[tuple[str, str], ...] = ()  # card code -> its own reason (else the hint)
    replay: int = 0  # after a play-out: the replay opened at its n-th costliest decision
    retry: int = 0  # after a play-out: Find a better play at its n-th costliest decision
    play_out: int = 0  # after a play-out: Play it out from its n-th costliest decision

    def reason_for(self, action: Action) -> str:
        """The reason shown for a legal answer that is not right: the card's own, else the
        step's hint."""
        return dict(self.reasons).get(str(getattr(action, "card", "")), self.hint)

    @property
    def asks(self) -> bool:
        """Whether the learner must do something before Next."""
        return bool(self.expect or self.expect_fields or self.any_legal or self.task
                    or self.retry)

    @property
    def expects(self) -> bool:
        return bool(self.expect or self.expect_fields)

    @property
    def invites_tries(self) -> bool:
        """The step itself asks the learner to try a card ("Try it", "Try a card that breaks a
        rule", "a trump or not, as your rules say"): an illegal try there is the lesson
        working, not a mistake, and costs no star."""
        return bool(TRY.search(self.say))


@dataclass(frozen=True)
class Guided:
    """The first hand: a whole hand on the learner's table, narrated phase by phase."""

    say: tuple[tuple[str, str], ...]  # (phase, narration)
    seeds: tuple[tuple[str, int], ...] = ()  # preset -> deal; others search from ``seed``
    seed: int = 1

    def text(self, phase: str) -> str:
        return dict(self.say).get(phase, "")

    def seed_for(self, preset: str) -> int | None:
        return dict(self.seeds).get(preset)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    order: int
    preset: str  # a preset name, or LEARNER
    summary: str
    position: Position
    steps: tuple[Step, ...]
    source: str = ""
    track: str = "table"
    tables: tuple[str, ...] = ()  # table track: the presets this lesson is about
    guided: Guided | None = None
    digest: str = ""  # of the file's text: a time estimate measured on another text is stale

    @property
    def on_learner_table(self) -> bool:
        return self.preset == LEARNER


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    order: int
    preset: str
    question: str
    position: Position
    before: tuple[Action, ...]
    answers: tuple[Action, ...]
    explanation: str
    claims: tuple[Claim, ...] = ()
    source: str = ""
    category: str = "play"
    why_not: str = ""  # the reason shown for a legal answer that is not right
    bot_note: str = ""  # why the hard bot's choice differs, when it does
    reasons: tuple[tuple[str, str], ...] = ()  # card code -> its own reason (else why_not)

    def reason_for(self, action: Action) -> str:
        """The reason shown for a legal answer that is not right: the card's own, else
        ``why_not``."""
        return dict(self.reasons).get(str(getattr(action, "card", "")), self.why_not)
