"""``tutorial --check`` plays the guided first hand through the window's controls, on every table
it runs on: each of the learner's moves (the coach's advice in the auction and the exchanges,
the medium bot's card in the tricks, as ``check_guided`` plays it) is made with the prompt's own
buttons or a click on the card, the displays are closed with their Continue button, the score
is added up with the panel's buttons and Finish saves the lesson. Every phase's narration, the
coach's Hint and the add-up reply are drawn and must fit their panel.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson
from game.store.progress import lesson_key
from game.tutorial.check_guided import MOVES, learner_move
from game.ui.lessondrive import Driver, cut_texts, make
from game.ui.overlay import Display, Overlay
from game.ui.scenes.firsthand import FirstHandTutor
from game.ui.scenes.play import DealScene

WAIT = 600  # rounds of settling for the bots' moves and the displays (a work limit)


def settle_hand(drv: Driver, scene: FirstHandTutor) -> str | None:
    """Close displays, read pop-ups, sweep tricks and let the bots move, until the learner is
    asked (or the hand is scored); None when so, else what is stuck."""
    app = drv.app
    run = scene.run
    for _ in range(WAIT):
        top = app.top
        if isinstance(top, Display):
            drv.pump(1)
            drv.look()
            if not drv.press(top.cont):
                return f"the {type(top).__name__}'s Continue button is not on screen"
            continue
        coach = scene.coach
        if coach.terms or coach.held is not None or scene.table.timeline.busy:
            drv.settle(coach)
            continue
        if run.scored is not None:
            return None
        if not scene.welcomed and not isinstance(top, DealScene) and \
                scene.table.match.state.phase != Phase.DEAL:
            return None  # the welcome, read before the hand starts
        if not scene.table.match.waiting_for_human() or isinstance(top, DealScene):
            drv.pump(5)
            continue
        if isinstance(top, Overlay):
            return None
        drv.pump(5)  # the prompt is coming
    stack = [type(s).__name__ for s in app.stack]
    return f"the hand does not come back to the learner (stack: {stack})"


def drive_first_hand(drv: Driver, lesson: Lesson, rules: RuleSet) -> list[str]:
    scene = FirstHandTutor(drv.app, lesson, rules)
    drv.app.reset(scene.table)
    run = scene.run
    size = "x".join(map(str, drv.size))
    where = f"{lesson.source} [on {rules.name}] [{size}]"
    out: list[str] = []

    def looked(what: str) -> None:
        drv.pump(1)
        drv.look()
        out.extend(f"{where}: {what}: {c}" for c in cut_texts(scene) if f"{where}: {what}: {c}"
                   not in out)
        scene.narration.cut.clear()

    for _ in range(MOVES):
        stuck = settle_hand(drv, scene)
        if stuck:
            return [*out, f"{where}: {stuck}"]
        if not scene.welcomed:
            looked("the welcome")
            if not drv.press(scene.start_button):
                return [*out, f"{where}: the welcome's {scene.start_button.label!r} button "
                              f"cannot be pressed"]
            continue
        looked(f"the {run.phase} narration")
        if run.scored is not None:
            break
        if drv.press(scene.narration.side_buttons[0]):  # the coach's advice must fit the panel
            looked(f"the coach's hint in the {run.phase}")
        action = learner_move(run)
        before = len(run.match.actions)
        problem = make(drv, scene, action)
        drv.pump(2)
        if problem or len(run.match.actions) == before:
            return [*out, f"{where}: the learner's {action} in the {run.phase} cannot be made "
                          f"with the controls on screen: {problem or 'it was refused'}"]
    else:
        return [*out, f"{where}: the hand does not end in {MOVES} moves"]
    return out + _add_up(drv, scene, where, looked)


def _add_up(drv: Driver, scene: FirstHandTutor, where: str, looked: Callable[[str], None]
            ) -> list[str]:
    run = scene.run
    drv.pump(2)
    task = run.sum
    if task is not None:
        total = next((b for b in scene.narration.task_buttons if b.label == str(task.total)), None)
        if total is None or not drv.press(total):
            return [f"{where}: the score's total {task.total} has no button"]
        word = "Made" if task.made else "Set"
        verdict = next((b for b in scene.narration.task_buttons if b.label == word), None)
        if verdict is None or not drv.press(verdict):
            return [f"{where}: no {word} button for the score"]
        looked("the add-up reply")
        if not run.summed:
            return [f"{where}: the right sum is refused: {scene.narration.reply}"]
    finish = scene.narration.side_buttons[1]
    if not drv.press(finish):
        return [f"{where}: Finish is not lit after the score"]
    progress = drv.app.store.load_progress()
    if not progress.lessons.get(lesson_key(scene.lesson.id, scene.run.rules.name)):
        return [f"{where}: Finish did not keep the lesson as done"]
    return []

