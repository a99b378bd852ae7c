"""A lesson step that plays the hand to its end (``task = "play-out"``): the learner plays
any legal card, the other seats the medium bot's, and the scored hand is reviewed
(:mod:`game.tutorial.handreview`), once per play, for the steps that read the review."""

from __future__ import annotations

from dataclasses import dataclass

from game.match.controller import Match
from game.match.history import HandHistory, history_of
from game.match.reviewread import Row
from game.rules.actions import Action, PlayCard
from game.rules.engine import apply
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.gamehands import GameHand
from game.rules.state import GameState
from game.store.lessons import Lesson, Position, Step
from game.tutorial.handreview import LessonReview, auto_move, hand_over, make_review
from game.tutorial.positions import dealt_of
from game.tutorial.replies import WRONG, Reply


@dataclass(frozen=True)
class ScoredOut:
    """A played-out hand at its end, for the steps that read its review: the table shows it
    (not the next deal the engine has moved on to) and the replay opens on it."""

    start: GameState  # where the play-out began
    events: tuple[Event, ...]  # what it did, to the hand's score
    moves: tuple[Action, ...]  # every move since the lesson's position, to the hand's score
    review: LessonReview


class PlayOutSteps:
    """The play-out step's part of a lesson run (mixed into :class:`LessonRun`)."""

    match: Match | None
    log: list[Event]
    index: int
    done_current: bool
    played: dict[int, list[Action]]  # the learner's cards in each play-out step
    out_start: tuple[GameState, int] | None  # its start, and the moves made before it
    out_events: list[Event]  # its events so far
    review: LessonReview | None  # the played-out hand's review
    _reviews: dict[tuple[Action, ...], LessonReview]  # one per play, made once
    scored_out: ScoredOut | None  # the hand as it ended, while nothing has moved since
    lesson: Lesson

    def init_out(self) -> None:
        self.played = {}
        self.out_start = None
        self.out_events = []
        self.review = None
        self._reviews = {}
        self.scored_out = None

    @property
    def step(self) -> Step:
        raise NotImplementedError

    def legal(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def illegal_try(self) -> None:
        raise NotImplementedError

    def _script(self, actions: tuple[Action, ...]) -> list[Event]:
        raise NotImplementedError

    def _position_for(self, index: int) -> tuple[int, Position]:
        raise NotImplementedError

    def scored_hand(self) -> ScoredOut | None:
        """The played-out hand at its end, while the step reads its review: no move made
        since the score (a step that deals on has left it)."""
        out = self.scored_out
        if out is None or self.match is None or len(self.match.actions) != len(out.moves):
            return None
        return out

    def replay_focus(self) -> tuple[HandHistory, Row] | None:
        """A ``replay = n`` step: the played-out hand told from its deal, and its n-th
        costliest decision (the one the table's hand review opens the replay at)."""
        n = self.step.replay
        if not n:
            return None
        out = self.scored_hand()
        if out is None:
            raise ValueError(f"replay = {n}: no hand has been played out and scored before "
                             "this step")
        ranked = out.review.ranked()
        if n > len(ranked):
            raise ValueError(f"replay = {n}: the hand has {len(ranked)} graded decisions")
        assert self.match is not None
        _, pos = self._position_for(self.index)
        start, moves = dealt_of(self.match.rules, pos, self.lesson.source)
        hand = GameHand(start.hand_no, start, moves + out.moves, 0, out.review.hand.result)
        return history_of(hand), ranked[n - 1]

    def _play_on(self, events: list[Event]) -> list[Event]:
        """A play-out step: the other seats play (the medium bot) until the learner's turn
        or the hand's end."""
        assert self.match is not None
        out: list[Event] = []
        while hand_over(events + out) is None and self.match.actor not in (-1, 0):
            view = self.match.view(self.match.actor)
            out += self.match.submit(auto_move(len(self.match.actions), view))
        self.log += out
        return out

    def _play_out(self, learner: list[Action] | None) -> None:
        """Play a play-out step again as the learner played it (unplayed: the first legal
        card each time)."""
        assert self.match is not None
        self._begin_out()
        events = self._play_on([])
        moves = iter(learner or ())
        for _ in range(500):  # a hand is far fewer cards than this
            if hand_over(events) is not None:
                break
            action = next(moves, None) or next(a for a in self.legal()
                                               if isinstance(a, PlayCard))
            done = self.match.submit(action)
            self.log += done
            events += done
            events += self._play_on(events)
        self._finish_out(events)

    def _begin_out(self) -> None:
        assert self.match is not None
        self.out_start = (self.match.state, len(self.match.actions))

    def _finish_out(self, events: list[Event]) -> bool:
        """The hand's end: its review is made (once per play). False while it goes on."""
        scored = hand_over(events)
        if scored is None or self.match is None or self.out_start is None:
            return False
        start, first = self.out_start
        moves = tuple(self.match.actions[first:])
        review = self._reviews.get(moves)
        if review is None:
            review = self._reviews[moves] = make_review(start, moves, scored)
        self.review = review
        self.scored_out = ScoredOut(start, tuple(events), tuple(self.match.actions), review)
        return True

    def _try_out(self, action: Action) -> Reply:
        """A card of a play-out step: any legal card goes; the others play on; the step is
        done (and the hand reviewed) when the hand is scored."""
        assert self.match is not None
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            self.illegal_try()
            return Reply(False, str(exc), [], WRONG)
        events = self.match.submit(action)
        self.log += events
        self.played[self.index].append(action)
        events += self._play_on(self.out_events + events)
        self.out_events += events
        if self._finish_out(self.out_events):
            self._script(self.step.after)
            self.done_current = True
        return Reply(True, "", events)

