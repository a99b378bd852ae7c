"""A network table in the window (issue 41, items 1 and 4), headless, on 127.0.0.1: a device
joins through the lobby, its table is drawn from its own seat (south, whichever seat it holds),
its prompt sends the choice and the host's answer moves the table on; the controls that need
the whole deal are not offered; a dropped link comes back to the same table."""

from __future__ import annotations

import pygame

from game.net.schema import Start
from game.net.seat import join_table
from game.ui.scene import Route
from game.ui.table.network import NetTableScene
from tests.limits import HANG_SECONDS
from tests.net.devices import room


def run(app, until, client, patience=HANG_SECONDS) -> bool:
    """Frames until ``until()``; between frames, wait for the link when nothing moves."""
    end = client.clock() + patience
    while not until():
        for event in pygame.event.get():
            app.handle(event)
        app.step(app.fixed_dt or 0.1)
        if client.clock() > end:
            return False
        if not app.busy:
            client.arrived.clear()
            client.arrived.wait(0.02)
    return True


def table_of(app) -> NetTableScene | None:
    return next((s for s in app.stack if isinstance(s, NetTableScene)), None)


def test_a_device_joins_through_the_lobby_and_plays_its_seat_from_the_south(app):
    app.settings.fast = True  # the meld and result displays go on by themselves
    r = room("racehorse", people=2, bot_delay=0.0)
    owner = r.join("Ann", seat=0, owner=True)
    seat = join_table(f"127.0.0.1:{r.server.port}", "Bob")
    seat.client.want_seat = 1
    try:
        app.open(Route.TITLE)
        app.open(Route.LOBBY, seat=seat)
        client = seat.client
        assert run(app, lambda: client.state.welcome is not None, client)
        assert client.state.seat == 1
        owner.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
        assert owner.client.send(Start())
        assert run(app, lambda: table_of(app) is not None, client)
        table = table_of(app)
        assert table.human == 1 and table.layout.edge(1) == "bottom"
        assert table.layout.edge(0) != "bottom"
        # the owner's device plays by itself; this window waits for its own prompt
        def my_prompt():
            r.devices[0].turn()
            return table.match.waiting_for_human() and app.top is not table \
                and not table.timeline.busy
        assert run(app, my_prompt, client)
        n = table.remote.shown.n
        action = table.view.legal[0]
        app.top.act(action)  # the prompt in front of the table, as a click would
        assert table.remote.pending == n  # sent, and the table waits for the host
        assert run(app, lambda: (r.devices[0].turn() or True) and table.remote.shown.n > n,
                   client)
        assert r.host.n > n and table.view.seat == 1
        hint = next(b for b in table.toolbar.buttons if b.label == "Hint")
        assert hint.enabled  # worked out on this device
        assert not table.offers("after-hand")  # the whole deal stays with the host
        # the link drops while the player's prompt is open; the window comes back to the same
        # seat, closes the prompt (its position has passed) and redraws the hand
        assert run(app, my_prompt, client)
        synced = client.state.synced
        assert client.drop()
        assert run(app, lambda: (r.devices[0].turn() or True)
                   and client.state.synced > synced and not table.remote.resync
                   and not client.state.backlog, client)
        assert table_of(app) is table and table.human == 1
        shown = sorted(str(sp.card) for sp in table.model.hands[1])
        assert shown == sorted(str(c) for c in table.view.hidden_cards)
        assert r.server.figures.engine_errors == 0 and r.leaks == []
    finally:
        app.reset(app.stack[0]) if app.stack else None
        seat.close()
        r.close()
