"""Reading the auction: what each other seat's bids and passes say about its hand, and deals
sampled for the other seats weighted by how well they explain it.

A seat that passed first under a forced-opening rule holds no meld; convention bids show what
they show (002's jumps, 001's skips); a plain bid shows a hand worth about that much, a pass
one worth less than the next bid, read as the model of :mod:`game.bots.handeval` bids. ``hard``
bids with these weights, and its exchange searches and ``expert``'s card play sample with them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

from game.bots import bidding
from game.bots.callmeaning import convention
from game.bots.handeval import best_estimate, model_for
from game.bots.sampler import assign, expand
from game.rules.compiled import compile_rules, meld_table
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView

Check = Callable[[int], float]  # hand counts -> violation (0 when consistent)


def seat_checks(view: PlayerView) -> dict[int, list[Check]]:
    """Constraints each other seat's bidding puts on its hand."""
    rules = view.rules
    table = meld_table(rules)
    model = model_for(rules)
    sd = model.sd
    system = convention(rules)
    out: dict[int, list[Check]] = {s: [] for s in range(rules.players) if s != view.seat}
    high = rules.auction.dealer_opens_at
    first_bid: dict[int, bool] = {}
    # Other seats are read as bidding like the model does: up to value - z * sd.
    z = bidding.margin_z(rules, "normal") * sd
    slack = 0.3 * sd

    @lru_cache(maxsize=64)  # one sample's hand is read by every check of its seat
    def value(h: int) -> float:
        return best_estimate(rules, h)[1]

    def at_most(limit: float) -> Check:  # a pass: the hand is worth less than the next bid
        return lambda h: max(0.0, value(h) - limit) / sd

    def at_least(need: float) -> Check:  # a bid: the hand is worth at least this
        return lambda h: max(0.0, need - value(h)) / sd

    def meld_near(shown: int) -> Check:  # 001's skip bid: shows about this much meld
        return lambda h: max(0.0, abs(table.total(h, None) - shown - 4) - 6) / 10.0

    for seat, amount in view.bids:
        if seat == view.seat:
            high = amount or high
            continue
        if amount == 0:
            if not high and rules.auction.forced_open_with_meld:
                out[seat].append(lambda h: table.total(h, None) / 10.0)
            else:
                nxt = compile_rules(rules).bids.next_above(high)
                out[seat].append(at_most((nxt if nxt is not None else high) + z + slack))
            continue
        jump = amount - high if high else amount - rules.auction.min_bid
        first = not first_bid.get(seat)
        first_bid[seat] = True
        if first and system == "jumps" and (jump >= 20 or amount == 340):
            out[seat] += _jump_checks(rules, amount, jump)
        elif first and system == "skips" and amount <= 60 and jump >= 2:
            out[seat].append(meld_near(10 * jump))
        else:
            out[seat].append(at_least(amount + z - slack))
        high = amount
    return out


def _jump_checks(rules: RuleSet, amount: int, jump: int) -> list[Check]:
    """002's jump bids: 50 or more (or 340) shows a run, 30-40 (or 340) aces, 20 some meld."""
    table = meld_table(rules)
    checks: list[Check] = []
    if amount == 340 or jump >= 50:
        checks.append(lambda h: 0.0 if bidding.has_run(rules, h) >= 0 else 2.0)
    if amount == 340 or 30 <= jump < 50:
        checks.append(lambda h: 0.0 if bidding.has_aces(rules, h) else 2.0)
    if 20 <= jump < 30:
        checks.append(lambda h: max(0.0, 100 - table.total(h, None)) / 20.0)
    return checks


class AuctionSampler:
    """Deals the unseen cards to the other seats (and the widow) at random, and weighs each
    deal by how well it explains the auction so far."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        d = rules.deck
        self.rules = rules
        self.truth = view if view.revealed else None
        self.me = view.seat
        self.hand = view.hand
        self.locs = [s for s in range(rules.players) if s != view.seat]
        caps = [rules.hand_size] * len(self.locs)
        if rules.widow.size:
            caps.append(rules.widow.size)
        self.caps = caps
        self.cards = expand(d.full() - view.hand, d.bits, d.field_mask)
        self.checks = seat_checks(view)
        self.one = d.one
        self.field_of = [d.field_mask << (t * d.bits) for t in range(d.n_types)]

    def sample(self, rng: random.Random) -> tuple[list[int], int, float]:
        """(hands per seat, widow, weight)."""
        if self.truth is not None:  # the measurement-only open level sees the deal
            return list(self.truth.all_hands), self.truth.face_down_widow, 1.0
        dealt = assign(self.cards, list(self.caps), [0] * len(self.caps), self.field_of, rng)
        assert dealt is not None
        hands = [0] * self.rules.players
        hands[self.me] = self.hand
        widow = 0
        viol = 0.0
        for i, cards in enumerate(dealt):
            c = 0
            for t in cards:
                c += self.one[t]
            if i < len(self.locs):
                seat = self.locs[i]
                hands[seat] = c
                for check in self.checks.get(seat, ()):
                    viol += check(c)
            else:
                widow = c
        return hands, widow, math.exp(-2.0 * viol)
