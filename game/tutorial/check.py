"""``pinochle tutorial --check``: play every lesson's script and every puzzle through the
engine and verify every claim they make."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.actions import Bid, PlayCard
from game.rules.auction_game.state import HandState
from game.rules.compiled import best_meld
from game.rules.engine import actor, apply, legal_actions
from game.rules.errors import IllegalActionError, RulesError
from game.rules.events import TrickWon
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.tricks import explain_plays
from game.store.lessons import Claim, Lesson, LessonError, Puzzle
from game.tutorial.runner import LessonRun, build_state


@dataclass
class CheckReport:
    lessons: int = 0
    puzzles: int = 0
    steps: int = 0
    claims: int = 0
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"lessons": self.lessons, "puzzles": self.puzzles, "steps": self.steps,
                "claims": self.claims, "failures": self.failures}


def _trick_context(state: GameState):  # noqa: ANN202
    hand = state.hand
    assert isinstance(hand, HandState) and hand.play is not None
    rules = state.rules
    deck = rules.deck
    seat = actor(state)
    cards = deck.to_cards(hand.hands[seat])
    trick = [deck.types[t] for _, t in hand.play.trick]
    return rules, cards, trick, hand.trump


def verify_claim(state: GameState, claim: Claim, rules: RuleSet, after: bool) -> str | None:
    """None when the claim holds, else what is wrong."""
    if claim.kind == "meld":
        total = best_meld(rules, list(claim.cards), claim.trump).total
        return None if total == claim.total else \
            f"meld of {' '.join(map(str, claim.cards))} is {total}, not {claim.total}"
    if claim.kind == "trick_points":
        pts = sum(rules.tricks.points.get(c.rank.letter, 0) for c in claim.cards)
        return None if pts == claim.total else f"those cards count {pts}, not {claim.total}"
    if claim.kind == "pass_forbidden":
        from game.rules.actions import Pass

        return None if Pass() not in legal_actions(state) else "passing is allowed here"
    if claim.kind == "lowest_bid":
        bids = [a.amount for a in legal_actions(state) if isinstance(a, Bid)]
        lowest = bids[0] if bids else None
        return None if lowest == claim.total else f"the lowest bid is {lowest}, not {claim.total}"
    if claim.kind == "winner":
        return "a winner claim is checked after the step; it needs an expected action"
    rules_, cards, trick, trump = _trick_context(state)
    verdict = explain_plays(rules_, cards, trick, trump)
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


def check_lesson(lesson: Lesson, load_rules: Callable[[str], RuleSet],
                 report: CheckReport) -> None:
    try:
        run = LessonRun(lesson, load_rules)
    except (LessonError, RulesError) as exc:
        report.failures.append(str(exc))
        return
    for index, step in enumerate(lesson.steps):
        where = f"{lesson.source}: step {step.number}"
        try:
            if index:
                run.start(index)
        except (RulesError, LessonError) as exc:
            report.failures.append(f"{where}: the script does not play: {exc}")
            return
        report.steps += 1
        assert run.match is not None
        state = run.match.state
        rules = state.rules
        for claim in step.claims:
            if claim.kind == "winner":
                continue
            report.claims += 1
            problem = _safe(verify_claim, state, claim, rules, False)
            if problem:
                report.failures.append(f"{where}: claim {claim.kind}: {problem}")
        if step.expect is not None and run.match.waiting_for_human() is False:
            report.failures.append(f"{where}: the learner is asked to act out of turn")
        events: list = []
        if step.expect is not None:
            reply = run.try_action(step.expect)
            if not reply.ok:
                report.failures.append(f"{where}: expected action {step.expect} is refused: "
                                       f"{reply.message}")
                return
            events = reply.events
        for claim in step.claims:
            if claim.kind == "winner":
                report.claims += 1
                won = [e for e in events if isinstance(e, TrickWon)]
                if not won:
                    report.failures.append(f"{where}: claim winner: no trick was completed")
                elif won[-1].seat != claim.seat:
                    report.failures.append(f"{where}: claim winner: seat {won[-1].seat} won "
                                           f"the trick, not {claim.seat}")
    report.lessons += 1


def _safe(fn: Callable[..., str | None], *args: object) -> str | None:
    try:
        return fn(*args)
    except (AssertionError, RulesError, ValueError) as exc:
        return f"cannot be checked here ({exc.__class__.__name__}: {exc})"


def check_puzzle(puzzle: Puzzle, load_rules: Callable[[str], RuleSet],
                 report: CheckReport) -> None:
    try:
        rules = load_rules(puzzle.position.preset or puzzle.preset)
        state = build_state(rules, puzzle.position, puzzle.source)
        for action in puzzle.before:
            state, _ = apply(state, action)
    except (LessonError, RulesError) as exc:
        report.failures.append(f"{puzzle.source}: the position does not play: {exc}")
        return
    if actor(state) != 0:
        report.failures.append(f"{puzzle.source}: after 'before' it is not the learner's turn")
    legal = legal_actions(state)
    for answer in puzzle.answers:
        if answer not in legal:
            try:
                apply(state, answer)
                why = "not offered"
            except IllegalActionError as exc:
                why = str(exc)
            report.failures.append(f"{puzzle.source}: answer {answer} is not legal: {why}")
    if len(puzzle.answers) == len([a for a in legal if isinstance(a, PlayCard)]) > 1:
        report.failures.append(f"{puzzle.source}: every legal card is an answer: no puzzle")
    for claim in puzzle.claims:
        report.claims += 1
        problem = _safe(verify_claim, state, claim, rules, False)
        if problem:
            report.failures.append(f"{puzzle.source}: claim {claim.kind}: {problem}")
    report.puzzles += 1


def check_all(lessons: list[Lesson], puzzles: list[Puzzle],
              load_rules: Callable[[str], RuleSet], errors: list[str]) -> CheckReport:
    report = CheckReport(failures=list(errors))
    for lesson in lessons:
        check_lesson(lesson, load_rules, report)
    for puzzle in puzzles:
        check_puzzle(puzzle, load_rules, report)
    return report
