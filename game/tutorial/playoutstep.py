"""A lesson step that plays the hand to its end (``task = "play-out"``): the learner plays
any legal card, the other seats the medium bot's, and the scored hand is reviewed
(:mod:`game.tutorial.handreview`), once per play, for the steps that read the review.

:class:`PlayOut` is the part of a lesson run that remembers play-outs: the cards the learner
played in each play-out step, where the one in progress began, and the review of the hand it
ended in. The run (:class:`game.tutorial.runner.LessonRun`) holds one and hands it the match
the lesson is on; it keeps the lesson's log and steps, and judges illegal cards itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.match.controller import Match
from game.match.history import HandHistory, history_of
from game.match.reviewread import Row
from game.rules.actions import Action, PlayCard
from game.rules.events import Event
from game.rules.gamehands import GameHand
from game.rules.state import GameState
from game.store.lessons import Position
from game.tutorial.handreview import LessonReview, auto_move, hand_over, make_review
from game.tutorial.positions import dealt_of

MAX_CARDS = 500  # a replayed play-out is far fewer cards than this


@dataclass(frozen=True)
class ScoredOut:
    """A played-out hand at its end, for the steps that read its review: the table shows it
    (not the next deal the engine has moved on to) and the replay opens on it."""

    start: GameState  # where the play-out began
    events: tuple[Event, ...]  # what it did, to the hand's score
    moves: tuple[Action, ...]  # every move since the lesson's position, to the hand's score
    review: LessonReview


@dataclass
class PlayOut:
    """The play-outs of one lesson run."""

    played: dict[int, list[Action]] = field(default_factory=dict)  # the learner's, by step
    start: tuple[GameState, int] | None = None  # where the one in progress began, moves before
    events: list[Event] = field(default_factory=list)  # its events so far
    review: LessonReview | None = None  # the played-out hand's review
    scored: ScoredOut | None = None  # the hand as it ended, while nothing has moved since
    _reviews: dict[tuple[Action, ...], LessonReview] = field(default_factory=dict)  # per play

    def begin(self, match: Match, step: int, before: list[Event]) -> list[Event]:
        """Step ``step`` starts a play-out on ``match`` (after the step's script, whose events
        are ``before``): the other seats play up to the learner's turn; returns their events."""
        self.start = (match.state, len(match.actions))
        self.events = play_on(match, before)
        self.played[step] = []
        return self.events

    def replay(self, match: Match, step: int) -> list[Event]:
        """Play step ``step``'s play-out again as the learner played it (unplayed: the first
        legal card each time), to the hand's end; returns every event."""
        self.start = (match.state, len(match.actions))
        events = play_on(match, [])
        moves = iter(self.played.get(step) or ())
        for _ in range(MAX_CARDS):
            if hand_over(events) is not None:
                break
            action = next(moves, None) or next(a for a in match.legal()
                                               if isinstance(a, PlayCard))
            events += match.submit(action)
            events += play_on(match, events)
        self.finish(match, events)
        return events

    def take(self, match: Match, step: int, action: Action) -> tuple[list[Event], bool]:
        """The learner's legal card in step ``step``: the others play on. Returns the events
        and whether the hand is over (then it is reviewed)."""
        events = match.submit(action)
        self.played[step].append(action)
        events += play_on(match, self.events + events)
        self.events += events
        return events, self.finish(match, self.events)

    def finish(self, match: Match, events: list[Event]) -> bool:
        """The hand's end: its review is made (once per play). False while it goes on."""
        scored = hand_over(events)
        if scored is None or self.start is None:
            return False
        start, first = self.start
        moves = tuple(match.actions[first:])
        review = self._reviews.get(moves)
        if review is None:
            review = self._reviews[moves] = make_review(start, moves, scored)
        self.review = review
        self.scored = ScoredOut(start, tuple(events), tuple(match.actions), review)
        return True

    def scored_hand(self, match: Match | None) -> ScoredOut | None:
        """The played-out hand at its end, while the step reads its review: no move made
        since the score (a step that deals on has left it)."""
        out = self.scored
        if out is None or match is None or len(match.actions) != len(out.moves):
            return None
        return out

    def replay_focus(self, match: Match | None, n: int, pos: Position, source: str
                     ) -> tuple[HandHistory, Row] | None:
        """A ``replay = n`` step: the played-out hand told from its deal (the lesson's
        position ``pos``), and its n-th costliest decision (the one the table's hand review
        opens the replay at)."""
        if not n:
            return None
        out = self.scored_hand(match)
        if out is None or match is None:
            raise ValueError(f"replay = {n}: no hand has been played out and scored before "
                             "this step")
        ranked = out.review.ranked()
        if n > len(ranked):
            raise ValueError(f"replay = {n}: the hand has {len(ranked)} graded decisions")
        start, moves = dealt_of(match.rules, pos, source)
        hand = GameHand(start.hand_no, start, moves + out.moves, 0, out.review.hand.result)
        return history_of(hand), ranked[n - 1]


def play_on(match: Match, events: list[Event]) -> list[Event]:
    """The other seats play (the medium bot) until the learner's turn or the hand's end
    (``events``: the play-out's so far, to see whether the hand is over)."""
    out: list[Event] = []
    while hand_over(events + out) is None and match.actor not in (-1, 0):
        view = match.view(match.actor)
        out += match.submit(auto_move(len(match.actions), view))
    return out
