"""The tutorial in the window: lessons answer wrong moves with the rule, progress is kept."""

from game.rules.actions import parse_action
from game.store.content import load_tutorial
from game.ui.scenes.lesson import LessonScene, PuzzleScene
from game.ui.scenes.tricks import TrickScene
from game.ui.scenes.tutorial import LessonMenuScene
from tests.ui.conftest import click, pump


def test_lesson_replies_with_the_rule_then_moves_on(app):
    lessons, _, _ = load_tutorial()
    lesson = next(x for x in lessons if x.id == "02-following-suit")
    scene = LessonScene(app, lesson)
    app.reset(scene)
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    tricks = app.top
    sprites = tricks.picker.sprites
    ten = next(sp for sp in sprites if str(sp.card) == "TH")
    pump(app, 2, events=click((round(ten.rect.left + 5), round(ten.rect.centery))))
    assert "Rule 2" in scene.reply and not scene.run.done_current
    assert not scene.side_buttons[1].enabled  # Next waits for the right move
    ace = next(sp for sp in sprites if str(sp.card) == "AD")
    pump(app, 2, events=click((round(ace.rect.left + 5), round(ace.rect.centery))))
    assert scene.run.done_current and scene.side_buttons[1].enabled
    scene.next()
    assert scene.run.index == 1


def test_finishing_a_lesson_records_progress(app, store):
    lessons, _, _ = load_tutorial()
    lesson = next(x for x in lessons if x.id == "09-arounds-and-doubles")  # reading only
    scene = LessonScene(app, lesson)
    app.reset(scene)
    for _ in lesson.steps:
        pump(app, 5)
        scene.next()
    assert store.load_progress().lessons == {lesson.id: True}
    assert isinstance(app.top, LessonMenuScene)


def test_puzzle_grades_the_answer(app, store):
    _, puzzles, _ = load_tutorial()
    scene = PuzzleScene(app, puzzles[0], puzzles)
    app.reset(scene)
    pump(app, 10)
    assert not scene.act(parse_action("play 9C"))  # legal, not best
    assert scene.act(parse_action("play KC"))
    assert store.load_progress().puzzles[puzzles[0].id] == "solved"
    assert "counter" in scene.reply


def test_the_whole_lesson_track_can_be_completed_in_the_window(app, store):
    """Every lesson, every step, answered through the table's own overlays."""
    lessons, _, _ = load_tutorial()
    for lesson in lessons:
        scene = LessonScene(app, lesson)
        app.reset(scene)
        for step in lesson.steps:
            pump(app, 200, until=lambda s=scene: not s.timeline.busy and (
                not s.wants_action() or app.top is not s))
            if step.expect is not None:
                overlay = app.top
                assert overlay is not scene, f"{lesson.id} step {step.number}: no prompt shown"
                overlay.act(step.expect)
                assert scene.run.done_current, f"{lesson.id} step {step.number}: {scene.reply}"
            scene.next()
    assert store.load_progress().lessons == {lesson.id: True for lesson in lessons}


def test_exchange_the_dix_puzzle_shows_the_turn_up_and_the_narration(app):
    """In the "Exchange the dix" puzzle the meld-turn prompt sat over the narration panel's
    Hint button and over the turn-up card the puzzle asks about."""
    from game.rules.actions import ExchangeDix
    from game.ui.scenes.stockturn import MeldTurnScene

    _, puzzles, _ = load_tutorial()
    puzzle = next(p for p in puzzles if ExchangeDix() in p.answers)
    scene = PuzzleScene(app, puzzle, puzzles)
    app.reset(scene)
    pump(app, 120)
    prompt = app.top
    assert isinstance(prompt, MeldTurnScene)
    rect = prompt.prompt_panel(app.screen, "Meld after the trick", ["Lay down one meld"],
                               center_x=prompt.center_x)
    assert not rect.colliderect(scene.layout.narration())
    assert not rect.colliderect(scene.model.turnup.rect)
