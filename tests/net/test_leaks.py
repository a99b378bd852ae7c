"""No hidden card reaches a seat that may not see it (issue 41, item 2): the check of
tests.net.leaks reads every message of whole games at every kind of table, and fails when a
leak is planted in what builds the messages."""

from __future__ import annotations

import dataclasses

import pytest

import game.net.views as views
from game.rules.view import observe
from tests.net.leaks import LeakError
from tests.net.tables import desk, desynced, listen, play_people

# (preset, people): the widow (cutthroat), passing (racehorse), the stock and its draws
# (two-handed), five-card hands of the check variant, and racehorse.
TABLES = [("racehorse", 2), ("cutthroat", 2), ("partnership-150", 3), ("two-handed", 1),
          ("double-deck", 2), ("check", 2)]


@pytest.mark.parametrize(("preset", "people"), TABLES)
def test_no_message_of_a_game_shows_a_hidden_card(preset, people):
    d = desk(preset, people)
    listen(d)
    moves = play_people(d, 80)
    assert moves > 40
    assert d.checked > 150  # every message to a seat went through the check
    assert desynced(d) == []


def test_a_planted_leak_in_the_events_is_caught(monkeypatch):
    """Every seat sent every dealt hand: the check fails at the first deal."""
    monkeypatch.setattr(views, "redact", lambda event, seat: event)
    d = desk("racehorse", 2)
    listen(d)
    with pytest.raises(LeakError, match="dealt hand"):
        play_people(d, 50)


def test_a_planted_leak_of_the_widow_is_caught(monkeypatch):
    """The widow sent before the bidder turns it up."""
    def leaky(state, seat, reveal=False):
        view = observe(state, seat)
        hand = state.hand
        widow = getattr(hand, "widow", 0)
        return dataclasses.replace(view, widow=widow) if widow else view
    monkeypatch.setattr(views, "observe", leaky)
    d = desk("cutthroat", 2)
    listen(d)
    with pytest.raises(LeakError, match="widow"):
        play_people(d, 80)


def test_a_planted_leak_of_another_hand_is_caught(monkeypatch):
    """A seat sent its left-hand neighbour's hand as its own."""
    def leaky(state, seat, reveal=False):
        other = state.rules.seating.next(seat)
        return dataclasses.replace(observe(state, seat), hand=observe(state, other).hand)
    monkeypatch.setattr(views, "observe", leaky)
    d = desk("racehorse", 2)
    listen(d)
    with pytest.raises(LeakError, match="not its own"):
        play_people(d, 50)


def test_a_planted_leak_of_passed_cards_is_caught(monkeypatch):
    """Cards passed between partners shown to the opponents too."""
    real = views.redact

    def leaky(event, seat):
        return event if type(event).__name__ == "CardsPassed" else real(event, seat)
    monkeypatch.setattr(views, "redact", leaky)
    d = desk("racehorse", 3)
    listen(d)
    with pytest.raises(LeakError, match="passed between others"):
        play_people(d, 200)


def test_a_planted_seed_in_a_message_is_caught(monkeypatch):
    real = views.seat_update

    def leaky(state, seat, events, n, person=True):
        update = real(state, seat, events, n, person)
        return dataclasses.replace(update, view=dataclasses.replace(
            update.view, over_reason=f"seed {state.seed}"))
    monkeypatch.setattr("game.net.host.seat_update", leaky)
    with pytest.raises(LeakError, match="seed"):
        desk("racehorse", 2)
