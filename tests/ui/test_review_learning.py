"""Issue 40 on the review screen, in a window: Find a better play answered wrong, then right, by
clicks (the unfound kept in the learning file, the found taken off), an answer the review did
not analyse weighed in a worker while the frames go on, the swing chart whose points are the
review's values and whose points open their moments, and the score by phase whose hand column
adds up to the hand's points lost as the summary says them."""

from __future__ import annotations

import random

import pytest

from game.match.phases import hand_phases
from game.match.retry import item_for, judge, set_up
from game.match.review import hand_lost, review_hand
from game.match.reviewread import Row, costliest, lost_words, scored
from game.match.swing import critical
from game.rules.actions import Bid, PassCards
from game.store.reviews import option_key
from game.store.tables import preset_table
from game.ui.scene import Route
from game.ui.scenes.retry import RetryScene
from game.ui.scenes.review import ReplayScene
from game.ui.table.paper import PaperTable
from game.ui.table.phasepanel import cells
from game.ui.table.picker import Picker
from game.ui.table.scene import TableScene
from game.ui.widgets import recording
from tests.review.test_retry import HANDS, record, reviewed
from tests.ui.conftest import click, pump
from tests.ui.driving import sized
from tests.ui.overlaps import problems, record_frame
from tools.learning_shots import answer_at
from tools.screenshots import played_match

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
PATIENCE = 600.0  # seconds with no word from a worker: only a hung one waits this long
_GAME: list = []


def table_with_reviews(app, size=(1280, 800)) -> TableScene:
    """Racehorse seed 28, the player's seat played by easy, two hands reviewed cheaply (the
    analysis is tested on its own)."""
    if not _GAME:
        match = played_match("racehorse", 28, "easy", hands=2, rng=random.Random(28))
        reviews = [review_hand(match.rules, match.seed, match.actions, n, 0, match.seats, 0.1,
                               levels=()) for n in range(2)]
        _GAME.append((match, reviews))
    match, reviews = _GAME[0]
    from game.match.controller import Match

    table = TableScene(app, Match(match.rules, match.seed, match.seats, list(match.actions)),
                       preset_table("racehorse"))
    app.reset(table)
    sized(app, size)
    for review in reviews:
        table.session.reviewed(review)
    return table


def texts(app) -> list[str]:
    with recording() as rec:
        app.top.draw(app.screen)
    return [d.label for d in rec.items if d.kind == "text"]


def test_a_retry_answered_wrong_then_right_and_what_is_kept_for_later(app):
    table = table_with_reviews(app)
    review = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    assert review.find in review.buttons
    pump(app, 1, events=click(review.find.rect.center))
    retry = app.top
    assert isinstance(retry, RetryScene) and len(retry.items) >= 2
    lost = [r.graded.lost for r in (retry.moment.row,)]
    assert lost[0] == max(i.decision.options[0].value - next(
        o.value for o in i.decision.options if option_key(o.action) ==
        option_key(i.decision.chosen)) for i in retry.items)  # the costliest first
    shown = " | ".join(texts(app))
    assert "Find a better play" in shown and "(best)" not in shown  # no answer yet
    first = retry.item
    assert answer_at(app, retry, accepted=False)
    v = retry.verdict
    assert v is not None and not v.accepted
    shown = " | ".join(texts(app))
    assert f"Not the best: {v.grade}, {v.lost:.0f} points lost." in shown
    assert f"{v.value:+.0f} for your choice" in shown
    assert retry.again in retry.buttons and retry.show in retry.buttons
    pump(app, 1, events=click(retry.again.rect.center))
    assert retry.verdict is None
    assert answer_at(app, retry, accepted=True)
    assert retry.verdict is not None and retry.verdict.accepted
    assert "Found: as good as the best." in " | ".join(texts(app))
    # the next one: asked for the answer, not found
    pump(app, 1, events=click(retry.next.rect.center))
    second = retry.item
    assert second.key != first.key
    pump(app, 1, events=click(retry.show.rect.center))
    assert retry.shown and any(t.endswith("(best)") or "(best" in t for t in texts(app))
    pump(app, 1, events=click(retry.close.rect.center))
    assert retry not in app.stack
    kept = {i.key for i in app.store.load_learning().practice}
    assert first.key not in kept and second.key in kept


