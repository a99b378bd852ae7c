"""A device's connection to a host: a websockets client (its asyncio API) on a thread of its own.

The thread connects, says hello (with the seat's token when it comes back), reads and checks
each of the host's messages (:class:`~game.net.seatstate.Reader`) and puts what it read in a
queue; the frame calls :meth:`TableClient.poll`, which never waits, to keep what arrived in
its :class:`~game.net.seatstate.SeatState`, and :meth:`TableClient.send`, which never waits
either. A link that drops is tried again with the token for ``REJOIN_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.match.chairs import REJOIN_SECONDS
from game.net.codec import WireError
from game.net.schema import MAX_HOST_BYTES, ClientMessage, Hello, client_json
from game.net.seatstate import Message, Reader, SeatState

RETRY_SECONDS = 1.0
PING_SECONDS = 15.0  # as the server's: a busy machine answers late, not never
CONNECTING, CONNECTED, LOST, CLOSED = "connecting", "connected", "lost", "closed"


def address_uri(address: str, default_port: int) -> str:
    """``host``, ``host:port`` or ``[v6]:port`` as a websocket address; ValueError names what is
    wrong in a player's words."""
    address = address.strip()
    if not address:
        raise ValueError("Type the table's address, such as 192.168.1.20:8765.")
    if "/" in address or "@" in address or " " in address:
        raise ValueError(f"{address!r} is not an address: type host:port.")
    host, port = address, default_port
    if address.startswith("["):
        end = address.find("]")
        if end < 0:
            raise ValueError(f"{address!r}: an IPv6 address closes with ].")
        host, rest = address[: end + 1], address[end + 1:]
        if rest:
            port = _port(rest.removeprefix(":"), address)
    elif address.count(":") == 1:
        host, text = address.split(":")
        port = _port(text, address)
    if os.environ.get("PINOCHLE_NET_LOOPBACK_ONLY") and \
            not (host.startswith("127.") or host in ("localhost", "[::1]")):
        raise ValueError(f"{address!r}: this run joins tables on this machine only.")
    return f"ws://{host}:{port}"


def _port(text: str, address: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"{address!r}: the port is a number from 1 to 65535.")
    return int(text)


class TableClient:
    """One device's link to a host's table."""

    def __init__(self, uri: str, name: str, seat: int | None = None, owner: str | None = None,
                 token: str | None = None, clock: Callable[[], float] = time.monotonic,
                 ping_seconds: float = PING_SECONDS, retry_seconds: float = RETRY_SECONDS
                 ) -> None:
        self.uri = uri
        self.name = name
        self.want_seat = seat
        self.owner = owner
        self.token = token
        self.clock = clock
        self.ping_seconds = ping_seconds
        self.retry_seconds = retry_seconds
        self.drops = 0  # links lost and tried again (the figures)
        self.state = SeatState()
        self.status = CONNECTING
        self.problem = ""  # why the link is lost or closed, in a player's words
        self.received = 0  # messages read (the figures)
        self.arrived = threading.Event()  # set when something arrives (for waiting callers)
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._links_task: asyncio.Task[None] | None = None
        self.on_arrival: Callable[[str, float], None] | None = None  # (kind, when): figures

    # -- the frame's side: never waits ----------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self._thread.start()

    def poll(self) -> int:
        """Keep what arrived since the last call; how many messages that was."""
        count = 0
        while True:
            try:
                kind, value = self._inbox.get_nowait()
            except queue.Empty:
                return count
            if kind == "status" and isinstance(value, str):
                self.status, _, self.problem = value.partition(":")
            else:
                self.state.apply(kind, value)
            count += 1

    def send(self, message: ClientMessage) -> bool:
        """Queue a message for the host; False when there is no link to send it on."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or self.status != CONNECTED:
            return False
        text = _json(message)
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(_send(ws, text)))
            return True
        return False

    def close(self) -> None:
        self._stop.set()
        loop, ws, links = self._loop, self._ws, self._links_task
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                if ws is not None:  # goodbye, 1000 (the cancel alone would end it as 1011)
                    loop.call_soon_threadsafe(lambda: asyncio.ensure_future(ws.close()))
                # the thread may be between links (connecting, or waiting to try again): a
                # link it opens after this would be read forever, so its work is cancelled
                if links is not None:
                    loop.call_soon_threadsafe(links.cancel)
        if self._thread is not None:
            self._thread.join()

    def drop(self) -> bool:
        """Break the link without saying goodbye, as a device that sleeps does (tests): the
        thread comes back with the token. False when there was no live link to break."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or self.status != CONNECTED:
            return False
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(ws.transport.abort)
            return True
        return False

    def settle(self, done: Callable[[TableClient], bool], patience: float) -> bool:
        """Poll until ``done(self)`` or ``patience`` seconds pass (the command line and the
        tests; the window polls once a frame instead)."""
        end = self.clock() + patience
        while True:
            self.arrived.clear()
            self.poll()
            if done(self):
                return True
            left = end - self.clock()
            if left <= 0:
                return False
            self.arrived.wait(min(left, 0.25))

    # -- the network thread -------------------------------------------------------------------
    def _status(self, status: str, problem: str = "") -> None:
        self._inbox.put(("status", f"{status}:{problem}"))
        self.arrived.set()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        links = loop.create_task(self._links())
        self._loop, self._links_task = loop, links
        try:
            loop.run_until_complete(links)
        except asyncio.CancelledError:
            self._status(CLOSED, "")
        finally:
            loop.close()

    async def _links(self) -> None:
        lost_at: float | None = None
        linked = False  # connected once: a host starting up is waited for too
        reader = Reader()
        while not self._stop.is_set():
            try:
                async with connect(self.uri, max_size=MAX_HOST_BYTES, compression=None,
                                   ping_interval=self.ping_seconds,
                                   ping_timeout=self.ping_seconds, open_timeout=5.0,
                                   close_timeout=2.0, proxy=None,
                                   user_agent_header=None) as ws:
                    self._ws = ws
                    lost_at, linked = None, True
                    await ws.send(_json(Hello(self.name, self.token, self.want_seat,
                                              self.owner)))
                    self._status(CONNECTED)
                    await self._read(ws, reader)
                    if ws.close_code == 1008:  # the host sent this device away
                        self._status(CLOSED, ws.close_reason or "The host closed the link.")
                        return
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
                if isinstance(exc, InvalidURI):
                    self._status(CLOSED, f"{self.uri} is not an address.")
                    return
                self._status(LOST, f"The table cannot be reached ({type(exc).__name__}).")
            except ConnectionClosed:
                pass
            except WireError as exc:
                self._status(CLOSED, f"The host sent something this game cannot read: {exc}")
                return
            finally:
                self._ws = None
            if self._stop.is_set():
                break
            now = self.clock()
            lost_at = now if lost_at is None else lost_at
            if (linked and self.token is None) or now - lost_at > REJOIN_SECONDS:
                self._status(CLOSED, "The link to the table is lost.")
                return
            self._status(LOST, "The link dropped: joining again.")
            self.drops += 1
            await asyncio.sleep(self.retry_seconds)
        self._status(CLOSED, "")

    async def _read(self, ws: ClientConnection, reader: Reader) -> None:
        async for raw in ws:
            kind, value = reader.read(raw)
            if reader.token is not None:
                self.token = reader.token  # the seat's token, to come back with
            self.received += 1
            self._inbox.put((kind, value))
            self.arrived.set()
            if self.on_arrival is not None:
                self.on_arrival(kind, time.perf_counter())


async def _send(ws: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(text)


def _json(message: ClientMessage) -> str:
    return json.dumps(client_json(message), separators=(",", ":"))
