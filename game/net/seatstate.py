"""A device's side of a network table: what the host has told it, read and checked.

:class:`SeatState` reads each of the host's messages (:func:`game.net.schema.parse_host`, then
the view and events with the table's rules) and keeps the seat, its token, the chairs as the
lobby shows them, and the updates not yet shown. It knows no socket: the client
(:mod:`game.net.client`) feeds it, and the tests feed it the host's messages directly.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.net.codec import WireError, text, whole
from game.net.schema import MAX_SEATS, PHRASES, SeatInfo, parse_host, seats_of
from game.net.views import SeatUpdate, ViewCodec
from game.rules.errors import RulesError
from game.rules.ruleset import RuleSet
from game.store.content import load_preset, preset_names, ruleset_from_text

MAX_BACKLOG = 5_000  # updates waiting to be shown (a slow device catching up)


@dataclass
class Welcome:
    seat: int
    token: str
    rules: RuleSet
    preset: str | None
    rules_text: str | None
    owner: bool


@dataclass
class SeatState:
    welcome: Welcome | None = None
    codec: ViewCodec | None = None
    seats: tuple[SeatInfo, ...] = ()
    started: bool = False
    latest: SeatUpdate | None = None  # the newest the host sent
    backlog: deque[SeatUpdate] = field(default_factory=deque)  # not yet shown
    synced: int = 0  # syncs received (a join, a rejoin, the start)
    refusals: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=20))
    chats: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=20))
    claimable: int = -1  # the position at which the host says this seat may claim

    @property
    def seat(self) -> int:
        return self.welcome.seat if self.welcome is not None else -1

    def receive(self, raw: str | bytes) -> str:
        """One message from the host, read and kept; its kind. WireError when it is not a
        message a host sends, or does not fit the table."""
        kind, body = parse_host(raw)
        if kind == "welcome":
            self._welcome(body)
        elif kind == "lobby":
            self.seats = seats_of(body["seats"])
            self.started = self.started or _flag(body["started"], "started")
        elif kind in ("update", "sync"):
            update = self._codec().update_in(body)
            if update.view.seat != self.seat:
                raise WireError("view.seat", "a view of another seat")
            if kind == "sync":
                self.synced += 1
                self.backlog.clear()
                self.seats = seats_of(body["seats"])
                self.started = True
            elif len(self.backlog) >= MAX_BACKLOG:
                raise WireError("<message>", "more updates than a device keeps waiting")
            self.latest = update
            self.backlog.append(update)
        elif kind == "refused":
            self.refusals.append((whole(body["n"], "n", 0, 10**7),
                                  text(body["reason"], "reason")))
        elif kind == "chat":
            seat = whole(body["seat"], "seat", 0, MAX_SEATS - 1)
            self.chats.append((seat, PHRASES[whole(body["phrase"], "phrase", 0,
                                                   len(PHRASES) - 1)]))
        elif kind == "claimable":
            self.claimable = whole(body["n"], "n", 0, 10**7)
        return kind

    def _codec(self) -> ViewCodec:
        if self.codec is None:
            raise WireError("t", "a view before the welcome")
        return self.codec

    def _welcome(self, body: dict[str, Any]) -> None:
        spec = body["rules"]
        if not isinstance(spec, dict) or set(spec) != {"preset", "text", "source"}:
            raise WireError("rules", "expected preset, text and source")
        preset, rules_text = spec["preset"], spec["text"]
        try:
            if isinstance(preset, str) and rules_text is None:
                if preset not in preset_names():
                    raise WireError("rules.preset", f"this game has no table {preset!r}")
                rules = load_preset(preset)
            elif preset is None and isinstance(rules_text, str):
                rules = ruleset_from_text(text(rules_text, "rules.text", 200_000),
                                          text(spec["source"], "rules.source", 200))
            else:
                raise WireError("rules", "a preset's name or a house-rules text")
        except RulesError as exc:
            raise WireError("rules", str(exc)) from None
        seats = seats_of(body["seats"])
        if len(seats) != rules.players:
            raise WireError("seats", f"{len(seats)} seats at a {rules.players}-player table")
        token = text(body["token"], "token", 32)
        self.welcome = Welcome(whole(body["seat"], "seat", 0, rules.players - 1), token,
                               rules, preset, rules_text, _flag(body["owner"], "owner"))
        self.codec = ViewCodec(rules)
        self.seats = seats
        self.started = _flag(body["started"], "started")

    def next_update(self) -> SeatUpdate | None:
        """The oldest update not yet shown (the table shows them one at a time)."""
        return self.backlog.popleft() if self.backlog else None


def _flag(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise WireError(where, "expected true or false")
    return raw
