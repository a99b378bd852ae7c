"""The table on real websockets, on the loopback address (issue 41, item 5): devices join,
play from their own views and stay in step with the host; a device that stops reading, one
that sends too much, and one that vanishes are cut off while the game goes on."""

from __future__ import annotations

import asyncio

import pytest

from game.net.host import Send
from game.net.schema import MAX_CLIENT_BYTES, Start
from tests.limits import HANG_SECONDS
from tests.net.devices import mute_device, room


def started(r, owner):
    owner.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
    assert owner.client.send(Start())
    assert r.wait(lambda: all(d.client.state.latest is not None for d in r.devices))


def test_devices_play_from_their_views_and_stay_in_step_with_the_host():
    r = room("racehorse", people=2)
    try:
        a = r.join("Ann", seat=0, owner=True)
        b = r.join("Bob", seat=1)
        assert r.wait(lambda: b.client.state.welcome is not None)
        started(r, a)
        assert r.wait(lambda: a.moves + b.moves >= 40)
        # caught up: the host waits for a person, and both devices have its newest position
        assert r.wait(lambda: r.host.match.actor in (0, 1)
                      and all(d.client.state.latest.n == r.host.n for d in r.devices))
        assert r.in_step() == []
        assert r.leaks == [] and r.leaks_checked > 80
        assert r.server.figures.engine_errors == 0, r.server.errors
    finally:
        r.close()


def seated(r, seat):
    return next(c for c, link in r.host.links.items() if link.seat == seat)


def test_a_device_that_stops_reading_is_cut_off_and_a_bot_plays_its_seat():
    """A device that reads nothing while the host has much to tell it fills its bounded send
    queue; the host disconnects it rather than keep its messages, and the stand-in plays its
    seat."""
    r = room("racehorse", people=2, send_queue=8, ping_seconds=60.0)
    try:
        a = r.join("Ann", seat=0, owner=True)
        a.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
        mute = mute_device(r.server.port, '{"t":"hello","v":1,"name":"Mute","seat":1}')
        assert r.wait(lambda: r.host.chairs[1].kind == "person")
        started(r, a)
        conn = seated(r, 1)
        # far more than the queue, the socket's buffers and the write limit hold
        r.server._send([Send(conn, '{"t":"chat","seat":0,"phrase":0}' + " " * 4000)] * 2000)
        assert r.wait(lambda: r.server.figures.slow_readers >= 1)
        assert r.wait(lambda: r.host.chairs[1].away)
        moves = a.moves
        assert r.wait(lambda: a.moves >= moves + 10)  # the game goes on for the others
        assert r.server.figures.engine_errors == 0, r.server.errors
        mute.close()
    finally:
        r.close()


def test_an_oversized_message_closes_that_link_only():
    r = room("racehorse", people=2)
    try:
        a = r.join("Ann", seat=0, owner=True)
        b = r.join("Bob", seat=1)
        assert r.wait(lambda: b.client.state.welcome is not None)
        started(r, a)
        asyncio.run_coroutine_threadsafe(b.client._ws.send("x" * (MAX_CLIENT_BYTES + 1)),
                                         b.client._loop)
        assert r.wait(lambda: r.host.chairs[1].away or b.client.status != "connected")
        moves = a.moves
        assert r.wait(lambda: a.moves >= moves + 5)
        assert r.server.figures.engine_errors == 0
    finally:
        r.close()


def test_a_device_that_vanishes_is_found_by_the_keep_alive():
    """A device that answers no ping (a laptop shut mid-game) is dropped within two pings,
    and the stand-in plays its seat."""
    r = room("racehorse", people=2, ping_seconds=0.3)
    try:
        a = r.join("Ann", seat=0, owner=True)
        a.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
        ghost = mute_device(r.server.port, '{"t":"hello","v":1,"name":"Ghost","seat":1}')
        assert r.wait(lambda: r.host.chairs[1].kind == "person" and r.host.chairs[1].here)
        assert r.wait(lambda: r.host.chairs[1].away)
        ghost.close()
    finally:
        r.close()


@pytest.mark.parametrize("address", ["", "table:99999", "a b", "http://x/y", "[::1",
                                     "192.168.1.20:8765"])  # tests join this machine only
def test_a_typed_address_that_is_not_one_is_refused_in_words(address):
    from game.net.client import address_uri
    with pytest.raises(ValueError, match=r"\S"):
        address_uri(address, 8765)


def test_a_typed_address_reads_as_host_and_port(monkeypatch):
    from game.net.client import address_uri
    monkeypatch.delenv("PINOCHLE_NET_LOOPBACK_ONLY")  # reading only: nothing is joined
    assert address_uri("192.168.1.20", 8765) == "ws://192.168.1.20:8765"
    assert address_uri("kitchen.local:9000", 8765) == "ws://kitchen.local:9000"
    assert address_uri("[::1]:9000", 8765) == "ws://[::1]:9000"
