"""``tutorial --check`` through the window, issue 24's last parts: the guided first hand played
to its score with the window's own controls (on every table, two-handed's melded cards played
from the table), and every reply a step or puzzle can give (the reasons, the engine's refusals,
Hint), the recap and the first hand's narration measured in their panel: each fault planted
here must fail."""

import dataclasses

import pygame
import pytest

from game.store.content import load_preset, load_tutorial
from game.store.progress import lesson_key
from game.ui.coached import Coach, coach_of
from game.ui.firsthanddrive import drive_first_hand
from game.ui.lessondrive import Driver, drive_lesson, drive_puzzle
from game.ui.scenes.firsthand import FirstHandTutor
from game.ui.scenes.tutorial import LessonMenuScene

LESSONS, PUZZLES, _ = load_tutorial()
FIRST = next(x for x in LESSONS if x.guided is not None)


def lesson(name):
    return next(x for x in LESSONS if x.id == name)


def puzzle(name):
    return next(x for x in PUZZLES if x.id == name)


@pytest.fixture
def drv():
    pygame.init()
    driver = Driver((1024, 640))
    yield driver
    driver.close()


@pytest.mark.parametrize("table", ["racehorse", "two-handed"])
def test_the_first_hand_is_played_to_its_score_with_the_controls(drv, table):
    assert drive_first_hand(drv, FIRST, load_preset(table)) == []
    # Finish, pressed, kept the lesson as done on that table and led back to the lessons.
    assert drv.app.store.load_progress().lessons.get(lesson_key(FIRST.id, table))
    assert isinstance(drv.app.top, LessonMenuScene)


def test_a_melded_card_is_played_from_the_table_at_two_handed(drv, monkeypatch):
    """Two-handed keeps melded cards on the table, outside the hand's picker: without the click
    on the table, the driver cannot make the learner's move and says so."""
    monkeypatch.setattr(Coach, "play_from_table", lambda self, pos: False)
    failures = drive_first_hand(drv, FIRST, load_preset("two-handed"))
    assert any("cannot be made with the controls on screen" in f and "table" in f
               for f in failures), failures


def test_a_first_hand_whose_score_has_no_button_fails(drv, monkeypatch):
    monkeypatch.setattr(FirstHandTutor, "_sum_buttons", lambda self: [])
    failures = drive_first_hand(drv, FIRST, load_preset("racehorse"))
    assert any("[on racehorse] [1024x640]: the score's total" in f and "has no button" in f
               for f in failures), failures


def test_an_over_long_first_hand_narration_fails(drv):
    guided = dataclasses.replace(FIRST.guided, say=tuple(
        (phase, text * 12 if phase == "trump" else text) for phase, text in FIRST.guided.say))
    long = dataclasses.replace(FIRST, guided=guided)
    failures = drive_first_hand(drv, long, load_preset("racehorse"))
    assert any("[on racehorse] [1024x640]: the trump narration: the narration runs past its "
               "panel" in f for f in failures), failures


def _longer(step, **fields):
    return dataclasses.replace(step, **fields)


def test_an_over_long_reason_and_recap_fail(drv):
    crawl = lesson("42-double-deck-crawl")
    steps = list(crawl.steps)
    steps[2] = _longer(steps[2], hint=steps[2].hint + " The king is worth keeping." * 40)
    planted = dataclasses.replace(crawl, steps=tuple(steps), summary=crawl.summary * 30)
    failures = drive_lesson(drv, planted, None, "")
    assert any("42-double-deck-crawl.toml: step 3 [1024x640]: the reason for play KS: the "
               "reply is cut" in f for f in failures), failures
    assert any("42-double-deck-crawl.toml [1024x640]: the recap: the narration runs past its "
               "panel" in f for f in failures), failures
    assert drive_lesson(drv, crawl, None, "") == []  # the shipped lesson fits


def test_an_over_long_puzzle_reason_fails(drv):
    shipped = puzzle("45-dd-crawl-cheaply")
    planted = dataclasses.replace(shipped, why_not=shipped.why_not * 30)
    failures = drive_puzzle(drv, planted)
    assert any("45-dd-crawl-cheaply.toml [1024x640]: the reason for play AH: the reply is cut"
               in f for f in failures), failures
    assert drive_puzzle(drv, shipped) == []


