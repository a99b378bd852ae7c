"""Issue 41, item 1: "The host can seat bots of any level, move people, and start." The lobby
screen's clicks on the chairs: a person picked up, then put in an open chair, sends the move
(the host's side is tests/net/test_lobby_moves.py)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from game.net.schema import MoveSeat, SeatInfo
from game.net.seatstate import SeatState
from game.ui.scenes.lobby import LobbyScene
from tests.net.test_lobby_moves import lobby_desk


class _Client:
    def __init__(self, state: SeatState) -> None:
        self.state, self.sent = state, []

    def send(self, message: object) -> bool:
        self.sent.append(message)
        return True


def test_the_lobby_screen_picks_a_person_up_and_puts_them_in_an_open_chair(app):
    d = lobby_desk()
    owner = SeatState()
    for message in d.inbox[99]:
        owner.receive(json.dumps(message))
    client = _Client(owner)
    scene = LobbyScene(app, None)
    scene.seat = SimpleNamespace(client=client)  # type: ignore[assignment]
    assert owner.welcome is not None and owner.welcome.owner
    assert owner.seats[0] == SeatInfo("person", "P1", "", False)
    scene.cycle(0)  # picked up: nothing sent yet
    assert scene.moving == 0 and client.sent == []
    scene.cycle(2)  # a bot's chair is not open: put down, nothing sent
    assert scene.moving is None and client.sent == []
    scene.cycle(0)
    scene.cycle(1)  # the open chair
    assert client.sent == [MoveSeat(0, 1)] and scene.moving is None
