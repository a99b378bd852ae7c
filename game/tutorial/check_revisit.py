"""``tutorial --check`` on the review lesson's Retry and Play it out steps (issue 40, item 6).

* ``retry = n``: the moment Retry sets up from the game's seed is the lesson's own hand before
  its n-th costliest decision; every option the review weighed is accepted exactly when it is
  within the tie of the best (read from the options' values here, not from the grading code);
  an answer outside the tie leaves the step open, the best ends it.
* ``play_out = n``: both lines are played again from scratch and must be the same actions
  (the text reads one deterministic play-out); every ``{playout:...}`` figure the step's text
  shows is recomputed from the line's cards: the trick's taker by the rules' trick order, its
  points from the table's counters, the score and contract from the engine's hand result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.bots.settle import TIE
from game.rules.actions import Action, PlayCard
from game.rules.engine import actor, apply
from game.rules.errors import RulesError
from game.rules.events import HandScored
from game.rules.facts import trump_of
from game.rules.tricks import trick_winner_index
from game.rules.view import observe
from game.store.reviews import option_key
from game.tutorial.retrystep import (
    LINES,
    LessonDecision,
    PlayedOut,
    played_out,
    playout_field,
    retry_verdict,
)
from game.tutorial.runner import LessonRun
from game.tutorial.text import fields_of

if TYPE_CHECKING:
    from game.tutorial.check_report import Reporting as Checker


def check_retry(checker: Checker, run: LessonRun, where: str) -> bool:
    try:
        focus = run.revisit(run.step.retry)
    except (ValueError, RulesError) as exc:
        checker.fail(f"{where}: retry = {run.step.retry}: {exc}")
        return False
    assert focus is not None
    out = run.scored_hand()
    assert out is not None  # revisit needs it
    own = out.review.ranked()[run.step.retry - 1].graded.decision
    state = out.review.hand.start
    for action in out.review.hand.moves[:own.index]:
        state, _ = apply(state, action)
    if state != focus.moment.start:
        checker.fail(f"{where}: retry: Find a better play sets up another position than the "
                     "lesson's hand before the decision")
        return False
    legal = focus.moment.view.legal
    options = focus.item.decision.options
    best = max(o.value for o in options)
    for o in options:
        action = _legal(legal, o.action)
        within = best - o.value <= TIE
        verdict = judge_of(focus, action)
        if verdict is None or verdict != within:
            checker.fail(f"{where}: retry: {o.text} ({o.value:+.0f}, the best {best:+.0f}) is "
                         f"{'refused' if within else 'accepted'}")
    outside = [o for o in options if best - o.value > TIE]
    if outside:
        reply = run.try_retry(_legal(legal, outside[0].action))
        if reply.ok or run.done_current:
            checker.fail(f"{where}: retry: {outside[0].text}, outside the tie, ends the step")
    top = max(options, key=lambda o: o.value)
    reply = run.try_retry(_legal(legal, top.action))
    if not reply.ok or not run.done_current:
        checker.fail(f"{where}: retry: the best, {top.text}, is refused: {reply.message}")
        return False
    return True


def judge_of(focus: LessonDecision, action: Action) -> bool | None:
    """Whether Retry accepts ``action`` (None: the review did not weigh it)."""
    verdict = retry_verdict(focus, action)
    return None if verdict is None else verdict.accepted


def _legal(legal: tuple[Action, ...], action: Action) -> Action:
    return next(a for a in legal if option_key(a) == option_key(action))


def check_play_out(checker: Checker, run: LessonRun, where: str) -> None:
    try:
        focus = run.revisit(run.step.play_out)
        played = run.played()
        again = played_out(focus) if focus is not None else None
    except (ValueError, RulesError) as exc:
        checker.fail(f"{where}: play_out = {run.step.play_out}: {exc}")
        return
    assert focus is not None and played is not None and again is not None
    for which in LINES:
        if played.line(which).actions != again.line(which).actions:
            checker.fail(f"{where}: play_out: the {which} line is not the same when played "
                         "again: the text would read a play-out the screen does not show")
    texts = [run.step.say, run.step.hint]
    used = {arg for text in texts for name, arg in fields_of(text) if name == "playout"}
    for which in LINES:
        want = line_figures(focus, played, which)
        for arg in sorted(a for a in used if a.endswith(":" + which)):
            what = arg.split(":")[0]
            try:
                shown = playout_field(played, arg)
            except ValueError as exc:
                checker.fail(f"{where}: {{playout:{arg}}}: {exc}")
                continue
            if what in want and shown != want[what]:
                checker.fail(f"{where}: {{playout:{arg}}} shows {shown!r}; the {which} line's "
                             f"cards give {want[what]!r}")


def line_figures(focus: LessonDecision, played: PlayedOut, which: str) -> dict[str, str]:
    """A line's figures from its cards: the trick its first card falls in (who takes it, with
    what, for how many points), and the hand's score and contract."""
    rules = focus.moment.rules
    seat = focus.item.decision.seat
    state = focus.moment.start
    trick = list(observe(state, seat).trick)  # the cards already on the table
    trump = trump_of(state)
    taken: dict[str, str] = {}
    result = None
    actions = played.line(which).actions
    first = actions[0]
    for action in actions:
        who = actor(state)
        state, events = apply(state, action)
        result = next((e.result for e in events if isinstance(e, HandScored)), result)
        if taken or not isinstance(action, PlayCard):
            continue
        trick.append((who, action.card))
        if len(trick) == rules.players:
            cards = [c for _, c in trick]
            at = trick_winner_index(rules, cards, trump)
            last = not any(observe(state, s).cards for s in range(rules.players)) or \
                result is not None
            points = sum(rules.tricks.points.get(c.rank.letter, 0) for c in cards) + \
                (rules.tricks.last_trick if last else 0)
            taker = trick[at][0]
            taken = {"taker": "you" if taker == seat else rules.seating.name(taker),
                     "with": trick[at][1].pretty, "points": str(points)}
    if result is None:
        return taken
    side = rules.side_of(seat)
    scores = {s.side: s.score for s in result.sides}
    others = [v for k, v in scores.items() if k != side]
    score = scores.get(side, 0) - (sum(others) / len(others) if others else 0.0)
    made = next((s.made for s in result.sides if s.made is not None), None)
    card = first.card.pretty if isinstance(first, PlayCard) else str(first)
    return {**taken, "card": card, "score": f"{score:+.0f}",
            "contract": {True: "made", False: "set", None: "not bid"}[made]}