def test_an_over_long_refusal_of_an_illegal_card_fails(drv, monkeypatch):
    """The engine's refusal of a card is a reply too: a long one must fit."""
    from game.match.controller import Match

    real = Match.why_not
    monkeypatch.setattr(Match, "why_not",
                        lambda self, action: (real(self, action) or "") * 8 or None)
    failures = drive_lesson(drv, lesson("42-double-deck-crawl"), None, "")
    assert any("the refusal of the J♠: the reply is cut" in f for f in failures), failures


def test_the_score_box_shows_the_hand_being_added_up(drv, monkeypatch):
    """At the end of the first hand the engine has moved on to the next deal: while the learner
    adds the hand up, the score box still names the hand just played (seen as "Hand 2" at
    1024x640 before the fix)."""
    from game.ui.table import hud

    drawn = []
    real = hud.draw_info

    def spy(table, surface):
        coach = coach_of(table)
        run = getattr(coach.tutor, "run", None) if coach is not None else None
        if coach is not None and getattr(run, "phase", "") == "score":
            drawn.append((table.board.hand_no, coach.tutor.hides_hand_score()))
        return real(table, surface)

    monkeypatch.setattr(hud, "draw_info", spy)
    assert drive_first_hand(drv, FIRST, load_preset("partnership-190")) == []
    adding = [hand for hand, hiding in drawn if hiding]
    assert adding and set(adding) == {0}, drawn


def test_next_leads_on_with_one_click_while_the_trick_is_held(drv):
    """At 1024x640 in a real window, the first click on Next only swept the held trick."""
    from game.ui.lessondrive import make
    from game.ui.scenes.lesson import LessonTutor

    scene = LessonTutor(drv.app, lesson("11-following-suit"), load_preset("racehorse"))
    drv.app.reset(scene.table)
    drv.settle(scene.coach)
    card = next(a for a in scene.run.legal())
    assert make(drv, scene, card) is None
    drv.pump(2)
    assert scene.coach.held is not None and scene.run.done_current
    assert drv.press(scene.narration.side_buttons[2])  # Next, once
    assert scene.run.index == 1


def test_declare_out_answers_the_first_click_while_the_trick_is_held(drv):
    """Lesson 82 opens on the trick just won, held until a click: in the real window the first
    click on Declare out… only swept that trick."""
    from game.ui.scenes.lesson import LessonTutor

    scene = LessonTutor(drv.app, lesson("82-two-handed-declaring-out"), None)
    drv.app.reset(scene.table)
    for _ in range(40):
        if scene.coach.terms:
            drv.click(scene.coach.got_it.rect.center)
        drv.pump(5)
    assert scene.coach.held is not None  # the trick the script just played, waiting for a click
    assert drv.press(scene.table.toolbar.declare_button)
    assert getattr(drv.app.top, "yes", None) is not None  # the confirmation, at once


# -- every button's label readable (seen in the real window at 1024x640: the first hand's score
# offered "300 310 320 330 / … / Set", its Made button's label cut to an ellipsis) ------------
def test_a_button_whose_label_is_drawn_cut_is_no_control(drv):
    from game.ui.widgets import Button

    button = Button("Made", lambda: None, font_size=11)
    button.rect = pygame.Rect(10, 10, 44, 24)
    assert not drv.press(button)
    assert drv.unreadable == ["the button 'Made' is drawn as ' …'"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_buttons_laid_out_in_a_row_show_their_whole_labels(size):
    """The coached panel's task row (its smallest pad and width) at each window size."""
    from game.ui.table.layout import scale_for
    from game.ui.widgets import Button, label_shown, layout_row

    pygame.init()
    s = scale_for(size)
    buttons = [Button(label, lambda: None, font_size=max(11, round(14 * s)))
               for label in ("310", "Made", "Set", "Count", "Clear", "Hint", "Finish", "Next")]
    layout_row(buttons, 500, 100, round(30 * s), round(8 * s), min_width=round(48 * s),
               pad=round(14 * s))
    assert [label_shown(b) for b in buttons] == [b.label for b in buttons]
