"""How a hand ended, handed from the phase modules to scoring, and what a side still needs
while it is played (asked through :mod:`game.rules.facts`)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EndKind(StrEnum):
    """How a hand ended, as the phase modules hand it to scoring: played out, or how it ended
    without being played."""

    PLAYED = "played"
    THROWN_IN = "thrown in"
    CONCEDED_UNSEEN = "conceded unseen"
    NO_MARRIAGE = "no marriage"  # 001: no marriage in trump, the hand is not played
    UNDER_MINIMUM = "under minimum"  # 001: bidding side melded under 20


class HandEnd(NamedTuple):
    """How a hand ended (``kind``) and a ``note`` for its result, in a player's words ("thrown in by
    agreement")."""

    kind: EndKind
    note: str = ""


class SideNeed(NamedTuple):
    """What one side still needs from the tricks, during the play of a hand."""

    side: int
    points: int  # trick points still needed (0: done, or nothing to save)
    text: str  # in words, e.g. "needs 90 more in tricks to make 280"
