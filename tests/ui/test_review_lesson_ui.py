"""The review lesson at the table (issue 28, item 7: "a lesson that plays a short hand and walks
the learner through its review"). Once the hand is played out, the steps that read its review
keep the scored hand on the table (not the next deal the engine has moved on to), and the step
about the costliest decision opens the replay there, as the table's hand review does when a
decision is clicked: the moment, the alternatives and the expert's reason in words."""

from __future__ import annotations

import pytest

from game.match.reviewread import costliest, rows
from game.rules.actions import PlayCard
from game.store.content import load_tutorial
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.review import ReplayScene
from game.ui.table.hud import pile_label
from tests.ui.conftest import pump
from tests.ui.driving import SIZES, sized
from tests.ui.overlaps import problems, record_frame

LESSON = "33-racehorse-review-a-hand"


def played(app, leads: list[str]) -> LessonTutor:
    """The lesson's hand played at the table with these cards first (then the first legal
    card), each held trick clicked away; left at the first step after the play-out."""
    lessons, _, _ = load_tutorial()
    scene = LessonTutor(app, next(x for x in lessons if x.id == LESSON))
    app.reset(scene.table)
    want = iter(leads)
    for _ in range(20):
        if scene.run.done_current:
            break
        scene.coach.terms.clear()
        legal = [a for a in scene.run.legal() if isinstance(a, PlayCard)]
        card = next(want, None)
        assert scene.act(next(a for a in legal if str(a.card) == card) if card else legal[0])
        pump(app, 10)
        while scene.coach.held is not None:
            scene.coach.release_held()
            pump(app, 5)
    assert scene.run.done_current, "the hand came to its score"
    scene.next()
    pump(app, 3)
    return scene


def test_the_review_steps_keep_the_scored_hand_on_the_table(app):
    scene = played(app, ["AC"])
    run = scene.run
    hand = run.review.hand
    assert scene.run.match.view(0).hand_no == 1  # the engine has moved on to the next deal...
    board = scene.table.board
    assert board.hand_no == hand.start.hand_no == 0  # ...the table shows the hand just scored
    assert board.bidder == hand.start.hand.bidder and board.bid == hand.start.hand.bid
    assert board.trump == hand.start.hand.trump
    assert board.scores == run.match.view(0).scores  # with the scores it left
    # Every trick of the hand lies on the piles, counted with the points the result gives.
    rules = run.match.rules
    assert sum(scene.table.model.tricks.side_tricks) == rules.hand_size
    for side in hand.result.sides:
        assert f"{side.tricks} pts" in pile_label(scene.table, side.side)
    assert not any(scene.table.model.hands[seat] for seat in range(rules.players))
    scene.next()  # the replay step: the same table beneath it
    pump(app, 3)
    table = scene.table
    assert table.board.hand_no == 0 and sum(table.model.tricks.side_tricks) == rules.hand_size


@pytest.mark.parametrize("lead", ["AC", "JH"])
def test_the_costliest_decision_step_opens_the_tables_replay_there(app, lead):
    scene = played(app, [lead])
    assert app.top is scene.table  # the grades step opens nothing
    scene.next()
    pump(app, 3)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    review = scene.run.review
    # The decision the table's hand review lists first (its button opens this replay), and
    # the one the step's narration tells.
    worst = review.ranked()[0]
    listed = costliest(rows(review.hand, review.review))
    assert not listed or listed[0] == worst
    assert replay.focus == worst and replay.index == worst.trick
    chosen = worst.graded.decision.chosen
    assert isinstance(chosen, PlayCard)
    trick = replay.history.tricks[replay.index]
    assert (0, chosen.card) in trick.cards  # the learner's own card, in its trick
    assert chosen.card in replay.history.held_before(replay.index)[0]
    assert worst.graded.chosen.text in scene.run.text()
    # Its words: the moment, every alternative with its expected score, the reason whole.
    drawn = " ".join(d.label for d in record_frame(app) if d.kind == "text")
    assert worst.moment[:1].upper() + worst.moment[1:] in drawn
    for option in worst.graded.decision.options:
        assert f"{option.text}" in drawn and f"{option.value:+.0f}" in drawn
    assert worst.graded.decision.reason.split()[-1] in drawn
    replay.close()  # back to the lesson, its narration and the scored hand
    pump(app, 2)
    assert app.top is scene.table and scene.table.board.hand_no == 0


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_review_steps_and_replay_read_whole_at_every_size(app, size):
    sized(app, size)
    scene = played(app, ["AC"])
    found = [f"grades step: {p}" for p in problems(record_frame(app), app.size)]
    scene.next()
    pump(app, 3)
    items = record_frame(app)
    found += [f"replay step: {p}" for p in problems(items, app.size)]
    found += [f"replay step: cut: {d.label!r}" for d in items
              if d.kind == "text" and d.label.endswith("…")]
    coach = scene.coach.narration_rect()
    found += [f"replay step: {tuple(d.rect)} over the coach's panel" for d in items
              if d.layer == 1 and d.kind in ("panel", "button") and d.rect.colliderect(coach)]
    assert not found, "\n".join(found)


def test_a_card_of_the_play_out_is_not_called_right(app):
    """Any legal card goes in the play-out; the review grades it afterwards. "Right." after
    a card the review will call a blunder would contradict it."""
    lessons, _, _ = load_tutorial()
    scene = LessonTutor(app, next(x for x in lessons if x.id == LESSON))
    app.reset(scene.table)
    scene.coach.terms.clear()
    lead = next(a for a in scene.run.legal() if isinstance(a, PlayCard) and str(a.card) == "AC")
    assert scene.act(lead)
    assert scene.narration.reply == ""


def test_the_play_out_cards_fly_to_the_trick_and_its_caption_waits_for_them(app):
    """A lesson's cards were snapped into place: laying the coach's buttons out again after
    each card resized the whole table, which finishes every animation at once."""
    lessons, _, _ = load_tutorial()
    scene = LessonTutor(app, next(x for x in lessons if x.id == LESSON))
    app.reset(scene.table)
    scene.coach.terms.clear()
    pump(app, 2)
    lead = next(a for a in scene.run.legal() if isinstance(a, PlayCard))
    assert scene.act(lead)
    assert scene.coach.held is not None  # the other seats have played: the trick is complete...
    assert scene.table.timeline.busy  # ...and its cards are on their way

    def caption() -> bool:
        return any("the trick:" in d.label for d in record_frame(app) if d.kind == "text")

    assert not caption()  # "You take the trick" waits until they have landed
    assert "(Your move.)" not in scene.panel_text()[2]
    assert pump(app, 60, until=lambda: not scene.table.timeline.busy)
    assert caption()


def test_the_replay_closed_opens_again_from_the_coachs_panel(app):
    scene = played(app, ["JS"])
    scene.next()
    pump(app, 3)
    first = app.top
    first.close()
    pump(app, 2)
    assert app.top is scene.table
    again = next(b for b in scene.narration.task_buttons if b.label == "Replay")
    again.on_click()
    pump(app, 2)
    assert isinstance(app.top, ReplayScene) and app.top.focus == first.focus
