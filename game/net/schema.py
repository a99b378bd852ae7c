"""The messages of a network table, and their checks on both ends.

A client says only what it chooses: who it is (``hello``, with the token of its seat when it
comes back), its move (``act``: the move's text and the number of the position it answers),
a claim, declaring out, a chat phrase, and, for the host's own window, the lobby's commands.
It never names a seat for a move: the host reads the seat from the connection, and the review
it asks for after a hand is of that seat's decisions.

The host sends each seat its welcome, the lobby, an ``update`` after every action (that seat's
``PlayerView`` and the events as that seat may see them), a ``sync`` when a seat (re)joins,
a refusal with a reason in a player's words, and the review a seat asked for.

Every message is JSON text under a size limit; :func:`parse_client` and :func:`parse_host`
read it field by field and raise :class:`WireError` naming the first thing that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.bots.registry import TABLE_LEVELS
from game.net.codec import WireError, items, text, whole

PROTOCOL = 1
# A client's messages are a few dozen bytes; the host's carry a view and a hand's events.
MAX_CLIENT_BYTES = 4_096
MAX_HOST_BYTES = 1_000_000
MAX_NAME = 24
TOKEN_CHARS = 32  # a seat's token: 128 random bits in hex
MAX_SEATS = 6
MAX_HANDS = 10_000  # hands in one game: far more than any table plays
PHRASES = ("Good game", "Nice bid", "Well played", "Thank you", "Oops", "Good luck")
# Who may sit in a seat, as the lobby shows it: an open chair, a person, a bot of a level.
SEAT_KINDS = ("open", "person", "bot")
BOT_LEVELS: tuple[str, ...] = ("random", *TABLE_LEVELS)


# -- what a client sends --------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    name: str
    token: str | None = None  # coming back to the seat this token holds
    seat: int | None = None  # the open seat wanted (None: any)
    owner: str | None = None  # the host's own window: the table's owner key


@dataclass(frozen=True)
class Act:
    n: int  # the number of the position this move answers (the host's action count)
    action: str  # the move's text (game.rules.actions), read against the table's pack


@dataclass(frozen=True)
class Claim:
    n: int


@dataclass(frozen=True)
class DeclareOutNow:
    n: int


@dataclass(frozen=True)
class Chat:
    phrase: int


@dataclass(frozen=True)
class SetSeat:
    """The owner seats a bot of a level, or opens a seat."""

    seat: int
    kind: str  # "open" or "bot"
    level: str = ""


@dataclass(frozen=True)
class MoveSeat:
    """The owner moves a person from one seat to an open one."""

    source: int
    target: int


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True)
class ReviewHand:
    """The review of this device's own decisions in a scored hand (0-based), made by the host,
    which alone holds the deal."""

    hand: int


ClientMessage = (Hello | Act | Claim | DeclareOutNow | Chat | SetSeat | MoveSeat | Start
                 | ReviewHand)


def parse_client(raw: str | bytes) -> ClientMessage:
    """A client's message, checked; WireError names the first field that is wrong."""
    data = _object(raw, MAX_CLIENT_BYTES)
    kind = data.get("t")
    fields = _CLIENT_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise WireError("t", "not a message a client may send")
    unknown = sorted(set(data) - {"t"} - set(fields))
    if unknown:
        raise WireError(unknown[0], f"not a field of a {kind!r} message")
    missing = [f for f, required in fields.items() if required and f not in data]
    if missing:
        raise WireError(missing[0], "missing")
    return _READERS[kind](data)


def _hello(data: dict[str, Any]) -> Hello:
    if data["v"] != PROTOCOL:
        raise WireError("v", "this table speaks another version of the game")
    token = data.get("token")
    seat = data.get("seat")
    owner = data.get("owner")
    name = text(data["name"], "name", MAX_NAME).strip()
    if not name or not name.isprintable():
        raise WireError("name", "a name is 1 to 24 printable characters")
    return Hello(name, None if token is None else _token(token, "token"),
                 None if seat is None else whole(seat, "seat", 0, MAX_SEATS - 1),
                 None if owner is None else _token(owner, "owner"))


def _set_seat(data: dict[str, Any]) -> SetSeat:
    level = data.get("level", "")
    seat_kind = text(data["kind"], "kind", 10)
    if seat_kind not in ("open", "bot"):
        raise WireError("kind", "a seat is opened or given to a bot")
    if seat_kind == "bot" and level not in BOT_LEVELS:
        raise WireError("level", "not a bot level")
    return SetSeat(whole(data["seat"], "seat", 0, MAX_SEATS - 1), seat_kind,
                   level if isinstance(level, str) else "")


# Each kind's reader, its fields already known to be there and no others.
_READERS: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "hello": _hello,
    "act": lambda data: Act(_n(data), text(data["action"], "action", 200)),
    "claim": lambda data: Claim(_n(data)),
    "declare_out": lambda data: DeclareOutNow(_n(data)),
    "chat": lambda data: Chat(whole(data["phrase"], "phrase", 0, len(PHRASES) - 1)),
    "seat": _set_seat,
    "move": lambda data: MoveSeat(whole(data["source"], "source", 0, MAX_SEATS - 1),
                                  whole(data["target"], "target", 0, MAX_SEATS - 1)),
    "review": lambda data: ReviewHand(whole(data["hand"], "hand", 0, MAX_HANDS)),
    "start": lambda data: Start(),
}


