"""The loopback soak (issue 41): bots on their own devices in every seat play hand after hand
through the host while devices drop at random and come back; every message the host sends is
checked for leaks, and every view a device receives is checked against the host's view for
that seat at that position. 0 crashes, 0 desyncs, 0 leaks.

The short run is in the suite; the long one (500 hands, 200 disconnects, about 30 CPU-minutes)
is ``python -m benchmarks.net_soak``, which runs this same function.
Everything runs on 127.0.0.1 and stops by itself: a bounded number of hands and drops, and
tests.limits' backstop for a link that hangs."""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable

from game.net.host import Send
from game.net.schema import Start
from game.rules.view import PlayerView, observe
from tests.limits import HANG_SECONDS
from tests.net.devices import room


def soak(preset: str, hands: int, drops: int, seed: int = 41,
         report: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Play ``hands`` hands with ``drops`` random disconnects; ``report(hands, drops)`` is called
    as each hand ends. The run stops with an AssertionError only when nothing moves for
    HANG_SECONDS: a long soak on a busy machine is slow, not hung."""
    rng = random.Random(seed)
    r = room(preset, people=4 if preset != "cutthroat" else 3)
    host, server = r.host, r.server
    # (position, seat) -> the host's view as it was sent, until the device has compared it
    sent: dict[tuple[int, int], PlayerView] = {}
    played = {"hands": 0, "games": 0, "to_seats": 0}
    lock = threading.Lock()

    real_send = server._send

    def record(outs):  # noqa: ANN001, ANN202 - on the engine thread, as each message leaves
        match = host.match
        for out in outs:
            link = host.links.get(out.conn)
            if isinstance(out, Send) and match is not None and link is not None \
                    and link.seat is not None:
                played["to_seats"] += 1
            if isinstance(out, Send) and match is not None and link is not None \
                    and link.seat is not None and ('"t":"update"' in out.text[:16]
                                                   or '"t":"sync"' in out.text[:16]):
                view = observe(match.state, link.seat)
                with lock:
                    sent[(host.n, link.seat)] = view
        real_send(outs)
    server._send = record

    def between_turns() -> None:  # on the engine thread: a finished game starts another
        match = host.match
        if match is not None and match.over:
            played["hands"] += len(match.state.records)
            played["games"] += 1
            server._send(host.next_game(secrets.randbits(40) + 10**12))
    server.on_step = between_turns

    desyncs: list[str] = []
    lost: list[str] = []
    syncs: dict[int, int] = {}

    def check_devices() -> None:
        """Each update a device shows equals the host's view for its seat at that position,
        and none is missing: every update sent to the device's link since its last (re)join
        reaches it, in order."""
        for device in r.devices:
            device.client.poll()
            state = device.client.state
            seat = state.seat
            while (update := state.next_update()) is not None:
                with lock:
                    if state.synced != syncs.get(seat, 0) and state.latest is not None:
                        # a (re)join: what was sent to the link that dropped is excused
                        syncs[seat] = state.synced
                        for key in [k for k in sent if k[1] == seat and k[0] < update.n]:
                            del sent[key]
                    if update.view != sent.pop((update.n, seat), None):
                        desyncs.append(f"seat {seat} at {update.n}")
                    missed = [k[0] for k in sent if k[1] == seat and k[0] < update.n]
                    if missed:
                        lost.append(f"seat {seat} never got positions {missed}")
                        for n in missed:
                            del sent[(n, seat)]

    try:
        devices = [r.join(f"Bot{s}", seat=s, owner=(s == 0), retry_seconds=0.1)
                   for s in range(host.rules.players)]
        assert r.wait(lambda: all(d.client.state.welcome is not None for d in devices))
        devices[0].client.send(Start())
        dropped = 0

        def progress() -> bool:
            nonlocal dropped
            check_devices()
            total = played["hands"] + (len(host.match.state.records) if host.match else 0)
            if dropped < drops and rng.random() < drops / max(1, hands * 40) \
                    and rng.choice(devices).client.drop():
                dropped += 1
            if report is not None and total != reported[0]:
                reported[0] = total
                report(total, dropped)
            return total >= hands and dropped >= drops

        reported = [0]
        while not progress():
            before = (played["games"], host.n)
            r.wait(lambda was=before: progress() or (played["games"], host.n) != was,
                   HANG_SECONDS)
            assert progress() or (played["games"], host.n) != before, \
                f"the table stood still for {HANG_SECONDS} s at position {host.n}"
        # every device back at its seat, in step with the host
        assert r.wait(lambda: all(d.client.status == "connected" for d in devices)
                      and all(d.client.state.latest is not None
                              and d.client.state.latest.n == host.n for d in devices))
        check_devices()
        crashes = server.figures.engine_errors + sum(
            1 for d in devices if d.client.status == "closed")
        hands_played = played["hands"] + (len(host.match.state.records) if host.match else 0)
        return {"hands": hands_played, "games": played["games"], "drops": dropped,
                "leaks": len(r.leaks),
                "checked": r.leaks_checked, "to_seats": played["to_seats"],
                "desyncs": len(desyncs) + len(lost),
                "crashes": crashes, "rejoins": sum(d.client.drops for d in devices),
                "errors": len(server.errors)}
    finally:
        r.close()


def test_a_short_soak_drops_and_rejoins_without_a_crash_a_desync_or_a_leak():
    figures = soak("racehorse", hands=3, drops=6)
    assert figures["hands"] >= 3 and figures["drops"] == 6 and figures["rejoins"] >= 6
    assert figures["crashes"] == 0 and figures["desyncs"] == 0 and figures["leaks"] == 0
    # every message that left for a seat went through the leak check: a count of the messages
    # themselves, since how many there are depends on when the drops fall
    assert figures["to_seats"] > 0 and figures["checked"] == figures["to_seats"]