def test_an_answer_the_review_did_not_analyse_is_weighed_in_a_worker(app):
    table = table_with_reviews(app)
    items = [i for n in (0, 1) for i in app.open(Route.HAND_REVIEW, table=table,
                                                 hand_no=n).hand_items()]
    item = next(i for i in items if i.decision.kind == "bid")
    retry = app.open(Route.RETRY, items=[item], table=table)
    analysed = {option_key(o.action) for o in item.decision.options}
    answer = next(a for a in retry.moment.view.legal if isinstance(a, Bid)
                  and option_key(a) not in analysed)
    assert judge(item.decision, retry.moment.view, answer) is None
    retry.answer(answer)
    job = retry.job
    assert job is not None and retry.verdict is None
    pump(app, 3)  # frames go on while it works
    assert "Weighing bid" in " | ".join(texts(app)) or job.finished
    job.wait(PATIENCE)
    pump(app, 2)
    assert retry.job is None and retry.verdict is not None and retry.verdict.weighed_now
    assert "weighed now" in " | ".join(texts(app)).lower()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_swing_chart_s_points_are_the_review_s_values_and_open_their_moments(app, size):
    table = table_with_reviews(app, size)
    for hand_no in (0, 1):
        scene = app.open(Route.HAND_REVIEW, table=table, hand_no=hand_no)
        pump(app, 1)
        rows: list[Row] = scene.rows
        chart = scene.chart
        values = [p.value for p in chart.points]
        assert values == [rows[0].graded.best.value, *(r.graded.chosen.value for r in rows),
                          scored(scene.source.hand, 0)]
        with recording() as rec:
            scene.draw(app.screen)
        drawn = [d for d in rec.items if d.kind == "swing point"]
        assert [float(d.label.split()[1]) for d in drawn] == [round(v, 1) for v in values]
        # drawn as a chart: left to right in order, higher values higher up
        xs = [d.rect.centerx for d in drawn]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        assert [d.rect.centery for d in drawn] == [chart.y_of(v) for v in values]
        top, bottom = values.index(max(values)), values.index(min(values))
        assert drawn[top].rect.centery < drawn[bottom].rect.centery
        assert chart.plot.bottom < scene.picks[0].rect.top if scene.picks else True
        # the costliest numbered by what they lost, as the list below the chart has them
        costly = sorted((p for p in chart.points if p.costly), key=lambda p: p.costly)
        assert [rows[p.row].lost for p in costly] == [r.lost for r in costliest(rows)]
        assert all(p.critical == critical(rows[p.row]) for p in chart.points
                   if p.row is not None)
        found = problems(record_frame(app), size)
        assert not found, found
        for i, point in enumerate(chart.points):
            if point.row is None:
                continue
            pump(app, 1, events=click(chart.spots[i].center))
            replay = app.top
            assert isinstance(replay, ReplayScene) and replay.focus is rows[point.row]
            app.pop(replay)
        app.pop(scene)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hand_s_phase_figures_add_up_to_its_points_lost_as_shown(app, size):
    table = table_with_reviews(app, size)
    scene = app.open(Route.HAND_REVIEW, table=table, hand_no=1)
    graded = [r.graded for r in scene.rows]
    total = hand_lost(graded) or 0.0
    column = cells(hand_phases(graded), total)
    with recording() as rec:
        scene.draw(app.screen)
    drawn = [d.label.split(": ", 1)[1] for d in rec.items if d.kind == "phase figure"
             and d.label.startswith("0 ")]
    assert drawn == column
    points = [int(c.split()[0]) for c in column[:-1] if c != "–"]
    assert sum(points) == round(total) == int(column[-1].split()[0])
    assert lost_words(scene.rows).startswith(f"{round(total)} points lost")
    # the game's column: two hands reviewed
    assert any(d.label.startswith("1 In all") for d in rec.items if d.kind == "phase figure")


def test_both_copies_of_a_card_can_be_chosen_for_a_pass(app):
    """Pinochle's deck holds every card twice: a pass of both copies is two clicks, not a
    click that takes the first back."""

    for preset, seed in HANDS[:2]:
        match, hand, review = reviewed(preset, seed)
        d = next(d for d in review.decisions if isinstance(d.chosen, PassCards))
        moment = set_up(item_for(record(match, preset), hand, review, d))
        twice = [c for c in set(moment.view.cards) if moment.view.cards.count(c) == 2]
        if not twice:
            continue
        answers = []
        picker = Picker(moment.view, lambda cards, trump: sorted(cards), answers.append)
        table = PaperTable(app, match, 0)
        picker.draw_hand(app.screen, table, (10, 10), 60, 900)
        copies = [i for i, (c, _, _) in enumerate(picker.cards) if c == twice[0]]
        for i in copies:
            picker.click(i)
        assert [picker.cards[i][0] for i in picker.selected] == [twice[0], twice[0]]
        picker.click(copies[1])  # clicked again: taken back, the other kept
        assert picker.selected == [copies[0]]
        return
    raise AssertionError("no hand held both copies of a card at a pass")
