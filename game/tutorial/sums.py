"""Add-up tasks: the learner adds a trick's points, or a hand's meld, counters and last trick
against the bid. Every number comes from the engine's events (``TrickWon``, ``HandScored``);
the choices offered are the right sum and near misses a beginner makes (forgetting the last
trick, counting one card too many)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.events import Event, HandScored, TrickWon
from game.rules.ruleset import RuleSet


class SumError(ValueError):
    """The step asks for a sum the events do not hold (no trick or hand was finished)."""


@dataclass
class SumTask:
    kind: str  # "trick" or "hand"
    total: int
    parts: list[tuple[str, int]]
    made: bool | None = None  # hand: whether the bidding side made its bid
    bid: int = 0
    score: int = 0
    choices: list[int] = field(default_factory=list)

    def explain(self) -> str:
        sums = " + ".join(f"{label} {value}" for label, value in self.parts)
        if self.kind == "trick":
            return f"{sums} = {self.total}."
        verdict = "made" if self.made else "set"
        return (f"{sums} = {self.total} against a bid of {self.bid}: {verdict}. The side "
                f"scores {self.score}.")

    def judge(self, total: int, made: bool | None) -> tuple[bool, str]:
        if total != self.total:
            labels = ", ".join(label for label, _ in self.parts)
            return False, f"Not {total}: add them again — {labels}."
        if self.kind == "hand" and made is not None and made != self.made:
            return False, (f"{self.total} is right, but compare it with the bid of {self.bid} "
                           f"again.")
        if self.kind == "hand" and made is None:
            return False, f"{self.total} is right. Now: made or set?"
        return True, "Right: " + self.explain()

    def hint(self) -> str:
        return "Add: " + ", ".join(f"{label} {value}" for label, value in self.parts) + "."


def _choices(total: int, step: int) -> list[int]:
    near = [total, total + step, total - step, total + 2 * step]
    return sorted({n for n in near if n >= 0})


def sum_task(add: str, log: list[Event], rules: RuleSet) -> SumTask:
    step = min((p for p in rules.tricks.points.values() if p > 0), default=10)
    if add == "trick":
        won = [e for e in log if isinstance(e, TrickWon)]
        if not won:
            raise SumError("no trick was finished before this step")
        last = won[-1]
        parts = [(c.pretty, rules.tricks.points.get(c.rank.letter, 0)) for _, c in last.cards]
        parts = [(label, value) for label, value in parts if value]
        if last.last:
            parts.append(("last trick", rules.tricks.last_trick))
        return SumTask("trick", last.points, parts or [("no counters", 0)],
                       choices=_choices(last.points, step))
    scored = [e for e in log if isinstance(e, HandScored)]
    if not scored:
        raise SumError("no hand was scored before this step")
    result = scored[-1].result
    side = result.bidder_side
    if side is None:
        raise SumError("the hand had no bid")
    won = [e for e in log if isinstance(e, TrickWon) and e.last]
    last_points = (rules.tricks.last_trick if won and rules.side_of(won[-1].seat) == side.side
                   else 0)
    parts = [("meld", side.meld), ("counters", side.tricks - last_points)]
    if last_points:
        parts.append(("last trick", last_points))
    total = side.meld + side.tricks
    return SumTask("hand", total, parts, bool(side.made), side.bid, side.score,
                   _choices(total, rules.tricks.last_trick or step))
