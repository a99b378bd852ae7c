"""Reading lesson and puzzle files into :mod:`game.store.lessons` objects, field by field.

Every refusal is one line naming the file, the step and the field (``LessonError``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, ActionParseError, parse_action
from game.rules.cards import Card, CardError, Suit, parse_cards
from game.rules.notation import VERSION, NotationError, read
from game.rules.ruleset import MELD_KINDS, OBLIGATIONS, RuleSet
from game.rules.seating import MAX_PLAYERS
from game.store.lessons import (
    ADD_PARTS,
    CLAIM_KINDS,
    FEATURES,
    FIND_KINDS,
    GUIDED_PHASES,
    LEARNER,
    PHASES,
    PUZZLE_CATEGORIES,
    SEATS,
    TASKS,
    TRACKS,
    ZONES,
    Claim,
    Guided,
    Lesson,
    LessonError,
    Position,
    Puzzle,
    Step,
)

STEP_KEYS = ("say", "highlight", "before", "expect", "any_legal", "after", "hint", "show_meld",
             "position", "claims", "when", "task", "build", "add", "bot_note",
             "reasons", "replay", "retry", "play_out")
LAST_SEAT = MAX_PLAYERS - 1  # seats a position may number (any table's)
POSITION_KEYS = ("phase", "seed", "dealer", "trump", "bidder", "bid", "leader", "widow",
                 "preset", "cards_each", "turnup", "find", "scores", "melded", *SEATS)
CLAIM_KEYS = ("kind", "card", "cards", "rule", "trump", "total", "seat", "name")


Resolver = Callable[[str], RuleSet]  # a preset's name to its rule set (the store's loader)


@dataclass
class _Reader:
    source: str
    presets: tuple[str, ...] = ()
    step: int | None = None
    allowed: set[str] = field(default_factory=set)
    resolve: Resolver | None = None

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

    def flag(self, data: Mapping[str, Any], name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise self.fail(name, "expected true or false")
        return value

    def words(self, value: Any, name: str) -> tuple[str, ...]:
        if value is None:
            return ()
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise self.fail(name, "expected a word or a list of words")
        return tuple(items)

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

    def preset(self, value: Any, name: str, learner: bool = False) -> str:
        if learner and value == LEARNER:
            return LEARNER
        if not isinstance(value, str) or value not in self.presets:
            extra = f" or {LEARNER!r}" if learner else ""
            raise self.fail(name, f"unknown preset {value!r} (choose from: "
                            f"{', '.join(self.presets)}{extra})")
        return value

    def find(self, value: Any, name: str) -> str:
        if value is None or value == "":
            return ""
        if not isinstance(value, str):
            raise self.fail(name, "expected text like \"follow:follow_suit\"")
        kind, _, rule = value.partition(":")
        if kind not in FIND_KINDS:
            raise self.fail(name, f"must start with one of {', '.join(FIND_KINDS)}")
        if kind in ("follow", "except") and rule not in OBLIGATIONS:
            raise self.fail(name, f"{kind} needs an obligation, e.g. {kind}:follow_suit")
        return value

    def position(self, data: Any, name: str) -> Position:
        if isinstance(data, str):
            return self.notation(data, name)
        if not isinstance(data, Mapping):
            raise self.fail(name, f"expected a table, or a position \"{VERSION} ...\"")
        self.check_keys(data, POSITION_KEYS, name + ".")
        phase = self.text(data, "phase", default="tricks")
        if phase not in PHASES:
            raise self.fail(f"{name}.phase", f"must be one of {', '.join(PHASES)}")
        seats = tuple(self.cards(data.get(seat, ""), f"{name}.{seat}") for seat in SEATS)
        leader = data.get("leader")
        preset = data.get("preset")
        return Position(
            phase=phase, seed=self.number(data, "seed", 1),
            dealer=None if data.get("dealer") is None else self.number(data, "dealer", 3, 0,
                                                                         LAST_SEAT),
            trump=self.suit(data.get("trump"), f"{name}.trump"),
            bidder=self.number(data, "bidder", 0, 0, LAST_SEAT), bid=self.number(data, "bid", 0),
            leader=None if leader is None else self.number(data, "leader", 0, 0, LAST_SEAT),
            cards=seats, widow=self.cards(data.get("widow", ""), f"{name}.widow"),
            preset=None if preset is None else self.preset(preset, f"{name}.preset"),
            cards_each=self.number(data, "cards_each", 0, 0, 20),
            turnup=(self.cards(data["turnup"], f"{name}.turnup")[0] if data.get("turnup")
                    else None),
            find=self.find(data.get("find"), f"{name}.find"),
            scores=self.scores(data.get("scores"), f"{name}.scores"),
            melded=self.melded(data.get("melded"), f"{name}.melded"))

    def notation(self, text: str, name: str) -> Position:
        """A position in the notation: read now (its moves played by the engine), so a lesson
        whose position the rules cannot reach is refused on loading, naming the field."""
        if not text.startswith(VERSION + " "):
            raise self.fail(name, f"a position in the notation starts {VERSION + ' '!r}")
        if self.resolve is None:
            raise self.fail(name, "positions in the notation need the presets to read them")
        table = text[len(VERSION):].split(";")[0].strip()
        if table not in self.presets:
            raise self.fail(name, f"unknown preset {table!r} (choose from: "
                            f"{', '.join(self.presets)})")
        try:
            state = read(text, self.resolve).state
        except NotationError as exc:
            raise self.fail(name, str(exc)) from None
        return Position(phase=state.phase.name.lower(), seed=state.seed, preset=table,
                        notation=text)

    def melded(self, value: Any, name: str) -> tuple[tuple[Card, ...], ...]:
        if value is None:
            return ()
        if not isinstance(value, Mapping):
            raise self.fail(name, "expected a table of seat = cards")
        self.check_keys(value, SEATS, name + ".")
        return tuple(self.cards(value.get(seat, ""), f"{name}.{seat}") for seat in SEATS)

    def scores(self, value: Any, name: str) -> tuple[int, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not 2 <= len(value) <= MAX_PLAYERS or not all(
                isinstance(v, int) and not isinstance(v, bool) and -10**5 <= v <= 10**5
                for v in value):
            raise self.fail(name, "expected a score per side, e.g. [950, 400]")
        return tuple(value)

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
            self.check_keys(item, CLAIM_KEYS, name + ".")
            kind = item.get("kind")
            if kind not in CLAIM_KINDS:
                raise self.fail(f"{name}.kind", f"must be one of {', '.join(CLAIM_KINDS)}")
            rule = item.get("rule", "")
            if rule and rule not in OBLIGATIONS:
                raise self.fail(f"{name}.rule", f"unknown obligation {rule!r}")
            card = item.get("card")
            total = item.get("total")
            label = item.get("name", "")
            if not isinstance(label, str) or (label and not label.replace("_", "").isalnum()):
                raise self.fail(f"{name}.name", "a field name is letters, digits and _")
            out.append(Claim(
                kind=kind, card=self.cards(card, f"{name}.card")[0] if card else None,
                cards=self.cards(item.get("cards", ""), f"{name}.cards"), rule=rule,
                trump=self.suit(item.get("trump"), f"{name}.trump"),
                total=None if total is None else self.number(item, "total", 0, -10**6),
                seat=self.number(item, "seat", -1, -1, 3), name=label))
        return tuple(out)

    def features(self, value: Any) -> tuple[str, ...]:
        when = self.words(value, "when")
        for word in when:
            base = word.removeprefix("!")
            if base not in FEATURES and not (base.startswith("obligation:")
                                             and base.split(":", 1)[1] in OBLIGATIONS):
                raise self.fail("when", f"unknown feature {word!r} (known: "
                                f"{', '.join(FEATURES)}, obligation:<rule>)")
        return when

    def task(self, raw: Mapping[str, Any]) -> tuple[str, tuple[str, ...], str]:
        task = self.text(raw, "task")
        if task not in TASKS:
            raise self.fail("task", f"must be one of {', '.join(t for t in TASKS if t)}")
        build = self.words(raw.get("build"), "build")
        for kind in build:
            if kind != "all" and kind not in MELD_KINDS:
                raise self.fail("build", f"unknown meld {kind!r} (known: all, "
                                f"{', '.join(MELD_KINDS)})")
        add = self.text(raw, "add")
        if add and add not in ADD_PARTS:
            raise self.fail("add", f"must be one of {', '.join(ADD_PARTS)}")
        if (task == "build-meld") != bool(build) or (task == "add-up") != bool(add):
            raise self.fail("task", "build-meld needs build = [...], add-up needs add = ...; "
                            "neither is allowed without its task")
        return task, build, add

    def read_step(self, raw: Any, n: int) -> Step:
        self.step = n
        if not isinstance(raw, Mapping):
            raise self.fail("steps", "expected a table")
        self.check_keys(raw, STEP_KEYS)
        highlight = raw.get("highlight", [])
        if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
            raise self.fail("highlight", "expected a list of card codes or zone names")
        for h in highlight:
            if h not in ZONES:
                self.cards(h, "highlight")
        step_pos = raw.get("position")
        task, build, add = self.task(raw)
        raw_expect = raw.get("expect")
        items = [raw_expect] if isinstance(raw_expect, str) else raw_expect
        if raw_expect is not None and not isinstance(items, list):
            raise self.fail("expect", "expected an action or a list of actions, e.g. \"play AS\"")
        fields = tuple(i for i in items or () if isinstance(i, str) and "{" in i)
        for template in fields:
            if re.sub(r"\{[a-z_]+(:[^{}]*)?\}", "", template).count("{") or \
                    re.sub(r"\{[a-z_]+(:[^{}]*)?\}", "", template).count("}"):
                raise self.fail("expect", f"malformed field in {template!r}")
        plain = [i for i in items or () if not (isinstance(i, str) and "{" in i)]
        expect = self.actions(plain if raw_expect is not None else None, "expect")
        any_legal = self.flag(raw, "any_legal")
        retry = self.number(raw, "retry", 0)
        if sum((bool(expect or fields), any_legal, bool(task), bool(retry))) > 1:
            raise self.fail("expect", "a step asks for one thing: expect, any_legal, a task "
                            "or a retry")
        return Step(
            say=self.text(raw, "say", required=True), number=n, highlight=tuple(highlight),
            before=self.actions(raw.get("before"), "before"), expect=expect,
            expect_fields=fields,
            any_legal=any_legal, after=self.actions(raw.get("after"), "after"),
            hint=self.text(raw, "hint"), show_meld=self.flag(raw, "show_meld"),
            position=self.position(step_pos, "position") if step_pos is not None else None,
            claims=self.claims(raw.get("claims")), when=self.features(raw.get("when")),
            task=task, build=build, add=add, bot_note=self.text(raw, "bot_note"),
            reasons=self.reasons(raw.get("reasons")),
            # a step that asks, or no n-th: --check
            replay=self.number(raw, "replay", 0), retry=retry,
            play_out=self.number(raw, "play_out", 0))

    def reasons(self, data: Any) -> tuple[tuple[str, str], ...]:
        """``reasons = { KS = "..." }``: a card's own reason for not being the answer."""
        if data is None:
            return ()
        if not isinstance(data, Mapping):
            raise self.fail("reasons", "expected a table of card = reason")
        for code, text in data.items():
            card = self.cards(code, "reasons")
            if len(card) != 1 or str(card[0]) != code:
                raise self.fail(f"reasons.{code}", "expected one card code, e.g. KS")
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"reasons.{code}", f"expected text, got {text!r}")
        return tuple(data.items())

    def guided(self, data: Any) -> Guided:
        if not isinstance(data, Mapping):
            raise self.fail("guided", "expected a table")
        self.check_keys(data, ("say", "seeds", "seed"), "guided.")
        say = data.get("say", {})
        if not isinstance(say, Mapping) or not say:
            raise self.fail("guided.say", "expected a table of narrations by phase")
        for phase, text in say.items():
            if phase not in GUIDED_PHASES or not isinstance(text, str):
                raise self.fail(f"guided.say.{phase}", f"expected text for one of "
                                f"{', '.join(GUIDED_PHASES)}")
        seeds = data.get("seeds", {})
        if not isinstance(seeds, Mapping):
            raise self.fail("guided.seeds", "expected a table of preset = seed")
        for preset in seeds:
            self.preset(preset, f"guided.seeds.{preset}")
            self.number(seeds, preset, 1, 1)
        return Guided(tuple(say.items()), tuple(seeds.items()),
                      self.number(data, "seed", 1, 1))


