"""The table at a network table: the same scene a game on this machine uses, shown from what
the host sends (:class:`game.net.remote.RemoteMatch`).

What differs is small: the player may sit in any seat (drawn south); the other seats' moves
arrive from the host and are shown as they come, with no think pause of this device's own (the
host paces its bots); a choice is sent and the table waits for the host's answer; nothing is
saved or counted here (the host keeps the game); a line under the bar says who is at the table
and whether the link holds; keys 1 to 6 say a table phrase to everyone.
"""

from __future__ import annotations

import os
import time

import pygame

from game.match.session import Session
from game.net.remote import RemoteMatch
from game.net.schema import PHRASES, Chat
from game.net.seat import NetSeat
from game.rules.actions import Action
from game.rules.errors import IllegalActionError
from game.rules.phase import Phase
from game.rules.view import redact
from game.store.tables import TableChoice
from game.ui import theme
from game.ui.scene import AppContext, Route
from game.ui.table.moves import GameMoves
from game.ui.table.reviewsource import NetReview, ReviewSource
from game.ui.table.scene import TableScene
from game.ui.widgets import draw_text

NET_EVENT = pygame.USEREVENT + 41  # posted by the link's thread: something arrived
CHAT_KEYS = {pygame.K_1 + i: i for i in range(len(PHRASES))}


class NetTableScene(TableScene):
    name = "network table"

    def __init__(self, app: AppContext, seat: NetSeat, remote: RemoteMatch,
                 choice: TableChoice) -> None:
        self.remote = remote
        self.seat = seat
        super().__init__(app, remote, choice)
        self.human = remote.seat  # the player may sit anywhere; the table turns to them
        self.resize(app.size)
        # The host keeps the game: this device saves and counts nothing.
        self.session = Session(remote, app.store, app.stats, self.human, choice,
                               practice=False, keep_records=False)
        self.chat_seen = len(seat.client.state.chats)
        self.refusals_seen = len(seat.client.state.refusals)
        # PINOCHLE_NET_TIMINGS=FILE: when each choice left and each update was first drawn
        # (benchmarks/net_latency.py reads it).
        path = os.environ.get("PINOCHLE_NET_TIMINGS")
        self.timings = open(path, "a", encoding="utf-8", buffering=1) if path else None  # noqa: SIM115
        self.undrawn = -1  # an update shown, not yet drawn
        self.moves = NetMoves(self)
        self.rebuild()  # the hand so far, from the host's sync
        for button in self.toolbar.buttons:  # a hint is worked out on this device: open
            if button.label == "Hint":
                button.enabled = True

    @property
    def practising(self) -> bool:
        return False  # no undo at a shared table (hints stay, on this device)


    def offers(self, control: str) -> bool:
        """A finished hand's replays need the whole deal, which stays with the host (the
        review the host makes: game.ui.table.reviewsource): the other controls are offered as
        at any game."""
        return control not in ("after-hand",)

    def review_source(self, hand_no: int) -> ReviewSource:
        """The review of the player's own decisions, made by the host (it has the deal)."""
        return NetReview(self, self.remote, hand_no)

    def exit(self) -> None:
        super().exit()
        self.seat.close()
        if self.timings is not None:
            self.timings.close()

    def act(self, action: Action) -> bool:
        n = self.remote.shown.n if self.remote.shown is not None else -1
        done = super().act(action)
        if done and self.timings is not None:
            self.timings.write(f"sent {n} {time.perf_counter():.6f}\n")
        return done

    # -- the host's updates -------------------------------------------------------------------
    def rebuild(self) -> None:
        """Draw the table from the host's last sync: this hand's events as this seat saw
        them (the host keeps the deal and the actions; none of them is replayed here)."""
        self.model = self.new_model()
        speed = self.timeline.speed
        self.timeline.speed = 0
        shown = self.remote.shown
        for event in shown.events if shown is not None else ():
            self.model.apply(redact(event, self.human))
        self.model.sounds.clear()
        self.timeline.speed = speed
        self.view = self.board = self.remote.view(self.human)
        self.clear_messages()
        self.model.meld_ready = False
        self.result_shown_hand = self.view.hand_no - (1 if self.view.phase == Phase.DEAL else 0)
        self.model.result = None
        self.model.rebuild_human(self.view.hidden_cards)
        self.model.snap()

    @property
    def busy(self) -> bool:
        """Frames while something moves or the host's updates wait to be shown; none while
        the table waits for another device (the link's thread wakes the window)."""
        if self.timeline.busy:
            hold = self.timeline.held
            return hold is None or hold.seconds is not None
        return bool(self.seat.client.state.backlog)

    def update(self, dt: float) -> None:
        client = self.seat.client
        client.poll()
        self._hear(client)
        if client.state.synced != self.remote.synced_seen:
            # Back from a dropped link: the prompt in front answers a position that has
            # passed; the table is drawn again from the host's sync, then asks anew.
            self.close_prompts()
            while not self.remote.resync and client.state.backlog:
                self.match.step_bot(self.human)
        if self.remote.resync:
            self.remote.resync = False
            self.rebuild()
        super().update(dt)

    def _hear(self, client: object) -> None:
        state = self.seat.client.state
        if len(state.refusals) != self.refusals_seen or state.refusals and \
                self.refusals_seen == state.refusals.maxlen:
            self.refusals_seen = len(state.refusals)
            n, reason = state.refusals[-1]
            if n == self.remote.pending:
                self.remote.pending = -1  # the move was refused: the prompt comes back
            self.refuse(reason)
        if len(state.chats) != self.chat_seen:
            self.chat_seen = len(state.chats)
            seat, phrase = state.chats[-1]
            who = "You" if seat == self.human else self.match.rules.seating.name(seat)
            self.say(f"{who}: “{phrase}”", theme.INK, 4.0)

    def advance_bots(self, dt: float) -> None:
        """Show the next update the host sent; the host has paced its own bots."""
        before = self.remote.shown.view.phase if self.remote.shown is not None else None
        events = self.match.step_bot(self.human)
        if self.remote.resync:
            self.remote.resync = False
            self.rebuild()
            return
        if not events:
            return
        self.process(events)
        if self.remote.shown is not None:
            self.undrawn = self.remote.shown.n
        if before == Phase.DEAL:
            self.app.open(Route.DEALING, table=self)

    # -- chat and the line about the table ------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in CHAT_KEYS:
            self.seat.client.send(Chat(CHAT_KEYS[event.key]))
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.undrawn >= 0 and self.timings is not None:
            self.timings.write(f"drawn {self.undrawn} {time.perf_counter():.6f}\n")
        self.undrawn = -1
        lay = self.layout
        client = self.seat.client
        if client.status != "connected":
            line = client.problem or "Connecting to the table…"
            colour = theme.RED
        else:
            line = "Chat: keys 1–6"
            colour = theme.INK_DIM
        draw_text(surface, line, (round(14 * lay.s), lay.size[1] - round(12 * lay.s)),
                  lay.font_small, colour, anchor="bottomleft")


class NetMoves(GameMoves):
    """The player's moves at a network table: sent to the host."""

    def play_forced(self) -> bool:
        """The only legal card, sent for the player; while the link is down it waits (the
        prompt comes back when the host answers again)."""
        try:
            return super().play_forced()
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return True
