"""Issue 40, item 2, in a window: "Play it out" on the replay's page of a reviewed decision (and
only there), the two lines played in a worker while the frames go on, each scored line's score
the engine's for its actions, and a branch: any legal action chosen, the bots finishing the
hand from it beside the best line. The pages read whole at every size."""

from __future__ import annotations

import pytest

from game.match.playout import read_line
from game.match.review import Graded
from game.rules.engine import replay
from game.rules.events import HandScored
from game.store.reviews import option_key
from game.ui.scene import Route
from game.ui.scenes.playout import PlayOutScene
from game.ui.scenes.retry import RetryScene
from game.ui.widgets import recording
from tests.ui.conftest import click, pump
from tests.ui.driving import sized
from tests.ui.overlaps import problems, record_frame
from tests.ui.test_review_learning import SIZES, table_with_reviews
from tools.learning_shots import answer_at

PATIENCE = 600.0


def finish(app, scene: PlayOutScene) -> None:
    job = scene.job
    assert job is not None
    pump(app, 2)  # the frames go on while it plays
    job.wait(PATIENCE)
    pump(app, 2)
    assert scene.job is None and not scene.error, scene.error


def engine_score(scene: PlayOutScene, i: int) -> object:
    """The line's hand result, from the whole game replayed through the engine."""
    m = scene.moment
    line = scene.lines[i]
    assert line is not None
    _, events = replay(m.rules, m.item.seed, [*m.actions[:m.item.decision.index],
                                              *line.actions])
    return [e for e in events if isinstance(e, HandScored)][-1].result


def test_play_it_out_from_the_replay_and_a_branch(app):
    table = table_with_reviews(app)
    review = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    row = next(r for r in review.rows if r.at_trick and r.lost > 0)
    review._opener(row)()
    replay_scene = app.top
    assert replay_scene.play in replay_scene.buttons  # on the decision's own page
    replay_scene.forward()
    assert replay_scene.play not in replay_scene.buttons  # and on no other
    replay_scene.back()
    pump(app, 1, events=click(replay_scene.play.rect.center))
    scene = app.top
    assert isinstance(scene, PlayOutScene)
    g = Graded(scene.item.decision)
    assert [option_key(line_first) for line_first in (scene.best,)] == [option_key(
        g.best.action)]
    finish(app, scene)
    assert len(scene.lines) == 2
    with recording() as rec:
        scene.draw(app.screen)
    shown = {int(d.label.split()[0]): float(d.label.split()[1]) for d in rec.items
             if d.kind == "line score"}
    seat = scene.item.decision.seat
    for i, line in enumerate(scene.lines):
        assert line is not None and line.score is not None
        assert shown[i] == pytest.approx(round(line.score, 1))
        assert line.result == engine_score(scene, i)
        assert read_line(scene.moment.start, seat, line.actions).score == line.score
    assert option_key(scene.lines[0].actions[0]) == option_key(g.best.action)
    assert option_key(scene.lines[1].actions[0]) == option_key(scene.item.decision.chosen)
    # a branch: a legal card other than the two, the bots finishing from it
    pump(app, 1, events=click(scene.branch.rect.center))
    picker = scene.picker
    assert picker is not None and picker.mode == "card"
    pump(app, 1)
    used = {option_key(scene.best), option_key(scene.item.decision.chosen)}
    card, tabled, rect = next((c, t, r) for c, t, r in picker.cards
                              if (p := picker.play_of(c, t)) is not None
                              and option_key(p) not in used)
    pump(app, 1, events=click((rect.left + 3, rect.centery)))
    assert scene.picker is None and scene.names[1].startswith("Your branch: ")
    finish(app, scene)
    branch = scene.lines[1]
    assert branch is not None and branch.actions[0].card == card  # type: ignore[attr-defined]
    assert branch.result == engine_score(scene, 1)
    for size in SIZES:
        sized(app, size)
        pump(app, 1)
        found = problems(record_frame(app), size)
        assert not found, (size, found)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_retry_pages_read_whole_at_every_size(app, size):
    table = table_with_reviews(app, size)
    review = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    items = review.hand_items()
    retry = app.open(Route.RETRY, items=items, table=table)
    assert isinstance(retry, RetryScene)
    for _ in items:
        pump(app, 1)
        found = problems(record_frame(app), size)
        assert not found, ("asked", retry.item.decision.kind, found)
        if answer_at(app, retry, accepted=False):
            found = problems(record_frame(app), size)
            assert not found, ("refused", retry.item.decision.kind, found)
        pump(app, 1, events=click(retry.show.rect.center))
        found = problems(record_frame(app), size)
        assert not found, ("answer", retry.item.decision.kind, found)
        pump(app, 1, events=click(retry.next.rect.center))
