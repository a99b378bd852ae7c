"""Issue 28 at the table: "After any hand at the table, Review grades each of the player's
decisions ... The three costliest decisions come first. Clicking one opens the replay at that
moment, with the alternatives and the expert's reason", made in a worker process with a
progress bar, cancellable, "stored with the saved game, so reopening a review is instant"."""

from __future__ import annotations

import json

import pygame

from game.match.controller import Match
from game.rules.events import HandScored
from game.store.tables import preset_table
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump

PATIENCE = 600.0  # seconds with no word from the worker: only a hung worker waits this long


def _played(app, preset: str = "racehorse") -> TableScene:
    """A table whose first hand has been played (the player's seat by the random level: its
    decisions cost points) and the second dealt."""
    import random

    from game.bots.registry import make_bot
    from game.store.content import load_preset

    rules = load_preset(preset)
    match = Match(rules, 7, ("human", *["medium"] * (rules.players - 1)))
    player, rng = make_bot("random"), random.Random(7)
    done = False
    while not done:
        events = (match.submit(player.choose(match.view(0), rng)) if match.waiting_for_human()
                  else match.step_bot())
        done = any(isinstance(e, HandScored) for e in events)
    table = TableScene(app, match, preset_table(preset))
    app.reset(table)
    table.session.save()
    return table


def test_the_review_is_made_in_a_worker_shown_and_kept_with_the_saved_game(app):
    table = _played(app)
    scene = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    job = scene.source.job
    assert job is not None
    job.wait_started()
    assert job.pid not in (None, __import__("os").getpid())
    assert scene.buttons == [scene.cancel_button]  # Cancel while it works
    job.wait(PATIENCE)
    pump(app, 3)
    assert scene.source.job is None and scene.review is not None
    picks = scene.picks
    assert 1 <= len(picks) <= 3
    lost = [r.lost for r in scene.rows]
    shown = sorted(lost, reverse=True)[:len(picks)]
    assert [float(p.label.rsplit(", ", 1)[1].split()[0]) for p in picks] == \
        [round(x) for x in shown]  # the costliest first
    # Kept with the saved game: in the file, and reopening starts no worker.
    data = json.loads(app.store.save_path("racehorse").read_text())
    assert "0" in data["reviews"]
    app.pop(scene)
    again = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    assert again.source.job is None and again.review == scene.review
    # The costliest decision opens the replay at its trick, with its alternatives.
    again.picks[0].on_click()
    replay = app.top
    assert replay.name == "replay" and replay.focus.lost == max(lost)
    if replay.focus.at_trick:  # any other decision opens at its moment
        assert replay.index == replay.focus.trick  # (tests/ui/test_review_moments.py)


def test_cancel_stops_the_worker_and_closes(app):
    table = _played(app, "two-handed")
    scene = app.open(Route.HAND_REVIEW, table=table, hand_no=0)
    job = scene.source.job
    pump(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                            unicode="")])
    assert scene not in app.stack and job.finished
    job.wait_started()  # a worker cancelled while starting is stopped once it is up
    assert not job.alive
    assert 0 not in table.session.reviews
