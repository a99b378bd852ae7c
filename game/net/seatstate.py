"""A device's side of a network table: what the host has told it, read and checked.

:class:`Reader` reads each of the host's messages (:func:`game.net.schema.parse_host`, then
the view and events with the table's rules); :class:`SeatState` keeps the seat, its token,
the chairs as the lobby shows them, the updates not yet shown and the reviews it asked for.
Neither knows a socket: the client (:mod:`game.net.client`) reads on its network thread and
the frame keeps what was read; the tests feed the host's messages straight in.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

from game.net.codec import WireError, text, whole
from game.net.reviewwire import NetReview, read_review
from game.net.schema import MAX_HANDS, MAX_SEATS, PHRASES, SeatInfo, parse_host, seats_of
from game.net.views import SeatUpdate, ViewCodec
from game.rules.errors import RulesError
from game.rules.ruleset import RuleSet
from game.store.content import load_preset, preset_names, ruleset_from_text
from game.store.reviews import MAX_DECISIONS

MAX_BACKLOG = 5_000  # updates waiting to be shown (a slow device catching up)


@dataclass(frozen=True)
class Welcome:
    seat: int
    token: str
    rules: RuleSet
    preset: str | None
    rules_text: str | None
    owner: bool
    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True)
class Lobby:
    seats: tuple[SeatInfo, ...]
    started: bool
    you: int  # the device's seat now (the owner may move people before the start), or -1


@dataclass(frozen=True)
class Synced:
    update: SeatUpdate
    seats: tuple[SeatInfo, ...]


# A message read: its kind and its value (a refusal or a chat is (n or seat, words); a
# claimable position its number).
Message = tuple[str, Welcome | Lobby | SeatUpdate | Synced | NetReview | tuple[int, str]
                | tuple[int, int, int] | int | str]


class Reader:
    """Reads the host's messages into values: the network thread's half of a device, so
    that the frame never spends its time parsing (the table's codec is made on the welcome)."""

    def __init__(self) -> None:
        self.codec: ViewCodec | None = None
        self.seat = -1
        self.token: str | None = None

    def read(self, raw: str | bytes) -> Message:
        """One message from the host, checked: its kind and its value. WireError when it is
        not a message a host sends, or does not fit the table."""
        kind, body = parse_host(raw)
        if kind == "welcome":
            welcome = _welcome(body)
            self.codec = ViewCodec(welcome.rules)
            self.seat, self.token = welcome.seat, welcome.token
            return kind, welcome
        if kind == "lobby":
            lobby = Lobby(seats_of(body["seats"]), _flag(body["started"], "started"),
                          whole(body["you"], "you", -1, MAX_SEATS - 1))
            if lobby.you >= 0:
                self.seat = lobby.you  # moved by the owner: its views are this seat's now
            return kind, lobby
        if kind in ("update", "sync"):
            if self.codec is None:
                raise WireError("t", "a view before the welcome")
            update = self.codec.update_in(body)
            if update.view.seat != self.seat:
                raise WireError("view.seat", "a view of another seat")
            if kind == "sync":
                return kind, Synced(update, seats_of(body["seats"]))
            return kind, update
        if kind == "review":
            return kind, read_review(body, self.seat)
        if kind == "reviewing":
            total = whole(body["total"], "total", 0, MAX_DECISIONS)
            return kind, (whole(body["hand"], "hand", 0, MAX_HANDS),
                          whole(body["done"], "done", 0, total), total)
        if kind == "refused":
            return kind, (whole(body["n"], "n", 0, 10**7), text(body["reason"], "reason"))
        if kind == "chat":
            seat = whole(body["seat"], "seat", 0, MAX_SEATS - 1)
            return kind, (seat, PHRASES[whole(body["phrase"], "phrase", 0, len(PHRASES) - 1)])
        return kind, whole(body["n"], "n", 0, 10**7)  # claimable


@dataclass
class SeatState:
    """What a device knows of its table: its seat, the chairs, the updates not yet shown."""

    welcome: Welcome | None = None
    seats: tuple[SeatInfo, ...] = ()
    started: bool = False
    latest: SeatUpdate | None = None  # the newest the host sent
    backlog: deque[SeatUpdate] = field(default_factory=deque)  # not yet shown
    synced: int = 0  # syncs received (a join, a rejoin, the start)
    refusals: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=20))
    chats: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=20))
    claimable: int = -1  # the position at which the host says this seat may claim
    reviews: dict[int, NetReview] = field(default_factory=dict)  # by hand, this game's
    reviewing: dict[int, tuple[int, int]] = field(default_factory=dict)  # by hand: done, total
    reader: Reader = field(default_factory=Reader)  # for :meth:`receive` (one thread)

    @property
    def seat(self) -> int:
        return self.welcome.seat if self.welcome is not None else -1

    def receive(self, raw: str | bytes) -> str:
        """Read and keep one message (tests, and a device on one thread); its kind."""
        kind, value = self.reader.read(raw)
        self.apply(kind, value)
        return kind

    def apply(self, kind: str, value: object) -> None:
        """Keep one message already read (:meth:`Reader.read`)."""
        if isinstance(value, Welcome):
            self.welcome, self.seats = value, value.seats
            self.started = value.started
        elif isinstance(value, Lobby):
            self.seats = value.seats
            self.started = self.started or value.started
            if self.welcome is not None and value.you >= 0 and value.you != self.welcome.seat:
                self.welcome = replace(self.welcome, seat=value.you)
        elif isinstance(value, Synced):
            # a new game (or the same one resumed): reviews of hands it has not scored were
            # of the game before
            scored = len(value.update.view.records)
            self.reviews = {h: r for h, r in self.reviews.items() if h < scored}
            self.synced += 1
            self.backlog.clear()
            self.seats, self.started = value.seats, True
            self.latest = value.update
            self.backlog.append(value.update)
        elif isinstance(value, SeatUpdate):
            if len(self.backlog) >= MAX_BACKLOG:
                raise WireError("<message>", "more updates than a device keeps waiting")
            self.latest = value
            self.backlog.append(value)
        elif isinstance(value, NetReview):
            self.reviews[value.hand] = value
            self.reviewing.pop(value.hand, None)
        elif kind == "reviewing" and isinstance(value, tuple) and len(value) == 3:
            self.reviewing[value[0]] = (value[1], value[2])
        elif kind == "refused" and isinstance(value, tuple):
            self.refusals.append(value)
        elif kind == "chat" and isinstance(value, tuple):
            self.chats.append(value)
        elif kind == "claimable" and isinstance(value, int):
            self.claimable = value

    def next_update(self) -> SeatUpdate | None:
        """The oldest update not yet shown (the table shows them one at a time)."""
        return self.backlog.popleft() if self.backlog else None


def _welcome(body: dict[str, Any]) -> Welcome:
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
    return Welcome(whole(body["seat"], "seat", 0, rules.players - 1),
                   text(body["token"], "token", 32), rules, preset, rules_text,
                   _flag(body["owner"], "owner"), seats, _flag(body["started"], "started"))


def _flag(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise WireError(where, "expected true or false")
    return raw
