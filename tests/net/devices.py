"""Devices on the loopback address for the tests: a host's server and clients that choose
their moves from their own views, every message checked for leaks on the host's side.

All traffic is to 127.0.0.1 (the server listens there and every client is given that
address); waits are for messages, with tests.limits' backstop only for a link that hangs."""

from __future__ import annotations

import base64
import os
import random
import socket
from dataclasses import dataclass, field

from game.bots.registry import make_bot
from game.net.client import TableClient
from game.net.host import Send, TableHost
from game.net.schema import Act
from game.net.server import TableServer
from game.net.table import TableSpec, open_chairs
from game.rules.actions import DeclareOut
from game.rules.view import observe
from game.store.content import load_preset
from tests.limits import HANG_SECONDS
from tests.net.leaks import check_message
from tests.net.tables import SEED

LOOPBACK = "127.0.0.1"


@dataclass
class Device:
    """A client whose person is a bot choosing from the device's own view."""

    client: TableClient
    rng: random.Random
    level: str = "random"
    answered: int = -1  # the last position this device sent a move for
    synced: int = 0  # the host's syncs seen when it was sent: a move sent before a sync
    # may have been lost with the host, and the sync's position is answered again
    moves: int = 0

    def turn(self) -> bool:
        """Keep what arrived; send a move if this seat is to act in the newest position."""
        self.client.poll()
        latest = self.client.state.latest
        state = self.client.state
        if latest is None or not latest.view.legal \
                or (latest.n == self.answered and state.synced == self.synced):
            return False
        view = latest.view
        if self.level == "random":
            moves = [a for a in view.legal if not isinstance(a, DeclareOut)]
            action = self.rng.choice(moves or list(view.legal))
        else:
            action = make_bot(self.level).choose(view, self.rng)
        self.answered, self.synced = latest.n, state.synced
        self.moves += 1
        return self.client.send(Act(latest.n, str(action)))


@dataclass
class Room:
    """A host's server on the loopback address and the devices joined to it."""

    server: TableServer
    devices: list[Device] = field(default_factory=list)
    leaks_checked: int = 0
    leaks: list[str] = field(default_factory=list)

    @property
    def host(self) -> TableHost:
        return self.server.host

    def uri(self) -> str:
        return f"ws://{LOOPBACK}:{self.server.port}"

    def join(self, name: str, seat: int | None = None, owner: bool = False,
             level: str = "random", **options: object) -> Device:
        client = TableClient(self.uri(), name, seat,
                             self.host.owner_key if owner else None, **options)  # type: ignore[arg-type]
        client.start()
        device = Device(client, random.Random(name), level)
        self.devices.append(device)
        return device

    def wait(self, done, patience: float = HANG_SECONDS) -> bool:  # noqa: ANN001
        """Drive every device until ``done()``; False if the backstop ran out first."""
        first = self.devices[0].client
        end = first.clock() + patience
        while not done():
            moved = False
            for device in self.devices:
                moved |= device.turn()
            if first.clock() > end:
                return False
            if not moved:
                first.arrived.clear()
                first.arrived.wait(0.02)
        return True

    def in_step(self) -> list[str]:
        """Devices whose newest view is not the host's view for their seat (call when every
        device has caught up with the host's position)."""
        match = self.host.match
        assert match is not None
        out = []
        for device in self.devices:
            state = device.client.state
            if state.latest is None or state.seat < 0:
                continue
            if state.latest.view != observe(match.state, state.seat):
                out.append(f"seat {state.seat} at {state.latest.n}, host at {self.host.n}")
        return out

    def close(self) -> None:
        for device in self.devices:
            device.client.close()
        self.server.stop()


def room(preset: str = "racehorse", people: int = 2, level: str = "random",
         bot_delay: float = 0.0, check_leaks: bool = True, **server_options: object) -> Room:
    """A table served on the loopback address with ``people`` open seats (the first ones) and
    bots in the rest; the host checks every message it sends for leaks."""
    rules = load_preset(preset)
    levels: list[str | None] = [None] * people + [level] * (rules.players - people)
    host = TableHost(TableSpec(rules, preset, None), open_chairs(rules, levels, level), SEED)
    server = TableServer(host, LOOPBACK, 0, bot_delay=bot_delay,
                         **server_options)  # type: ignore[arg-type]
    r = Room(server)
    if check_leaks:
        _check_every_message(r)
    server.start()
    return r


def _check_every_message(r: Room) -> None:
    """Every message the engine hands the network goes through the leak check first, with the
    game as it is when the message was made (the engine thread waits for the check)."""
    host, server = r.host, r.server
    real = server._send

    def checked(outs):  # noqa: ANN001, ANN202
        for out in outs:
            link = host.links.get(out.conn)
            if isinstance(out, Send) and link is not None and link.seat is not None \
                    and host.match is not None:
                try:
                    check_message(host.match.state, link.seat, out.text, host.match.actions)
                except AssertionError as exc:
                    r.leaks.append(str(exc))
                r.leaks_checked += 1
        real(outs)
    server._send = checked  # type: ignore[method-assign]


def mute_device(port: int, hello: str) -> socket.socket:
    """A device that opens a websocket, says ``hello`` and then reads nothing ever again: no
    message, no ping (a device that stopped reading, or a laptop shut mid-game). A raw socket
    with a small receive buffer, so that the host's side fills quickly."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((LOOPBACK, port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(1)
        if not chunk:
            raise ConnectionError("the host closed the handshake")
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 101"), answer
    payload = hello.encode()
    mask = os.urandom(4)
    assert len(payload) < 126
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask
                 + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock
