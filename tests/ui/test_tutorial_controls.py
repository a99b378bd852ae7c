"""Every action a tutorial step expects has its control on screen, and the controls beyond the
cards (claiming, throw-in, declaring out) are offered only where the step's run can judge them.

Issue 24's blockers: the coached toolbar dropped Declare out, so the two-handed lesson on
declaring out and the "Close to the target" puzzle could not be finished; "Claim the rest" went
straight to the engine, so the first hand skipped its add-up step and a lesson step asking for a
card ended its hand."""

import pygame
import pytest

from game.rules.phase import Phase
from game.store.content import load_preset, load_tutorial
from game.ui import assets
from game.ui.coached import coach_of
from game.ui.lessondrive import Driver, drive_lesson, drive_puzzle
from game.ui.scenes.firsthand import FirstHandTutor
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.tricks import TrickScene
from tests.ui.conftest import click, pump

LESSONS, PUZZLES, _ = load_tutorial()


def lesson(name):
    return next(x for x in LESSONS if x.id == name)


def puzzle(name):
    return next(x for x in PUZZLES if x.id == name)


def test_declaring_out_is_done_with_the_coached_tables_own_button():
    pygame.init()
    drv = Driver((1280, 800))
    try:
        assert drive_lesson(drv, lesson("82-two-handed-declaring-out"), None, "") == []
        table = drv.app.top
        coach = coach_of(table)
        assert coach is not None and isinstance(coach.tutor, LessonTutor)
        assert coach.tutor.run.finished
        assert table.toolbar.declare_button in table.toolbar.buttons
        assert drive_puzzle(drv, puzzle("32-declare-out")) == []
        assert coach_of(drv.app.top).tutor.prun.solved
    finally:
        drv.close()


def test_the_driver_fails_a_step_whose_control_is_missing(monkeypatch):
    """The check itself: without the Declare out button, the lesson cannot be finished and the
    driver says which step and why (this is what `tutorial --check` reported before the fix)."""
    pygame.init()
    monkeypatch.setattr(LessonTutor, "offers", lambda self, control: False)
    drv = Driver((1280, 800))
    try:
        failures = drive_lesson(drv, lesson("82-two-handed-declaring-out"), None, "")
    finally:
        drv.close()
    assert failures and "82-two-handed-declaring-out.toml: step 1 [1280x800]: the step's " \
        "answer cannot be given with the controls on screen: the Declare out button is not " \
        "lit" in failures[0]


def test_a_step_asking_for_a_card_offers_no_claim(app):
    scene = LessonTutor(app, lesson("32-racehorse-set-and-throw-in"))
    app.reset(scene.table)
    scene.coach.terms = []
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    assert scene.table.match.can_claim(0)  # the engine would allow it: the lesson does not offer it
    assert "Claim the rest" not in [b.label for b in app.top.buttons]


def test_the_throw_in_step_offers_the_throw_in_button(app):
    scene = LessonTutor(app, lesson("32-racehorse-set-and-throw-in"))
    app.reset(scene.table)
    scene.run.done_current = True
    scene.next()
    scene.next()
    scene.coach.terms = []
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    labels = [b.label for b in app.top.buttons]
    assert any("throw in" in label.lower() for label in labels), labels


def test_a_claim_in_the_first_hand_ends_on_the_add_up_step(app, store):
    first = next(x for x in LESSONS if x.guided is not None)
    scene = FirstHandTutor(app, first, load_preset("racehorse"))
    app.reset(scene.table)
    scene.start_hand()  # past the welcome
    run = scene.run
    while not (run.match.waiting_for_human() and run.match.state.phase == Phase.TRICKS
               and run.match.can_claim(0)):
        if run.match.waiting_for_human():
            run.act(run.suggestion()[0])
        else:
            run.step_others()
        assert run.scored is None, "this deal never offers a claim"
    scene.table.rebuild()
    scene.coach.terms = []
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    claim = next(b for b in app.top.buttons if b.label == "Claim the rest")
    applied = []
    real_apply = scene.table.model.apply
    scene.table.model.apply = lambda e: (applied.append(type(e).__name__), real_apply(e))[1]
    pump(app, 2, events=click(claim.rect.center))
    # The claim is shown as the table shows one (every hand face up, then swept), not held
    # trick by trick: that left the last trick's caption under stale cards (seen at 1024x640).
    assert scene.coach.held is None and applied[0] == "HandClaimed" and "HandScored" in applied
    assert run.phase == "score" and run.sum is not None
    # While the learner adds it up, the score box is the one of the hand just played: its
    # number and its dealer, not the next hand's the engine has moved on to.
    assert scene.table.match.view(0).hand_no == 1 and scene.hides_hand_score()
    from game.ui.table import hud

    drawn = []
    real_info = hud.draw_info
    hud.draw_info = lambda s, surface: (drawn.append((s.board.hand_no, s.board.dealer)),
                                        real_info(s, surface))[1]
    try:
        pump(app, 60)
        app.draw()
    finally:
        hud.draw_info = real_info
    assert drawn[-1] == (0, scene.table.match.state.records[-1].dealer)
    scene.coach.terms = []  # pop-ups are tested on their own
    assert run.match.state.hand_no == 1 and not run.match.waiting_for_human()
    finish = scene.narration.side_buttons[1]
    assert not finish.enabled  # the learner adds the hand up first
    total = next(b for b in scene.narration.task_buttons if b.label == str(run.sum.total))
    pump(app, 2, events=click(total.rect.center))
    verdict = next(b for b in scene.narration.task_buttons
                   if b.label == ("Made" if run.sum.made else "Set"))
    pump(app, 2, events=click(verdict.rect.center))
    assert run.finished and finish.enabled


def test_a_lesson_ends_on_a_recap_with_next_lesson_and_progress_per_table(app, store):
    from game.store.progress import lesson_key
    first = lesson("11-following-suit")
    scene = LessonTutor(app, first, load_preset("cutthroat"))
    app.reset(scene.table)
    run = scene.run
    run.index = len(run.steps) - 1
    run.done_current = True
    scene.next()
    assert scene.recap and "Lesson done" in scene.recap_text()
    labels = [b.label for b in scene.narration.side_buttons]
    assert labels == ["Lessons", "Next lesson"]
    done = store.load_progress()
    assert done.lessons.get(lesson_key(first.id, "cutthroat"))
    assert not done.lessons.get(lesson_key(first.id, "racehorse"))  # another table: not done
    scene.coach.terms = []  # the glossary pop-ups are tested on their own
    pump(app, 2, events=click(scene.narration.side_buttons[1].rect.center))
    following = coach_of(app.top)
    assert following is not None and isinstance(following.tutor, LessonTutor)
    assert following.tutor.lesson.id == scene.next_lesson().id


def test_the_score_box_hides_the_total_being_added_up(app, monkeypatch):
    """The scoring lesson asks for the hand's total: the score box shows the scores as they
    stood before the hand until the learner has answered."""
    from game.ui.table import hud

    drawn = []
    real = hud.draw_info
    monkeypatch.setattr(hud, "draw_info", lambda table, surface: (
        drawn.append(table.board.scores), real(table, surface))[1])
    scene = LessonTutor(app, lesson("18-scoring"), load_preset("racehorse"))
    app.reset(scene.table)
    run = scene.run
    run.done_current = True
    scene.next()
    scene.coach.terms = []
    assert run.step.task == "add-up" and run.sum is not None
    app.draw()
    after = run.match.state.scores
    assert drawn[-1] != after  # the total asked for is not on screen
    scene.pick_sum(run.sum.total)
    scene.pick_made(bool(run.sum.made))
    assert run.done_current
    app.draw()
    assert drawn[-1] == after  # answered: now the score box moves on


def test_the_score_box_hides_the_total_from_the_last_card_on(app, monkeypatch):
    """Seen in the real window at 1280x800: the scoring lesson's first step plays the last
    card, the hand is scored, and the score box showed "You & North 290" before the next step
    asked the learner for that total."""
    from game.rules.actions import PlayCard
    from game.ui.table import hud

    drawn = []
    real = hud.draw_info
    monkeypatch.setattr(hud, "draw_info", lambda table, surface: (
        drawn.append(table.board.scores), real(table, surface))[1])
    scene = LessonTutor(app, lesson("18-scoring"), load_preset("racehorse"))
    app.reset(scene.table)
    run = scene.run
    scene.coach.terms = []
    before = run.match.state.scores
    card = next(a for a in run.legal() if isinstance(a, PlayCard))
    assert scene.act(card) and run.done_current
    pump(app, 120)
    app.draw()
    assert run.match.state.scores != before  # the hand is scored ...
    assert drawn[-1] == before  # ... and its total is not on screen yet


def test_a_button_is_explained_the_first_time_it_is_lit(app, store):
    """The "Close to the target" puzzle's text never says "declare out": the pop-up comes from
    the button being lit, once."""
    from game.ui.scenes.puzzle import PuzzleTutor

    scene = PuzzleTutor(app, puzzle("32-declare-out"), [puzzle("32-declare-out")])
    app.reset(scene.table)
    pump(app, 30)
    assert scene.table.toolbar.declare_button.enabled
    assert "button-declare-out" in [t.id for t in scene.coach.terms]
    assert "button-declare-out" in store.load_progress().terms
    again = PuzzleTutor(app, puzzle("32-declare-out"), [puzzle("32-declare-out")])
    app.reset(again.table)
    pump(app, 30)
    assert "button-declare-out" not in [t.id for t in again.coach.terms]  # once only


