"""What the table scene asks of the game it shows: the :class:`TableGame` protocol.

A game on this machine (:class:`game.match.controller.Match`) is one; a seat at a network
table (:class:`game.net.remote.RemoteMatch`, a device's view of the host's game) is the other.
The table draws from the player's ``PlayerView`` and acts through these few doors, so it does
not need to know which it has.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.bots.base import Suggestion
from game.rules.actions import Action
from game.rules.errors import IllegalActionError
from game.rules.events import Event, HandResult
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


class GameFacts(Protocol):
    """The few facts of the game the table reads besides its view."""

    @property
    def phase(self) -> Phase: ...

    @property
    def target(self) -> int: ...

    @property
    def records(self) -> tuple[HandResult, ...]: ...


class TableGame(Protocol):
    """A game the table scene can show and play a seat of."""

    rules: RuleSet
    seed: int
    actions: list[Action]
    hinted: set[int]
    bot_options: dict[str, object]

    @property
    def seats(self) -> tuple[str, ...]:
        """Per seat: "human" (the player here), a bot's level, or what the table shows."""
        ...

    @property
    def state(self) -> GameFacts: ...

    @property
    def over(self) -> bool: ...

    @property
    def actor(self) -> int: ...

    @property
    def initial(self) -> object | None: ...

    def view(self, seat: int) -> PlayerView: ...

    def is_human(self, seat: int) -> bool: ...

    def waiting_for_human(self) -> bool: ...

    def legal(self) -> tuple[Action, ...]: ...

    def refusal(self, action: Action) -> IllegalActionError | None: ...

    def why_not(self, action: Action) -> str | None: ...

    def submit(self, action: Action, viewer: int | None = 0,
               automatic: bool = False) -> list[Event]: ...

    def step_bot(self, viewer: int | None = 0) -> list[Event]: ...

    def may_declare_out(self, seat: int) -> bool: ...

    def declared_total(self, seat: int) -> int: ...

    def declaring_out_wins(self, seat: int) -> bool: ...

    def declare_out(self, seat: int, viewer: int | None = 0) -> list[Event]: ...

    def can_claim(self, seat: int) -> bool: ...

    def claim(self, seat: int, viewer: int | None = 0) -> list[Event]: ...

    def hint(self, seat: int, level: str = ...) -> Suggestion: ...

    def human_decisions(self, seat: int) -> list[int]: ...

    def undo_last_decision(self, seat: int) -> bool: ...

    def bot_rng(self) -> random.Random: ...
