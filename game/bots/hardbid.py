"""``hard``'s auction: the value of each contract over sampled partner and opponent hands.

The hand's value starts from the calibrated model of :mod:`game.bots.handeval` (the same one
``medium`` uses). What the auction has revealed is then measured by simulation: deals are
sampled for the other seats, each is weighted by how well it explains every bid and pass so far
(a seat that passed first under a forced-opening rule holds no meld; convention bids show what
they show; a plain bid shows a hand worth about that much), and each is played out with this
seat declaring (exchanges, meld and tricks by the rollout policy). The weighted mean minus the
plain mean over the *same* samples is what the bidding told us, with the simulation's own bias
and most of its noise cancelled. Each contract's chance and expected value follow from that.

When partner holds the bid and the opponents are out, the two contracts are compared directly
in the same samples: this seat declaring one step higher against partner declaring as it stands.
(A design that compared every contract with the opponents' hypothetical contracts was measured
and lost to the model-based ceiling: it depended on guessing how the others would bid later.)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from game.bots import bidding
from game.bots.handeval import estimates, model_for, prob_at_least
from game.bots.sampler import assign, expand
from game.bots.wholehand import Outcome, play_out
from game.rules.actions import Action, Bid, Pass
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
    system = bidding.convention(rules)
    out: dict[int, list[Check]] = {s: [] for s in range(rules.players) if s != view.seat}
    high = rules.auction.dealer_opens_at
    first_bid: dict[int, bool] = {}
    # Other seats are read as bidding like the model does: up to value - z * sd.
    z = bidding.margin_z(rules, "normal") * sd
    slack = 0.3 * sd

    @lru_cache(maxsize=64)  # one sample's hand is read by every check of its seat
    def value(h: int) -> float:
        return estimates(rules, h)[0].value

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


def _leader(rules: RuleSet, view: PlayerView, declarer: int) -> int:
    return declarer if rules.table.first_lead == "bidder" else rules.next_seat(view.dealer)


def _total(rules: RuleSet, o: Outcome) -> float:
    """The declaring side's meld plus trick points."""
    side = rules.side_of(o.declarer)
    return o.side_meld[side] + sum(o.taken[s] for s in rules.seats_of(side)) + o.banked


@dataclass
class Reading:
    info: float  # side value the auction revealed, beyond an average deal
    ess: float  # effective number of samples behind it
    over_partner: float  # this seat declaring minus partner declaring (when it matters)


def read_auction(view: PlayerView, rng: random.Random, samples: int,
                 compare_partner: bool, think_ms: float | None = None) -> Reading:
    rules = view.rules
    start = time.perf_counter()
    me = view.seat
    partner = (me + 2) % 4 if rules.partnerships else -1
    sampler = AuctionSampler(view)
    tw2 = sw = swt = plain = 0.0
    diff = 0.0
    done = 0
    for _ in range(samples):
        if think_ms is not None and done and (time.perf_counter() - start) * 1000 > think_ms:
            break
        done += 1
        hands, widow, w = sampler.sample(rng)
        mine = play_out(rules, hands, widow, me, rng, leader=_leader(rules, view, me))
        t = _total(rules, mine)
        plain += t
        sw += w
        swt += w * t
        tw2 += w * w
        if compare_partner and partner >= 0:
            theirs = play_out(rules, hands, widow, partner, rng,
                              leader=_leader(rules, view, partner))
            diff += w * (t - _total(rules, theirs))
    if sw <= 0:
        return Reading(0.0, 0.0, 0.0)
    ess = sw * sw / tw2 if tw2 else 0.0
    info = (swt / sw - plain / done) * ess / (ess + 8.0)
    return Reading(info, ess, diff / sw)


def decide(view: PlayerView, rng: random.Random, aggression: str, samples: int,
           bid_shift: float | None = None, think_ms: float | None = None
           ) -> tuple[Action, str]:
    rules = view.rules
    bids = [a for a in view.legal if isinstance(a, Bid)]
    can_pass = Pass() in view.legal
    if not bids:
        return Pass(), "pass: no higher bid is allowed"
    model = model_for(rules)
    scale = rules.total_trick_points / 250
    best, heuristic, _ = bidding.side_estimate(view, "hard")
    # 001 without a marriage: as declarer we would lose the bid unplayed.
    value = heuristic if heuristic < -1e5 else best.value
    partner = (view.seat + 2) % 4 if rules.partnerships else -1
    passed = view.passed_out or (False,) * rules.players
    opponents_in = any(not passed[s] for s in range(rules.players)
                       if rules.side_of(s) != rules.side_of(view.seat))
    partner_high = partner >= 0 and view.high_bidder == partner
    reading = read_auction(view, rng, samples, partner_high and not opponents_in, think_ms)
    value += reading.info
    ceiling = value - bidding.margin_z(rules, aggression) * model.sd + (bid_shift or 0.0) * scale
    nxt = bids[0].amount
    p = prob_at_least(value, model.sd, nxt)
    whose = "our side is" if rules.partnerships else "my hand is"
    about = (f"{whose} worth about {value:.0f} ({reading.info:+.0f} from what the auction "
             f"showed, over {samples} sampled deals), {p:.0%} to make {nxt}")
    conv = bidding.convention_action(view, ceiling, can_pass)
    if conv is not None:
        return conv
    if not can_pass:
        return bids[0], f"bid {nxt}: I must bid; {about}"
    if partner_high:
        if opponents_in or value < -1e5:
            return Pass(), f"pass: partner holds the bid; {about}"
        gain = reading.over_partner
        if gain >= 25 * scale and nxt <= ceiling:
            return bids[0], (f"bid {nxt}: in the sampled deals our side scores {gain:.0f} more "
                             f"with my trump than with partner's; {about}")
        return Pass(), f"pass: partner's contract is as good as mine would be; {about}"
    if nxt <= ceiling:
        return bids[0], f"bid {nxt}: {about}"
    return Pass(), f"pass: {about}"