def test_the_first_hand_waits_on_its_welcome(app):
    """Issue 36: the welcome (Hint and what it costs) was replaced by the auction's words as
    soon as the cards were dealt. The hand now waits, the welcome shown and no prompt up,
    until the learner presses Start the hand."""
    first = next(x for x in LESSONS if x.guided is not None)
    scene = FirstHandTutor(app, first, load_preset("racehorse"))
    app.reset(scene.table)
    pump(app, 400)  # the deal, and long enough for any bot to move
    assert scene.table.match.state.phase == Phase.AUCTION and not scene.welcomed
    assert not scene.wants_action() and not scene.table.match.actions[1:]
    assert scene.narration.task_buttons == [scene.start_button]
    drawn = []
    real = scene.narration.draw
    scene.narration.draw = lambda *a, **k: (drawn.append(a[3]), real(*a, **k))[1]
    app.draw()
    assert drawn[-1].startswith("Welcome to Racehorse.") and "hint star" in drawn[-1]
    pump(app, 2, events=click(scene.start_button.rect.center))
    assert scene.welcomed and scene.wants_action()
    app.draw()
    assert drawn[-1].startswith("The auction.")


def test_a_bid_bubble_stays_clear_of_the_coachs_panel(app, monkeypatch):
    """Issue 36: East's bid bubble sat under the coach's panel at 1024x640."""
    from game.ui.table import hud

    first = next(x for x in LESSONS if x.guided is not None)
    scene = FirstHandTutor(app, first, load_preset("racehorse"))
    table = scene.table
    app.reset(table)
    table.resize((1024, 640))
    lay = table.layout
    east = lay.top_right()
    panel = scene.coach.narration_rect()
    w = assets.font(lay.font, True).size("250")[0] + lay.font

    def box(x: float, y: float) -> pygame.Rect:
        return pygame.Rect(x - w / 2, y - lay.font * 0.8, w, lay.font * 1.6)

    assert panel.colliderect(box(*lay.bubble_pos(east)))  # where it sat: under the panel
    drawn = []
    monkeypatch.setattr(hud, "bubble", lambda surface, text, pos, size: drawn.append(pos))
    table.model.talk.bubbles = {east: "250"}
    hud.draw_seats(table, pygame.Surface((1024, 640)))
    assert len(drawn) == 1
    x, y = drawn[0]
    assert not panel.colliderect(box(x, y))
    assert panel.right <= x - w / 2 and x + w / 2 <= 1024  # between the panel and East


def test_the_first_hands_claim_is_shown_before_it_is_swept(app, store):
    """Issue 36: after Claim the rest the first hand went straight to its add-up on an empty
    table: the phase change laid the panel out with a resize, which finishes every animation
    at once. The trick on the table is completed with the learner's card and the claimed
    cards are shown face up, each for a while, before the sweep."""
    first = next(x for x in LESSONS if x.guided is not None)
    scene = FirstHandTutor(app, first, load_preset("racehorse"))
    table = scene.table
    app.reset(table)
    scene.start_hand()
    run = scene.run
    while not (run.match.waiting_for_human() and run.match.state.phase == Phase.TRICKS
               and run.match.can_claim(0)):
        if run.match.waiting_for_human():
            run.act(run.suggestion()[0])
        else:
            run.step_others()
    table.rebuild()
    scene.coach.terms = []
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    on_table = len(table.model.tricks.trick)
    claim = next(b for b in app.top.buttons if b.label == "Claim the rest")
    pump(app, 1, events=click(claim.rect.center))
    seen = []  # (cards shown, a claim?) frame by frame
    for _ in range(600):
        pump(app, 1)
        shown = table.model.tricks.shown
        seen.append((len(shown.sprites), shown.claim) if shown is not None else None)
        if not table.timeline.busy:
            break
    claims = [n for s in seen if s is not None for n, c in [s] if c]
    tricks = [n for s in seen if s is not None for n, c in [s] if not c]
    assert on_table and tricks and max(tricks) == table.match.rules.players, seen[:5]
    assert len(claims) >= 10, "the claimed cards were not shown"  # frames on show
    assert seen[-1] is None  # swept at last


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_claims_banner_stays_clear_of_the_coachs_panel(app, monkeypatch, size):
    """Issue 36, seen at 1280x800: "You claim the last 6 tricks: +…", its points under the
    coach's panel."""
    from game.ui.table import hud
    from game.ui.table.trickmodel import ShownTrick

    first = next(x for x in LESSONS if x.guided is not None)
    scene = FirstHandTutor(app, first, load_preset("racehorse"))
    table = scene.table
    app.reset(table)
    table.resize(size)
    lay = table.layout
    table.model.tricks.shown = ShownTrick([], table.human, 180, lit=True, claim=True, tricks=6)
    drawn = []
    monkeypatch.setattr(hud, "bubble", lambda surface, text, pos, size, colour=None:
                        drawn.append((text, pos)))
    hud.draw_shown_trick(table, pygame.Surface(size))
    (text, (x, y)), = drawn
    assert text == "You claim the last 6 tricks: +180"
    w = assets.font(lay.font_big, True).size(text)[0] + lay.font_big
    box = pygame.Rect(x - w / 2, y - lay.font_big * 0.9, w, lay.font_big * 1.8)
    assert not box.colliderect(scene.coach.narration_rect()) and box.left >= 0
