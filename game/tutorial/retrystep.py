"""Retry and Play it out in the review lesson (issue 40, item 6).

After the learner has played the lesson's hand out and read its review, a ``retry = n`` step
sets the hand's n-th costliest decision up again without the answer (the table's *Find a better
play*), and a ``play_out = n`` step plays the hand on from it twice, from the best card and
from the learner's, by the expert in every seat (the table's *Play it out*).

Both are the table's own features, fed a :class:`~game.store.learning.PracticeItem` made from
the lesson's hand: the game's record from its seed (the lesson's deal must be its seed's own,
which :func:`lesson_item` checks) to the hand's score. So the learner's answer is judged by
:func:`game.match.retry.judge` on the review's values, and the lines the lesson's text reads
are those :mod:`game.match.playout` plays from the same seed as the worker behind the table's
Play it out screen: one deterministic play-out, not a second one made up for the text.

Figures reach the prose only through ``{playout:<what>:<line>}`` fields (:func:`playout_field`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.match.playout import Line, LineReader, play_out
from game.match.playoutjob import play_out_task, seed_of
from game.match.retry import Moment, Verdict, answer_words, judge, set_up
from game.match.review import Graded
from game.rules.actions import Action, Deal, PlayCard
from game.rules.engine import replay
from game.rules.events import TrickWon
from game.rules.ruleset import RuleSet
from game.store.content import preset_names
from game.store.learning import PracticeItem
from game.store.lessons import Position
from game.store.reviews import option_key
from game.tutorial.handreview import LESSON_BUDGET
from game.tutorial.playoutstep import ScoredOut
from game.tutorial.positions import dealt_of

LINES = ("best", "yours")


@dataclass(frozen=True)
class LessonDecision:
    """The n-th costliest decision of the lesson's hand, as Retry and Play it out take it."""

    item: PracticeItem
    moment: Moment


def lesson_item(rules: RuleSet, pos: Position, source: str, out: ScoredOut, n: int
                ) -> LessonDecision:
    """The scored hand's n-th costliest decision as a practice item: the game from its seed
    (``deal``, the position's moves, every move since) to the hand's score. ValueError when the
    position is not its seed's deal (Retry would set up another hand's cards), or no such
    decision."""
    if rules.name not in preset_names():
        raise ValueError(f"Retry replays a preset's game; {rules.name!r} is not one")
    dealt, pos_moves = dealt_of(rules, pos, source)
    from_seed, _ = replay(rules, pos.seed, [Deal()])
    if from_seed != dealt:
        raise ValueError(f"the position's deal is not seed {pos.seed}'s: Retry and Play it "
                         "out replay the game from its seed (write the seed's own deal)")
    ranked = out.review.ranked()
    if not 1 <= n <= len(ranked):
        raise ValueError(f"the hand has {len(ranked)} graded decisions, not a decision {n}")
    decision = ranked[n - 1].graded.decision
    hand_moves = out.review.hand.moves
    before = len(pos_moves) + len(out.moves) - len(hand_moves)  # moves before the play-out
    actions = (Deal(), *pos_moves, *out.moves)
    seats = ("human",) + ("medium",) * (rules.players - 1)
    item = PracticeItem(rules.name, rules.name, None, rules.source, pos.seed, seats,
                        tuple(str(a) for a in actions), 0, LESSON_BUDGET,
                        dataclasses.replace(decision, index=1 + before + decision.index))
    return LessonDecision(item, set_up(item))


# -- Retry ---------------------------------------------------------------------------------
def retry_verdict(decision: LessonDecision, action: Action) -> Verdict | None:
    """The learner's answer judged as at the table (None: the review did not analyse it)."""
    return judge(decision.item.decision, decision.moment.view, action)


def retry_answer(decision: LessonDecision) -> str:
    """The answer, as the table's Show the answer gives it."""
    return answer_words(decision.item.decision, decision.moment.view)


