"""Dropped links (issue 41, item 3): a device that drops comes back to the same seat and the
same view with its token, a bot plays the seat meanwhile, and a host that stops opens the
same table again from its save, its players rejoining. All on 127.0.0.1."""

from __future__ import annotations

import threading

from game.net.hosting import new_table, resume_table
from game.net.schema import Start
from game.net.server import TableServer
from game.net.table import TableSpec
from game.store.content import load_preset
from tests.limits import HANG_SECONDS
from tests.net.devices import LOOPBACK, Room, room


def start(r, owner):
    owner.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
    assert r.wait(lambda: all(d.client.state.welcome is not None for d in r.devices))
    assert owner.client.send(Start())
    assert r.wait(lambda: all(d.client.state.latest is not None for d in r.devices))


def where(r):
    """The table and each device as they stand: a wait that runs out says why."""
    host = r.host
    match = host.match
    devices = [(d.client.state.seat, d.client.status, d.client.problem, d.client.drops,
                d.client.state.synced, d.answered, d.synced,
                d.client.state.latest.n if d.client.state.latest else None)
               for d in r.devices]
    chairs = [(c.kind, c.away) for c in host.chairs.chairs]
    return (f"host at {host.n}, actor {match.actor if match else None}, chairs {chairs}, "
            f"devices (seat, status, problem, drops, synced, answered, answered synced, "
            f"latest) {devices}, engine errors {r.server.errors}")


def caught_up(r):
    return r.wait(lambda: r.host.match.actor in [d.client.state.seat for d in r.devices]
                  and all(d.client.state.latest is not None
                          and d.client.state.latest.n == r.host.n for d in r.devices))


def test_a_device_that_drops_comes_back_to_its_seat_and_a_bot_played_it_meanwhile():
    r = room("racehorse", people=2)
    try:
        a = r.join("Ann", seat=0, owner=True)
        b = r.join("Bob", seat=1)
        start(r, a)
        assert r.wait(lambda: a.moves + b.moves >= 10)
        token = b.client.token
        dropped_at = r.host.n
        b.client.drop()
        assert r.wait(lambda: r.host.chairs[1].away)
        assert r.wait(lambda: b.client.state.synced >= 2)  # the rejoin's sync
        back_at = b.client.state.latest.n
        assert b.client.state.seat == 1 and b.client.token == token
        stand_in = [i for i in r.host.match.human_decisions(1) if dropped_at <= i < back_at]
        assert stand_in, "the stand-in played seat 1 while Bob was away"
        assert caught_up(r)
        assert r.in_step() == []
        assert r.leaks == []
    finally:
        r.close()


def saved_table(tmp_path):
    """A racehorse table saved under ``tmp_path`` and served on the loopback address, Ann
    (the owner) and Bob at seats 0 and 1, bots in the rest, the game started."""
    spec = TableSpec(load_preset("racehorse"), "racehorse", None)
    hosting = new_table(spec, [None, None, "random", "random"], "random", root=tmp_path)
    server = TableServer(hosting.host, LOOPBACK, 0, bot_delay=0.0)
    server.start()
    r = Room(server)
    a = r.join("Ann", seat=0, owner=True)
    b = r.join("Bob", seat=1)
    start(r, a)
    return spec, hosting, r, a, b


def restart(r, spec, tmp_path):
    """The host stops and opens the same table again from its save, on the same port. Its own
    players (bots, stand-ins) wait until the returned event is set: at no pace (bot_delay 0)
    the stand-ins played the rest of the game, 740 actions, while a loaded machine took its
    second to bring the devices back, and the game was over ("host at 764, actor -1")."""
    port = r.server.port
    r.server.stop()  # the host goes away; the devices keep trying with their tokens
    resumed = resume_table(spec, 0.0, root=tmp_path)
    assert resumed is not None
    people_back = threading.Event()
    bot_to_act = resumed.host.bot_to_act
    resumed.host.bot_to_act = lambda: people_back.is_set() and bot_to_act()
    r.server = TableServer(resumed.host, LOOPBACK, port, bot_delay=0.0)
    r.server.start()
    return people_back


def test_a_host_that_stops_opens_the_same_table_again_and_its_players_rejoin(tmp_path):
    spec, _, r, a, b = saved_table(tmp_path)
    assert r.wait(lambda: a.moves + b.moves >= 12), where(r)
    assert caught_up(r), where(r)
    n, seed = r.host.n, r.host.seed
    people_back = restart(r, spec, tmp_path)
    try:
        assert r.host.n == n and r.host.seed == seed
        assert r.wait(lambda: all(d.client.state.synced >= 2 for d in r.devices)), where(r)
        people_back.set()
        assert [d.client.state.seat for d in r.devices] == [0, 1]
        assert caught_up(r), where(r)
        assert r.in_step() == []
        assert r.wait(lambda: r.host.n > n + 5), where(r)  # and the game goes on
    finally:
        r.close()


def test_a_table_file_that_is_not_one_is_set_aside_in_one_line(tmp_path):
    from game.store.nettables import load_table, network_store, table_path

    store = network_store(tmp_path)
    path = table_path(store, "racehorse")
    path.parent.mkdir(parents=True)
    chair = '{"kind": "bot", "name": "", "level": "easy", "token": ""}'
    path.write_text('{"format": 1, "owner_key": "zz", "away_level": "easy", '
                    f'"chairs": [{chair}, {chair}]}}')
    assert load_table(store, "racehorse") is None
    assert not path.exists()
    assert len(store.messages) == 1 and "owner_key" in store.messages[0]


def swallow_next_move(host) -> threading.Event:
    """The host's engine loses the next move a device sends, as a host that stops before its
    engine takes a move in flight does; the event is set when one was lost."""
    lost = threading.Event()
    real = host.move

    def move(conn, seat, message):
        if not lost.is_set():
            lost.set()
            return []
        return real(conn, seat, message)
    host.move = move
    return lost


def test_a_move_in_flight_when_the_host_stops_is_answered_again_at_the_rejoin(tmp_path):
    # a device that had sent its move for position n, lost with the host, kept waiting for n
    # to be answered after the resumed host showed n again
    spec, hosting, r, a, b = saved_table(tmp_path)
    assert r.wait(lambda: a.moves + b.moves >= 6)
    lost = swallow_next_move(hosting.host)
    assert r.wait(lost.is_set)
    n = r.host.n
    sent = [d for d in r.devices if d.answered == n]
    assert len(sent) == 1 and r.host.match.actor == sent[0].client.state.seat
    # the host's own players wait until the people are back, so that the person, not a
    # stand-in, answers the position the lost move was for
    people_back = restart(r, spec, tmp_path)
    try:
        assert r.host.n == n  # the move never reached the save
        assert r.wait(lambda: all(d.client.state.synced >= 2 for d in r.devices))
        assert not r.host.chairs[sent[0].client.state.seat].away
        people_back.set()
        assert r.wait(lambda: r.host.n > n + 5)  # the lost move was sent again
        assert n in r.host.match.human_decisions(sent[0].client.state.seat)  # by its player
        assert r.leaks == []
    finally:
        r.close()
