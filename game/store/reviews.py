"""The hand reviews kept with a saved game, so that reopening a review is instant.

A review is the analysis of one player's decisions in one scored hand (game.bots.analysis):
for each decision, the action chosen and every action analysed with its expected score. It is
kept in the saved game under ``reviews``, by hand number. Everything is checked on loading;
a bad review is dropped and analysed again (game.store.store reports it in one line).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.rules.actions import Action, ActionParseError, PlayCard, parse_action
from game.store import schema
from game.store.schema import SchemaError

# 2: bids valued with the rest of the auction, exchanges with the concession that follows, and
# "all cards seen" the mean of several play-outs (issue 35). A review of format 1 is not read:
# it is analysed again when it is next asked for.
REVIEW_FORMAT = 2
STALE_FORMATS = (1,)
MAX_DECISIONS = 400
MAX_OPTIONS = 200
LEVELS = ("easy", "medium", "hard", "expert")  # the levels a review compares the player with


@dataclass(frozen=True)
class StoredOption:
    action: Action
    value: float  # the expected hand score, in the analysis's units
    text: str  # the action in a player's words


@dataclass(frozen=True)
class StoredDecision:
    index: int  # the decision's action in the game's action list
    seat: int
    kind: str
    chosen: Action
    options: tuple[StoredOption, ...]  # best first
    reason: str  # why the best one, in a player's words
    samples: int
    # What each level would have chosen here (for the game review's comparison).
    levels: tuple[tuple[str, Action], ...] = ()


@dataclass(frozen=True)
class StoredReview:
    hand_no: int
    seat: int  # whose decisions
    budget: float
    decisions: tuple[StoredDecision, ...]
    ceiling: float | None  # the mean of ``ceiling_runs``: "all cards seen"
    # what the open level (it sees every card) scored in each play-out of the same deal
    ceiling_runs: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"format": REVIEW_FORMAT, "hand": self.hand_no, "seat": self.seat,
                "budget": self.budget, "ceiling": self.ceiling,
                "ceiling_runs": list(self.ceiling_runs),
                "decisions": [decision_json(d) for d in self.decisions]}


def decision_json(d: StoredDecision) -> dict[str, Any]:
    """One decision as the saved game keeps it (read back by :func:`decision_from_json`)."""
    return {"index": d.index, "seat": d.seat, "kind": d.kind, "chosen": str(d.chosen),
            "reason": d.reason, "samples": d.samples,
            "levels": [[lv, str(a)] for lv, a in d.levels],
            "options": [[str(o.action), o.value, o.text] for o in d.options]}


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SchemaError(field, f"expected a number, got {value!r}"[:120])
    if abs(value) > 1e7:
        raise SchemaError(field, f"{value} is out of range")
    return float(value)


def _action(value: Any, field: str) -> Action:
    try:
        return parse_action(schema.text(value, field, 200))
    except ActionParseError as exc:
        raise SchemaError(field, str(exc)) from None


def decision_from_json(raw: Any, where: str) -> StoredDecision:
    d = schema.table(raw, where)
    options = []
    for j, o in enumerate(schema.items(d.get("options"), f"{where}.options", MAX_OPTIONS)):
        at = f"{where}.options[{j}]"
        parts = schema.items(o, at, 3)
        if len(parts) != 3:
            raise SchemaError(at, "expected [action, value, words]")
        options.append(StoredOption(_action(parts[0], at), _number(parts[1], at),
                                    schema.text(parts[2], at, 300)))
    if not options:
        raise SchemaError(f"{where}.options", "no action analysed")
    chosen = _action(d.get("chosen"), f"{where}.chosen")
    levels = []
    for j, pair in enumerate(schema.items(d.get("levels", []), f"{where}.levels", 8)):
        at = f"{where}.levels[{j}]"
        parts = schema.items(pair, at, 2)
        if len(parts) != 2:
            raise SchemaError(at, "expected [level, action]")
        levels.append((schema.choice(parts[0], at, LEVELS), _action(parts[1], at)))
    keys = {option_key(o.action) for o in options}
    for what, action in [("chosen", chosen), *levels]:
        if option_key(action) not in keys:
            raise SchemaError(f"{where}.options", f"{action} ({what}) was not analysed")
    return StoredDecision(schema.whole(d.get("index"), f"{where}.index", 0, 10**6),
                          schema.whole(d.get("seat"), f"{where}.seat", 0, 5),
                          schema.text(d.get("kind"), f"{where}.kind", 40), chosen,
                          tuple(options), schema.text(d.get("reason"), f"{where}.reason", 600),
                          schema.whole(d.get("samples"), f"{where}.samples", 0, 10**7),
                          tuple(levels))


def option_key(action: Action) -> object:
    """The two copies of a card are one choice."""
    return ("card", action.card) if isinstance(action, PlayCard) else action


def review_from_json(raw: Any, where: str) -> StoredReview:
    top = schema.table(raw, where)
    schema.choice(top.get("format"), f"{where}.format", (REVIEW_FORMAT,))
    ceiling = top.get("ceiling")
    runs = tuple(_number(v, f"{where}.ceiling_runs[{i}]") for i, v in
                 enumerate(schema.items(top.get("ceiling_runs", []), f"{where}.ceiling_runs",
                                        64)))
    decisions = [decision_from_json(d, f"{where}.decisions[{i}]") for i, d in
                 enumerate(schema.items(top.get("decisions"), f"{where}.decisions",
                                        MAX_DECISIONS))]
    return StoredReview(schema.whole(top.get("hand"), f"{where}.hand", 0, 10**6),
                        schema.whole(top.get("seat"), f"{where}.seat", 0, 5),
                        _number(top.get("budget"), f"{where}.budget"), tuple(decisions),
                        None if ceiling is None else _number(ceiling, f"{where}.ceiling"),
                        runs)


def reviews_from_json(value: Any, actions: list[Action]) -> dict[int, StoredReview]:
    """The saved game's reviews; each decision must name one of the game's own actions."""
    if value is None:
        return {}
    top = schema.table(value, "reviews")
    out: dict[int, StoredReview] = {}
    for key, raw in top.items():
        where = f"reviews[{key}]"
        if isinstance(raw, dict) and raw.get("format") in STALE_FORMATS:
            continue  # an older review's figures: analysed again when next asked for
        review = review_from_json(raw, where)
        if key != str(review.hand_no):
            raise SchemaError(where, f"holds hand {review.hand_no}")
        for i, d in enumerate(review.decisions):
            if d.index >= len(actions) or actions[d.index] != d.chosen:
                raise SchemaError(f"{where}.decisions[{i}]",
                                  f"{d.chosen} is not the game's action {d.index + 1}")
        out[review.hand_no] = review
    return out
