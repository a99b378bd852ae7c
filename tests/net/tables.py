"""Network tables for the tests, driven without sockets: a :class:`TableHost` and the
messages it sends each connection, every one of them put through the leak check."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from game.match.chairs import Chairs
from game.net.host import Drop, Out, Send, TableHost
from game.net.seatstate import SeatState
from game.net.table import TableSpec, open_chairs
from game.rules.actions import DeclareOut
from game.rules.view import observe
from game.store.content import load_preset, ruleset_from_text
from tests.net.leaks import check_message

SEED = 8_315_207_911_402_553  # large, so that its figures in a message could only be a leak


@dataclass
class Desk:
    """A host and what each connection has been sent."""

    host: TableHost
    inbox: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    dropped: dict[int, str] = field(default_factory=dict)
    checked: int = 0  # messages the leak check read
    now: float = 0.0
    states: dict[int, SeatState] = field(default_factory=dict)  # devices listening

    def deliver(self, outs: list[Out]) -> list[Out]:
        for out in outs:
            if isinstance(out, Drop):
                self.dropped[out.conn] = out.reason
                continue
            assert isinstance(out, Send)
            link = self.host.links.get(out.conn)
            if link is not None and link.seat is not None and self.host.match is not None:
                check_message(self.host.match.state, link.seat, out.text,
                              self.host.match.actions)
                self.checked += 1
            self.inbox.setdefault(out.conn, []).append(json.loads(out.text))
            if out.conn in self.states:
                self.states[out.conn].receive(out.text)
        return outs

    def connect(self, conn: int) -> None:
        self.host.connect(conn)
        self.inbox[conn] = []

    def say(self, conn: int, message: dict[str, Any] | str | bytes) -> list[dict[str, Any]]:
        """Send a message from ``conn``; what ``conn`` got back."""
        before = len(self.inbox.get(conn, []))
        raw = message if isinstance(message, str | bytes) else json.dumps(message)
        self.deliver(self.host.receive(conn, raw, self.now))
        return self.inbox.get(conn, [])[before:]

    def last(self, conn: int, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.inbox[conn]) if m["t"] == kind)

    def run_bots(self, limit: int = 10_000) -> int:
        """The host plays its own actions until a person is to act; how many it played."""
        steps = 0
        while self.host.bot_to_act() and steps < limit:
            self.deliver(self.host.step())
            steps += 1
        return steps


def desk(preset: str = "racehorse", people: int = 2, level: str = "random",
         away: str = "random", house: str | None = None) -> Desk:
    """A started table: ``people`` connections seated in seats 0.. (conns 1..), bots after;
    with ``house`` (a house-rules text), that table instead of the preset."""
    rules = load_preset(preset) if house is None else ruleset_from_text(house, "house rules")
    levels: list[str | None] = [None] * people + [level] * (rules.players - people)
    chairs: Chairs = open_chairs(rules, levels, away)
    spec = TableSpec(rules, preset, None) if house is None else TableSpec(rules, None, house)
    host = TableHost(spec, chairs, SEED)
    d = Desk(host)
    for i in range(people):
        d.connect(i + 1)
        d.say(i + 1, {"t": "hello", "v": 1, "name": f"P{i + 1}", "seat": i})
    d.connect(99)
    d.say(99, {"t": "hello", "v": 1, "name": "Host", "owner": host.owner_key})
    d.say(99, {"t": "start"})
    return d


def listen(d: Desk) -> dict[int, SeatState]:
    """A device's state for each seated person's connection, fed everything it was sent so
    far and, from now on, every message as it comes (the views read back by the schema)."""
    states: dict[int, SeatState] = {}
    for conn, link in d.host.links.items():
        if link.seat is None:
            continue
        state = states[conn] = SeatState()
        for message in d.inbox[conn]:
            state.receive(json.dumps(message))
    d.states = states
    return states


def desynced(d: Desk) -> list[str]:
    """Devices whose newest view differs from the host's view for their seat."""
    out = []
    assert d.host.match is not None
    for conn, state in d.states.items():
        seat = d.host.links[conn].seat if conn in d.host.links else None
        if seat is None or state.latest is None:
            continue
        if state.latest.view != observe(d.host.match.state, seat) or state.latest.n != d.host.n:
            out.append(f"conn {conn} (seat {seat}) at {state.latest.n}, host at {d.host.n}")
    return out


def play_people(d: Desk, actions: int, seed: int = 1) -> int:
    """The people choose from their own device's view (a random legal move), the host's bots
    play the rest, for ``actions`` of the people's moves or until the game ends; every
    device is checked against the host after every action. Returns the moves made."""
    rng = random.Random(seed)
    made = 0
    match = d.host.match
    assert match is not None
    while made < actions:
        d.run_bots()
        assert desynced(d) == []
        if match.over:
            break
        seat = match.actor
        conn = next(c for c, link in d.host.links.items() if link.seat == seat)
        update = d.states[conn].latest
        assert update is not None and update.view.legal
        # declaring out (two-handed) only when nothing else is open: a random player would
        # otherwise end the game at once
        moves = [a for a in update.view.legal if not isinstance(a, DeclareOut)]
        action = rng.choice(moves or list(update.view.legal))
        got = d.say(conn, {"t": "act", "n": update.n, "action": str(action)})
        assert not [m for m in got if m["t"] == "refused"], got
        made += 1
    return made
