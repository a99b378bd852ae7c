"""The host's table: the only game, and the judge of every message a device sends.

:class:`TableHost` knows no sockets and no clock of its own (the time is passed in): the
server (:mod:`game.net.server`) feeds it each connection's messages and sends what it returns,
and the tests drive it directly. A connection's seat is the one its hello gave it; a move is
checked against that seat, the position it answers and the engine's rules, and anything else is
refused with a reason. Each seat is sent what :func:`game.net.views.seat_update` builds for it.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.bots.registry import make_bot
from game.match.chairs import BOT, PERSON, ChairError, Chairs
from game.match.controller import HUMAN, Match
from game.net.codec import WireError
from game.net.reviews import Game, HostReviews
from game.net.reviewwire import review_message
from game.net.schema import (
    Act,
    Chat,
    Claim,
    ClientMessage,
    DeclareOutNow,
    Hello,
    MoveSeat,
    ReviewHand,
    SeatInfo,
    SetSeat,
    Start,
    parse_client,
)
from game.net.table import TableSpec
from game.net.views import ViewCodec, seat_update
from game.rules.actions import Deal, DeclareOut
from game.rules.engine import replay
from game.rules.errors import IllegalActionError
from game.rules.events import Event, HandStarted
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet

MAX_STRIKES = 20  # refused messages a connection may send before it is closed
CHAT_GAP = 2.0  # seconds between one seat's chat phrases


@dataclass(frozen=True)
class Send:
    conn: int
    text: str


@dataclass(frozen=True)
class Drop:
    conn: int
    reason: str


Out = Send | Drop


@dataclass
class Link:
    """One connection as the host knows it."""

    seat: int | None = None
    owner: bool = False
    strikes: int = 0
    last_chat: float = -1e9


@dataclass
class TableHost:
    spec: TableSpec
    chairs: Chairs
    seed: int
    bot_options: dict[str, object] = field(default_factory=dict)
    owner_key: str = field(default_factory=lambda: secrets.token_hex(16))
    match: Match | None = None
    # After every action (the events unredacted): the host saves the game and counts it.
    on_action: Callable[[list[Event]], None] | None = None
    on_seated: Callable[[], None] | None = None  # someone sat down or moved: keep the chairs
    links: dict[int, Link] = field(default_factory=dict)
    hand_events: list[Event] = field(default_factory=list)  # this hand's, for a (re)join
    sent: int = 0  # messages sent, for the figures
    reviews: HostReviews = field(default_factory=HostReviews)  # asked for after a hand
    codec: ViewCodec = field(init=False)

    def __post_init__(self) -> None:
        self.codec = ViewCodec(self.spec.rules)

    @property
    def rules(self) -> RuleSet:
        return self.spec.rules

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def n(self) -> int:
        """The position's number: the game's action count (a move answers one number)."""
        return len(self.match.actions) if self.match is not None else 0

    # -- connections --------------------------------------------------------------------------
    def connect(self, conn: int) -> None:
        self.links[conn] = Link()

    def disconnect(self, conn: int, now: float) -> list[Out]:
        link = self.links.pop(conn, None)
        self.reviews.forget(conn)
        if link is None or link.seat is None:
            return []
        if not any(other.seat == link.seat for other in self.links.values()):
            self.chairs.leave(link.seat, now)
        return self.lobby()

    def receive(self, conn: int, raw: str | bytes, now: float) -> list[Out]:
        """One message from a connection: what is sent back, and to whom."""
        link = self.links.get(conn)
        if link is None:
            return []
        try:
            message = parse_client(raw)
        except WireError as exc:
            return self.refuse(conn, f"That message could not be read ({exc}).")
        try:
            return self.handle(conn, link, message, now)
        except ChairError as exc:
            return self.refuse(conn, str(exc))

    def refuse(self, conn: int, reason: str, n: int | None = None) -> list[Out]:
        link = self.links[conn]
        link.strikes += 1
        out: list[Out] = [self.send(conn, {"t": "refused", "reason": reason,
                                           "n": self.n if n is None else n})]
        if link.strikes > MAX_STRIKES:
            out.append(Drop(conn, "too many refused messages"))
        return out

    def send(self, conn: int, data: dict[str, Any]) -> Send:
        self.sent += 1
        return Send(conn, json.dumps(data, separators=(",", ":")))

    # -- messages -----------------------------------------------------------------------------
    def handle(self, conn: int, link: Link, message: ClientMessage, now: float) -> list[Out]:
        if isinstance(message, Hello):
            return self.hello(conn, link, message, now)
        if link.seat is None and not link.owner:
            return self.refuse(conn, "Take a seat first.")
        if isinstance(message, SetSeat | MoveSeat | Start):
            return self.lobby_command(conn, link, message)
        if link.seat is None:
            return self.refuse(conn, "Take a seat first.")
        if isinstance(message, Chat):
            if now - link.last_chat < CHAT_GAP:
                return []
            link.last_chat = now
            return [self.send(c, {"t": "chat", "seat": link.seat, "phrase": message.phrase})
                    for c, other in self.links.items() if other.seat is not None]
        if isinstance(message, ReviewHand):
            return self.review(conn, link.seat, message.hand)
        return self.move(conn, link.seat, message)

    def hello(self, conn: int, link: Link, hello: Hello, now: float) -> list[Out]:
        if link.seat is not None:
            return self.refuse(conn, "This device already has a seat.")
        if hello.owner is not None:
            if not secrets.compare_digest(hello.owner, self.owner_key):
                return self.refuse(conn, "That is not this table's owner key.")
            link.owner = True
        if hello.token is not None:
            seat = self.chairs.rejoin(hello.token)
        elif link.owner and hello.seat is None and not self.started:
            seat = None  # the owner may watch the lobby before sitting down
        else:
            if self.started and hello.seat is None and not self.chairs.free(now):
                raise ChairError("The game has started and every seat is taken.")
            seat, _ = self.chairs.take(hello.name, hello.seat, now)
        link.seat = seat
        out: list[Out] = []
        if seat is not None and self.on_seated is not None:
            self.on_seated()
        if seat is not None:
            out.append(self.send(conn, {"t": "welcome", "seat": seat,
                                        "token": self.chairs[seat].token,
                                        "rules": self.spec.to_json(),
                                        "seats": self.seat_infos(), "started": self.started,
                                        "owner": link.owner}))
            if self.match is not None:
                self.sync_bots()
                out.append(self.sync(conn, seat))
        return out + self.lobby()

    def move(self, conn: int, seat: int, message: ClientMessage) -> list[Out]:
        match = self.match
        if match is None:
            return self.refuse(conn, "The game has not started.")
        if not isinstance(message, Act | Claim | DeclareOutNow):
            return self.refuse(conn, "That message is not a move.")
        if message.n != self.n:
            return self.refuse(conn, "That move answers a position that has passed.", message.n)
        if match.over:
            return self.refuse(conn, "The game is over.", message.n)
        if isinstance(message, DeclareOutNow):
            return self.declare(conn, seat, message.n)
        if match.actor != seat:
            return self.refuse(conn, "It is not your turn.", message.n)
        if isinstance(message, Claim):
            if not match.can_claim(seat):
                return self.refuse(conn, "Your side cannot show it takes every trick left.",
                                   message.n)
            return self.after(match.claim(seat, None))
        try:
            action = self.codec.action(message.action, "action")
        except WireError as exc:
            return self.refuse(conn, f"That move could not be read ({exc}).", message.n)
        if isinstance(action, Deal):
            return self.refuse(conn, "The host deals.", message.n)
        if isinstance(action, DeclareOut):
            if action.seat >= 0:
                return self.refuse(conn, "A move names no seat: yours is this device's.",
                                   message.n)
            return self.declare(conn, seat, message.n)
        refused = match.refusal(action)
        if refused is not None:
            return self.refuse(conn, str(refused), message.n)
        return self.after(match.submit(action, None))

    def declare(self, conn: int, seat: int, n: int) -> list[Out]:
        assert self.match is not None
        try:
            events = self.match.declare_out(seat, None)
        except IllegalActionError as exc:
            return self.refuse(conn, str(exc), n)
        return self.after(events)

    def review(self, conn: int, seat: int, hand: int) -> list[Out]:
        """The review of the seat's own decisions in a scored hand: made here, where the deal
        is, and sent to that seat's devices alone (game.net.reviews)."""
        match = self.match
        if match is None:
            return self.refuse(conn, "The game has not started.")
        game = Game(self.spec.table, self.seed, tuple(match.actions), match.seats,
                    len(match.state.records))
        answer = self.reviews.ask(conn, seat, hand, game)
        if isinstance(answer, str):
            return [self.send(conn, review_message(hand, None, [], None, answer))]
        return self.review_sends(answer)

    def review_sends(self, messages: list[tuple[int, str]]) -> list[Out]:
        self.sent += len(messages)
        return [Send(conn, text) for conn, text in messages if conn in self.links]

    # -- the lobby ------------------------------------------------------------------------------
    def lobby_command(self, conn: int, link: Link, message: SetSeat | MoveSeat | Start
                      ) -> list[Out]:
        if not link.owner:
            return self.refuse(conn, "Only the host arranges the table.")
        if self.started:
            return self.refuse(conn, "The game has started.")
        players = self.rules.players
        if isinstance(message, SetSeat):
            if message.seat >= players:
                return self.refuse(conn, "This table has no such seat.")
            if message.kind == BOT:
                self.chairs.seat_bot(message.seat, message.level)
            else:
                self.chairs.open(message.seat)
        elif isinstance(message, MoveSeat):
            if max(message.source, message.target) >= players:
                return self.refuse(conn, "This table has no such seat.")
            self.chairs.move(message.source, message.target)
            for other in self.links.values():
                if other.seat == message.source:
                    other.seat = message.target
        else:
            if not self.chairs.ready():
                return self.refuse(conn, "Fill every seat (a person or a bot) first.")
            return self.start()
        if self.on_seated is not None:
            self.on_seated()
        return self.lobby()

    def start(self, actions: list[Any] | None = None) -> list[Out]:
        """The game begins (or resumes, with its actions): people's seats are "human" to the
        engine's match, and the host's bots play the rest."""
        seats = tuple(HUMAN if c.kind == PERSON else c.level for c in self.chairs.chairs)
        self.reviews.clear()  # a new game's hands are numbered afresh
        self.match = Match(self.rules, self.seed, seats, list(actions or []),
                           bot_options=dict(self.bot_options))
        if actions:  # a resumed game: this hand's events, for the devices that rejoin
            events = replay(self.rules, self.seed, actions)[1]
            starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
            self.hand_events = events[starts[-1] if starts else 0:]
        self.sync_bots()
        if self.on_seated is not None:
            self.on_seated()
        out = self.lobby()
        for conn, link in self.links.items():
            if link.seat is not None:
                out.append(self.sync(conn, link.seat))
        return out

    def next_game(self, seed: int) -> list[Out]:
        """A game is over: the same chairs sit down to a new one."""
        self.seed = seed
        self.hand_events = []
        return self.start()

    def seat_infos(self) -> list[dict[str, Any]]:
        return [SeatInfo(c.kind, c.name, c.level if c.kind == BOT or c.away else "",
                         c.away).to_json() for c in self.chairs.chairs]

    def lobby(self) -> list[Out]:
        """The chairs, to every seated device and the owner's; each told its own seat
        (``you``, -1 for none), which the owner may have moved it from."""
        seats = self.seat_infos()
        return [self.send(c, {"t": "lobby", "seats": seats, "started": self.started,
                              "you": link.seat if link.seat is not None else -1})
                for c, link in self.links.items() if link.seat is not None or link.owner]

    # -- the game -------------------------------------------------------------------------------
    def sync_bots(self) -> None:
        """The match's bots follow the chairs: a person away is played by the stand-in level
        until their device is back."""
        match = self.match
        if match is None:
            return
        for seat in range(self.rules.players):
            level = self.chairs.bot_level(seat)
            if level is None:
                match.bots.pop(seat, None)
            elif seat not in match.bots:
                match.bots[seat] = make_bot(level, **self.bot_options)

    def bot_to_act(self) -> bool:
        """Whether the host plays the next action itself (a deal, a bot, a person away)."""
        match = self.match
        if match is None or match.over:
            return False
        seat = match.actor
        return seat >= 0 and (match.state.phase == Phase.DEAL or seat in match.bots)

    def step(self) -> list[Out]:
        """The host's own next action, when it has one (:meth:`bot_to_act`)."""
        if self.match is None or not self.bot_to_act():
            return []
        self.sync_bots()
        return self.after(self.match.step_bot(None))

    def after(self, events: list[Event]) -> list[Out]:
        """An action was applied: save it, and send every seat its update."""
        assert self.match is not None
        for event in events:
            if isinstance(event, HandStarted):
                self.hand_events = []
            self.hand_events.append(event)
        if self.on_action is not None:
            self.on_action(events)
        out: list[Out] = []
        built: dict[int, str] = {}
        for conn, link in self.links.items():
            if link.seat is None:
                continue
            if link.seat not in built:
                update = seat_update(self.match.state, link.seat, events, self.n)
                built[link.seat] = json.dumps({"t": "update", **self.codec.update_out(update)},
                                              separators=(",", ":"))
            self.sent += 1
            out.append(Send(conn, built[link.seat]))
        return out

    def sync(self, conn: int, seat: int) -> Send:
        """Everything a device needs to draw ``seat``'s table now: its view and this hand's
        events as it may see them."""
        assert self.match is not None
        update = seat_update(self.match.state, seat, self.hand_events, self.n)
        return self.send(conn, {"t": "sync", **self.codec.update_out(update),
                                "seats": self.seat_infos()})

    def claimable(self) -> list[Out]:
        """The claim a person to play could make: a search, so sent after the update."""
        match = self.match
        if match is None or match.over or match.state.phase != Phase.TRICKS:
            return []
        seat = match.actor
        if seat < 0 or seat in match.bots or not match.can_claim(seat):
            return []
        return [self.send(c, {"t": "claimable", "n": self.n})
                for c, link in self.links.items() if link.seat == seat]

