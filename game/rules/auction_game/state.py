"""The hand state of the auction games (every preset but two-handed): auction, exchanges,
meld and tricks.

Hands are counts ints in the pack's packing (see :class:`game.rules.cards.Deck`). The per-card
hot paths (``auction_game.play``) read and build these tuples by position; the asserts below pin
the positions they rely on.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cards import Card
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.seating import Seating, Sides


class AuctionState(NamedTuple):
    """The auction of a hand: whose turn it is, the high bid and its bidder, who has passed, and
    every call so far."""

    turn: int
    high_bid: int  # 0 until someone bids (or the dealer's opening in 002)
    high_bidder: int  # -1 until someone bids
    passed: tuple[bool, ...]
    history: tuple[tuple[int, int], ...]  # (seat, amount), amount 0 for a pass
    forced: bool = False  # the high bid was an obliged opening
    # Everyone else passed and the dealer is stuck at this contract, choosing it or more
    # (auction.stuck_dealer_may_raise); 0 otherwise.
    stuck: int = 0


class PlayState(NamedTuple):
    """The trick play of a hand: the trick on the table and its winning card so far, what each seat
    has taken, and the tricks completed."""

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
    # The legal cards (counts mask) of the seat to act while following, worked out when the card
    # before it was played, so that listing the plays and checking one read it; -1 when not
    # known (a state built by hand) or when leading (every card is legal).
    mask: int = -1


class HandState(NamedTuple):
    """One hand of an auction game, from the deal to its score: the cards, the auction, the
    exchanges, meld and trick play; ``phase`` says what comes next."""

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
    # A simultaneous exchange: the partner's cards, set aside until the bidder has chosen the
    # cards it returns (the bidder may not see them first).
    pending: int = 0
    throw_in_asked: bool = False  # the bidder proposed a throw-in this hand (once only)
    votes: int = 0  # players who have agreed to it so far
    # Where a card finds the bidder's partner (table.sides = "partner-by-card"): the partners
    # it found when trump was named, announced to all; () playing alone, and at fixed sides.
    partners: tuple[int, ...] = ()
    partner_card: Card | None = None  # the card that found them

    def meld_of(self, seats: tuple[int, ...]) -> int:
        """The meld shown by these seats (0 for a seat that has not shown yet)."""
        total = 0
        for s in seats:
            meld = self.melds[s] if self.melds else None
            if meld is not None:
                total += meld.total
        return total


def hand_sides(seating: Seating, hand: HandState) -> Sides:
    """Who plays with whom in this hand: the table's sides, or the bidder and the partners a
    card found (once trump is named, when the card finds them) against the others."""
    return seating.in_hand(hand.bidder, hand.partners, hand.trump >= 0)


assert HandState._fields[:4] == ("phase", "dealer", "hands", "play")
assert HandState._fields[9] == "trump"
assert PlayState._fields == ("leader", "turn", "trick", "win_seat", "win_type", "taken", "won",
                             "tricks", "played", "reneges", "mask")
