"""Sampling whole deals for the decisions between the auction and the first card.

Before the first trick a seat knows its own hand, the cards it passed or received, the widow
once it is turned up, its own discards, the bidder's laid meld (racehorse passes back with the
meld on the table) and the auction. The unseen cards are dealt at random into the other hands
(and the widow while it is face down), the cards this seat passed stay where it sent them, and
each deal is weighted by how well it explains the auction
(:func:`game.bots.auctionsample.seat_checks`) and the trump the bidder named: the same reading
of the bidding ``hard`` bids with.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.auctionsample import Check, seat_checks
from game.bots.handeval import estimates, model_for
from game.bots.knowledge import build
from game.bots.sampler import assign, expand
from game.rules.phase import Phase
from game.rules.view import PlayerView

WIDOW = -1  # location of the face-down widow


@dataclass
class Sampled:
    """One sampled deal: every seat's hand, the face-down widow and the deal's weight (how well it
    explains the auction and the trump named)."""

    hands: list[int]  # per seat, this seat's own hand included
    widow: int  # the face-down widow (0 once it is turned up)
    weight: float


def trump_check(view: PlayerView) -> Check | None:
    """The bidder named the trump that suits its hand best."""
    rules = view.rules
    if view.trump < 0 or view.bidder < 0 or view.bidder == view.seat or rules.widow.size:
        return None
    sd = model_for(rules).sd
    trump = view.trump

    def check(h: int) -> float:
        ests = estimates(rules, h)
        named = next(e.value for e in ests if e.trump == trump)
        return max(0.0, ests[0].value - named) / sd

    return check


class DealSampler:
    """Deals consistent with one seat's view before trick play, weighted by the auction."""

    def __init__(self, view: PlayerView, auction: bool = True) -> None:
        rules = view.rules
        deck = rules.deck
        self.rules = rules
        self.truth = view if view.revealed else None
        self.me = view.seat
        self.hand = view.hand
        k = build(view)
        self.known = k.known
        n = rules.players
        self.locs: list[int] = [s for s in range(n) if s != view.seat]
        self.caps = [view.hand_sizes[s] - deck.size_of(k.known[s]) for s in self.locs]
        unseen = k.unseen - sum(k.known)
        # The widow lies face down until the bidder turns it up: after the auction (003's
        # three-handed) or after naming trump too (five-handed).
        face_down = (rules.widow.size and view.widow is None and view.phase in
                     (Phase.AUCTION, Phase.WIDOW, Phase.TRUMP))
        if face_down:
            self.locs.append(WIDOW)
            self.caps.append(rules.widow.size)
        self.cards = expand(unseen, deck.bits, deck.field_mask)
        self.excl = [0] * len(self.locs)
        self.field_of = k.kernel.field_of
        self.one = deck.one
        # Partner's hand in the auction: what it holds now, plus what it passed to this seat,
        # less what this seat passed to it (added first: the fields never go below zero).
        self.passed = [0] * n
        self.received = [0] * n
        if view.passed or view.received:  # passing: between the two seats of a side of two
            (partner,) = rules.seating.partners(view.seat)
            self.passed[partner], self.received[partner] = view.passed, view.received
        self.checks: dict[int, list[Check]] = seat_checks(view) if auction else {}
        named = trump_check(view) if auction else None
        if named is not None:
            self.checks.setdefault(view.bidder, []).append(named)
        assert sum(self.caps) == len(self.cards), "the unseen cards fill the hidden places"

    def sample(self, rng: random.Random) -> Sampled:
        if self.truth is not None:  # the measurement-only open level sees the deal
            return Sampled(list(self.truth.all_hands), self.truth.face_down_widow, 1.0)
        dealt = assign(self.cards, list(self.caps), self.excl, self.field_of, rng)
        assert dealt is not None  # no exclusions before play: always possible
        one = self.one
        hands = [0] * self.rules.players
        hands[self.me] = self.hand
        widow = 0
        viol = 0.0
        for i, s in enumerate(self.locs):
            c = 0
            for t in dealt[i]:
                c += one[t]
            if s == WIDOW:
                widow = c
                continue
            hands[s] = c + self.known[s]
            for check in self.checks.get(s, ()):
                viol += check(hands[s] + self.received[s] - self.passed[s])
        return Sampled(hands, widow, math.exp(-2.0 * viol))

    def draw(self, rng: random.Random, n: int) -> list[Sampled]:
        return [self.sample(rng) for _ in range(n)]


def ess(deals: Sequence[Sampled]) -> float:
    """Effective number of deals behind a weighted mean."""
    sw = sum(d.weight for d in deals)
    sw2 = sum(d.weight * d.weight for d in deals)
    return sw * sw / sw2 if sw2 else 0.0
