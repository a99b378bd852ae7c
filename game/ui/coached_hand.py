"""The review lesson's hand at the table (issue 28, item 7): once the learner has played it out,
the steps that read its review keep it on the table as it ended (the engine has moved on to
the next deal), and a ``replay = n`` step opens the replay at the hand's n-th costliest
decision: the same replay the table's hand review opens when a decision is clicked. A
``retry = n`` and a ``play_out = n`` step open the table's Find a better play and Play it out
there (issue 40, item 6)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from game.match.controller import Match, replay_from
from game.match.retry import Listener, Verdict
from game.rules.actions import Deal
from game.rules.view import PlayerView, observe, redact
from game.tutorial.playoutstep import ScoredOut
from game.tutorial.runner import LessonRun
from game.ui.coached import Coach
from game.ui.scene import Route
from game.ui.table.faces import PromptTable


def show_scored(coach: Coach, out: ScoredOut) -> None:
    """Lay the table out as the hand ended: the play-out's cards gone to the piles (their
    labels give the points the result counted), and the score box on the hand just played,
    its auction and contract, with the scores after it."""
    coach.load(out.start)
    scene = coach.table
    timeline = scene.timeline
    speed, timeline.speed = timeline.speed, 0  # no animation: the step opens on the end
    try:
        for event in out.events:
            scene.model.apply(redact(event, scene.human))
        timeline.finish_all()
    finally:
        timeline.speed = speed
    scene.model.sounds.clear()
    after = scene.match.view(scene.human)
    scene.board = dataclasses.replace(observe(out.start, scene.human), scores=after.scores,
                                      running=(), records=after.records)


def dealt_past_board(match: Match, seat: int, upto: int) -> PlayerView | None:
    """The score box's board for a step that opens between hands, after the first ``upto``
    actions of ``match``: the engine has scored the hand the lesson played and dealt the next
    (lessons 18 and 32 add that hand up or read its result there, and the table showed "Hand
    2", the next dealer and an emptied auction). The hand as it ended (its number, dealer,
    auction and contract) with the scores after it; None when the step opens inside a hand."""
    if match.initial is None:
        return None
    actions = match.actions[:upto]
    now = replay_from(match.initial, actions)
    # the hand ended by the last action, or by the one before the next hand's deal
    back = 2 if actions and isinstance(actions[-1], Deal) else 1
    if len(actions) < back:
        return None
    before = replay_from(match.initial, actions[:-back])
    if len(before.records) == len(now.records):
        return None
    after = observe(now, seat)
    return dataclasses.replace(observe(before, seat), scores=after.scores, running=(),
                               records=after.records)


def show_hand_end(coach: Coach, run: LessonRun) -> None:
    """A step reading a hand that has ended: the play-out's hand as it ended (a step after a
    play-out step), or the board of a hand the engine has dealt past (a step opening between
    hands)."""
    scored = run.scored_hand() if run.step.task != "play-out" else None
    if scored is not None:
        show_scored(coach, scored)
    elif run.match is not None:
        coach.keep_board(dealt_past_board(run.match, coach.human, run.pre_actions))


def open_replay(scene: PromptTable, run: LessonRun) -> str:
    """Open the replay a ``replay = n`` step of ``run`` asks for, over ``scene``; returns the
    reason it cannot be opened ("" when it is open or not asked for). ``pinochle tutorial
    --check`` refuses such a step."""
    try:
        focus = run.replay_focus()
    except ValueError as exc:
        return f"(The replay cannot be opened: {exc})"
    if focus is not None:
        history, row = focus
        scene.app.open(Route.REPLAY, table=scene, hand_no=history.hand_no, focus=row,
                       history=history)
    return ""


def open_revisit(scene: PromptTable, run: LessonRun, listener: Listener) -> str:
    """Open what a ``retry = n`` or ``play_out = n`` step of ``run`` asks for over ``scene``:
    the table's Find a better play at the hand's n-th costliest decision (its verdicts told to
    ``listener``, the lesson, and kept out of the learning file), or its Play it out. Returns
    the reason it cannot be opened ("" when it is open or not asked for)."""
    step = run.step
    try:
        retry, out = run.revisit(step.retry), run.revisit(step.play_out)
    except ValueError as exc:
        return f"(This step cannot be opened: {exc})"
    if retry is not None:
        scene.app.open(Route.RETRY, items=[retry.item], table=scene,
                       title="Find a better play", listener=listener)
    if out is not None:
        scene.app.open(Route.PLAY_OUT, item=out.item, table=scene)
    return ""


class RetryTold:
    """What a lesson's retry step hears from Find a better play: each verdict judged again by
    the run (a wrong try costs its star; found ends the step), and the answer asked for (the
    hint's star)."""

    def __init__(self, run: LessonRun, coach: Coach, refresh: Callable[[], None]) -> None:
        self.run, self.coach, self.refresh = run, coach, refresh

    def answered(self, verdict: Verdict) -> None:
        if self.run.step.retry and not self.run.done_current:
            reply = self.run.retry_judged(verdict)
            self.coach.answer("Found: press Next." if reply.ok else "", reply.tone)
            self.refresh()

    def shown(self) -> None:
        if self.run.step.retry and not self.run.done_current:
            self.run.retry_shown()
            self.coach.answer("The answer is shown: press Next.", "neutral")
            self.refresh()
