"""Claims a lesson states, computed by the engine: each has a value (what the prose shows under
the claim's name) and, when the file asserts one, a check of that value."""

from __future__ import annotations

from game.rules.actions import Bid, Pass
from game.rules.compiled import best_meld
from game.rules.engine import legal_actions
from game.rules.errors import RulesError
from game.rules.facts import trump_of
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import observe
from game.store.lessons import Claim
from game.tutorial.text import TemplateError, TextContext


def _trump(state: GameState | None, claim: Claim) -> int | None:
    if claim.trump is not None:
        return int(claim.trump)
    return trump_of(state) if state is not None else None


def claim_value(claim: Claim, state: GameState | None, rules: RuleSet) -> int | None:
    """The engine's number for a meld, trick-points or lowest-bid claim (None for the others)."""
    if claim.kind == "meld":
        return best_meld(rules, list(claim.cards), _trump(state, claim)).total
    if claim.kind == "trick_points":
        return sum(rules.tricks.points.get(c.rank.letter, 0) for c in claim.cards)
    if claim.kind == "lowest_bid":
        if state is None:
            raise TemplateError("a lowest-bid claim needs a position")
        bids = [a.amount for a in legal_actions(state) if isinstance(a, Bid)]
        return min(bids) if bids else None
    return None


def named_values(claims: tuple[Claim, ...], state: GameState | None, rules: RuleSet
                 ) -> dict[str, object]:
    out: dict[str, object] = {}
    for claim in claims:
        if claim.name:
            out[claim.name] = claim_value(claim, state, rules)
    return out


def verify_claim(state: GameState, claim: Claim, rules: RuleSet) -> str | None:
    """None when the claim holds, else what is wrong (winner claims are checked by the caller,
    after the step's moves)."""
    try:
        return _verify(state, claim, rules)
    except (AssertionError, RulesError, ValueError) as exc:
        return f"cannot be checked here ({exc.__class__.__name__}: {exc})"


def _not_held(state: GameState, claim: Claim) -> str | None:
    """A meld claim counts cards of the learner's hand: its number is about this position, so
    a card typed into the claim that the hand does not hold makes it a number of another."""
    from collections import Counter

    held = Counter(observe(state, 0).cards)
    wanted = Counter(claim.cards)
    missing = [c for c, n in wanted.items() if held[c] < n]
    if not missing:
        return None
    return (f"meld of {' '.join(map(str, claim.cards))}: your hand does not hold "
            f"{' '.join(map(str, missing))}, so the number shown is not this position's")


def _verify(state: GameState, claim: Claim, rules: RuleSet) -> str | None:
    if claim.kind == "meld":
        problem = _not_held(state, claim)
        if problem:
            return problem
    if claim.kind in ("meld", "trick_points", "lowest_bid"):
        value = claim_value(claim, state, rules)
        if claim.total is None:
            return None if claim.name else "states no total and has no name: it says nothing"
        if value == claim.total:
            return None
        what = {"meld": f"meld of {' '.join(map(str, claim.cards))}",
                "trick_points": "those cards' trick points", "lowest_bid": "the lowest bid"}
        return f"{what[claim.kind]} is {value}, not {claim.total}"
    if claim.kind == "pass_forbidden":
        return None if Pass() not in legal_actions(state) else "passing is allowed here"
    if claim.kind == "winner":
        return "a winner claim is checked after the step; it needs an expected action"
    _, _, verdict = TextContext(rules, state).verdict()
    if claim.kind == "legal":
        legal = sorted(map(str, verdict.legal))
        want = sorted(map(str, set(claim.cards)))
        return None if legal == want else f"legal cards are {legal}, not {want}"
    assert claim.kind == "illegal" and claim.card is not None
    reason = verdict.reason(claim.card)
    if reason is None:
        return f"{claim.card} is legal here"
    if claim.rule and reason.rule != claim.rule:
        return f"{claim.card} is forbidden by {reason.rule}, not {claim.rule}"
    return None