def lesson_from_mapping(data: Mapping[str, Any], source: str, lesson_id: str,
                        presets: tuple[str, ...], resolve: Resolver | None = None) -> Lesson:
    r = _Reader(source, presets, resolve=resolve)
    r.check_keys(data, ("id", "title", "order", "preset", "track", "tables", "summary",
                        "position", "steps", "guided"))
    preset = r.preset(data.get("preset"), "preset", learner=True)
    track = r.text(data, "track", default="table")
    if track not in TRACKS:
        raise r.fail("track", f"must be one of {', '.join(TRACKS)}")
    tables = r.words(data.get("tables"), "tables")
    for name in tables:
        r.preset(name, "tables")
    guided = r.guided(data["guided"]) if "guided" in data else None
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list) or (not raw_steps and guided is None):
        raise r.fail("steps", "a lesson needs at least one step")
    steps = tuple(r.read_step(raw, n) for n, raw in enumerate(raw_steps, start=1))
    r.step = None
    if track == "core" and preset != LEARNER:
        raise r.fail("preset", f"a core lesson runs on the learner's table: preset = {LEARNER!r}")
    return Lesson(
        id=r.text(data, "id", default=lesson_id), title=r.text(data, "title", required=True),
        order=r.number(data, "order", 0), preset=preset,
        summary=r.text(data, "summary", required=True),
        position=r.position(data.get("position", {}), "position"), steps=steps, source=source,
        track=track, tables=tables or ((preset,) if preset != LEARNER else ()), guided=guided)


