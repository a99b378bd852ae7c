"""What each seat is sent: :func:`seat_update`, the one function that builds it.

A seat is sent the ``PlayerView`` the bots get (``game.rules.view.observe``), the events of the
last action as that seat may see them (``redact``), and a few answers its device would
otherwise ask the engine for: whether it may claim or declare out now, and why each move it
may not make is refused. Nothing else of the host's game leaves it: not the other hands, the
deck's order, the seed, the bots' thoughts or the review.

:class:`ViewCodec` writes an update as JSON and reads it back, checked field by field.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

from game.net.codec import Codec, WireError, items, text, whole
from game.rules.actions import Action, NameTrump, Pass, PlayCard
from game.rules.cards import Suit
from game.rules.engine import actor, apply, declared_total, may_declare_out
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import PlayerView, observe, redact

EVENT_TYPES: dict[str, type] = {t.__name__: t for t in typing.get_args(Event)}
MAX_EVENTS = 2_000  # a hand's events, with room: a sync sends the hand so far
MAX_REASONS = 40


@dataclass(frozen=True)
class Extra:
    """Answers the seat's device cannot work out from its view alone."""

    may_declare_out: bool = False  # two-handed: on either player's turn
    declared_total: int = 0  # what declaring out now would count
    # The seat, to play, can show it takes every trick left: a search, so the host sends it
    # after the update (``claimable``), never holding up the other devices.
    can_claim: bool = False
    reasons: tuple[tuple[str, str], ...] = ()  # (move, why it is refused) for the seat to act


@dataclass(frozen=True)
class SeatUpdate:
    n: int  # the host's action count: a move answering this position carries it
    view: PlayerView
    events: tuple[Event, ...]
    extra: Extra


def seat_update(state: GameState, seat: int, events: typing.Sequence[Event], n: int,
                person: bool = True) -> SeatUpdate:
    """What ``seat`` is sent after an action: its view, the events as it may see them, and
    (for a person's device) whether it may claim and why the moves it may not make are
    refused. The one place a seat's message is built."""
    view = observe(state, seat)
    if view.revealed:
        raise AssertionError("a revealed view is never sent")
    extra = Extra()
    if person:
        declare = state.rules.stock.enabled and may_declare_out(state, seat)
        extra = Extra(may_declare_out=declare,
                      declared_total=declared_total(state, seat) if declare else 0,
                      reasons=refusals(state, view) if actor(state) == seat else ())
    return SeatUpdate(n, view, tuple(redact(e, seat) for e in events), extra)


def refusals(state: GameState, view: PlayerView) -> tuple[tuple[str, str], ...]:
    """Why each move the seat to act might try and may not make is refused, in the rules'
    words: each card of its hand in the play, passing and each trump suit before."""
    legal = set(view.legal)
    tries: list[Action] = []
    if view.phase == Phase.TRICKS:
        tries += [PlayCard(c) for c in dict.fromkeys(view.hidden_cards)]
    elif view.phase == Phase.AUCTION:
        tries.append(Pass())
    elif view.phase == Phase.TRUMP:
        tries += [NameTrump(s) for s in Suit]
    out = []
    for action in tries:
        if action in legal:
            continue
        try:
            apply(state, action)
        except IllegalActionError as exc:
            out.append((str(action), str(exc)))
    return tuple(out[:MAX_REASONS])


