"""The phases of a hand, shared by both state machines, and the hand before its deal.

``NewDeal`` is the hand between two deals: only the dealer is known. It is the same for every
table, so the game-end code can start the next deal without knowing which state machine plays it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Phase(StrEnum):
    """Where a hand stands: what the engine waits for next."""

    DEAL = "deal"
    AUCTION = "auction"
    WIDOW = "widow"  # three-handed: the bidder looks at the widow, or concedes unseen
    DISCARD = "discard"
    TRUMP = "trump"
    PASS = "pass"  # partner passes to the bidder
    PASS_BACK = "pass back"  # the bidder passes back
    DECIDE = "decide"  # three-handed: play the hand or concede
    THROW_IN_VOTE = "throw-in vote"  # 000: everybody agrees to throw the hand in, or not
    TRICKS = "tricks"
    MELD_TURN = "meld"  # two-handed: the trick's winner may meld, count or exchange the dix
    GAME_OVER = "game over"


class NewDeal(NamedTuple):
    """A hand not yet dealt (phase DEAL), or the last hand of a finished game (GAME_OVER)."""

    phase: Phase
    dealer: int
    hands: tuple[int, ...] = ()
