"""Whether a proposed deal is one the player could be facing: the engine's word, not ours.

A proposal is the cards of every seat (and the widow, or the turn-up and the stock) plus the
cards of each pass or discard the player did not see. It is replayed from the deal through
``game.rules.engine`` with the hand's actions: it is kept only if every action is legal (the
engine enforces following suit, trumping, the meld a seat must show, a forced opening...) and
every event, redacted to the player, is exactly the one the player saw. With a ``policy``, each
call of the auction made by another seat must also be the one that level makes from its own
view of the proposed deal: then the kept deals are drawn from the true posterior of a table
where every other seat plays that level.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchmarks.review_bias.record import Record
from game.bots.base import Bot
from game.rules.actions import Action, Bid, Pass
from game.rules.cards import Card
from game.rules.engine import apply, deal_cards, legal_actions
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import observe, redact


@dataclass(frozen=True)
class World:
    """A proposed deal: the dealt hands, the widow (the turn-up, two-handed) and the stock,
    and the cards of each action the player did not see, by its step."""

    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    rest: tuple[Card, ...]
    hidden: tuple[tuple[int, Action], ...] = ()


@dataclass
class Tally:
    """What became of the proposals."""

    tried: int = 0
    dropped: int = 0  # by the proposal itself (duplicates' correction, a known card misplaced)
    illegal: int = 0  # an action the engine refused
    unseen: int = 0  # an event the player would have seen differently
    calls: int = 0  # a call the policy would not have made
    kept: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def as_list(self) -> list[int]:
        return [self.tried, self.dropped, self.illegal, self.unseen, self.calls, self.kept]

    @property
    def rate(self) -> float:
        return self.kept / self.tried if self.tried else 0.0


class ViewMismatchError(AssertionError):
    """Every event matched and yet the player's view differs: a fault, never a rejection."""


def replay(record: Record, world: World, tally: Tally, policy: Bot | None = None,
           rng: random.Random | None = None) -> GameState | None:
    """The state at the player's decision on ``world``, or None (counted in ``tally``) when
    the world is not consistent with what the player saw."""
    seat = record.seat
    hidden = dict(world.hidden)
    state, events = deal_cards(record.start, world.hands, world.widow, world.rest)
    if tuple(redact(e, seat) for e in events) != record.steps[0].events:
        _unseen(tally, events, record.steps[0].events, seat)
        return None
    calls = []
    for i, step in enumerate(record.steps[1:], 1):
        action = step.action if step.action is not None else hidden[i]
        if policy is not None and step.actor != seat and _is_call(state, action):
            calls.append((observe(state, step.actor), action))
        try:
            state, events = apply(state, action)
        except IllegalActionError as e:
            tally.illegal += 1
            why = f"illegal {type(action).__name__}: {e}"
            tally.reasons[why] = tally.reasons.get(why, 0) + 1
            return None
        if tuple(redact(e, seat) for e in events) != step.events:
            _unseen(tally, events, step.events, seat)
            return None
    # The policy last: the engine's check is the cheaper one.
    for view, action in calls:
        assert policy is not None and rng is not None
        if policy.choose(view, rng) != action:
            tally.calls += 1
            return None
    if observe(state, seat) != record.view:
        raise ViewMismatchError("a deal matched every event the player saw but not the view")
    tally.kept += 1
    return state


def _unseen(tally: Tally, events: Sequence[Event], seen: Sequence[Event], seat: int) -> None:
    """Count a proposal whose events differ from what the player saw, by the first event that
    differs."""
    tally.unseen += 1
    mine = [redact(e, seat) for e in events]
    first = next((type(a).__name__ for a, b in zip(mine, seen, strict=False) if a != b),
                 "the number of events")
    why = f"unseen {first}"
    tally.reasons[why] = tally.reasons.get(why, 0) + 1
    return None


def _is_call(state: GameState, action: Action) -> bool:
    """A bid or pass of the auction that was a choice (a forced call says nothing)."""
    return (state.phase == Phase.AUCTION and isinstance(action, Bid | Pass)
            and len(legal_actions(state)) > 1)


def hands_tuple(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(h) for h in hands)
