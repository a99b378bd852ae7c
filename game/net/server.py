"""The host's table on the network: a websockets server (its asyncio API) on a thread of its
own, and the engine on another, so that neither a bot's thinking nor a slow device holds up
the rest (and the host's window, itself a device, never waits for either).

The network thread only moves messages: each connection's messages go to the engine's inbox,
under a size limit and a limit on how many may wait; what the engine sends goes into a bounded
queue per connection, and a device that stops reading fills its queue and is disconnected
(a bot plays its seat until it comes back). Keep-alive pings find a device that vanished.
The engine thread owns the :class:`~game.net.host.TableHost`: it alone touches the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.host import Drop, Out, TableHost
from game.net.schema import MAX_CLIENT_BYTES

SEND_QUEUE = 256  # messages waiting for one device: a hand's worth and more
INBOX_PER_DEVICE = 32  # a device's messages the engine has not read yet
PING_SECONDS = 15.0  # keep-alives: a device silent for two of these is gone (well in 60 s)
WRITE_LIMIT = 64 * 1024  # bytes buffered for a device before sending waits
REVIEW_POLL = 0.1  # seconds between looks at a review the host is making


@dataclass
class Figures:
    """What the server counted (the tests and the benchmarks read them)."""

    slow_readers: int = 0  # devices disconnected for not reading
    floods: int = 0  # devices disconnected for sending faster than the engine reads
    engine_errors: int = 0  # exceptions in the engine thread (a test requires none)


class TableServer:
    """Serves one :class:`TableHost` on ``address:port`` (port 0: any free port)."""

    def __init__(self, host: TableHost, address: str = "127.0.0.1", port: int = 0,
                 bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 send_queue: int = SEND_QUEUE, ping_seconds: float = PING_SECONDS) -> None:
        self.host = host
        self.address = address
        self.port = port
        self.bot_delay = bot_delay  # seconds between the host's own moves (its bots' pace)
        self.clock = clock
        self.send_queue = send_queue
        self.ping_seconds = ping_seconds
        self.figures = Figures()
        self.errors: list[str] = []
        self.inbox: queue.Queue[tuple[str, int, str | bytes]] = queue.Queue()
        self._waiting: dict[int, int] = {}  # per connection: messages in the inbox
        self._lock = threading.Lock()
        self._queues: dict[int, asyncio.Queue[str | None]] = {}
        self._sockets: dict[int, ServerConnection] = {}
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._ready = threading.Event()
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self.on_step: Callable[[], None] | None = None  # after each engine turn (tests)

    # -- life ---------------------------------------------------------------------------------
    def start(self) -> int:
        """Start both threads; the port the server listens on."""
        net = threading.Thread(target=self._run_network, name="table-network", daemon=True)
        engine = threading.Thread(target=self._run_engine, name="table-engine", daemon=True)
        self._threads = [net, engine]
        net.start()
        self._ready.wait()
        if self._server is None:
            raise OSError(f"the table could not listen on {self.address}:{self.port}: "
                          + "; ".join(self.errors))
        engine.start()
        return self.port

    def stop(self) -> None:
        self._stopping.set()
        self.inbox.put(("stop", 0, ""))
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._close_all)
        for thread in self._threads:
            thread.join()
        self.host.reviews.clear()  # a review being made is not left running

    # -- the network thread ---------------------------------------------------------------------
    def _run_network(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    async def _serve(self) -> None:
        try:
            self._server = await serve(
                self._handle, self.address, self.port, max_size=MAX_CLIENT_BYTES,
                max_queue=8, write_limit=WRITE_LIMIT, compression=None,
                ping_interval=self.ping_seconds, ping_timeout=self.ping_seconds,
                close_timeout=2.0, server_header=None)
        except OSError as exc:
            self.errors.append(str(exc))
            self._ready.set()
            return
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        await self._server.wait_closed()

    def _close_all(self) -> None:
        if self._server is not None:
            self._server.close()
        # A device that reads nothing cannot take a goodbye: its link is cut after a moment.
        if self._loop is not None:
            self._loop.call_later(1.0, self._abort_all)

    def _abort_all(self) -> None:
        for ws in list(self._sockets.values()):
            ws.transport.abort()

    async def _handle(self, ws: ServerConnection) -> None:
        conn = next(self._ids)
        sends: asyncio.Queue[str | None] = asyncio.Queue(self.send_queue)
        self._queues[conn] = sends
        self._sockets[conn] = ws
        self._post("connect", conn, "")
        sender = asyncio.create_task(self._send_loop(ws, sends))
        try:
            async for message in ws:
                with self._lock:
                    waiting = self._waiting.get(conn, 0)
                    self._waiting[conn] = waiting + 1
                if waiting >= INBOX_PER_DEVICE:
                    self.figures.floods += 1
                    await ws.close(1008, "too many messages")
                    break
                self._post("message", conn, message)
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            self._queues.pop(conn, None)
            self._sockets.pop(conn, None)
            self._post("gone", conn, "")

    async def _send_loop(self, ws: ServerConnection, sends: asyncio.Queue[str | None]) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await sends.get()
                if text is None:
                    return
                await ws.send(text)

    def _post(self, kind: str, conn: int, message: str | bytes) -> None:
        self.inbox.put((kind, conn, message))

    def _deliver(self, outs: list[Out]) -> None:
        """On the network thread: queue each message for its device; a device whose queue is
        full has stopped reading and is disconnected."""
        for out in outs:
            ws = self._sockets.get(out.conn)
            sends = self._queues.get(out.conn)
            if ws is None or sends is None:
                continue
            if isinstance(out, Drop):
                asyncio.ensure_future(ws.close(1008, out.reason[:100]))
                continue
            try:
                sends.put_nowait(out.text)
            except asyncio.QueueFull:
                self.figures.slow_readers += 1
                self._queues.pop(out.conn, None)
                asyncio.ensure_future(ws.close(1008, "not reading"))

    # -- the engine thread ----------------------------------------------------------------------
    def _run_engine(self) -> None:
        host = self.host
        last_move = -1e9
        while not self._stopping.is_set():
            wait = max(0.0, last_move + self.bot_delay - self.clock()) \
                if host.bot_to_act() else 1.0
            if host.reviews.busy:
                wait = min(wait, REVIEW_POLL)  # a review being made is looked at often
            try:
                item = self.inbox.get(True, wait)
            except queue.Empty:
                item = None
            try:
                while item is not None:
                    if item[0] == "stop":
                        return
                    moved = self._take(item)
                    if moved:
                        last_move = self.clock()
                    try:
                        item = self.inbox.get_nowait()
                    except queue.Empty:
                        item = None
                self._send(host.review_sends(host.reviews.poll()))
                if host.bot_to_act() and self.clock() - last_move >= self.bot_delay:
                    self._send(host.step())
                    last_move = self.clock()
                    self._send(host.claimable())
            except Exception as exc:  # noqa: BLE001 - counted and kept: a test requires none
                self.figures.engine_errors += 1
                self.errors.append(f"{type(exc).__name__}: {exc}")
            if self.on_step is not None:
                self.on_step()

    def _take(self, item: tuple[str, int, str | bytes]) -> bool:
        """One network event into the host; whether it moved the game."""
        kind, conn, message = item
        host = self.host
        now = self.clock()
        n = host.n
        if kind == "connect":
            host.connect(conn)
            return False
        if kind == "gone":
            self._send(host.disconnect(conn, now))
            host.sync_bots()
            return False
        with self._lock:
            self._waiting[conn] = max(0, self._waiting.get(conn, 0) - 1)
        self._send(host.receive(conn, message, now))
        if host.n != n:
            self._send(host.claimable())
            return True
        return False

    def _send(self, outs: list[Out]) -> None:
        if not outs:
            return
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closing as the table stops
            loop.call_soon_threadsafe(self._deliver, outs)

