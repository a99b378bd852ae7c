"""A device's link closes when the window closes, whatever the link is doing (issue 41,
item 5: the frame never waits for the network). A window closed while its link was still
being opened used to wait forever: the link opened after the close and was read from then on.
All on 127.0.0.1."""

from __future__ import annotations

import asyncio
import threading

from websockets.asyncio.server import serve

from game.net.client import TableClient
from tests.limits import HANG_SECONDS
from tests.net.devices import LOOPBACK


class SlowHost:
    """A websocket server on the loopback address whose handshake waits until released: a host
    that answers only after the device has given up on it."""

    def __init__(self) -> None:
        self.asked = threading.Event()  # a device is waiting for the handshake
        self.release = threading.Event()
        self.port = 0
        self._ready = threading.Event()
        self._done: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    async def _serve(self) -> None:
        async def process_request(connection, request):  # noqa: ANN001, ANN202
            self.asked.set()
            await asyncio.to_thread(self.release.wait, HANG_SECONDS)

        async def handler(ws) -> None:  # noqa: ANN001
            async for _ in ws:  # hears the hello and says nothing: the link stays open
                pass

        self._loop = asyncio.get_running_loop()
        self._done = self._loop.create_future()
        async with serve(handler, LOOPBACK, 0, process_request=process_request) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._done

    def start(self) -> None:
        self._thread.start()
        assert self._ready.wait(HANG_SECONDS)

    def stop(self) -> None:
        self.release.set()
        if self._loop is not None and self._done is not None:
            self._loop.call_soon_threadsafe(self._done.set_result, None)
        self._thread.join(HANG_SECONDS)


def test_a_link_closed_while_it_is_being_opened_closes():
    host = SlowHost()
    host.start()
    client = TableClient(f"ws://{LOOPBACK}:{host.port}", "Ann")
    try:
        client.start()
        assert host.asked.wait(HANG_SECONDS)  # the device is opening its link
        closing = threading.Thread(target=client.close, daemon=True)
        closing.start()
        closing.join(0.5)  # close() is on its way: the link may open only after it
        host.release.set()  # now the host answers the handshake
        closing.join(HANG_SECONDS)
        assert not closing.is_alive(), "closing the window waited for a link opened after"
        client.poll()
        assert client.status == "closed"
    finally:
        host.stop()