# -- Play it out ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayedOut:
    """The hand played on from the decision: from the best card and from the learner's."""

    rules: RuleSet
    seat: int  # the learner
    best: Line
    yours: Line

    def line(self, which: str) -> Line:
        if which not in LINES:
            raise ValueError(f"a play-out line is {' or '.join(LINES)}, not {which!r}")
        return self.best if which == "best" else self.yours


def firsts_of(decision: LessonDecision) -> list[Action]:
    """The lines' first actions as the Play it out screen takes them: the best, then the
    learner's own when it is another card."""
    legal = decision.moment.view.legal
    d = decision.item.decision

    def pick(action: Action) -> Action:
        return next(a for a in legal if option_key(a) == option_key(action))

    best, mine = pick(Graded(d).best.action), pick(d.chosen)
    return [best] if option_key(best) == option_key(mine) else [best, mine]


def played_out(decision: LessonDecision) -> PlayedOut:
    """Both lines, played as the table's Play it out worker plays them (its seed, its
    expert), each read back through the engine."""
    d = decision.item.decision
    if not isinstance(d.chosen, PlayCard):
        raise ValueError("the lesson's play-out reads the trick of a card: the decision is "
                         f"{d.chosen}")
    firsts = firsts_of(decision)
    start = decision.moment.start
    lines: dict[int, tuple[Action, ...]] = {}
    for i, actions, _ in play_out(start, firsts, seed_of(play_out_task(decision.item, firsts))):
        lines[i] = actions
    read = [LineReader(start, d.seat).feed(lines[i]) for i in range(len(firsts))]
    for line in read:
        if line.result is None or not line.tricks:
            raise ValueError("a played-out line did not reach the hand's score")
    return PlayedOut(decision.moment.rules, d.seat, read[0], read[-1])


def _trick(line: Line) -> TrickWon:
    """The trick the line's first card falls in."""
    return line.tricks[0]


def _seat(p: PlayedOut, seat: int) -> str:
    return "you" if seat == p.seat else p.rules.seating.name(seat)


def playout_field(p: PlayedOut | None, arg: str) -> str:
    """``{playout:<what>:<line>}`` (line: best or yours): ``card`` the line's first card,
    ``taker`` who takes that trick ("you" or a seat), ``with`` the card it is taken with,
    ``points`` the trick's points, ``score`` the hand's score in the review's units (the
    learner's side minus the others), ``contract`` made or set."""
    if p is None:
        raise ValueError("no play-out here: it follows a played-out, reviewed hand (play_out "
                         "= n)")
    what, _, which = arg.partition(":")
    line = p.line(which)
    trick = _trick(line)
    taken_with = next(c for s, c in trick.cards if s == trick.seat)
    result = line.result
    assert result is not None and line.score is not None  # played_out checks both
    first = line.first
    fields = {"card": first.card.pretty if isinstance(first, PlayCard) else str(first),
              "taker": _seat(p, trick.seat), "with": taken_with.pretty,
              "points": str(trick.points), "score": f"{line.score:+.0f}",
              "contract": {True: "made", False: "set", None: "not bid"}[result.bid_made]}
    if what not in fields:
        raise ValueError(f"unknown play-out figure {what!r} (known: {', '.join(fields)})")
    return fields[what]


@dataclass
class Revisits:
    """The decisions and play-outs one lesson run has set up, each made once per played hand
    (a step entered again, or its text drawn, does not play the lines again)."""

    decisions: dict[tuple[tuple[Action, ...], int], LessonDecision] = dataclasses.field(
        default_factory=dict)
    lines: dict[tuple[tuple[Action, ...], int], PlayedOut] = dataclasses.field(
        default_factory=dict)

    def decision(self, rules: RuleSet, pos: Position, source: str, out: ScoredOut, n: int
                 ) -> LessonDecision:
        key = (out.moves, n)
        if key not in self.decisions:
            self.decisions[key] = lesson_item(rules, pos, source, out, n)
        return self.decisions[key]

    def played(self, out: ScoredOut, n: int, decision: LessonDecision) -> PlayedOut:
        key = (out.moves, n)
        if key not in self.lines:
            self.lines[key] = played_out(decision)
        return self.lines[key]
