"""``pinochle tutorial --check``: play every lesson (the core ones on every table) and every
puzzle through the engine, and prove the text: claims hold, every number is the engine's, every
quotation is in its document, every hint can be reached, every decision agrees with the hard
bot, and no position is answered two ways."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.actions import Action, PlayCard
from game.rules.cards import Card
from game.rules.errors import RulesError
from game.rules.events import TrickWon
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.store.content import preset_names
from game.store.lessons import Lesson, LessonError, Puzzle, Step
from game.store.reading import FileRefusedError
from game.store.tutorial_data import Library
from game.tutorial.check_bot import Answers, bot_problem
from game.tutorial.check_guided import check_guided
from game.tutorial.check_puzzle import check_puzzle_run
from game.tutorial.check_report import CheckReport
from game.tutorial.check_revisit import check_play_out, check_retry
from game.tutorial.check_ruleorder import rule_order_problems
from game.tutorial.check_text import documents_in, quote_problems, text_problems, title_problems
from game.tutorial.claims import verify_claim
from game.tutorial.features import steps_for, term_text
from game.tutorial.playout import real_cards_problem, real_values_counted
from game.tutorial.puzzlerun import PuzzleRun
from game.tutorial.reasons import Seen, reason_problems, reason_reach
from game.tutorial.runner import LessonRun
from game.tutorial.sums import SumError
from game.tutorial.text import TemplateError, TextContext
from game.tutorial.timing import timing_key

MAX_READING = 2  # reading steps in a row


@dataclass
class Checker:
    load_rules: Callable[[str], RuleSet]
    library: Library
    report: CheckReport
    presets: tuple[str, ...]
    answers: Answers = field(default_factory=Answers)
    seen: Seen = field(default_factory=Seen)
    guided: bool = True  # False: the first hand is checked elsewhere (beside its controls)

    def fail(self, message: str) -> None:
        self.report.failures.append(message)

    # -- lessons ---------------------------------------------------------------------------
    def lesson(self, lesson: Lesson) -> None:
        self.report.tracks[lesson.track] = self.report.tracks.get(lesson.track, 0) + 1
        rules = None if lesson.on_learner_table else self.load_rules(lesson.preset)
        for problem in title_problems(f"{lesson.source}: title", lesson.title):
            self.fail(problem)
        # The menu shows a lesson on the learner's table under its summary at every table: read
        # it on each (a rule true at one table is no summary of another's).
        tables = [rules] if rules is not None else [self.load_rules(p) for p in self.presets]
        for table in tables:
            label = f"{lesson.source}: summary" + (f" [on {table.name}]" if rules is None else "")
            for problem in text_problems(label, lesson.summary,
                                         TextContext(table, quotes=self.library.quotes)):
                self.fail(problem)
        self._timing(lesson)
        if lesson.guided is not None:
            for preset in self.presets if self.guided else ():
                check_guided(self, lesson, self.load_rules(preset))
        elif lesson.on_learner_table:
            for preset in self.presets:
                self.lesson_on(lesson, self.load_rules(preset), f" [on {preset}]")
        else:
            self.lesson_on(lesson, None, "")
        self.report.lessons += 1

    def _timing(self, lesson: Lesson) -> None:
        """Every lesson's time estimate was measured on its current text (on every table, for
        the lessons on the learner's table), when the levels ship measurements at all."""
        if not self.library.timings:
            return
        tables = self.presets if lesson.on_learner_table else (lesson.preset,)
        for table in tables:
            if lesson.on_learner_table and lesson.guided is None and not steps_for(
                    lesson, self.load_rules(table)):
                continue
            timing = self.library.timings.get(timing_key(lesson, table))
            if timing is None or timing.digest != lesson.digest:
                self.fail(f"{lesson.source}: its time estimate on {table} is missing or was "
                          f"measured on another text: run python -m tools.time_lessons")
                return

    def lesson_on(self, lesson: Lesson, table: RuleSet | None, label: str) -> None:
        try:
            run = LessonRun(lesson, self.load_rules, table, self.library.quotes)
        except (LessonError, RulesError, SumError) as exc:
            self.fail(f"{exc}{label}")
            return
        if not run.steps:
            return
        self.report.runs += 1
        reading = 0
        for index, step in enumerate(run.steps):
            where = f"{lesson.source}{label}: step {step.number}"
            reading = 0 if step.asks else reading + 1
            if reading > MAX_READING:
                self.fail(f"{where}: more than {MAX_READING} reading steps in a row")
            try:
                if index:
                    run.start(index)
            except (RulesError, LessonError, SumError) as exc:
                self.fail(f"{where}: the script does not play: {exc}")
                return
            if not self.step(run, step, where):
                return

    def step(self, run: LessonRun, step: Step, where: str) -> bool:
        """Check one step; False when the lesson cannot go on."""
        self.report.steps += 1
        assert run.match is not None and run.state_at_step is not None
        state, rules = run.state_at_step, run.match.rules
        for claim in step.claims:
            if claim.kind != "winner":
                self.report.claims += 1
                problem = verify_claim(state, claim, rules)
                if problem:
                    self.fail(f"{where}: claim {claim.kind}: {problem}")
        try:
            ctx = run.context()
        except TemplateError as exc:
            self.fail(f"{where}: {exc}")
            return False
        texts = [(name, getattr(step, name)) for name in ("say", "hint", "bot_note")]
        texts += [(f"reasons.{code}", text) for code, text in step.reasons]
        for name, text in texts:
            for problem in text_problems(f"{where}: {name}", text, ctx):
                self.fail(problem)
        if step.replay and step.asks:
            self.fail(f"{where}: replay = {step.replay}: the replay opens on a step that only "
                      "reads the review (no expect, any_legal or task)")
        elif step.replay:
            try:  # the replay the step opens: at a decision the learner's hand really has
                run.replay_focus()
            except (ValueError, RulesError) as exc:
                self.fail(f"{where}: {exc}")
        if step.play_out:
            check_play_out(self, run, where)
        if step.retry:
            return check_retry(self, run, where)
        if step.task == "build-meld":
            self._build(run, where)
        if step.task == "add-up":
            self._sum(run, where)
        if step.task == "play-out":
            return self._play_out(run, where)
        if step.expects or step.any_legal:
            return self._act(run, step, where)
        return True

    def _play_out(self, run: LessonRun, where: str) -> bool:
        """The learner's hand played to its end (the first legal card each time), then
        reviewed: the steps after it read the review's figures."""
        for _ in range(200):  # far more cards than a hand has
            if run.done_current:
                return True
            legal = [a for a in run.legal() if isinstance(a, PlayCard)]
            if not legal or not run.match or not run.match.waiting_for_human():
                break
            reply = run.try_action(legal[0])
            if not reply.ok:
                self.fail(f"{where}: play-out: the legal {legal[0]} is refused: {reply.message}")
                return False
        self.fail(f"{where}: play-out: the hand did not come to its score with the learner "
                  "playing")
        return False

    def _build(self, run: LessonRun, where: str) -> None:
        cards = run.build_cards()
        if not cards or not run.try_meld(cards).ok:
            self.fail(f"{where}: build-meld: the hand's own {', '.join(run.step.build)} is not "
                      f"accepted (does the hand hold it?)")

    def _sum(self, run: LessonRun, where: str) -> None:
        if run.sum is None:
            self.fail(f"{where}: add-up: nothing to add up")
        elif not run.try_sum(run.sum.total, run.sum.made).ok:
            self.fail(f"{where}: add-up: the engine's own sum is refused")

    def _act(self, run: LessonRun, step: Step, where: str) -> bool:
        assert run.match is not None and run.state_at_step is not None
        if not run.match.waiting_for_human():
            self.fail(f"{where}: the learner is asked to act out of turn")
            return False
        legal = run.legal()
        try:
            answers = run.answers()
        except (TemplateError, ValueError) as exc:
            self.fail(f"{where}: expect: {exc}")
            return False
        right = _right(run, legal)
        self._reasons(run, step, where)
        self._outlines(run, step, answers, where)
        if len(legal) == 1:
            self.report.single_legal += 1
        if step.expects:
            self.decision(run.state_at_step, answers, step.bot_note, where,
                           not run.lesson.on_learner_table)
            self.refusals(run.state_at_step, answers, run.reason, where)
        chosen = answers[0] if answers else (right[0] if right else None)
        if chosen is None:
            self.fail(f"{where}: no legal answer is right")
            return False
        reply = run.try_action(chosen)
        if not reply.ok:
            self.fail(f"{where}: expected action {chosen} is refused: {reply.message}")
            return False
        for claim in step.claims:
            if claim.kind == "winner":
                self.report.claims += 1
                won = [e for e in reply.events if isinstance(e, TrickWon)]
                if not won:
                    self.fail(f"{where}: claim winner: no trick was completed")
                elif won[-1].seat != claim.seat:
                    self.fail(f"{where}: claim winner: seat {won[-1].seat} won the trick, "
                              f"not {claim.seat}")
        return True

    def _outlines(self, run: LessonRun, step: Step, answers: tuple[Action, ...],
                  where: str) -> None:
        """Gold outlines must not mark the answer: highlighted cards of the learner's hand
        that are all answer cards, where a legal card outside them would be wrong, give the
        choice away."""
        if not step.expects:
            return
        hand = {str(c) for c in run.match.view(0).cards} if run.match is not None else set()
        marked = {h for h in step.highlight if h in hand}
        answer_cards = {str(c) for a in answers for c in _cards_of(a)}
        right = set(_right(run, run.legal()))
        wrong = [a for a in run.legal() if a not in right and _cards_of(a)]
        if marked and marked <= answer_cards and wrong:
            self.fail(f"{where}: the gold outlines mark the answer ({', '.join(sorted(marked))}):"
                      f" outline every card in play, or none")

    def _reasons(self, run: LessonRun, step: Step, where: str) -> None:
        """Every hint can be reached, and every legal wrong answer has a reason."""
        right = set(_right(run, run.legal()))
        wrong_legal = [a for a in run.legal() if a not in right]
        if step.any_legal and step.after:
            self.fail(f"{where}: any_legal steps finish the trick themselves: drop 'after'")
        for problem in reason_reach(step.hint, dict(step.reasons), wrong_legal, "hint"):
            self.fail(f"{where}: {problem}")

    def refusals(self, state: object, answers: tuple[Action, ...],
                 reason_for: Callable[[Action], str], where: str) -> None:
        """Each legal card refused: as good as the answer against the real cards means it is
        accepted (or its reason says what it keeps), and its reason is true of it."""
        assert isinstance(state, GameState)

        def rendered(action: Action) -> str:
            try:
                return reason_for(action)
            except TemplateError:
                return ""  # reported by the text check

        for problem in reason_problems(state, answers, rendered, where, self.seen):
            self.fail(problem)
        self.report.reasons = self.seen.reasons

    def decision(self, state: object, answers: tuple[Action, ...], note: str, where: str,
                  strict_note: bool = True) -> None:
        assert isinstance(state, GameState)
        asked, problem = bot_problem(state, answers, note, where, strict_note)
        self.report.bot_checked += asked
        if problem:
            self.fail(f"{where}: {problem}")
        real = real_cards_problem(state, answers)
        self.report.played_out += real_values_counted(state)
        if real:
            self.fail(f"{where}: {real}")
        if asked:
            clash = self.answers.add(state, where, frozenset(map(str, answers)))
            if clash:
                self.fail(clash)

    # -- puzzles ---------------------------------------------------------------------------
    def puzzle(self, puzzle: Puzzle) -> None:
        cats = self.report.categories
        cats[puzzle.category] = cats.get(puzzle.category, 0) + 1
        if puzzle.preset not in self.report.puzzle_tables:
            self.report.puzzle_tables.append(puzzle.preset)
        try:
            run = PuzzleRun(puzzle, self.load_rules, self.library.quotes)
        except (LessonError, RulesError) as exc:
            self.fail(f"{puzzle.source}: the position does not play: {exc}")
            return
        check_puzzle_run(self, puzzle, run)
        self.report.puzzles += 1


