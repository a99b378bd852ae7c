"""The auction read aloud (issue 25, "What regulars expect" 3): each call says what it shows
under the table's conventions, and Hint's bid reasons are the same words."""

from __future__ import annotations

import random

from game.bots.callmeaning import read_auction, read_call
from game.bots.registry import make_bot
from game.rules.engine import actor, apply
from game.rules.view import observe
from game.store.content import load_preset
from tests.helpers import game_with_hands, rest_of_pack

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3


def texts(name, bids, dealer):
    r = load_preset(name)
    return [c.said_by(r.seating.name(c.seat)) for c in read_auction(r, bids, dealer)]


def test_002_jumps_are_read_as_the_document_teaches():
    """002: "If you have 100 pts. or more in meld then a 20 pt. jump over the last bid is
    given. If you have Aces then a 30 point jump. A run would be a 50 point jump." The dealer
    (West) holds 190; North speaks first."""
    bids = [(NORTH, 240), (EAST, 270), (SOUTH, 290), (WEST, 300), (NORTH, 310)]
    assert texts("partnership-190", bids, WEST) == [
        "North: jump to 240 — shows a run",
        "East: jump to 270 — shows aces around",
        "South: jump to 290 — shows 100 meld",
        "West: 300 — no jump: no run, aces or 100 meld to show",
        "North: 310",  # only a seat's first bid signals
    ]


def test_002_the_special_340_bid():
    """002: "If you have a Run and Aces your first bid if your partner is still in the game
    regardless of any previous bids is 340"."""
    bids = [(NORTH, 240), (EAST, 340)]
    assert texts("partnership-190", bids, WEST)[-1] == "East: 340 — shows a run and aces"


def test_002_the_issues_example():
    """The issue's own example: "North: jump to 300 — shows a run"."""
    bids = [(WEST, 0), (NORTH, 0), (EAST, 250), (SOUTH, 300)]
    bids2 = [(EAST, 250), (SOUTH, 0), (WEST, 0), (NORTH, 300)]
    assert texts("partnership-190", bids2, SOUTH)[-1] == "North: jump to 300 — shows a run"
    assert texts("partnership-190", bids, SOUTH)[-1] == "South: jump to 300 — shows a run"


def test_001_skips_show_meld():
    """001: "An opening bid of 50 shows a desire to take the bid. Opening 52 or more shows
    meld: 10 points for each point over 50 ... Bidding just 1 more than the previous bidder
    indicates that you want to take the bid. Increasing the bid by 2 or more shows 10 meld for
    each point of increase." """
    bids = [(NORTH, 52), (EAST, 55), (SOUTH, 56), (WEST, 0), (NORTH, 65), (EAST, 70)]
    assert texts("double-deck", bids, WEST) == [
        "North: skip to 52 — shows 20 meld",
        "East: skip to 55 — shows 30 meld",
        "South: 56 — wants the bid",
        "West: Pass",
        "North: 65",
        "East: 70",
    ]
    assert texts("double-deck", [(NORTH, 50)], WEST) == ["North: 50 — wants the bid"]


def test_003_a_first_pass_shows_no_meld():
    """003: "A player that has meld (not including 9s) must open the bidding." A pass after
    someone has bid says nothing of meld."""
    for name in ("partnership-150", "cutthroat"):
        r = load_preset(name)
        calls = read_auction(r, [(1, 0), (2, 160 if r.players == 4 else 310), (0, 0)], 0)
        assert calls[0].shows == "shows no meld" and calls[0].signal
        assert not calls[2].signal, calls[2]


def test_racehorse_bids_signal_nothing_and_the_stuck_dealer_says_so():
    """000: no bidding convention; "If nobody else bids, then the dealer is required to bid at
    least the minimum bid."."""
    assert texts("racehorse", [(NORTH, 260), (EAST, 0)], WEST) == ["North: 260", "East: Pass"]
    stuck = [(NORTH, 0), (EAST, 0), (SOUTH, 0), (WEST, 250)]
    assert texts("racehorse", stuck, WEST)[-1] == "West: stuck at 250 — everyone else passed"
    assert read_call(load_preset("racehorse"), stuck[:3], WEST, 250, WEST).why


def _hint_and_panel(name, hand, dealer):
    """The bid a bot suggests for ``hand`` (first to speak) and the panel's reading of it."""
    r = load_preset(name)
    seat = r.next_seat(dealer)
    hands = rest_of_pack(r, hand)
    hands.insert(seat, hand)
    state = game_with_hands(r, hands, dealer=dealer)
    view = observe(state, actor(state))
    s = make_bot("medium").suggest(view, random.Random(1))
    state, _ = apply(state, s.action)
    panel = read_auction(r, observe(state, seat).bids, dealer)[-1]
    return s.reason, panel


def test_hint_uses_the_panels_words():
    """Hint's bid reasons are the auction panel's words for the same call."""
    reason, panel = _hint_and_panel("partnership-190", "AS TS KS QS JS 9H 9C JD 9D KH QC JC", 3)
    assert panel.kind == "run" and reason == panel.text() == "jump to 240 — shows a run"
    reason, panel = _hint_and_panel("double-deck", "AS AH AC AD KS QS JD KH QH JC JH TS TC TD "
                                    "KC QD JS TH TS QC", 3)
    assert panel.kind == "meld" and reason == panel.text(), (reason, panel)
