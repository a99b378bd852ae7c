"""The hand state of the two-handed stock game (document 004).

Hands are counts ints that include the seat's cards on the table; ``tabled`` says which of them
lie there and in which melds. ``flow._play`` unpacks and rebuilds this tuple by position.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.meld import Meld
from game.rules.phase import Phase
from game.rules.stock_game.meld import Tabled


class StockHand(NamedTuple):
    """One hand of the two-handed game: the hands and tabled melds, the stock and the turn-up, the
    trick and what each player has taken and melded."""

    phase: Phase
    dealer: int
    hands: tuple[int, ...] = ()  # counts, tabled cards included
    tabled: tuple[tuple[Tabled, ...], ...] = ((), ())
    stock: tuple[int, ...] = ()  # face-down card types, top first
    turnup: int = -1  # card type of the turned-up trump card (the dix after an exchange)
    trump: int = -1
    leader: int = 0
    turn: int = 0
    trick: tuple[tuple[int, int], ...] = ()  # (seat, type)
    taken: tuple[int, ...] = (0, 0)
    won: tuple[int, ...] = (0, 0)
    meld_pts: tuple[int, ...] = (0, 0)
    dix_counted: tuple[int, ...] = (0, 0)  # counted dixes still held
    exchanged: bool = False
    playoff: bool = False
    melded: bool = False  # the trick winner has melded this turn
    dixed: bool = False  # ... and counted or exchanged a dix
    tricks: tuple[tuple[tuple[int, int], ...], ...] = ()
    played: int = 0
    laid: tuple[tuple[Meld, ...], ...] = ((), ())
    last_winner: int = -1
    # The follower's legal cards (counts mask), worked out when the lead was played, so that
    # listing the plays and checking one read it; -1 when not known or when leading.
    follow_mask: int = -1
    on_table: tuple[int, ...] = (0, 0)  # each seat's tabled cards as a counts int
    # The playoff's draws, (seat, card type), which both players see: 004, "They show this
    # card to their opponent, who draws the trump card (or the dix ...)".
    shown: tuple[tuple[int, int], ...] = ()
