"""The lobby of a network table: who sits where before the game, and, for the host, the
controls to seat bots, open chairs and start. Hosting opens here too: the table the New game
settings choose, the host in the south chair, the other chairs open to people.

When the host starts (or a device joins a game already under way) the table scene takes over;
leaving the lobby leaves the table (and a host's leaving closes it).
"""

from __future__ import annotations

import threading
import time
from functools import partial

import pygame

# The seat kinds the network sends are the chairs' own (an open chair: not the level "open")
from game.match.chairs import BOT, OPEN, PERSON
from game.net.discovery import DEFAULT_PORT
from game.net.remote import RemoteMatch
from game.net.schema import BOT_LEVELS, MoveSeat, SeatInfo, SetSeat, Start
from game.net.seat import NetSeat, host_table, player_name
from game.net.table import TableSpec
from game.rules.errors import RulesError
from game.store.tables import TableChoice, table_of
from game.ui import theme
from game.ui.menupage import page, page_buttons
from game.ui.scene import AppContext, Scene
from game.ui.table.house import setup_table
from game.ui.table.network import NET_EVENT, NetTableScene
from game.ui.widgets import Button, draw_text

CYCLE = (OPEN, *BOT_LEVELS)  # what the host's click on a chair gives it next


def wake_window(app: AppContext, seat: NetSeat) -> None:
    """The link's thread wakes the window when something arrives (the frame never waits):
    an event for the scenes, and the idle loop's own wake-up."""
    wake = getattr(app, "wake", None)

    def post(kind: str, when: float) -> None:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(NET_EVENT, kind=kind))
        if isinstance(wake, threading.Event):
            wake.set()
    seat.client.on_arrival = post


