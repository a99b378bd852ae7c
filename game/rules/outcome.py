"""How a hand ended, handed from the phase modules to scoring."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EndKind(StrEnum):
    PLAYED = "played"
    THROWN_IN = "thrown in"
    CONCEDED_UNSEEN = "conceded unseen"
    NO_MARRIAGE = "no marriage"  # 001: no marriage in trump, the hand is not played
    UNDER_MINIMUM = "under minimum"  # 001: bidding side melded under 20


class HandEnd(NamedTuple):
    kind: EndKind
    note: str = ""
