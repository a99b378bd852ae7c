"""The review lesson (issue 28, item 7): the learner plays the last tricks of a racehorse hand,
then reads the engine's review of that hand. Every figure it says is the review's, made at run
time from the learner's own cards; a figure or a grade typed in its prose fails the check."""

import shutil

import pytest

from game.match.review import GRADES, grade, review_game_hand
from game.rules.actions import PlayCard
from game.store.content import LEVELS_DIR, load_preset, load_tutorial, load_tutorial_library
from game.tutorial.check import check_all
from game.tutorial.handreview import LESSON_BUDGET
from game.tutorial.runner import LessonRun
from game.tutorial.text import TemplateError, TextContext, render

LESSON = "33-racehorse-review-a-hand"


def lesson_of(root=None):
    lessons, _, _ = load_tutorial(root) if root else load_tutorial()
    return next(x for x in lessons if x.id == LESSON)


def played(leads: list[str]) -> LessonRun:
    """The lesson's hand played with these cards first (then the first legal card)."""
    run = LessonRun(lesson_of(), load_preset)
    moves = iter(leads)
    for _ in range(20):
        if run.done_current:
            break
        legal = [a for a in run.legal() if isinstance(a, PlayCard)]
        want = next(moves, None)
        action = next(a for a in legal if str(a.card) == want) if want else legal[0]
        assert run.try_action(action).ok
    assert run.done_current, "the hand came to its score"
    return run


def test_the_costliest_decision_is_told_with_the_reviews_own_figures():
    run = played(["AC"])  # the A♣ lead at trick 9: the expert leads the J♥
    run.next()
    run.next()
    text = run.text()
    # The same hand reviewed afresh, outside the lesson, says the same.
    hand = run.review.hand
    fresh = review_game_hand(hand, 0, ("human", "medium", "medium", "medium"), LESSON_BUDGET,
                             levels=())
    assert fresh == run.review.review
    worst = max(run.review.rows, key=lambda r: r.lost)
    assert worst.graded.chosen.text == "the A♣"
    assert f"That lost {worst.lost:.0f} points: grade {grade(worst.lost)}." in text
    assert grade(worst.lost) == "blunder"  # this lead gives the trick and its counters away
    assert f"the best was {worst.graded.best.text}" in text
    run.back()  # the hand's score: racehorse has sides, and the review says a side's
    sides = {s.side: s.score for s in hand.result.sides}
    ours = hand.start.rules.side_of(0)
    theirs = next(v for k, v in sides.items() if k != ours)
    margin = sides[ours] - theirs
    # Issue 36: each side's points as the score box shows them, then the review's figure (a
    # margin alone, "your side scored -130", read as points the score box did not show).
    assert (f"Your side scored {sides[ours]} this hand and the other side {theirs}: the review "
            f"counts that as {margin:+.0f}, your side's points minus theirs.") in run.text()


def test_another_play_gets_another_grade_in_the_same_sentence():
    blunder = played(["AC"])
    careful = played(["JH"])
    for run in (blunder, careful):
        run.next()
        run.next()
    assert blunder.text() != careful.text()
    best = max(careful.review.rows, key=lambda r: r.lost)
    assert "grade good." in careful.text() and best.lost < GRADES[0][1]


def test_the_review_is_the_same_every_time():
    a, b = played(["JS"]), played(["JS"])
    assert a.review.review.to_json() == b.review.review.to_json()


def test_a_review_figure_before_the_hand_is_played_cannot_be_filled():
    ctx = TextContext(load_preset("racehorse"))
    with pytest.raises(TemplateError, match="no hand has been played"):
        render("You lost {review:lost} points.", ctx)
    low, high = GRADES[1][1], GRADES[2][1]
    assert render("{review:band:mistake}", ctx) == f"{low:.0f} to under {high:.0f}"
    with pytest.raises(TemplateError, match="no grade"):
        render("{review:band:oops}", ctx)


@pytest.fixture
def levels(tmp_path):
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR, root)
    return root


def check_lesson(root):
    lesson = lesson_of(root)
    report = check_all([lesson], [], load_preset, [], load_tutorial_library(root), None,
                       guided=False)
    return report.failures


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_replay_opens_on_the_played_hand_from_its_deal():
    run = played(["AC"])
    run.next()
    assert run.replay_focus() is None  # the grades step opens nothing
    run.next()
    history, row = run.replay_focus()
    assert row == run.review.ranked()[0]
    # Told from the deal: every trick of the hand, the learner's play-out among them.
    rules = run.match.rules
    assert len(history.tricks) == rules.hand_size
    assert history.result == run.review.hand.result
    card = row.graded.decision.chosen.card
    assert (0, card) in history.tricks[row.trick].cards


@pytest.mark.parametrize(("old", "new", "message"), [
    ("That lost {review:lost:1} points", "That lost 32 points",
     "step 3: say: bare number '32'"),
    ("grade {review:grade:1}.", "grade mistake.",
     "step 3: say: a grade typed by hand ('mistake')"),
    ("The expert will then review",
     "You lost {review:lost} points. The expert will then review",
     "step 1: say: {review:lost}"),
    ('task = "play-out"\n', 'replay = 1\n',  # the first step, before any hand
     "step 1: replay = 1: no hand has been played out"),
    ("replay = 1", "replay = 40", "step 3: replay = 40: the hand has"),
    ('task = "play-out"\n', 'task = "play-out"\nreplay = 1\n',
     "step 1: replay = 1: the replay opens on a step that only reads the review"),
], ids=["typed-points", "typed-grade", "figure-before-the-hand", "replay-before-any-hand",
        "replay-of-a-missing-decision", "replay-on-a-step-that-asks"])
def test_a_planted_fault_fails_the_check_naming_the_step(levels, old, new, message):
    """Each fault planted in a copy of the lesson fails ``--check`` with its own line."""
    edit(levels / f"lessons/{LESSON}.toml", old, new)
    assert any(f"{LESSON}.toml: {message}" in f for f in check_lesson(levels))