def host_lobby(app: AppContext, table: TableChoice | None = None, port: int = DEFAULT_PORT,
               listen: str = "0.0.0.0", announce: bool = True, name: str | None = None) -> Scene:
    """Open ``table`` (by default the New game screen's) to the network and show its lobby
    (or why it cannot open)."""
    try:
        table = table or setup_table(app.settings)
        rules = table.rules
        seat = host_table(TableSpec(rules, table.preset, table.text), [None] * rules.players,
                          app.settings.bot_levels(1)[0], name=name or player_name(),
                          port=port,
                          listen=listen, announce=announce,
                          bot_options=app.settings.bot_options(), now=time.monotonic())
    except (RulesError, OSError) as exc:
        return LobbyScene(app, None, error=f"The table cannot be opened: {exc}")
    return LobbyScene(app, seat)


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app: AppContext, seat: NetSeat | None, error: str = "") -> None:
        super().__init__(app)
        self.seat = seat
        self.error = error
        self.handed_over = False  # the table scene owns the link now
        self.start_button = Button("Start", self.start, primary=True)
        self.leave_button = Button("Leave", self.leave, hotkey=pygame.K_ESCAPE)
        self.chair_buttons: list[Button] = []
        self.moving: int | None = None  # the chair of a person the host is moving
        if seat is not None:
            wake_window(app, seat)

    @property
    def owner(self) -> bool:
        welcome = self.seat.client.state.welcome if self.seat is not None else None
        return welcome is not None and welcome.owner

    def leave(self) -> None:
        self.app.pop(self)

    def exit(self) -> None:
        if self.seat is not None and not self.handed_over:
            self.seat.close()

    def start(self) -> None:
        if self.seat is not None and self.owner:
            self.seat.client.send(Start())

    def cycle(self, chair: int) -> None:
        """The host's click on a chair: a person's picks them up to move (a second click
        puts them down again); with someone picked up, an open chair takes them; otherwise
        the chair opens, or takes a bot of the next level."""
        if self.seat is None or not self.owner:
            return
        info = self.seat.client.state.seats[chair]
        if self.moving is not None:
            source, self.moving = self.moving, None
            if info.kind == OPEN and source != chair:
                self.seat.client.send(MoveSeat(source, chair))
            return
        if info.kind == PERSON:
            self.moving = chair
            return
        now = OPEN if info.kind == OPEN else info.level
        nxt = CYCLE[(CYCLE.index(now) + 1) % len(CYCLE)] if now in CYCLE else OPEN
        self.seat.client.send(SetSeat(chair, OPEN if nxt == OPEN else BOT,
                                      "" if nxt == OPEN else nxt))

    def update(self, dt: float) -> None:
        seat = self.seat
        if seat is None:
            return
        seat.client.poll()
        state = seat.client.state
        seat.announce_free()
        if state.welcome is not None and state.started and state.backlog and \
                not self.handed_over:
            welcome = state.welcome
            remote = RemoteMatch(seat.client, welcome.rules, self.app.settings.bot_options())
            self.handed_over = True
            choice = table_of(welcome.rules, welcome.preset, welcome.rules_text)
            self.app.reset(NetTableScene(self.app, seat, remote, choice))

    @property
    def stale(self) -> bool:
        return True  # the chairs change as people arrive: redrawn when the window wakes

    def handle_event(self, event: pygame.event.Event) -> bool:
        buttons = [self.leave_button, *self.chair_buttons]
        if self.owner:
            buttons.append(self.start_button)
        return any(b.handle(event) for b in buttons)

    def draw(self, surface: pygame.Surface) -> None:
        rect, s = page(surface, 760, 560)
        big, font = max(18, round(26 * s)), max(13, round(18 * s))
        x, y = rect.left + round(28 * s), rect.top + round(20 * s)
        seat = self.seat
        state = seat.client.state if seat is not None else None
        title = "A table on this network"
        if state is not None and state.welcome is not None:
            title = state.welcome.rules.title.split(":")[0] + " — on this network"
        draw_text(surface, title, (rect.centerx, y), big, theme.GOLD, bold=True,
                  anchor="midtop")
        y += round(48 * s)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.error:
            lines.append((self.error, theme.RED))
        if seat is not None and seat.hosting_here:
            lines.append((f"Others join at {seat.address} (New game → Join a table).",
                          theme.INK))
            lines += [(note, theme.INK_DIM) for note in seat.notes]
        if seat is not None and seat.client.status != "connected":
            lines.append((seat.client.problem or "Connecting…", theme.INK_DIM))
        for text, colour in lines:
            draw_text(surface, text, (x, y), font, colour)
            y += round(font * 1.5)
        y += round(8 * s)
        self.chair_buttons = []
        if state is not None and state.welcome is not None:
            rules = state.welcome.rules
            for chair, info in enumerate(state.seats):
                label = f"{rules.seating.name(chair)}: {describe(info, chair == state.seat)}"
                if chair == self.moving:
                    label += " — moving: click an open seat"
                tip = ("Click: move this player (then click an open seat)"
                       if info.kind == PERSON else
                       "Click: open the chair, or seat a bot of the next level")
                button = Button(label, partial(self.cycle, chair), font_size=font,
                                enabled=self.owner and chair != state.seat,
                                primary=chair == self.moving, tooltip=tip)
                button.rect = pygame.Rect(x, y, rect.width - round(56 * s), round(40 * s))
                self.chair_buttons.append(button)
                button.draw(surface)
                y += round(48 * s)
            if not self.owner:
                draw_text(surface, "Waiting for the host to start…", (x, y + round(6 * s)),
                          font, theme.INK_DIM)
        buttons = [self.start_button, self.leave_button] if self.owner else [self.leave_button]
        self.start_button.enabled = state is not None and all(
            i.kind != OPEN for i in state.seats)
        page_buttons(surface, buttons, rect, s, font)


def describe(info: SeatInfo, mine: bool) -> str:
    if mine:
        return f"{info.name} (you)"
    if info.kind == OPEN:
        return "open — waiting for someone to join"
    if info.kind == BOT:
        return f"bot ({info.level})"
    return f"{info.name}, away (a {info.level} bot plays meanwhile)" if info.away else info.name
