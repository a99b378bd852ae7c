"""The review lesson's hand at the table (issue 28, item 7): once the learner has played it out,
the steps that read its review keep it on the table as it ended (the engine has moved on to
the next deal), and a ``replay = n`` step opens the replay at the hand's n-th costliest
decision: the same replay the table's hand review opens when a decision is clicked."""

from __future__ import annotations

import dataclasses

from game.rules.view import observe, redact
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
