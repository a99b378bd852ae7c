"""The fast flow (issue 25, "What regulars expect" 2): a "Fast" setting under which no click is
needed after the meld, the result or a trick, the pauses are short, the next hand follows on its
own, and Enter plays the hinted card. Every number of the pace lives here.

A module of its own with small hooks (the app's animation speed, the table's trick pause and
think pause, the displays' own timer, the card prompt's Enter): the table scene is being split
into components, and this stays easy to move. Measured by ``python -m benchmarks.fast_hand``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.actions import PlayCard
from game.store.settings import Settings

if TYPE_CHECKING:
    from game.ui.table.faces import PromptTable

FAST_SPEED = 0.45  # animations at most this fraction of their normal length ("fast")
FAST_TRICK = 0.6  # seconds a completed trick stays face up (no click)
FAST_THINK_MS = 120  # the bots' think pause at most
# Seconds a display stays before it continues by itself; None: it waits for the player.
FAST_DISPLAYS: dict[str, float] = {"meld": 1.2, "hand result": 2.0}


def speed(settings: Settings, factor: float) -> float:
    return min(factor, FAST_SPEED) if settings.fast else factor


def trick_pause(settings: Settings) -> float | None:
    """Seconds a completed trick stays; None: until the player clicks."""
    return FAST_TRICK if settings.fast else settings.trick_seconds


def think_seconds(settings: Settings) -> float:
    ms = min(settings.think_ms, FAST_THINK_MS) if settings.fast else settings.think_ms
    return ms / 1000


def display_seconds(settings: Settings, name: str) -> float | None:
    """How long the display ``name`` stays before continuing by itself (Fast), or None."""
    return FAST_DISPLAYS.get(name) if settings.fast else None


def hinted_play(table: PromptTable) -> PlayCard | None:
    """The card Enter plays: the one Hint has ringed, or under Fast the one Hint would
    suggest (where hints are allowed); None when Enter has nothing to play."""
    legal = [a for a in table.view.legal if isinstance(a, PlayCard)]
    card = table.status_line.hint_card
    practising = table.app.settings.practice and not table.demo  # hints are open
    if card is None and table.app.settings.fast and practising and legal:
        suggestion = table.match.hint(table.human)
        card = suggestion.action.card if isinstance(suggestion.action, PlayCard) else None
    if card is None:
        return None
    return next((a for a in legal if a.card == card and a.from_table),
                next((a for a in legal if a.card == card), None))
