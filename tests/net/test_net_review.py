"""The review after a hand at a network table (issue 41, item 4: "the review of one's own
decisions after the hand works at a network table"; item 2: the review never leaves the host
for another seat). Driven without sockets (tests.net.tables), every message through the leak
check, which holds a review against the game's own record."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from game.match.reviewjob import ReviewJob, ReviewTask
from game.net.codec import WireError
from game.net.reviews import HostReviews
from game.net.seatstate import SeatState
from game.rules.engine import actor, apply, legal_actions, new_game, replay
from game.rules.events import HandScored
from game.rules.state import GameState
from tests.limits import HANG_SECONDS
from tests.net.leaks import LeakError, check_message
from tests.net.tables import Desk, desk, listen, play_people

BUDGET = 0.05  # a few samples a decision: the same review every time, quickly


def counted_reviews(d: Desk) -> list[ReviewTask]:
    """The host makes its reviews at a small budget, and the test sees each one begun."""
    begun: list[ReviewTask] = []

    def make(task: ReviewTask) -> ReviewJob:
        begun.append(task)
        return ReviewJob(task)

    # no level's pick at each decision: the levels' own searches are most of a review's time
    d.host.reviews = HostReviews(budget=BUDGET, levels=(), make_job=make)
    return begun


def first_hand_scored(d: Desk) -> None:
    match = d.host.match
    assert match is not None
    while not match.state.records:
        assert play_people(d, 1) == 1 or match.state.records


def wait_for_reviews(d: Desk) -> None:
    """Poll the host as its engine thread does, until the reviews are made. The count of looks
    is only a backstop for a worker that hangs (tests.limits.HANG_SECONDS of looks 0.05 s
    apart); a slow machine makes the review slower, not this test red."""
    for _ in range(int(HANG_SECONDS / 0.05)):
        if not d.host.reviews.busy:
            return
        d.deliver(d.host.review_sends(d.host.reviews.poll()))
        job = d.host.reviews.job
        if job is not None:
            job.wait(0.05)
    assert not d.host.reviews.busy, "the review was not made"


def seat_decisions(d: Desk, seat: int, hand: int) -> list[int]:
    """The game's actions in ``hand`` where ``seat`` had more than one choice, found by
    playing the host's record through the engine (not by the review)."""
    match = d.host.match
    assert match is not None
    state = new_game(match.rules, match.seed)
    scored = 0
    out = []
    for i, action in enumerate(match.actions):
        if scored == hand and actor(state) == seat and len(legal_actions(state)) > 1:
            out.append(i)
        state, events = apply(state, action)
        scored += sum(isinstance(e, HandScored) for e in events)
        if scored > hand:
            break
    return out


@dataclass
class Reviewed:
    d: Desk
    states: dict[int, SeatState]
    begun: list[ReviewTask]
    message: dict[str, Any]  # the review seat 0's device was sent


@pytest.fixture(scope="module")
def reviewed() -> Reviewed:
    """A racehorse table where seat 0's player asked for the review of the first hand, once
    it was scored, and got it (made once for the module's tests: a review takes a while)."""
    d = desk("racehorse", people=2)
    begun = counted_reviews(d)
    states = listen(d)
    first_hand_scored(d)
    got = d.say(1, {"t": "review", "hand": 0})
    assert got == []  # being made: nothing yet, and no refusal
    wait_for_reviews(d)
    return Reviewed(d, states, begun, d.last(1, "review"))


def test_a_seat_is_sent_the_review_of_its_own_decisions_and_no_other_seat_is(reviewed):
    d, review = reviewed.d, reviewed.message
    assert not [m for m in d.inbox[2] if m["t"] == "review"]  # seat 1 asked for nothing
    assert review["review"]["seat"] == 0 and review["error"] == ""
    assert [x["index"] for x in review["review"]["decisions"]] == seat_decisions(d, 0, 0)
    # while it was made, the asker was told how far the host was, decision by decision
    told = [m for m in d.inbox[1] if m["t"] == "reviewing"]
    total = len(review["review"]["decisions"])
    assert told and all(m["hand"] == 0 and m["total"] == total for m in told)
    assert [m["done"] for m in told] == sorted({m["done"] for m in told})
    assert not [m for m in d.inbox[2] if m["t"] == "reviewing"]
    # the device reads it: a row for each decision, with where it was in words
    kept = reviewed.states[1].reviews[0]
    rows = kept.rows()
    assert len(rows) == len(review["review"]["decisions"]) > 0
    assert all(r.moment for r in rows)
    assert any(r.moment.startswith("trick ") for r in rows)
    # the hand's score for seat 0's side, in the review's units, from the table's record:
    # its side's score minus the other side's
    result = d.host.match.state.records[0]
    side = d.host.rules.side_of(0)
    mine = sum(s.score for s in result.sides if s.side == side)
    theirs = [s.score for s in result.sides if s.side != side]
    assert kept.score == pytest.approx(mine - sum(theirs) / len(theirs))
    # asked again (a second look, or after a rejoin): sent at once, not made again
    assert d.say(1, {"t": "review", "hand": 0})[0]["review"] == review["review"]
    assert len(reviewed.begun) == 1


def test_a_hand_not_yet_scored_and_a_game_not_started_are_answered_in_words():
    d = desk("racehorse", people=2)
    counted_reviews(d)
    strikes = d.host.links[1].strikes
    got = d.say(1, {"t": "review", "hand": 0})
    assert got == [{"t": "review", "hand": 0, "review": None, "moments": [], "score": None,
                    "error": "Hand 1 has not been scored yet."}]
    assert d.host.links[1].strikes == strikes  # a fair question, not a bad message
    assert not d.host.reviews.busy


def test_a_device_refuses_a_review_of_another_seat(reviewed):
    d = reviewed.d
    other = SeatState()
    for m in d.inbox[2]:
        other.receive(json.dumps(m))
    with pytest.raises(WireError, match="review.seat"):
        other.receive(json.dumps(reviewed.message))  # seat 1's device, sent seat 0's review
    assert 0 not in other.reviews and 0 in reviewed.states[1].reviews


def test_the_leak_check_catches_a_review_sent_to_another_seat_or_naming_a_card_not_held(
        reviewed):
    match = reviewed.d.host.match
    text = json.dumps(reviewed.message)
    assert check_message(match.state, 0, text, match.actions) > 1
    with pytest.raises(LeakError, match="review of seat 0"):
        check_message(match.state, 1, text, match.actions)
    # a choice the seat could not make: a card from another hand among the options
    tampered = json.loads(text)
    decision = next(x for x in tampered["review"]["decisions"]
                    if x["chosen"].startswith("play "))
    index = decision["index"]
    held = {str(a) for a in legal_actions(_before(match, index))}
    other = next(f"play {c}" for c in ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH")
                 if f"play {c}" not in held)
    decision["options"].append([other, 0.0, other])
    with pytest.raises(LeakError, match="could not make"):
        check_message(match.state, 0, json.dumps(tampered), match.actions)
    with pytest.raises(LeakError, match="actions were not given"):
        check_message(match.state, 0, text)


def _before(match, index: int) -> GameState:  # noqa: ANN001
    return replay(match.rules, match.seed, list(match.actions[:index]))[0]
