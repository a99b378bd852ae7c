"""The partner found by a card (``table.sides = "partner-by-card"``, VARIANTS.md's five-handed).

VARIANTS.md: "The bidder's partner for this hand is the first player clockwise from the bidder
who holds an ace of trump; if nobody else holds one, the first who holds a ten of trump, then a
king, and so on. The partner is announced at once. If no other player holds any trump, the
bidder plays alone against four. Option (Wikipedia): the bidder calls a trump card instead, and
its first holder clockwise is the partner."

The partner is found the moment trump is named, from the hands as they are then (the widow is
still face down), and announced to everyone with the card that found it.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cards import Card, Rank, Suit
from game.rules.ruleset import RuleSet


class Found(NamedTuple):
    """Who the card found: the partners (none: the bidder plays alone) and the card."""

    partners: tuple[int, ...]
    card: Card | None  # the card that found them; None when it found nobody


def find_partner(rules: RuleSet, hands: tuple[int, ...] | list[int], bidder: int, trump: int,
                 called: Rank | None = None) -> Found:
    """The bidder's partner for the hand: the first seat clockwise from the bidder holding the
    ``called`` card of trump, or (no card called) the highest trump any other seat holds."""
    deck = rules.deck
    order = rules.seating.around_from(bidder)[1:]  # clockwise, whatever the direction of play
    ranks = (called,) if called is not None else deck.ranks_high_to_low
    for rank in ranks:
        card = Card(rank, Suit(trump))
        for seat in order:
            if deck.count(hands[seat], card):
                return Found((seat,), card)
    return Found((), Card(called, Suit(trump)) if called is not None else None)


def callable_ranks(rules: RuleSet) -> tuple[Rank, ...]:
    """The trump cards a bidder may call (the option): every rank of the pack, strongest
    first."""
    return rules.deck.ranks_high_to_low