def _right(run: LessonRun, actions: tuple[Action, ...]) -> list[Action]:
    """The actions ``run.is_right`` accepts. Its answers are rendered once for them all:
    ``is_right`` renders them at each call, and asked of every legal bid of an auction that was
    most of the check's time. The step and the position do not change in between."""
    if run.step.any_legal or run.step.task == "play-out":
        return [a for a in actions if run.is_right(a)]
    answers = run.answers()
    return [a for a in actions if a in answers]


def _cards_of(action: object) -> tuple[Card, ...]:
    """The cards an action plays, passes or discards."""
    card = getattr(action, "card", None)
    return (card,) if card is not None else tuple(getattr(action, "cards", ()))


def check_all(lessons: list[Lesson], puzzles: list[Puzzle],
              load_rules: Callable[[str], RuleSet], errors: list[str],
              library: Library | None = None, documents: Path | None = None,
              presets: tuple[str, ...] | None = None, guided: bool = True,
              texts: dict[str, str] | None = None) -> CheckReport:
    """Every check of the engine's side; ``guided=False`` leaves the first hand to
    ``check_guided_all`` (``tutorial --check`` runs it beside the window's controls).
    ``texts``: the documents of ``documents`` already read (``documents_in``); a document
    refused here (a FIFO, a device, too large) is a failure naming it."""
    report = CheckReport(failures=list(errors))
    lib = library if library is not None else Library()
    report.failures += lib.errors
    checker = Checker(load_rules, lib, report, presets or preset_names(), guided=guided)
    docs = texts
    if docs is None and documents is not None:
        try:
            docs = documents_in(documents)
        except FileRefusedError as exc:
            report.failures.append(f"rule documents: {exc}")
            documents = None
    report.documents = str(documents) if documents is not None else None
    report.quotes, problems = quote_problems(lib.quotes, docs)
    report.failures += problems
    for term in lib.glossary:  # each entry, as it pops up at each table (if it can there)
        for preset in checker.presets:
            rules = load_rules(preset)
            said = term_text(term, rules)
            if said is None:
                continue
            ctx = TextContext(rules, quotes=lib.quotes)
            for problem in text_problems(f"glossary.toml: {term.id} [on {preset}]", said,
                                         ctx, term.id):
                report.failures.append(problem)
    report.failures += rule_order_problems(lib, load_rules, checker.presets)
    for lesson in lessons:
        checker.lesson(lesson)
    for puzzle in puzzles:
        checker.puzzle(puzzle)
    return report

