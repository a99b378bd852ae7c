"""Running a lesson on the real engine: positions become game states, scripted seats act, and
every answer of the learner is judged by the engine. An illegal move is answered with the rule
that forbids it (in the table's order of precedence), a legal move that is not the one asked for
with the step's reason, in a neutral tone. Wrong tries and hints are counted: an exercise earns
one star when done, one for no wrong try, one for no hint. (A puzzle runs the same way:
:mod:`game.tutorial.puzzlerun`.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from game.bots.registry import make_bot
from game.match.controller import HUMAN, SCRIPT, Match
from game.match.history import HandHistory
from game.match.retry import Verdict
from game.match.reviewread import Row
from game.rules.actions import Action, PlayCard, parse_action
from game.rules.cards import Card
from game.rules.engine import apply, legal_actions
from game.rules.errors import IllegalActionError
from game.rules.events import Event, TrickWon
from game.rules.facts import trump_of
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.store.content import load_tutorial_library
from game.store.lessons import Lesson, Position, Step
from game.store.tutorial_data import QuoteFile
from game.tutorial.claims import named_values
from game.tutorial.features import steps_for
from game.tutorial.handreview import LessonReview
from game.tutorial.meldtask import build_cards, count_meld, meld_is_right
from game.tutorial.playoutstep import PlayOut, ScoredOut
from game.tutorial.positions import build_state
from game.tutorial.replies import (
    NEUTRAL,
    RIGHT,
    WRONG,
    Attempts,
    Reply,
    allowed_reason,
    played_cards,
    pretty_action,
)
from game.tutorial.retrystep import LessonDecision, PlayedOut, Revisits, retry_answer, retry_verdict
from game.tutorial.sums import SumTask, sum_task
from game.tutorial.text import TextContext, names, render

__all__ = ["NEUTRAL", "RIGHT", "WRONG", "Attempts", "LessonRun", "Reply", "allowed_reason",
           "build_state", "played_cards"]

AUTO_BOT = make_bot("medium")


def default_quotes() -> Mapping[str, QuoteFile]:
    return load_tutorial_library().quotes


class LessonRun:
    """A lesson in progress on one table: which step, and the match it is played on. Its
    play-out steps are remembered by the :class:`PlayOut` it holds (``out``)."""

    def __init__(self, lesson: Lesson, load_rules: Callable[[str], RuleSet],
                 table: RuleSet | None = None,
                 quotes: Mapping[str, QuoteFile] | None = None) -> None:
        self.lesson = lesson
        self.load_rules = load_rules
        self.table = table
        self.quotes = default_quotes() if quotes is None else quotes
        self.steps: tuple[Step, ...] = steps_for(lesson, table)
        self.index = 0
        self.match: Match | None = None
        self.pre_state: GameState | None = None  # before the step's scripted moves
        self.pre_actions = 0
        self.state_at_step: GameState | None = None  # what the learner faces
        self.done_current = False
        self.log: list[Event] = []  # every event since the step's position
        self.chosen: dict[int, Action] = {}  # the learner's answer to each step done
        self.attempts = Attempts()
        self.sum: SumTask | None = None
        self.out = PlayOut()
        self.revisits = Revisits()
        if self.steps:
            self.start(0)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and self.done_current

    @property
    def stars(self) -> int:
        return self.attempts.stars(self.finished)

    def rules_for(self, pos: Position) -> RuleSet:
        if pos.preset:
            return self.load_rules(pos.preset)
        if self.lesson.on_learner_table:
            if self.table is None:
                raise ValueError(f"{self.lesson.source}: runs on the learner's table; none given")
            return self.table
        return self.load_rules(self.lesson.preset)

    def _position_for(self, index: int) -> tuple[int, Position]:
        for i in range(index, -1, -1):
            pos = self.steps[i].position
            if pos is not None:
                return i, pos
        return 0, self.lesson.position

    def _new_match(self, pos: Position, step: int) -> Match:
        rules = self.rules_for(pos)
        state = build_state(rules, pos, self.lesson.source, step)
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        return Match(rules, pos.seed, seats, initial=state)

    def _replay_step(self, i: int) -> None:
        """Play step ``i`` again as the learner played it (or as its script says)."""
        assert self.match is not None
        step = self.steps[i]
        self._script(step.before)
        self.index, self.state_at_step = i, self.match.state
        if step.task == "play-out":
            self.log += self.out.replay(self.match, i)
            self._script(step.after)
            return
        chosen = self.chosen.get(i)
        if chosen is None and step.expects:
            chosen = self.answers()[0]
        if chosen is None and step.any_legal:
            chosen = next(a for a in self.legal() if isinstance(a, PlayCard))
        if chosen is not None:
            self.log += self.match.submit(chosen)
        self._script(step.after)
        if step.any_legal:
            self._auto_finish()

    def _auto_finish(self) -> list[Event]:
        """After a free choice, the other seats finish the trick with the medium bot's play
        (a script could not know which card the learner chose)."""
        assert self.match is not None
        events: list[Event] = []
        while (self.match.actor not in (-1, 0) and self.match.state.phase == Phase.TRICKS
               and not any(isinstance(e, TrickWon) for e in events)):
            view = self.match.view(self.match.actor)
            action = AUTO_BOT.choose(view, random.Random(f"auto/{len(self.match.actions)}"))
            events += self.match.submit(action)
        self.log += events
        return events

    def start(self, index: int) -> list[Event]:
        """Go to step ``index`` (from its position, replaying the steps between); returns
        the events of the step's own scripted moves, to be animated."""
        first, pos = self._position_for(index)
        self.match = self._new_match(pos, self.steps[first].number)
        self.log, self.out.scored = [], None
        for i in range(first, index):
            self._replay_step(i)
        self.index = index
        self.done_current = False
        self.sum = None
        self.pre_state = self.match.state
        self.pre_actions = len(self.match.actions)  # the actions that reach pre_state
        events = self._script(self.step.before)
        if self.step.task == "play-out":  # after the step's script: the play-out's own
            played = self.out.begin(self.match, index, events)
            self.log += played
            events = events + played
        self.state_at_step = self.match.state
        if self.step.task == "add-up":
            self.sum = sum_task(self.step.add, self.log, self.match.rules)
        if not self.step.asks:
            self.done_current = True
        return events

    def _script(self, actions: tuple[Action, ...]) -> list[Event]:
        assert self.match is not None
        events: list[Event] = []
        for action in actions:
            events += self.match.submit(action)
        self.log += events
        return events

    # -- the text the learner reads --------------------------------------------------------
    def context(self) -> TextContext:
        assert self.match is not None
        state = self.state_at_step
        rules = self.match.rules
        return TextContext(rules, state, named_values(self.step.claims, state, rules),
                           self.quotes, review=self.out.review,
                           answers=played_cards(self.step.expect), played=self.played())

    def text(self, which: str = "say") -> str:
        return render(getattr(self.step, which), self.context())

    # -- the play-out's hand, for the steps that read its review ---------------------------
    @property
    def review(self) -> LessonReview | None:
        """The review of the hand played out last (None before any)."""
        return self.out.review

    def scored_hand(self) -> ScoredOut | None:
        """The played-out hand at its end, while nothing has moved since its score."""
        return self.out.scored_hand(self.match)

    def replay_focus(self) -> tuple[HandHistory, Row] | None:
        """A ``replay = n`` step's hand and decision (:meth:`PlayOut.replay_focus`)."""
        return self.out.replay_focus(self.match, self.step.replay,
                                     self._position_for(self.index)[1], self.lesson.source)

    # -- Retry and Play it out at the played-out hand's decisions (issue 40, item 6) --------
    def revisit(self, n: int) -> LessonDecision | None:
        """The played-out hand's n-th costliest decision as Retry and Play it out take it
        (None for n = 0); ValueError when no hand has been scored or it has no such one."""
        if not n:
            return None
        out = self.scored_hand()
        if out is None or self.match is None:
            raise ValueError(f"decision {n}: no hand has been played out and scored before "
                             "this step")
        return self.revisits.decision(self.match.rules, self._position_for(self.index)[1],
                                      self.lesson.source, out, n)

    def played(self) -> PlayedOut | None:
        """A ``play_out = n`` step's lines (None in other steps)."""
        decision = self.revisit(self.step.play_out)
        out = self.scored_hand()
        if decision is None or out is None:
            return None
        return self.revisits.played(out, self.step.play_out, decision)

    def try_retry(self, action: Action) -> Reply:
        """A ``retry = n`` step's answer, judged by the review's values as at the table."""
        focus = self.revisit(self.step.retry)
        if focus is None or self.done_current:
            return Reply(False, "Nothing to do in this step: press Next.", [], NEUTRAL)
        if action not in focus.moment.view.legal:
            self.illegal_try()
            return Reply(False, f"{action} is not legal at that moment.", [], WRONG)
        return self.retry_judged(retry_verdict(focus, action))

    def retry_judged(self, verdict: Verdict | None) -> Reply:
        """A retry's verdict (from :meth:`try_retry` or the Retry screen): found within the
        tie of the best ends the step; another is a wrong try."""
        if verdict is None:
            return Reply(False, "The review did not weigh that choice.", [], NEUTRAL)
        if verdict.accepted:
            self.done_current = True
            return Reply(True, f"Found: {verdict.words}.", [], RIGHT)
        self.attempts.wrong += 1
        return Reply(False, f"{verdict.words}.", [], NEUTRAL)

    def retry_shown(self) -> str:
        """The answer asked for: it costs the hint's star and ends the step."""
        try:
            focus = self.revisit(self.step.retry)
        except ValueError as exc:  # --check refuses such a step; say so rather than crash
            return f"(The answer cannot be shown: {exc})"
        if focus is None:
            return ""
        self.attempts.hints += 1
        self.done_current = True
        return retry_answer(focus)

    def _try_out(self, action: Action) -> Reply:
        """A card of a play-out step: any legal card goes; the others play on; the step is
        done (and the hand reviewed) when the hand is scored."""
        assert self.match is not None
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            self.illegal_try()
            return Reply(False, str(exc), [], WRONG)
        events, over = self.out.take(self.match, self.index, action)
        self.log += events
        if over:
            self._script(self.step.after)
            self.done_current = True
        return Reply(True, "", events)

    # -- the learner's answers -------------------------------------------------------------
    def legal(self) -> tuple[Action, ...]:
        assert self.match is not None
        return legal_actions(self.match.state)

    def answers(self) -> tuple[Action, ...]:
        """The step's right answers, fields filled in for this table and position."""
        if not self.step.expect_fields:
            return self.step.expect
        ctx = self.context()
        return self.step.expect + tuple(parse_action(render(t, ctx))
                                        for t in self.step.expect_fields)

    def reason(self, action: Action) -> str:
        """Why a legal action is not the one asked for: its own reason, else the hint."""
        raw = self.step.reason_for(action)
        return render(raw, self.context()) if raw else "Legal, but not what this step asks."

    def is_right(self, action: Action) -> bool:
        if self.step.any_legal or self.step.task == "play-out":
            return action in self.legal()
        return action in self.answers()

    def try_action(self, action: Action) -> Reply:
        """The learner's action: a right one goes through; anything else is refused with the
        rule that applies (or, if legal, with why the lesson wants something else)."""
        assert self.match is not None
        step = self.step
        if step.task == "play-out" and not self.done_current:
            return self._try_out(action)
        if self.done_current or not (step.expects or step.any_legal):
            return Reply(False, "Nothing to do in this step: press Next.", [], NEUTRAL)
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            self.illegal_try()
            return Reply(False, str(exc), [], WRONG)
        if not self.is_right(action):
            self.attempts.wrong += 1
            return Reply(False, self.reason(action), [], NEUTRAL)
        note = ""
        if step.any_legal and isinstance(action, PlayCard):
            note = allowed_reason(self.match.rules, self.match.state, action.card)
        events = self.match.submit(action)
        self.log += events
        events += self._script(step.after)
        if step.any_legal:
            events += self._auto_finish()
        self.chosen[self.index] = action
        self.done_current = True
        return Reply(True, note, events)

    def illegal_try(self) -> None:
        """An illegal card tried: a wrong try, unless the step asked for tries."""
        if not self.step.invites_tries:
            self.attempts.wrong += 1

    def try_meld(self, cards: list[Card]) -> Reply:
        """A build-meld step: the engine counts the selected cards (game.tutorial.meldtask)."""
        assert self.match is not None and self.state_at_step is not None
        rules, trump = self.match.rules, trump_of(self.state_at_step)
        result, counted = count_meld(rules, cards, trump)
        if meld_is_right(rules, self.match.view(0).cards, cards, result, trump, self.step.build):
            self.done_current = True
            return Reply(True, counted, [])
        self.attempts.wrong += 1
        return Reply(False, counted + " " + self.text("hint") if self.step.hint else counted,
                     [], NEUTRAL)

    def try_sum(self, total: int, made: bool | None = None) -> Reply:
        if self.sum is None:
            return Reply(False, "Nothing to add up in this step.", [], NEUTRAL)
        ok, message = self.sum.judge(total, made)
        if ok:
            self.done_current = True
            return Reply(True, message, [])
        self.attempts.wrong += 1
        return Reply(False, message, [], NEUTRAL)

    def hint(self) -> str:
        """Help that costs the star: what the engine would accept here."""
        step = self.step
        if step.retry:
            return self.retry_shown()
        self.attempts.hints += 1
        if step.expects:
            return f"Try: {pretty_action(self.answers()[0])}."
        if step.any_legal or step.task == "play-out":
            legal = [a for a in self.legal() if isinstance(a, PlayCard)]
            return "Legal now: " + names(sorted({a.card for a in legal}, key=str)) + "."
        if self.sum is not None:
            return self.sum.hint()
        cards = self.build_cards()
        return "Look at " + names(cards) + "." if cards else "Select cards, then press Count."

    def build_cards(self) -> list[Card]:
        """The hand's cards that make the meld a build-meld step asks for."""
        assert self.match is not None and self.state_at_step is not None
        return build_cards(self.match.rules, self.match.view(0).cards,
                           trump_of(self.state_at_step), self.step.build)

    def next(self) -> list[Event]:
        if self.index + 1 < len(self.steps) and self.done_current:
            return self.start(self.index + 1)
        return []

    def back(self) -> list[Event]:
        return self.start(max(0, self.index - 1))

    def restart(self) -> list[Event]:
        self.attempts = Attempts()
        return self.start(0)
