"""The immutable game state.

States are NamedTuples of ints and tuples: cheap to build, hashable, comparable, and never
changed in place; each transition builds a new one (``_replace``). Hands are counts ints in the
pack's packing (see :class:`game.rules.cards.Deck`). A game is its rules, its seed and its
action list: :func:`game.rules.engine.replay` rebuilds any state from those three.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.rules.events import HandResult
from game.rules.meld import MeldResult
from game.rules.ruleset import RuleSet


class Phase(StrEnum):
    DEAL = "deal"
    AUCTION = "auction"
    WIDOW = "widow"  # three-handed: the bidder looks at the widow, or concedes unseen
    DISCARD = "discard"
    TRUMP = "trump"
    PASS = "pass"  # partner passes to the bidder
    PASS_BACK = "pass back"  # the bidder passes back
    DECIDE = "decide"  # three-handed: play the hand or concede
    TRICKS = "tricks"
    MELD_TURN = "meld"  # two-handed: the trick's winner may meld, count or exchange the dix
    GAME_OVER = "game over"


class AuctionState(NamedTuple):
    turn: int
    high_bid: int  # 0 until someone bids (or the dealer's opening in 002)
    high_bidder: int  # -1 until someone bids
    passed: tuple[bool, ...]
    history: tuple[tuple[int, int], ...]  # (seat, amount), amount 0 for a pass
    forced: bool = False  # the high bid was an obliged opening


class PlayState(NamedTuple):
    leader: int
    turn: int
    trick: tuple[tuple[int, int], ...]  # (seat, card type) in play order
    win_seat: int
    win_type: int
    taken: tuple[int, ...]  # trick points per seat
    won: tuple[int, ...]  # tricks won per seat
    tricks: tuple[tuple[tuple[int, int], ...], ...]  # completed tricks, for review and bots
    played: int  # counts of every card played so far
    reneges: tuple[tuple[int, str], ...] = ()  # (seat, obligation broken) when reneges allowed


class HandState(NamedTuple):
    phase: Phase
    dealer: int
    hands: tuple[int, ...]
    play: PlayState | None = None  # beside ``hands``: the two fields every card replaces
    widow: int = 0
    auction: AuctionState | None = None
    bidder: int = -1
    bid: int = 0
    forced: bool = False
    trump: int = -1
    passes: tuple[tuple[int, int, int], ...] = ()  # (source, target, counts)
    discards: int = 0
    melds: tuple[MeldResult | None, ...] = ()
    side_meld: tuple[int, ...] = ()  # meld each side may score (after the minimum-meld rule)
    looked: bool = False  # three-handed: the bidder has seen the widow
    bid_to_win: bool = False  # 001: both sides were over 400 when the hand began
    keep: int = 0  # bidder's laid meld (counts) that may not be passed back


class GameState(NamedTuple):
    rules: RuleSet
    seed: int
    hand_no: int
    dealer: int
    scores: tuple[int, ...]
    tallies: tuple[int, ...]
    target: int
    records: tuple[HandResult, ...]
    hand: object  # HandState, or StockHand for the two-handed game
    winner: int = -1
    over_reason: str = ""

    @property
    def phase(self) -> Phase:
        return self.hand.phase  # type: ignore[attr-defined, no-any-return]

    @property
    def over(self) -> bool:
        return self.winner >= 0


# The per-card hot paths (engine.legal_actions/apply, play.apply) read and build these tuples
# by position; a new or moved field must be reflected there.
assert HandState._fields[:4] == ("phase", "dealer", "hands", "play")
assert HandState._fields[9] == "trump"
assert PlayState._fields == ("leader", "turn", "trick", "win_seat", "win_type", "taken", "won",
                             "tricks", "played", "reneges")
assert len(GameState._fields) == 11 and GameState._fields[0:9:8] == ("rules", "hand")


def with_hand(state: GameState, hand: object) -> GameState:
    """``state._replace(hand=...)`` for the hot path."""
    rules, seed, hand_no, dealer, scores, tallies, target, records, _, winner, reason = state
    return tuple.__new__(GameState, (rules, seed, hand_no, dealer, scores, tallies, target,
                                     records, hand, winner, reason))
