"""Playing the tutorial's scenes the way a learner does, frame by frame, for measurements,
screenshots and tests: every answer goes through the window's own prompts and buttons, and the
time counted is the app's simulated time at the chosen animation speed.

``play_lesson`` and ``play_first_hand`` return a ``Measure``: the seconds spent animating and
waiting for the bots, the words the learner was shown (narration, replies, trick captions,
glossary pop-ups) and the actions they took (moves, clicks on a held trick, sums, selections).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.actions import PlayCard
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson
from game.ui.app import App
from game.ui.coached import Coach, coach_of

DT = 1 / 60
DISPLAY_WORDS = 15  # a meld or result display: a glance at a few names and numbers
Shot = Callable[[str], None]


@dataclass
class Measure:
    seconds: float = 0.0
    words: int = 0
    actions: int = 0
    log: list[str] = field(default_factory=list)

    def read(self, text: str) -> None:
        self.words += len(text.split())


def table_of(app: App) -> Coach:
    """The coach of the tutorial's table on the stack."""
    for scene in reversed(app.stack):
        coach = coach_of(scene)
        if coach is not None:
            return coach
    raise AssertionError(f"no tutorial table on the stack: {app.stack}")


def settle(app: App, measure: Measure, limit: float = 30.0) -> None:
    """Run frames until the table is still and waiting for the learner (or a held trick)."""
    from game.ui.overlay import Display

    waited = 0.0
    while waited < limit:
        table = table_of(app)
        top = app.top
        if isinstance(top, Display):
            top.close()  # the display decides: the meld display ignores a click at first
            if app.top is not top:
                measure.words += DISPLAY_WORDS
                measure.actions += 1
                continue
            app.step(DT)
            waited += DT
            measure.seconds += DT
            continue
        idle = not table.table.timeline.busy and (
            top is not table.table or not table.tutor.wants_action()
            or table.held is not None or table.terms)
        if idle and top.__class__.__name__ != "DealScene" and not _bots_to_move(table):
            return
        app.step(DT)
        app.draw()
        waited += DT
        measure.seconds += DT
    stack = [type(s).__name__ for s in app.stack]
    raise AssertionError(f"the tutorial did not settle in {limit} s: {stack}, phase "
                         f"{table.match.state.phase}, held {table.held}")


def _bots_to_move(table: Coach) -> bool:
    run = getattr(table.tutor, "run", None)
    return (run is not None and hasattr(run, "step_others") and run.scored is None
            and not table.match.waiting_for_human() and table.held is None and not table.terms
            and (getattr(table, "welcomed", True) or table.match.state.phase == "deal"))


def clear_popups(app: App, measure: Measure) -> None:
    table = table_of(app)
    while table.terms:
        for term in table.terms[:3]:
            measure.read(table.term_text(term))
        table.dismiss_term()
        measure.actions += 1
    if table.held is not None:
        measure.read(table.trick_caption())
        table.release_held()
        measure.actions += 1


def prompt_act(app: App, action: object) -> bool:
    """Answer through the prompt the table put up (the bid panel, the card picker ...)."""
    top = app.top
    if top is not None and hasattr(top, "table") and hasattr(top, "act"):
        top.act(action)  # an overlay over any table, the tutorial's or the game's
        return True
    return bool(table_of(app).act(action))  # type: ignore[arg-type]


def play_lesson(app: App, lesson: Lesson, rules: RuleSet | None, shot: Shot | None = None
                ) -> Measure:
    from game.ui.scenes.lesson import LessonTutor

    scene = LessonTutor(app, lesson, rules)
    app.reset(scene.table)
    m = Measure()
    while True:
        settle(app, m)
        if shot:
            shot(f"step{scene.run.index + 1}")
        clear_popups(app, m)
        settle(app, m)
        m.read(scene.text())
        _answer_step(app, scene, m)
        settle(app, m)
        if shot and scene.run.step.asks:
            shot(f"step{scene.run.index + 1}-done")
        m.read(scene.narration.reply)
        while scene.coach.held is not None or scene.coach.terms:
            clear_popups(app, m)
            settle(app, m)
        assert scene.run.done_current, \
            f"{lesson.id} step {scene.run.step.number}: {scene.narration.reply}"
        last = scene.run.index == len(scene.run.steps) - 1
        scene.next()
        m.actions += 1
        if last:
            return m


def _answer_step(app: App, scene: object, m: Measure) -> None:
    from game.ui.scenes.lesson import LessonTutor

    assert isinstance(scene, LessonTutor)
    run, step = scene.run, scene.run.step
    if step.expects or step.any_legal:
        answers = run.answers() if step.expects else tuple(
            a for a in run.legal() if isinstance(a, PlayCard))[:1]
        prompt_act(app, answers[0])
        m.actions += 1
    elif step.task == "play-out":
        for _ in range(100):  # far more cards than a hand has
            if run.done_current:
                break
            settle(app, m)
            prompt_act(app, next(a for a in run.legal() if isinstance(a, PlayCard)))
            m.actions += 1
    elif step.task == "build-meld":
        need = Counter(run.build_cards())
        picked = 0
        for i, sp in enumerate(scene.picker.sprites):
            if need[sp.card] > 0:
                need[sp.card] -= 1
                scene.toggle(i)
                picked += 1
        scene.count()
        m.actions += 1 + picked // 3  # picking cards is quicker than deciding on one
    elif step.task == "add-up" and run.sum is not None:
        scene.pick_sum(run.sum.total)
        m.actions += 1
        if run.sum.kind == "hand":
            scene.pick_made(bool(run.sum.made))
            m.actions += 1


def play_first_hand(app: App, lesson: Lesson, rules: RuleSet, shot: Shot | None = None,
                    limit: int = 600) -> Measure:
    """The guided hand, the learner following the coach at every turn."""
    from game.ui.scenes.firsthand import FirstHandTutor

    scene = FirstHandTutor(app, lesson, rules)
    app.reset(scene.table)
    m = Measure()
    seen: set[str] = set()
    for _ in range(limit):
        settle(app, m, limit=120)
        clear_popups(app, m)
        if not scene.welcomed:  # the welcome, read before the hand starts
            m.read(scene.run.narration("deal"))
            if shot:
                shot("welcome")
            scene.start_hand()
            m.actions += 1
            continue
        phase = scene.run.phase
        if phase not in seen:
            seen.add(phase)
            m.read(scene.run.narration())
            if shot:
                shot(phase.replace(" ", "-"))
        if scene.run.scored is not None:
            break
        if scene.table.match.waiting_for_human():
            action, reason = scene.run.suggestion()
            m.read(reason)
            prompt_act(app, action)
            m.actions += 1
    task = scene.run.sum
    if task is not None:
        m.read(" ".join(f"{label} {value}" for label, value in task.parts))
        scene.pick_sum(task.total)
        scene.pick_made(bool(task.made))
        m.actions += 2
        m.read(scene.narration.reply)
        if shot:
            shot("score-added")
    scene.finish()
    m.actions += 1
    return m
