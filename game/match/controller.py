"""The pygame-free match controller: seats (human or bot), the action list, undo by replay.

The table and the tutorial drive a game through this: ``submit`` applies the human's action,
``step_bot`` lets the bot whose turn it is act, and both return the events to animate. Pacing
belongs to the UI; this class has no clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.bots.base import Bot, IllegalChoiceError, Suggestion
from game.bots.registry import STRONGEST, make_bot
from game.rules import claim as claims
from game.rules.actions import Action, Deal, DeclareOut
from game.rules.engine import (
    actor,
    apply,
    declare_out,
    declared_total,
    legal_actions,
    may_declare_out,
    new_game,
    replay,
)
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import PlayerView, observe, redact

HUMAN = "human"
SCRIPT = "script"  # a seat whose moves a tutorial lesson plays


def _seen(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` may see them; None: all of them, for a host that sends each
    seat its own (game.net)."""
    return events if viewer is None else [redact(e, viewer) for e in events]


def replay_from(state: GameState, actions: Sequence[Action]) -> GameState:
    """``state`` after ``actions``, each checked by the engine."""
    for action in actions:
        state, _ = apply(state, action)
    return state


@dataclass
class Match:
    """One game being played: its rules, seed and action list (the state is their replay), who sits
    in each seat, and the bots that play theirs."""

    rules: RuleSet
    seed: int
    seats: tuple[str, ...]  # "human" or a bot level, per seat
    actions: list[Action] = field(default_factory=list)
    state: GameState = field(init=False)
    bots: dict[int, Bot] = field(init=False, default_factory=dict)
    bot_options: dict[str, object] = field(default_factory=dict)
    initial: GameState | None = None  # a lesson's position; otherwise a new game
    # Bot bugs met in this match: each illegal choice, which the first legal action replaced
    # so that a player's game goes on. Tests and the match harness require none.
    illegal_choices: list[str] = field(default_factory=list)
    claims: bool = True  # bots claim the rest when their side can show it takes every trick
    # Indexes of actions nobody chose: a forced card played for the player, the plays of a
    # claim after its first. Undo passes over them (they are not decisions).
    automatic: set[int] = field(default_factory=set)
    # Hands (by number) in which a Hint was asked for: the expert's suggestion, which lets a
    # player match the expert, so the duplicate challenge and the rating leave them out.
    hinted: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise ValueError(f"{self.rules.name} needs {self.rules.players} seats")
        self.state = self._replay(self.actions)
        self.bots = {i: make_bot(level, **self.bot_options) for i, level in enumerate(self.seats)
                     if level not in (HUMAN, SCRIPT)}

    def _replay(self, actions: Sequence[Action]) -> GameState:
        if self.initial is not None:
            return replay_from(self.initial, actions)
        if not actions:
            return new_game(self.rules, self.seed)
        return replay(self.rules, self.seed, actions)[0]

    # -- what the UI reads ----------------------------------------------------------------
    @property
    def actor(self) -> int:
        return actor(self.state)

    @property
    def over(self) -> bool:
        return self.state.over

    def view(self, seat: int) -> PlayerView:
        return observe(self.state, seat)

    def is_human(self, seat: int) -> bool:
        return seat >= 0 and self.seats[seat] == HUMAN

    def waiting_for_human(self) -> bool:
        seat = self.actor
        return seat >= 0 and self.is_human(seat) and self.state.phase != Phase.DEAL

    def legal(self) -> tuple[Action, ...]:
        return legal_actions(self.state)

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The engine's refusal of ``action`` now (its rule and what it refers to), or None if
        it is allowed; nothing is changed: the engine's states are values."""
        try:
            apply(self.state, action)
        except IllegalActionError as exc:
            return exc
        return None

    def why_not(self, action: Action) -> str | None:
        """The engine's own reason for refusing ``action`` now, in one line, or None."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    # -- acting ---------------------------------------------------------------------------
    def submit(self, action: Action, viewer: int | None = 0,
               automatic: bool = False) -> list[Event]:
        """Apply an action for the seat to act; raises IllegalActionError (state unchanged).
        ``automatic``: nobody chose it (the only legal card, played for the player)."""
        if self.state.over:
            raise IllegalActionError("The game is over.")
        self.state, events = apply(self.state, action)
        if automatic:
            self.automatic.add(len(self.actions))
        self.actions.append(action)
        return _seen(events, viewer)

    def may_declare_out(self, seat: int) -> bool:
        """Two-handed: whether ``seat`` may declare out now, on its turn or the opponent's."""
        return may_declare_out(self.state, seat)

    def declared_total(self, seat: int) -> int:
        """Two-handed: the points ``seat`` would declare out with now (from the engine)."""
        return declared_total(self.state, seat)

    def declare_out(self, seat: int, viewer: int | None = 0) -> list[Event]:
        """``seat`` declares out whoever's turn it is (004: "At any time during the play, a
        player may 'declare out.'"); recorded in the action list like any action, so the game
        replays. Raises IllegalActionError (state unchanged) when it is not possible now."""
        if self.state.over:
            raise IllegalActionError("The game is over.")
        self.state, events = declare_out(self.state, seat)
        self.actions.append(DeclareOut(seat))
        return _seen(events, viewer)

    def bot_rng(self) -> random.Random:
        # A fresh generator per decision, seeded by the game and its position: a seeded game
        # replays exactly, and undo does not shift later bot choices.
        return random.Random(f"bot/{self.seed}/{len(self.actions)}")

    def step_bot(self, viewer: int | None = 0) -> list[Event]:
        """Let the seat to act play if it is a bot (or deal, whoever the dealer is)."""
        seat = self.actor
        if seat < 0:
            return []
        if self.state.phase == Phase.DEAL:
            return self.submit(Deal(), viewer)
        bot = self.bots.get(seat)
        if bot is None:
            return []
        if self.claims and self.bot_may_claim(seat):
            return self.claim(seat, viewer)
        view = observe(self.state, seat)
        try:
            action = bot.choose(view, self.bot_rng())
        except IllegalChoiceError as exc:
            self.illegal_choices.append(str(exc))
            action = view.legal[0]
        return self.submit(action, viewer)

    def declaring_out_wins(self, seat: int) -> bool:
        """Two-handed: whether ``seat`` would win the match by declaring out now (004: "If, in
        fact, the player has 1000 points or more, he wins the game")."""
        return self.declared_total(seat) >= self.state.target

    # -- claims ---------------------------------------------------------------------------
    def can_claim(self, seat: int) -> bool:
        """Whether ``seat`` (to play) may claim every remaining trick for its side now."""
        return claims.can_claim(self.state, seat)

    def bot_may_claim(self, seat: int) -> bool:
        """A bot claims as it leads (the search runs once a trick, not once a card)."""
        pos = claims.position(self.state)
        return pos is not None and not pos.trick and claims.can_claim(self.state, seat)

    def claim(self, seat: int, viewer: int | None = 0) -> list[Event]:
        """``seat`` claims the rest: the claim is played out along a line the proof found
        (those plays join the action list, so the game replays exactly) and scored as played.
        Raises IllegalActionError when the claim cannot be shown."""
        if self.state.over:
            raise IllegalActionError("The game is over.")
        state, events, plays = claims.claim(self.state, seat)
        self.state = state
        first = len(self.actions) + (0 if self.is_human(seat) else -1)
        self.automatic.update(range(first + 1, len(self.actions) + len(plays)))
        self.actions.extend(plays)
        return _seen(events, viewer)

    def hint(self, seat: int, level: str = STRONGEST) -> Suggestion:
        """What the strongest level would do, within the table's think time (the seats'
        ``think_samples`` option cuts its search like every bot's, in samples)."""
        try:
            bot = make_bot(level, **self.bot_options)
        except ValueError:
            bot = make_bot("random")
        self.hinted.add(self.state.hand_no)
        return bot.suggest(observe(self.state, seat), self.bot_rng())

    # -- undo -----------------------------------------------------------------------------
    def human_decisions(self, seat: int) -> list[int]:
        """Indexes in the action list where ``seat`` (a human) made a decision."""
        state = self.initial if self.initial is not None else new_game(self.rules, self.seed)
        out = []
        for i, action in enumerate(self.actions):
            if actor(state) == seat and state.phase != Phase.DEAL and i not in self.automatic:
                out.append(i)
            state, _ = apply(state, action)
        return out

    def undo_to(self, index: int) -> None:
        """Rewind to just before action ``index`` (a game is its rules, seed and actions)."""
        self.actions = self.actions[:index]
        self.automatic = {i for i in self.automatic if i < index}
        self.state = self._replay(self.actions)

    def undo_last_decision(self, seat: int) -> bool:
        marks = self.human_decisions(seat)
        if not marks:
            return False
        self.undo_to(marks[-1])
        return True
