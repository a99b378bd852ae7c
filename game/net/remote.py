"""A seat at a network table as the table scene sees it: :class:`RemoteMatch`, a
``TableGame`` made of what the host has sent this device.

The host's game is the only game: this object never applies a move. Its view is the newest
update the table has shown; ``step_bot`` shows the next one the host sent (the other players'
moves, and this seat's own once the host has taken it); ``submit`` sends the player's choice
and returns no events, which arrive with the host's update. A hint is worked out here, on the
player's own device, from the player's own view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots.base import Suggestion
from game.bots.registry import STRONGEST, make_bot
from game.match.controller import HUMAN
from game.net.client import CONNECTED, TableClient
from game.net.reviewwire import NetReview
from game.net.schema import Act, Claim, DeclareOutNow, ReviewHand
from game.net.views import Extra, SeatUpdate
from game.rules.actions import Action
from game.rules.errors import IllegalActionError
from game.rules.events import Event, HandResult
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


@dataclass(frozen=True)
class Facts:
    phase: Phase
    target: int
    records: tuple[HandResult, ...]


class RemoteMatch:
    """This device's seat at the host's table."""

    def __init__(self, client: TableClient, rules: RuleSet,
                 bot_options: dict[str, object] | None = None) -> None:
        self.client = client
        self.rules = rules
        self.seed = 0  # the host's secret: never sent
        self.actions: list[Action] = []  # the host's: never sent
        self.hinted: set[int] = set()
        self.bot_options: dict[str, object] = dict(bot_options or {})
        self.initial: object | None = None
        # The update the table shows now: to begin with, the host's first (the sync).
        self.shown: SeatUpdate | None = client.state.next_update()
        self.pending = -1  # the position a move was sent for, not yet answered
        self.resync = False  # the host sent the whole hand again: the table redraws it
        self.synced_seen = client.state.synced

    # -- what the table reads ---------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.client.state.seat

    @property
    def seats(self) -> tuple[str, ...]:
        """Per seat what the table's labels show: "human" for this device's player, a
        person's name (and "away" while a bot stands in), or a bot's level."""
        out = []
        infos = self.client.state.seats
        for seat in range(self.rules.players):
            info = infos[seat] if seat < len(infos) else None
            if seat == self.seat:
                out.append(HUMAN)
            elif info is None or info.kind == "open":
                out.append("open seat")
            elif info.kind == "bot":
                out.append(info.level)
            else:
                out.append(f"{info.name}, away" if info.away else info.name)
        return tuple(out)

    def _view(self) -> PlayerView:
        if self.shown is None:
            raise IllegalActionError("The host has not sent the table yet.")
        return self.shown.view

    @property
    def extra(self) -> Extra:
        return self.shown.extra if self.shown is not None else Extra()

    @property
    def state(self) -> Facts:
        view = self._view()
        return Facts(view.phase, view.target, view.records)

    @property
    def over(self) -> bool:
        return self.shown is not None and self.shown.view.phase == Phase.GAME_OVER

    @property
    def actor(self) -> int:
        return self.shown.view.actor if self.shown is not None else -1

    def view(self, seat: int) -> PlayerView:
        return self._view()

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    def waiting_for_human(self) -> bool:
        """This seat is to act in the position shown, and has not answered it yet."""
        shown = self.shown
        return (shown is not None and shown.view.actor == self.seat and bool(shown.view.legal)
                and shown.view.phase != Phase.DEAL and self.pending != shown.n
                and not self.client.state.backlog)

    def legal(self) -> tuple[Action, ...]:
        return self._view().legal

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The host's reason for refusing ``action`` now (sent with the position), or None."""
        if action in self.legal():
            return None
        reasons = dict(self.extra.reasons)
        return IllegalActionError(reasons.get(str(action), "That is not allowed now."))

    def why_not(self, action: Action) -> str | None:
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    # -- acting: a choice is sent, the host decides ----------------------------------------
    def _sent(self, ok: bool) -> list[Event]:
        if not ok:
            raise IllegalActionError("The link to the table is down: nothing was sent.")
        self.pending = self.shown.n if self.shown is not None else -1
        return []

    def submit(self, action: Action, viewer: int | None = 0,
               automatic: bool = False) -> list[Event]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        n = self.shown.n if self.shown is not None else 0
        return self._sent(self.client.send(Act(n, str(action))))

    def step_bot(self, viewer: int | None = 0) -> list[Event]:
        """Show the next update the host sent: its events, as this seat may see them."""
        self.client.poll()
        state = self.client.state
        update = state.next_update()
        if update is None:
            return []
        self.shown = update
        if state.synced != self.synced_seen:
            self.synced_seen = state.synced
            # a move sent before the sync may have been lost with the host: the position
            # the sync shows is this seat's to answer again
            self.pending = -1
            self.resync = True  # the table draws the hand from the sync's events
            return []
        return list(update.events)

    def may_declare_out(self, seat: int) -> bool:
        return self.extra.may_declare_out and self.client.status == CONNECTED

    def declared_total(self, seat: int) -> int:
        return self.extra.declared_total

    def declaring_out_wins(self, seat: int) -> bool:
        return self.shown is not None and self.extra.declared_total >= self.shown.view.target

    def declare_out(self, seat: int, viewer: int | None = 0) -> list[Event]:
        n = self.shown.n if self.shown is not None else 0
        return self._sent(self.client.send(DeclareOutNow(n)))

    def can_claim(self, seat: int) -> bool:
        return self.shown is not None and self.client.state.claimable == self.shown.n

    def claim(self, seat: int, viewer: int | None = 0) -> list[Event]:
        n = self.shown.n if self.shown is not None else 0
        return self._sent(self.client.send(Claim(n)))

    def hint(self, seat: int, level: str = STRONGEST) -> Suggestion:
        """The strongest level's choice, from this seat's own view, on this device."""
        try:
            bot = make_bot(level, **self.bot_options)
        except ValueError:
            bot = make_bot("random")
        view = self._view()
        self.hinted.add(view.hand_no)
        return bot.suggest(view, self.bot_rng())

    # -- after a hand: the review of this seat's decisions, made by the host ------------------
    def ask_review(self, hand: int) -> bool:
        """Ask the host for the review of this seat's decisions in ``hand``; whether the
        request left (the answer arrives in :meth:`review`)."""
        return self.client.send(ReviewHand(hand))

    def review(self, hand: int) -> NetReview | None:
        """The host's answer for ``hand``, once it has come."""
        self.client.poll()
        return self.client.state.reviews.get(hand)

    def reviewing(self, hand: int) -> tuple[int, int] | None:
        """How far the host is with the review of ``hand``: decisions done, and in all."""
        return self.client.state.reviewing.get(hand)

    def reviews(self) -> list[NetReview]:
        """Every review of this game the host has sent this device, hand by hand."""
        return [r for _, r in sorted(self.client.state.reviews.items())]

    def human_decisions(self, seat: int) -> list[int]:
        return []  # no undo at a shared table

    def undo_last_decision(self, seat: int) -> bool:
        return False

    def bot_rng(self) -> random.Random:
        shown = self.shown
        return random.Random(f"hint/{shown.n if shown else 0}")
