"""Events: facts in the past tense that ``apply`` reports and the table animates.

Some events carry cards only certain seats may see (a deal, a pass, a discard, a draw);
:func:`game.rules.view.redact` hides them from everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from game.rules.cards import Card, Suit
from game.rules.meld import Meld, MeldResult


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand began, number ``hand_no`` (from 0), ``dealer`` to deal: the hand before it was
    scored and the game goes on."""

    hand_no: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """The cards are dealt (the ``Deal`` action): the packets in dealing order and every seat's
    hand."""

    dealer: int
    packets: tuple[tuple[int, int], ...]  # (seat, n) in dealing order; seat -1 is the widow
    hands: tuple[tuple[Card, ...], ...]  # hidden per seat by redact()
    turnup: Card | None = None  # two-handed trump card


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bid ``amount``: its own bid, or one the rules made for it (the dealer's opening, a
    stuck dealer's contract)."""

    seat: int
    amount: int
    forced: bool = False  # stuck dealer, or obliged to open holding meld


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed in the auction."""

    seat: int


@dataclass(frozen=True, slots=True)
class AuctionWon:
    """The auction is over: ``seat`` won it at ``bid``; ``forced`` when the rules made that bid for
    it (a stuck dealer, an obliged opening)."""

    seat: int
    bid: int
    forced: bool


@dataclass(frozen=True, slots=True)
class WidowShown:
    """Three-handed: the bidder (``seat``) turned the widow's ``cards`` up for all to see and took
    them."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Discarded:
    """Three-handed: the bidder (``seat``) laid ``cards`` away after taking the widow."""

    seat: int
    cards: tuple[Card, ...]  # hidden from others


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The bidder (``seat``) named ``suit`` trump."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class PartnerFound:
    """Where a card finds the bidder's partner: announced to all the moment trump is named."""

    seat: int  # the bidder
    partners: tuple[int, ...]  # () when the card found nobody: the bidder plays alone
    card: Card | None  # the card that found them (None when no other player holds a trump)


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """Partners passed ``cards`` from ``source`` to ``target``: to the bidder, or back from it."""

    source: int
    target: int
    cards: tuple[Card, ...]  # seen only by the two partners


@dataclass(frozen=True, slots=True)
class MeldShown:
    """``seat`` showed its ``meld`` to the table; ``counted`` is False when the meld does not
    score."""

    seat: int
    meld: MeldResult
    counted: bool = True
    note: str = ""  # why it does not count, when it does not


@dataclass(frozen=True, slots=True)
class AcesDeclared:
    """001: aces around must be declared even when the side's meld cannot be laid down."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandNotPlayed:
    """001: the hand ended before play and the bidding side lost its bid (no marriage in trump, or a
    meld under the minimum); ``reason`` in a player's words."""

    reason: str


@dataclass(frozen=True, slots=True)
class HandConceded:
    """The bidding side gave the hand up (``seat`` is the bidder): thrown in, or, when ``unseen``,
    conceded without looking at the widow."""

    seat: int
    unseen: bool = False


class CardPlayed(NamedTuple):
    """A card played to the trick (a NamedTuple: it is built for every card of every playout)."""

    seat: int
    card: Card
    from_table: bool = False
    renege: str = ""  # when reneges are allowed: the obligation this card broke


class TrickWon(NamedTuple):
    """A trick is complete: ``seat`` won its ``cards`` and ``points``, the last trick's bonus
    included when ``last``."""

    seat: int
    cards: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    points: int
    last: bool = False


class SideResult(NamedTuple):
    """One side's hand: what it melded, what counted, what it took, and what it scored."""

    side: int
    meld: int
    meld_counted: int
    tricks: int
    tricks_counted: int
    score: int
    bid: int = 0  # the contract, for the bidding side
    made: bool | None = None  # bidding side only
    notes: tuple[str, ...] = ()
    raw_tricks: int = -1  # two-handed: before rounding


class Outcome(StrEnum):
    """How a hand ended for the bidding side (two-handed hands are simply played)."""

    MADE = "made"
    SET = "set"
    RENEGE = "renege"  # a renege was called (002 option); the result names the side
    THROWN_IN = "thrown in"
    CONCEDED_UNSEEN = "conceded unseen"
    NO_MARRIAGE = "no marriage"  # 001: no marriage in trump, the hand is not played
    UNDER_MINIMUM = "under minimum"  # 001: the bidding side melded under 20
    PLAYED = "played"  # two-handed: no bid

    def __repr__(self) -> str:  # as the plain word, so event logs read as they always have
        return repr(self.value)


class HandResult(NamedTuple):
    """A scored hand, as ``HandScored`` reports it and ``GameState.records`` keeps it: the contract,
    trump, each side's result and the running totals."""

    hand_no: int
    dealer: int
    bidder: int  # seat, -1 when none (two-handed)
    bid: int
    trump: Suit | None
    sides: tuple[SideResult, ...]
    totals: tuple[int, ...]  # running scores after this hand
    tallies: tuple[int, ...] = ()  # stars or checks gained this hand, per side
    tally_totals: tuple[int, ...] = ()
    outcome: Outcome = Outcome.PLAYED
    notes: tuple[str, ...] = ()

    @property
    def bidder_side(self) -> SideResult | None:
        """The bidding side's result (None in two-handed, where nobody bids)."""
        return next((s for s in self.sides if s.made is not None), None)

    @property
    def bidding_columns(self) -> tuple[int, ...]:
        """The score columns of the bidding side: the bidder's side, or, where a card found
        the bidder's partner, the bidder's column and the partner's (each hand's sides)."""
        return tuple(s.side for s in self.sides if s.made is not None)

    @property
    def bid_made(self) -> bool | None:
        """Whether the bidding side made its bid, whatever the outcome's name says (a renege
        by the defenders counts as made); None without a bid."""
        side = self.bidder_side
        return None if side is None else side.made


@dataclass(frozen=True, slots=True)
class HandScored:
    """A hand was scored: ``result`` says how it ended and what each side scored."""

    result: HandResult


@dataclass(frozen=True, slots=True)
class GameWon:
    """The game is over: ``side`` won it, for ``reason`` in a player's words, with the final
    ``totals``."""

    side: int
    reason: str
    totals: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetRaised:
    """Overtime: more than one side passed the target, so the game goes on to ``target``; ``reason``
    in a player's words."""

    target: int
    reason: str


@dataclass(frozen=True, slots=True)
class MeldLaid:
    """Two-handed: one meld laid on the table after winning a trick."""

    seat: int
    meld: Meld
    from_hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DixCounted:
    """Two-handed: ``seat`` counted a dix for ``points`` (the dealer, at once, when it turned a dix
    up as the trump card)."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class DixExchanged:
    """Two-handed: ``seat`` exchanged its ``dix`` for the turned-up trump card (``took``), scoring
    ``points`` for the dix (0 when it was counted already)."""

    seat: int
    dix: Card
    took: Card
    points: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """Two-handed: ``seat`` drew ``card`` from the stock, the turned-up trump card last; ``public``
    when both players see it."""

    seat: int
    card: Card | None  # hidden from the other player (except the last two cards)
    public: bool = False


@dataclass(frozen=True, slots=True)
class PlayoffStarted:
    """Two-handed: the stock is drawn out and the playoff has begun, ``leader`` to lead."""

    leader: int


@dataclass(frozen=True, slots=True)
class DeclaredOut:
    """Two-handed (004): ``seat`` declared out with ``points``, and ``won`` the game by it or lost
    it."""

    seat: int
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class ThrowInProposed:
    """000: the bidder (``seat``) proposed to throw the hand in; everybody else must agree."""

    seat: int


@dataclass(frozen=True, slots=True)
class ThrowInAnswered:
    """000: ``seat`` ``agreed`` to the proposed throw-in, or refused it."""

    seat: int
    agreed: bool


@dataclass(frozen=True, slots=True)
class HandClaimed:
    """A side showed that it takes every remaining trick whatever anyone plays; the plays that
    follow are the claim played out, so the hand scores exactly as if it had been played."""

    seat: int  # who claimed
    side: int
    hands: tuple[tuple[Card, ...], ...]  # every card still held, per seat: shown to all
    tricks: int  # tricks claimed
    points: int  # their counters, the last trick's included


@dataclass(frozen=True, slots=True)
class RenegeCalled:
    """002 option: at the end of the hand a renege was called on ``seat`` (of ``side``), which broke
    ``rule`` (an obligation)."""

    seat: int
    side: int
    rule: str
    details: tuple[str, ...] = field(default=())


Event = (HandStarted | CardsDealt | BidMade | Passed | AuctionWon | WidowShown | Discarded
         | TrumpNamed | PartnerFound | CardsPassed | MeldShown | AcesDeclared | HandNotPlayed
         | HandConceded | CardPlayed | TrickWon | HandScored | GameWon | TargetRaised | MeldLaid
         | DixCounted | DixExchanged | CardDrawn | PlayoffStarted | DeclaredOut | RenegeCalled
         | ThrowInProposed | ThrowInAnswered | HandClaimed)
