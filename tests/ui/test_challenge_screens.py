"""Issue 28 at the table: the duplicate challenge chosen at New game and kept with the saved
game, the player's score and the expert's side by side after the hand (the expert's played in a
worker while the table runs), and Statistics' rating page with its chart, drawn by the game at
every size, with 0, 1 and many points."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from game.match.challenge import ChallengeTask, challenge_deal
from game.match.challengequeue import ChallengeQueue
from game.match.controller import Match
from game.match.rating import POSITIONS, record
from game.rules.actions import parse_action
from game.rules.events import HandScored
from game.store.challenge import Challenge, Item, RatingPoint
from game.store.tables import preset_table
from game.ui.scene import Route
from game.ui.scenes.rating import chart_points, draw_chart
from game.ui.table.scene import TableScene
from game.ui.widgets import recording
from tests.challenge.test_duplicate_deal import table_game
from tests.ui.conftest import pump
from tests.ui.driving import sized
from tests.ui.overlaps import problems, record_frame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
PATIENCE = 600.0
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
LEVELS = ("easy", "medium", "hard", "expert")


class DoneJob:
    """A worker that has already played the deal: the player's figure is the engine's, the
    levels' are made up, 37 points a level apart (playing the deal is tested on its own, in
    tests/challenge/test_duplicate_deal.py, and by the real worker below)."""

    def __init__(self, task: ChallengeTask, match: Match) -> None:
        self.task = task
        actions = [parse_action(a) for a in task.actions]
        only = ChallengeTask(*[getattr(task, f) for f in ("table", "preset", "rules_text",
                                                          "rules_source", "seed", "actions",
                                                          "hand_no", "seat", "seats")],
                             levels=())
        player = challenge_deal(match.rules, only, actions).player
        self.result = Item("duplicate", task.table, task.seed, task.hand_no, player,
                           tuple((lv, player + 37.0 * (k - 2)) for k, lv in enumerate(LEVELS)),
                           task.hint)
        self.error = None
        self.fraction = 1.0

    def poll(self) -> bool:
        return True

    def cancel(self) -> None:
        pass


def texts(app) -> list[str]:
    with recording() as rec:
        app.stack[-1].draw(app.screen)
    return [d.label for d in rec.items if d.kind == "text"]


def challenge_table(app, start=None) -> TableScene:
    """A challenge table whose first hand is scored (the player plays as medium would)."""
    app.settings.challenge = True
    match = table_game("racehorse", "medium", hands=1, opponents="easy")
    table = TableScene(app, match, preset_table("racehorse"))
    if start is not None:
        table.session.queue = ChallengeQueue(start)
    app.reset(table)
    table.session.queue.add(table.session.challenge_task(0))
    return table


def test_the_setup_choice_makes_a_challenge_game_kept_with_its_save(app):
    setup = app.go(Route.SETUP)
    button = next(b for b in setup.buttons if b.label.startswith("Duplicate challenge"))
    assert button.label.endswith("off") and not app.settings.challenge
    button.on_click()
    assert app.settings.challenge
    button = next(b for b in setup.buttons if b.label.startswith("Duplicate challenge"))
    assert button.label.endswith("on")
    next(b for b in setup.buttons if b.label == "Start").on_click()
    table = app.top
    assert table.name == "table" and table.session.challenge
    table.session.save()
    data = json.loads(app.store.save_path(app.settings.variant).read_text())
    assert data["challenge"] is True


def test_the_hand_result_shows_both_scores_side_by_side(app):
    table = challenge_table(app, lambda task: DoneJob(task, table_match[0]))
    table_match = [table.match]
    pump(app, 2)
    item = table.session.queue.items[0]
    result = next(e.result for e in _events(table.match) if isinstance(e, HandScored))
    app.open(Route.RESULT, table=table, result=result)
    shown = texts(app)
    assert "You" in shown and "The expert" in shown
    assert f"{item.player:+.0f}" in shown and f"{item.level('expert'):+.0f}" in shown
    diff = item.player - item.level("expert")
    assert any(t.startswith(f"You {diff:+.0f} against the expert") for t in shown)
    assert item.level("expert") == item.player + 37
    # Counted: the challenge's file holds the deal, and the rating's history a point.
    kept = app.store.load_challenge()
    assert kept.items == [item] and len(kept.history) == 1


def _events(match: Match):
    from game.rules.engine import replay
    return replay(match.rules, match.seed, match.actions)[1]


def test_the_expert_plays_in_a_worker_while_the_table_runs(app):
    table = challenge_table(app)
    pump(app, 1)
    job = table.session.queue.job
    assert job is not None
    job.wait_started()
    assert job.pid not in (None, os.getpid())
    result = next(e.result for e in _events(table.match) if isinstance(e, HandScored))
    app.open(Route.RESULT, table=table, result=result)
    assert table.session.queue.status(0)[0] in ("playing", "done")
    job.wait(PATIENCE)
    pump(app, 2)
    assert table.session.queue.status(0)[0] == "done"
    assert app.store.load_challenge().deals("racehorse")[0].game == table.match.seed
    app.pop()
    app.go(Route.TITLE)  # the table closes: no worker is left behind
    assert table.session.queue.job is None


def test_closing_the_table_stops_the_worker(app):
    table = challenge_table(app)
    pump(app, 1)
    job = table.session.queue.job
    assert job is not None and not job.finished
    app.go(Route.TITLE)
    assert job.finished and table.session.queue.job is None
    job.wait_started()  # closed while it was starting: stopped once it is up
    assert not job.alive


@pytest.mark.parametrize(("challenge", "records", "queued"),
                         [(True, True, [0]), (False, True, []), (True, False, [])])
def test_each_scored_hand_of_a_challenge_game_is_queued(store, challenge, records, queued):
    from game.match.session import Session
    from game.store.stats import Stats
    match = table_game("racehorse", "easy", hands=1)
    session = Session(match, store, Stats(), 0, preset_table("racehorse"), True, records, challenge,
                      ChallengeQueue(lambda task: None))
    session.record(_events(match))
    assert [t.hand_no for t in session.queue.waiting] == queued
    assert session.challenge == bool(queued)  # the demo's table is never a challenge
    if queued:
        task = session.queue.waiting[0]
        assert task.seed == match.seed and task.seats == match.seats
        assert task.actions == tuple(str(a) for a in match.actions)


def test_a_resumed_challenge_game_queues_the_deals_not_yet_played(app):
    table = challenge_table(app, lambda task: DoneJob(task, table.match))
    table.session.queue.cancel()
    table.session.save()
    from game.ui.table.start import resume_game
    saved = app.store.load_game("racehorse")
    assert saved.challenge
    assert resume_game(app, saved) is None
    again = app.top
    assert [t.hand_no for t in again.session.queue.waiting] == [0]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_result_with_the_challenge_overlaps_nothing(app, size):
    table = challenge_table(app, lambda task: DoneJob(task, table.match))
    pump(app, 2)
    sized(app, size)
    result = next(e.result for e in _events(table.match) if isinstance(e, HandScored))
    app.open(Route.RESULT, table=table, result=result)
    pump(app, 2)
    assert problems(record_frame(app), size) == []


def history(n: int) -> list[RatingPoint]:
    return [RatingPoint(1 + 3 * k / max(1, n - 1), 0.3, k + 1) for k in range(n)]


@pytest.mark.parametrize("n", [0, 1, 2, 50])
def test_the_chart_draws_its_points(n):
    surface = pygame.Surface((400, 300))
    rect = pygame.Rect(60, 20, 300, 240)
    before = pygame.image.tobytes(surface, "RGB")
    points = history(n)
    drawn = draw_chart(surface, rect, points, 12)
    assert pygame.image.tobytes(surface, "RGB") != before  # the scale is drawn even empty
    assert drawn == chart_points(points, rect) and len(drawn) == n
    if n == 0:
        return
    gold = surface.get_at(drawn[-1])[:3]
    assert gold != (0, 0, 0)  # the last point is marked
    if n == 1:
        assert drawn[0][0] == rect.centerx
        # a point between the levels' lines is marked by a dot, wider than the line of its
        # uncertainty through it
        surface.fill((0, 0, 0))
        (x, y), = draw_chart(surface, rect, [RatingPoint(2.5, 0.3, 1)], 12)
        assert surface.get_at((x - 4, y)) == surface.get_at((x, y)) != (0, 0, 0, 255)
        return
    assert drawn[0][0] == rect.left and drawn[-1][0] == rect.right  # the whole width
    assert drawn[0][1] == rect.bottom and drawn[-1][1] == rect.top  # easy at the bottom
    xs, ys = [x for x, _ in drawn], [y for _, y in drawn]
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True)  # a rising rating goes up


def test_a_point_sits_on_its_level_line():
    rect = pygame.Rect(0, 0, 100, 300)
    for level, value in POSITIONS.items():
        (x, y), = chart_points([RatingPoint(value, 0.1, 5)], rect)
        assert y == round(rect.bottom - (value - 1) / 3 * rect.height), level


def stored(app, n: int) -> Challenge:
    ch = Challenge()
    for k in range(n):
        record(ch, Item("duplicate", "racehorse", 5, k, 10.0 * (k % 3) - 10,
                        tuple(zip(LEVELS, (-30.0, -10.0, 0.0, 20.0), strict=True))))
    app.store.save_challenge(ch)
    return ch


@pytest.mark.parametrize("n", [0, 1, 40])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_statistics_rating_page_shows_the_rating_its_chart_and_the_tables(app, size, n):
    ch = stored(app, n)
    sized(app, size)
    app.go(Route.STATISTICS)
    stats = app.top
    next(b for b in stats.buttons if b.label == "Rating").on_click()
    scene = app.top
    pump(app, 2)
    assert scene.name == "rating" and len(scene.drawn) == n
    shown = " | ".join(texts(app))
    if n == 0:
        assert "Not rated yet" in shown and "No rating yet" in shown
    else:
        last = ch.history[-1]
        assert f"Your rating: {last.value:.1f} ± {last.sd:.1f}" in shown
        assert f"over {n} deal{'s' if n != 1 else ''}" in shown
    assert problems(record_frame(app), size) == []


def test_a_corrupt_challenge_file_is_reported_on_the_rating_page(app):
    app.store.challenge_path.parent.mkdir(parents=True, exist_ok=True)
    app.store.challenge_path.write_text("{broken")
    app.go(Route.STATISTICS)
    scene = app.open(Route.RATING)
    pump(app, 1)
    assert "challenge.json" in scene.notice and "Not rated yet" in " ".join(texts(app))


def test_the_mark_is_kept_with_the_saved_game_and_resumed(app):
    """Issue 28 (the lead's decision on Hint): the hands played with Hint are kept with the
    saved game, so a resumed game's deals not yet played are still marked."""
    from game.ui.table.start import resume_game

    app.settings.challenge = True
    match = table_game("racehorse", "medium", hands=1)
    match.hinted.add(0)
    table = TableScene(app, match, preset_table("racehorse"))
    table.session.queue = ChallengeQueue(lambda task: None)
    app.reset(table)
    table.session.save()
    data = json.loads(app.store.save_path("racehorse").read_text())
    assert data["hinted"] == [0]
    saved = app.store.load_game("racehorse")
    assert saved is not None and saved.hinted == [0] and app.store.messages == []
    assert resume_game(app, saved) is None
    again = app.top
    assert again.match.hinted == {0}
    assert [t.hint for t in again.session.queue.waiting] == [True]  # the deal not yet played


def test_a_hand_played_with_hint_is_marked_beside_the_scores_and_not_counted(app):
    """Issue 28 (the lead's decision on Hint): the hand result marks a hand played with Hint
    "with Hint" beside the two scores, and the table's figures say it was not counted."""
    app.settings.challenge = True
    match = table_game("racehorse", "medium", hands=1, opponents="easy")
    match.hinted.add(0)
    table = TableScene(app, match, preset_table("racehorse"))
    table.session.queue = ChallengeQueue(lambda task: DoneJob(task, match))
    app.reset(table)
    table.session.queue.add(table.session.challenge_task(0))
    pump(app, 2)
    item = table.session.queue.items[0]
    assert item.hint
    result = next(e.result for e in _events(match) if isinstance(e, HandScored))
    app.open(Route.RESULT, table=table, result=result)
    shown = texts(app)
    assert "You, with Hint" in shown and "The expert" in shown
    diff = item.player - item.level("expert")
    assert f"You {diff:+.0f} against the expert on this deal with Hint: not counted." in shown
    assert any("1 hand with Hint not counted" in t for t in shown)
    kept = app.store.load_challenge()
    assert kept.items == [item] and kept.history == []  # kept, marked, not rated


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_rating_page_says_how_many_hands_with_hint_are_not_counted(app, size):
    ch = stored(app, 5)
    for k in range(3):
        record(ch, Item("duplicate", "racehorse", 6, k, 400.0,
                        tuple(zip(LEVELS, (-30.0, -10.0, 0.0, 20.0), strict=True)), True))
    app.store.save_challenge(ch)
    sized(app, size)
    app.go(Route.STATISTICS)
    scene = app.open(Route.RATING)
    pump(app, 2)
    shown = " | ".join(texts(app))
    assert "3 hands with Hint not counted" in shown  # beside the rating
    assert "over 5 deals" in shown  # per table, and said under it:
    assert "3 hands with Hint not counted in these figures." in shown
    assert len(scene.drawn) == 5  # no point for a hand with Hint
    assert problems(record_frame(app), size) == []