class ViewCodec(Codec):
    """Updates to JSON and back for one table's rules."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        counts = (self.counts_out, self.counts_in)
        for name in ("hand", "passed", "received", "discards", "played", "face_down_widow",
                     "hidden_discards"):
            self.special[(PlayerView, name)] = counts
        self.special[(PlayerView, "widow")] = (
            lambda v: None if v is None else self.counts_out(v),
            lambda raw, at: None if raw is None else self.counts_in(raw, at))
        self.special[(PlayerView, "all_hands")] = (
            lambda v: [self.counts_out(h) for h in v],
            lambda raw, at: tuple(self.counts_in(h, f"{at}[{i}]")
                                  for i, h in enumerate(items(raw, at, 6))))
        self.special[(PlayerView, "tricks")] = (self._tricks_out, self._tricks_in)
        self.special[(PlayerView, "stock_order")] = (
            lambda v: [self.type_out(t) for t in v],
            lambda raw, at: tuple(self.type_in(c, f"{at}[{i}]")
                                  for i, c in enumerate(items(raw, at, self.deck.size))))
        tabled = _tabled_class()
        self.special[(tabled, "type")] = (self.type_out, self.type_in)

    def _tricks_out(self, tricks: tuple[tuple[tuple[int, int], ...], ...]) -> Any:
        return [[[s, self.type_out(t)] for s, t in trick] for trick in tricks]

    def _tricks_in(self, raw: Any, at: str) -> tuple[tuple[tuple[int, int], ...], ...]:
        out = []
        for i, trick in enumerate(items(raw, at, self.deck.size)):
            plays = []
            for j, play in enumerate(items(trick, f"{at}[{i}]", 6)):
                where = f"{at}[{i}][{j}]"
                pair = items(play, where, 2)
                if len(pair) != 2:
                    raise WireError(where, "expected [seat, card]")
                plays.append((self.seat(pair[0], where), self.type_in(pair[1], where)))
            out.append(tuple(plays))
        return tuple(out)

    def seat(self, raw: Any, where: str) -> int:
        return whole(raw, where, 0, self.rules.players - 1)

    # -- updates ------------------------------------------------------------------------------
    def event_out(self, event: Event) -> dict[str, Any]:
        return {"e": type(event).__name__, **self.encode(event)}

    def event_in(self, raw: Any, where: str) -> Event:
        if not isinstance(raw, dict):
            raise WireError(where, "expected an event")
        cls = EVENT_TYPES.get(raw.get("e", "")) if isinstance(raw.get("e"), str) else None
        if cls is None:
            raise WireError(f"{where}.e", "not an event of the game")
        event: Event = self.record(cls, {k: v for k, v in raw.items() if k != "e"}, where)
        return event

    def update_out(self, update: SeatUpdate) -> dict[str, Any]:
        extra = update.extra
        return {"n": update.n, "view": self.encode(update.view),
                "events": [self.event_out(e) for e in update.events],
                "extra": {"may_declare_out": extra.may_declare_out,
                          "declared_total": extra.declared_total,
                          "can_claim": extra.can_claim,
                          "reasons": [list(r) for r in extra.reasons]}}

    def update_in(self, body: dict[str, Any]) -> SeatUpdate:
        """An update's fields (the envelope already checked by ``parse_host``)."""
        view = self.record(PlayerView, body["view"], "view")
        if view.revealed:
            raise WireError("view.revealed", "a seat is never sent every hand")
        events = tuple(self.event_in(e, f"events[{i}]")
                       for i, e in enumerate(items(body["events"], "events", MAX_EVENTS)))
        raw = body["extra"]
        if not isinstance(raw, dict) or set(raw) != {"may_declare_out", "declared_total",
                                                     "can_claim", "reasons"}:
            raise WireError("extra", "expected may_declare_out, declared_total, can_claim, "
                            "reasons")
        reasons = []
        for i, pair in enumerate(items(raw["reasons"], "extra.reasons", MAX_REASONS)):
            pair = items(pair, f"extra.reasons[{i}]", 2)
            if len(pair) != 2:
                raise WireError(f"extra.reasons[{i}]", "expected [move, reason]")
            reasons.append((text(pair[0], f"extra.reasons[{i}][0]"),
                            text(pair[1], f"extra.reasons[{i}][1]")))
        extra = Extra(self.decode(bool, raw["may_declare_out"], "extra.may_declare_out"),
                      whole(raw["declared_total"], "extra.declared_total", -10**6, 10**6),
                      self.decode(bool, raw["can_claim"], "extra.can_claim"), tuple(reasons))
        return SeatUpdate(whole(body["n"], "n", 0, 10**7), view, events, extra)


def _tabled_class() -> type:
    """The class of a tabled card (two-handed), found through the view's own type hints: the
    upper floors reach the rules through the facade only."""
    hint = typing.get_type_hints(PlayerView)["tabled_records"]
    inner = typing.get_args(typing.get_args(hint)[0])[0]
    assert isinstance(inner, type)
    return inner
