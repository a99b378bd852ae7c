"""``tutorial --check`` on the guided first hand, on every table: the deal makes the learner
the bidder when they follow the coach, every phase met has narration the engine can fill, and
the hand ends in a score the learner can add up. The hand is played a second time with the
learner giving it up at the first chance the table allows (throw in, ask to, declare out): the
phases met then have narration too, and the lesson can still be finished."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.bots.registry import make_bot
from game.rules.actions import Action, DeclareOut, ProposeThrowIn, ThrowIn
from game.rules.errors import RulesError
from game.rules.events import TrickWon
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson
from game.store.tutorial_data import Library
from game.tutorial.check_report import CheckReport
from game.tutorial.check_text import text_problems
from game.tutorial.guided import GuidedRun
from game.tutorial.text import TextContext

if TYPE_CHECKING:
    from game.tutorial.check_report import Reporting as Checker

COACHED = (Phase.AUCTION, Phase.TRUMP, Phase.PASS, Phase.PASS_BACK, Phase.WIDOW,
           Phase.DISCARD, Phase.DECIDE)
MOVES = 400
GIVE_UP = (ThrowIn, ProposeThrowIn, DeclareOut)


def check_guided(checker: Checker, lesson: Lesson, rules: RuleSet) -> None:
    where = f"{lesson.source} [on {rules.name}]"
    try:
        run = GuidedRun(lesson, rules, checker.library.quotes)
    except (RulesError, ValueError) as exc:
        checker.fail(f"{where}: {exc}")
        return
    checker.report.runs += 1
    said: set[str] = set()
    for _ in range(MOVES):
        if run.scored is not None:
            break
        phase = run.phase
        if phase not in said:
            said.add(phase)
            _narration(checker, lesson, run, phase, where)
        if not run.match.waiting_for_human():
            run.step_others()
            continue
        action = learner_move(run)
        if not run.act(action).ok:
            checker.fail(f"{where}: the learner's move {action} is refused")
            return
    if run.scored is None:
        checker.fail(f"{where}: the hand does not end in {MOVES} moves")
        return
    _narration(checker, lesson, run, "score", where)
    bidder = run.scored.bidder
    if rules.auction.enabled and not rules.stock.enabled:
        if bidder != 0:
            checker.fail(f"{where}: following the coach, the learner does not win the auction "
                         f"(seed {run.seed}): choose another deal")
        if not any(isinstance(e, TrickWon) for e in run.log):
            checker.fail(f"{where}: the hand ends before any trick is played (seed {run.seed}): "
                         f"choose another deal")
        if run.sum is None or not run.try_sum(run.sum.total, run.sum.made).ok:
            checker.fail(f"{where}: the score cannot be added up from the hand's events")
    _given_up(checker, lesson, rules, where)


def _given_up(checker: Checker, lesson: Lesson, rules: RuleSet, where: str) -> None:
    """The hand again, the learner giving it up at the first chance (module doc)."""
    run = GuidedRun(lesson, rules, checker.library.quotes)
    said: set[str] = set()
    gave_up: Action | None = None
    for _ in range(MOVES):
        if run.finished or run.scored is not None:
            break
        if run.phase not in said:
            said.add(run.phase)
            _narration(checker, lesson, run, run.phase, where)
        if not run.match.waiting_for_human():
            if not run.step_others():
                break
            continue
        give = next((a for a in run.match.legal() if isinstance(a, GIVE_UP)), None)
        action = give if give is not None and gave_up is None else learner_move(run)
        gave_up = gave_up or (action if isinstance(action, GIVE_UP) else None)
        if not run.act(action).ok:
            checker.fail(f"{where}: the learner's move {action} is refused")
            return
    if gave_up is None:
        return  # the table lets nobody give a hand up
    if run.phase not in said:
        _narration(checker, lesson, run, run.phase, where)
    if run.sum is not None and not run.summed:  # the others refused the throw-in: played out
        run.try_sum(run.sum.total, run.sum.made)
    if not run.finished:
        checker.fail(f"{where}: after the learner's {gave_up} the lesson cannot be finished "
                     f"(phase {run.phase})")


PLAYER = make_bot("medium")  # card play in the check: the coach's choice is not at issue


def learner_move(run: GuidedRun) -> Action:
    """The learner's move in the checked hand (and in the hand driven through the window):
    the coach's advice in the auction and the exchanges, the medium bot's card after."""
    if run.match.state.phase in COACHED:
        return run.suggestion()[0]
    return PLAYER.choose(run.match.view(0), random.Random(len(run.match.actions)))


@dataclass
class _GuidedChecker:
    """What ``check_guided`` needs of a checker, on its own (the worker process that drives the
    window has no other check to run)."""

    report: CheckReport
    library: Library

    def fail(self, message: str) -> None:
        self.report.failures.append(message)


def check_guided_all(lessons: list[Lesson], load_rules: Callable[[str], RuleSet],
                     library: Library, presets: tuple[str, ...]) -> tuple[int, list[str]]:
    """``check_guided`` for every first-hand lesson on every table: (runs, failures)."""
    checker = _GuidedChecker(CheckReport(), library)
    for lesson in lessons:
        if lesson.guided is not None:
            for preset in presets:
                check_guided(checker, lesson, load_rules(preset))
    return checker.report.runs, checker.report.failures


def _narration(checker: Checker, lesson: Lesson, run: GuidedRun, phase: str, where: str) -> None:
    assert lesson.guided is not None
    text = lesson.guided.text(phase)
    if not text:
        checker.fail(f"{where}: no narration for the {phase} phase (guided.say.{phase})")
        return
    ctx = TextContext(run.rules, run.match.state, {}, checker.library.quotes)
    for problem in text_problems(f"{where}: guided.say.{phase}", text, ctx):
        checker.fail(problem)