def puzzle_from_mapping(data: Mapping[str, Any], source: str, puzzle_id: str,
                        presets: tuple[str, ...], resolve: Resolver | None = None) -> Puzzle:
    r = _Reader(source, presets, resolve=resolve)
    r.check_keys(data, ("id", "title", "order", "preset", "category", "question", "position",
                        "before", "answers", "explanation", "why_not", "bot_note", "claims",
                        "reasons"))
    preset = r.preset(data.get("preset"), "preset")
    answers = r.actions(data.get("answers"), "answers")
    if not answers:
        raise r.fail("answers", "a puzzle needs at least one right answer")
    category = r.text(data, "category", required=True)
    if category not in PUZZLE_CATEGORIES:
        raise r.fail("category", f"must be one of {', '.join(PUZZLE_CATEGORIES)}")
    return Puzzle(
        id=r.text(data, "id", default=puzzle_id), title=r.text(data, "title", required=True),
        order=r.number(data, "order", 0), preset=preset,
        question=r.text(data, "question", required=True),
        position=r.position(data.get("position", {}), "position"),
        before=r.actions(data.get("before"), "before"), answers=answers,
        explanation=r.text(data, "explanation", required=True),
        claims=r.claims(data.get("claims")), source=source, category=category,
        why_not=r.text(data, "why_not"), bot_note=r.text(data, "bot_note"),
        reasons=r.reasons(data.get("reasons")))
