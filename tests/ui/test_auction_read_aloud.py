"""Issue 25, "What regulars expect" 3: each call in the auction panel says what it shows under
the table's conventions; pointing at it (or B) shows the meaning, in the words Hint uses."""

from __future__ import annotations

import dataclasses

import pygame

from game.bots.callmeaning import read_auction
from game.ui import widgets
from game.ui.scenes.review import BiddingScene
from game.ui.table import infopanel
from tests.ui.conftest import pump
from tests.ui.driving import start

NORTH, EAST, SOUTH, WEST = 2, 3, 0, 1


def with_bids(table, bids):
    """The table's view as if these calls had been made (dealer West holds 190)."""
    view = dataclasses.replace(table.view, bids=tuple(bids), dealer=WEST, bidder=-1)
    table.view = table.board = view
    return view


def texts(app):
    with widgets.recording() as rec:
        app.draw()
    return [x.label for x in rec.items if x.kind == "text"]


def test_pointing_at_a_signal_call_reads_it_aloud(app, monkeypatch):
    table = start(app, "partnership-190", size=(1280, 800))
    pump(app, 2)
    with_bids(table, [(NORTH, 240), (EAST, 340), (SOUTH, 0)])
    drawn = texts(app)
    assert infopanel.SIGNAL in drawn  # the signal calls are marked in the panel
    spots = {text: rect for rect, text in infopanel.CALL_SPOTS[table]}
    run = next(t for t in spots if t.startswith("North: jump to 240"))
    assert run.startswith("North: jump to 240 — shows a run."), run
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: spots[run].center)
    drawn = " ".join(texts(app))
    assert "North: jump to 240 — shows a run." in drawn
    aces = next(t for t in spots if t.startswith("East"))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: spots[aces].center)
    assert "East: 340 — shows a run and aces." in " ".join(texts(app))


def test_the_bids_review_says_what_each_call_shows(app):
    table = start(app, "partnership-190", size=(1024, 640))
    pump(app, 2)
    view = with_bids(table, [(NORTH, 240), (EAST, 270), (SOUTH, 0), (WEST, 0), (NORTH, 280)])
    scene = BiddingScene(app, table)
    with widgets.recording() as rec:
        scene.draw(app.screen)
    drawn = [x.label for x in rec.items if x.kind == "text"]
    for reading in read_auction(view.rules, view.bids, view.dealer):
        assert reading.label in drawn
        if reading.signal:
            assert any(reading.shows in t for t in drawn), (reading, drawn)
    assert "jump to 240" in drawn and "280" in drawn


def test_the_dealers_opening_hold_is_not_called_stuck(app):
    """002: "The starting bid of the dealer is 190 pts." The bubble said "190 (stuck)" before
    anyone had spoken; "stuck" is the dealer left with the bid when everyone passes."""
    table = start(app, "partnership-190", size=(1280, 800))
    pump(app, 2)
    dealer = table.view.dealer
    assert table.model.talk.bubbles.get(dealer) == "holds 190"
