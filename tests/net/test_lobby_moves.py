"""Issue 41, item 1: "The host can seat bots of any level, move people, and start." The owner
moves a person to an open chair before the start; the person's device is told its new seat
(its views are that seat's from then on), and a move to a taken chair is refused with a
reason. Driven without sockets (tests.net.tables); the lobby screen's clicks are
tests/ui/test_lobby_screen.py's."""

from __future__ import annotations

from game.net.host import TableHost
from game.net.seatstate import SeatState
from game.net.table import TableSpec, open_chairs
from game.store.content import load_preset
from tests.net.tables import SEED, Desk


def lobby_desk() -> Desk:
    """Racehorse, not started: P1 in seat 0, seat 1 open, a bot in 2, the owner in 3."""
    rules = load_preset("racehorse")
    host = TableHost(TableSpec(rules, "racehorse", None),
                     open_chairs(rules, [None, None, "random", None], "random"), SEED)
    d = Desk(host)
    d.connect(1)
    d.states[1] = SeatState()
    d.say(1, {"t": "hello", "v": 1, "name": "P1", "seat": 0})
    d.connect(99)
    d.say(99, {"t": "hello", "v": 1, "name": "Host", "owner": host.owner_key, "seat": 3})
    return d


def test_a_person_moved_before_the_start_plays_from_the_new_seat():
    d = lobby_desk()
    state = d.states[1]
    assert state.seat == 0
    d.say(99, {"t": "move", "source": 0, "target": 1})
    assert d.host.links[1].seat == 1 and state.seat == 1
    assert [s.kind for s in state.seats][:2] == ["open", "person"]
    d.say(99, {"t": "seat", "seat": 0, "kind": "bot", "level": "random"})
    d.say(99, {"t": "start"})
    d.run_bots()
    assert state.latest is not None and state.latest.view.seat == 1  # read back, not refused
    assert d.host.match is not None and d.host.match.seats[1] == "human"


def test_a_move_to_a_taken_chair_is_refused_with_its_reason():
    d = lobby_desk()
    got = d.say(99, {"t": "move", "source": 0, "target": 2})
    assert got[-1]["t"] == "refused" and got[-1]["reason"] == "Move people to an open seat."
    assert d.host.links[1].seat == 0 and d.states[1].seat == 0