_CLIENT_FIELDS: dict[str, dict[str, bool]] = {
    "hello": {"name": True, "token": False, "seat": False, "owner": False, "v": True},
    "act": {"n": True, "action": True},
    "claim": {"n": True},
    "declare_out": {"n": True},
    "chat": {"phrase": True},
    "seat": {"seat": True, "kind": True, "level": False},
    "move": {"source": True, "target": True},
    "start": {},
    "review": {"hand": True},
}


def client_json(message: ClientMessage) -> dict[str, Any]:
    """The wire form of a client's message (what :func:`parse_client` reads back)."""
    if isinstance(message, Hello):
        out: dict[str, Any] = {"t": "hello", "v": PROTOCOL, "name": message.name}
        for key in ("token", "seat", "owner"):
            if getattr(message, key) is not None:
                out[key] = getattr(message, key)
        return out
    if isinstance(message, Act):
        return {"t": "act", "n": message.n, "action": message.action}
    if isinstance(message, Claim):
        return {"t": "claim", "n": message.n}
    if isinstance(message, DeclareOutNow):
        return {"t": "declare_out", "n": message.n}
    if isinstance(message, Chat):
        return {"t": "chat", "phrase": message.phrase}
    if isinstance(message, SetSeat):
        return {"t": "seat", "seat": message.seat, "kind": message.kind, "level": message.level}
    if isinstance(message, MoveSeat):
        return {"t": "move", "source": message.source, "target": message.target}
    if isinstance(message, ReviewHand):
        return {"t": "review", "hand": message.hand}
    return {"t": "start"}


# -- what the host sends --------------------------------------------------------------------
@dataclass(frozen=True)
class SeatInfo:
    """One chair as every device shows it: who sits there and whether they are away."""

    kind: str  # "open", "person" or "bot"
    name: str = ""
    level: str = ""  # a bot's level; for a person who is away, the level playing for them
    away: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level, "away": self.away}


def seat_info(raw: Any, where: str) -> SeatInfo:
    data = _fields(raw, where, {"kind", "name", "level", "away"})
    kind = text(data["kind"], f"{where}.kind", 10)
    if kind not in SEAT_KINDS:
        raise WireError(f"{where}.kind", "not a kind of seat")
    level = text(data["level"], f"{where}.level", 20)
    if level and level not in BOT_LEVELS:
        raise WireError(f"{where}.level", "not a bot level")
    away = data["away"]
    if not isinstance(away, bool):
        raise WireError(f"{where}.away", "expected true or false")
    return SeatInfo(kind, text(data["name"], f"{where}.name", MAX_NAME), level, away)


def seats_of(raw: Any, where: str = "seats") -> tuple[SeatInfo, ...]:
    seats = items(raw, where, MAX_SEATS)
    if len(seats) < 2:
        raise WireError(where, "a table has 2 to 6 seats")
    return tuple(seat_info(s, f"{where}[{i}]") for i, s in enumerate(seats))


HOST_KINDS = {
    "welcome": {"seat", "token", "rules", "seats", "started", "owner"},
    "lobby": {"seats", "started", "you"},
    "update": {"n", "view", "events", "extra"},
    "sync": {"n", "view", "events", "extra", "seats"},
    "refused": {"reason", "n"},
    "claimable": {"n"},
    "chat": {"seat", "phrase"},
    # a review of the seat's own decisions (game.net.reviewwire), or why there is none
    "review": {"hand", "review", "moments", "score", "error"},
    "reviewing": {"hand", "done", "total"},  # how far the host is with a review asked for
}


def parse_host(raw: str | bytes) -> tuple[str, dict[str, Any]]:
    """A host's message: its kind and its fields, the envelope checked (the view and events
    are read by :mod:`game.net.views` with the table's rules)."""
    data = _object(raw, MAX_HOST_BYTES)
    kind = data.get("t")
    fields = HOST_KINDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise WireError("t", "not a message a host sends")
    body = {k: v for k, v in data.items() if k != "t"}
    unknown = sorted(set(body) - fields)
    if unknown:
        raise WireError(unknown[0], f"not a field of a {kind!r} message")
    missing = sorted(fields - set(body))
    if missing:
        raise WireError(missing[0], "missing")
    return kind, body


# -- shared checks --------------------------------------------------------------------------
def _object(raw: str | bytes, limit: int) -> dict[str, Any]:
    if len(raw) > limit:
        raise WireError("<message>", f"larger than {limit} bytes")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError("<message>", "not UTF-8 text") from None
    try:
        # The size is bounded above; nesting too deep for the parser raises RecursionError,
        # a number of thousands of digits ValueError, and NaN or Infinity are refused.
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise WireError("<message>", f"not valid JSON ({str(exc).splitlines()[0][:80]})") \
            from None
    if not isinstance(data, dict):
        raise WireError("<message>", "expected a JSON object")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a message may hold")


def _fields(raw: Any, where: str, names: set[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise WireError(where, "expected an object")
    unknown = sorted(set(raw) - names)
    if unknown:
        raise WireError(f"{where}.{unknown[0]}", "not a field here")
    missing = sorted(names - set(raw))
    if missing:
        raise WireError(f"{where}.{missing[0]}", "missing")
    return raw


def _n(data: dict[str, Any]) -> int:
    return whole(data["n"], "n", 0, 10**7)


def _token(raw: Any, where: str) -> str:
    token = text(raw, where, TOKEN_CHARS)
    if len(token) != TOKEN_CHARS or any(c not in "0123456789abcdef" for c in token):
        raise WireError(where, "not a seat's token")
    return token
