"""The window's seat at a network table (:class:`RemoteMatch`) after the host shows the whole
hand again (issue 41, item 3): a choice sent just before the link or the host went away may
never have been played, so the position the sync shows is the player's to answer again.
Driven without sockets (tests.net.tables)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.net.client import CONNECTED
from game.net.remote import RemoteMatch
from game.net.schema import ClientMessage
from game.net.seatstate import SeatState
from tests.net.tables import desk, listen


@dataclass
class Device:
    """What RemoteMatch asks of its link: the seat's state and a send that the test keeps
    (and never delivers: the move is lost on the way)."""

    state: SeatState
    status: str = CONNECTED
    sent: list[ClientMessage] = field(default_factory=list)

    def poll(self) -> int:
        return 0  # the desk delivers into the state as the host sends

    def send(self, message: ClientMessage) -> bool:
        self.sent.append(message)
        return True


def shown_up_to_date(remote: RemoteMatch) -> None:
    while remote.client.state.backlog:
        remote.step_bot()


def test_a_choice_lost_on_the_way_is_asked_for_again_when_the_sync_shows_its_position():
    d = desk("racehorse", people=2)
    states = listen(d)
    d.run_bots()
    match = d.host.match
    assert match is not None
    conn = next(c for c, link in d.host.links.items() if link.seat == match.actor)
    device = Device(states[conn])
    remote = RemoteMatch(device, match.rules)  # type: ignore[arg-type]
    shown_up_to_date(remote)
    n = d.host.n
    assert remote.shown is not None and remote.shown.n == n and remote.waiting_for_human()
    remote.submit(remote.legal()[0])
    assert len(device.sent) == 1 and not remote.waiting_for_human()  # sent: the table waits
    # the move never reaches the host; the device comes back with its token and is synced
    token = states[conn].welcome.token
    d.deliver(d.host.disconnect(conn, d.now))
    d.connect(50)
    d.states[50] = states[conn]
    d.say(50, {"t": "hello", "v": 1, "name": "P", "token": token})
    assert states[conn].synced == 2 and d.host.n == n
    shown_up_to_date(remote)
    assert remote.shown.n == n and remote.resync
    assert remote.waiting_for_human()  # the prompt opens again for the same position
