"""Lessons and puzzles as validated data.

A lesson file (TOML, one per lesson in ``levels/lessons``) names a preset, a starting
position (the cards that matter, and a seed for the rest) and steps. A step narrates, may
highlight cards or zones, may have the scripted seats act (``before``/``after``), and may ask
the learner for one action (``expect``). ``claims`` are facts the step states (a card is
illegal under a rule, a meld totals so much) that ``pinochle tutorial --check`` verifies
against the engine. See ``docs/lessons.md`` for the format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, ActionParseError, parse_action
from game.rules.cards import Card, CardError, Suit, parse_cards
from game.rules.ruleset import OBLIGATIONS

PHASES = ("auction", "trump", "pass", "widow", "discard", "tricks", "stock")
ZONES = ("trick", "hand", "bid", "info", "meld", "piles", "widow", "scores")
CLAIM_KINDS = ("illegal", "legal", "meld", "winner", "lowest_bid", "trick_points",
               "pass_forbidden")
SEATS = ("south", "west", "north", "east")


class LessonError(ValueError):
    """A malformed lesson or puzzle: names the file, the step and the field."""

    def __init__(self, source: str, step: int | None, field_name: str, message: str) -> None:
        where = f"{source}: step {step}" if step is not None else source
        super().__init__(f"{where}: field '{field_name}': {message}")


@dataclass(frozen=True)
class Position:
    phase: str = "tricks"
    seed: int = 1
    dealer: int = 3
    trump: Suit | None = None
    bidder: int = 0
    bid: int = 0
    leader: int | None = None
    cards: tuple[tuple[Card, ...], ...] = ()  # given cards per seat (south first)
    widow: tuple[Card, ...] = ()
    preset: str | None = None  # overrides the lesson's preset for this position
    cards_each: int = 0  # a position late in the hand: every seat holds this many cards
    turnup: Card | None = None  # two-handed: the turned-up trump card


@dataclass(frozen=True)
class Claim:
    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    rule: str = ""
    trump: Suit | None = None
    total: int = 0
    seat: int = -1


@dataclass(frozen=True)
class Step:
    say: str
    number: int
    highlight: tuple[str, ...] = ()
    before: tuple[Action, ...] = ()
    expect: Action | None = None
    after: tuple[Action, ...] = ()
    hint: str = ""
    show_meld: bool = False
    position: Position | None = None
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    order: int
    preset: str
    minutes: int
    summary: str
    position: Position
    steps: tuple[Step, ...]
    source: str = ""


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


@dataclass
class _Reader:
    source: str
    step: int | None = None
    allowed: set[str] = field(default_factory=set)

    def fail(self, name: str, message: str) -> LessonError:
        return LessonError(self.source, self.step, name, message)

    def check_keys(self, data: Mapping[str, Any], allowed: tuple[str, ...],
                   prefix: str = "") -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(prefix + key, f"unknown field (known: {', '.join(allowed)})")

    def text(self, data: Mapping[str, Any], name: str, required: bool = False,
             default: str = "") -> str:
        value = data.get(name, None)
        if value is None:
            if required:
                raise self.fail(name, "is required")
            return default
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(name, f"expected text, got {value!r}")
        return value

    def number(self, data: Mapping[str, Any], name: str, default: int, low: int = 0,
               high: int = 10**9) -> int:
        value = data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(name, f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def cards(self, value: Any, name: str) -> tuple[Card, ...]:
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        if not isinstance(value, str):
            raise self.fail(name, f"expected cards like \"AS TS KS\", got {value!r}")
        try:
            return tuple(parse_cards(value))
        except CardError as exc:
            raise self.fail(name, str(exc)) from None

    def suit(self, value: Any, name: str) -> Suit | None:
        if value is None:
            return None
        try:
            return Suit.parse(str(value))
        except CardError as exc:
            raise self.fail(name, str(exc)) from None

    def actions(self, value: Any, name: str) -> tuple[Action, ...]:
        if value is None:
            return ()
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise self.fail(name, "expected an action or a list of actions, e.g. \"play AS\"")
        try:
            return tuple(parse_action(i) for i in items)
        except ActionParseError as exc:
            raise self.fail(name, str(exc)) from None

    def position(self, data: Any, name: str) -> Position:
        if not isinstance(data, Mapping):
            raise self.fail(name, "expected a table")
        allowed = ("phase", "seed", "dealer", "trump", "bidder", "bid", "leader", "widow",
                   "preset", "cards_each", "turnup", *SEATS)
        self.check_keys(data, allowed, name + ".")
        phase = self.text(data, "phase", default="tricks")
        if phase not in PHASES:
            raise self.fail(f"{name}.phase", f"must be one of {', '.join(PHASES)}")
        seats = tuple(self.cards(data.get(seat, ""), f"{name}.{seat}") for seat in SEATS)
        leader = data.get("leader")
        return Position(
            phase=phase, seed=self.number(data, "seed", 1),
            dealer=self.number(data, "dealer", 3, 0, 3),
            trump=self.suit(data.get("trump"), f"{name}.trump"),
            bidder=self.number(data, "bidder", 0, 0, 3), bid=self.number(data, "bid", 0),
            leader=None if leader is None else self.number(data, "leader", 0, 0, 3),
            cards=seats, widow=self.cards(data.get("widow", ""), f"{name}.widow"),
            preset=data.get("preset") if isinstance(data.get("preset"), str) else None,
            cards_each=self.number(data, "cards_each", 0, 0, 20),
            turnup=(self.cards(data["turnup"], f"{name}.turnup")[0] if data.get("turnup")
                    else None))

    def claims(self, value: Any) -> tuple[Claim, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail("claims", "expected a list of tables")
        out = []
        for i, item in enumerate(value):
            name = f"claims[{i}]"
            if not isinstance(item, Mapping):
                raise self.fail(name, "expected a table")
            self.check_keys(item, ("kind", "card", "cards", "rule", "trump", "total", "seat"),
                            name + ".")
            kind = item.get("kind")
            if kind not in CLAIM_KINDS:
                raise self.fail(f"{name}.kind", f"must be one of {', '.join(CLAIM_KINDS)}")
            rule = item.get("rule", "")
            if rule and rule not in OBLIGATIONS:
                raise self.fail(f"{name}.rule", f"unknown obligation {rule!r}")
            card = item.get("card")
            out.append(Claim(
                kind=kind, card=self.cards(card, f"{name}.card")[0] if card else None,
                cards=self.cards(item.get("cards", ""), f"{name}.cards"), rule=rule,
                trump=self.suit(item.get("trump"), f"{name}.trump"),
                total=self.number(item, "total", 0, -10**6),
                seat=self.number(item, "seat", -1, -1, 3)))
        return tuple(out)


def lesson_from_mapping(data: Mapping[str, Any], source: str, lesson_id: str,
                        presets: tuple[str, ...]) -> Lesson:
    r = _Reader(source)
    r.check_keys(data, ("id", "title", "order", "preset", "minutes", "summary", "position",
                        "steps"))
    preset = r.text(data, "preset", required=True)
    if preset not in presets:
        raise r.fail("preset", f"unknown preset {preset!r}")
    position = r.position(data.get("position", {}), "position")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise r.fail("steps", "a lesson needs at least one step")
    steps = []
    for n, raw in enumerate(raw_steps, start=1):
        r.step = n
        if not isinstance(raw, Mapping):
            raise r.fail("steps", "expected a table")
        r.check_keys(raw, ("say", "highlight", "before", "expect", "after", "hint", "show_meld",
                           "position", "claims"))
        highlight = raw.get("highlight", [])
        if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
            raise r.fail("highlight", "expected a list of card codes or zone names")
        for h in highlight:
            if h not in ZONES:
                r.cards(h, "highlight")
        expect = r.actions(raw.get("expect"), "expect")
        if len(expect) > 1:
            raise r.fail("expect", "a step asks for one action")
        step_pos = raw.get("position")
        pos = r.position(step_pos, "position") if step_pos is not None else None
        if pos is not None and pos.preset is not None and pos.preset not in presets:
            raise r.fail("position.preset", f"unknown preset {pos.preset!r}")
        show_meld = raw.get("show_meld", False)
        if not isinstance(show_meld, bool):
            raise r.fail("show_meld", "expected true or false")
        steps.append(Step(
            say=r.text(raw, "say", required=True), number=n, highlight=tuple(highlight),
            before=r.actions(raw.get("before"), "before"), expect=expect[0] if expect else None,
            after=r.actions(raw.get("after"), "after"), hint=r.text(raw, "hint"),
            show_meld=show_meld, position=pos, claims=r.claims(raw.get("claims"))))
    r.step = None
    return Lesson(
        id=r.text(data, "id", default=lesson_id), title=r.text(data, "title", required=True),
        order=r.number(data, "order", 0), preset=preset, minutes=r.number(data, "minutes", 3,
                                                                          1, 10),
        summary=r.text(data, "summary", required=True), position=position, steps=tuple(steps),
        source=source)


def puzzle_from_mapping(data: Mapping[str, Any], source: str, puzzle_id: str,
                        presets: tuple[str, ...]) -> Puzzle:
    r = _Reader(source)
    r.check_keys(data, ("id", "title", "order", "preset", "question", "position", "before",
                        "answers", "explanation", "claims"))
    preset = r.text(data, "preset", required=True)
    if preset not in presets:
        raise r.fail("preset", f"unknown preset {preset!r}")
    answers = r.actions(data.get("answers"), "answers")
    if not answers:
        raise r.fail("answers", "a puzzle needs at least one right answer")
    return Puzzle(
        id=r.text(data, "id", default=puzzle_id), title=r.text(data, "title", required=True),
        order=r.number(data, "order", 0), preset=preset,
        question=r.text(data, "question", required=True),
        position=r.position(data.get("position", {}), "position"),
        before=r.actions(data.get("before"), "before"), answers=answers,
        explanation=r.text(data, "explanation", required=True),
        claims=r.claims(data.get("claims")), source=source)
