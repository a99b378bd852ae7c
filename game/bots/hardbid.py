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

import random
from dataclasses import dataclass

from game.bots import bidding, gamebid
from game.bots.auctionsample import AuctionSampler
from game.bots.handeval import model_for
from game.bots.handmodel import prob_at_least
from game.bots.wholehand import Outcome, play_out
from game.rules.actions import Action, Bid, Pass
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


def _leader(rules: RuleSet, view: PlayerView, declarer: int) -> int:
    return declarer if rules.table.first_lead == "bidder" else rules.next_seat(view.dealer)


def _total(rules: RuleSet, o: Outcome) -> float:
    """The declaring side's meld plus trick points."""
    side = o.sides.side_of(o.declarer)
    return o.side_meld[side] + sum(o.taken[s] for s in o.sides.seats_of(side)) + o.banked


@dataclass
class Reading:
    """What the auction so far says about the side's value (:func:`read_auction`)."""

    info: float  # side value the auction revealed, beyond an average deal
    ess: float  # effective number of samples behind it
    over_partner: float  # this seat declaring minus partner declaring (when it matters)


def read_auction(view: PlayerView, rng: random.Random, samples: int,
                 partner: int = -1) -> Reading:
    """What the auction revealed, by sampled play-outs; with ``partner`` (a partner holding
    the bid), also how much more the side scores with this seat declaring instead."""
    rules = view.rules
    me = view.seat
    sampler = AuctionSampler(view)
    tw2 = sw = swt = plain = 0.0
    diff = 0.0
    done = 0
    for _ in range(samples):
        done += 1
        hands, widow, w = sampler.sample(rng)
        mine = play_out(rules, hands, widow, me, rng, leader=_leader(rules, view, me))
        t = _total(rules, mine)
        plain += t
        sw += w
        swt += w * t
        tw2 += w * w
        if partner >= 0:
            theirs = play_out(rules, hands, widow, partner, rng,
                              leader=_leader(rules, view, partner))
            diff += w * (t - _total(rules, theirs))
    if sw <= 0:
        return Reading(0.0, 0.0, 0.0)
    ess = sw * sw / tw2 if tw2 else 0.0
    info = (swt / sw - plain / done) * ess / (ess + 8.0)
    return Reading(info, ess, diff / sw)


def decide(view: PlayerView, rng: random.Random, aggression: str, samples: int,
           bid_shift: float | None = None, game_bids: bool = True) -> tuple[Action, str]:
    """The hard level's bid or pass: the side's value read from the auction and searched,
    against the next bid, and why."""
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
    partners = rules.seating.partners(view.seat)
    passed = view.passed_out or (False,) * rules.players
    opponents_in = any(not passed[s] for s in rules.seating.opponents(view.seat))
    partner_high = view.high_bidder >= 0 and view.high_bidder in partners
    reading = read_auction(view, rng, samples,
                           view.high_bidder if partner_high and not opponents_in else -1)
    value += reading.info
    ceiling = (value - bidding.margin_z(rules, aggression, "hard") * model.sd
               + (bid_shift or 0.0) * scale)
    nxt = bids[0].amount
    p = prob_at_least(value, model.sd, nxt)
    # Shown to a player (Hint, the coach): what the hand is worth and the odds, not the search.
    whose = "your side is" if rules.partnerships else "your hand is"
    about = f"{whose} worth about {value:.0f}; {p:.0%} to make {nxt}"
    conv = bidding.convention_action(view, ceiling, can_pass)
    if conv is not None:
        return conv
    if not can_pass:
        return bids[0], f"bid {nxt}: you must bid; {about}"
    if game_bids and value > -1e5:  # (game=off: points alone, for measurement)
        game = gamebid.decide(view, rng, samples, nxt)
        if game is not None:
            return (bids[0] if game[0] else Pass()), game[1]
    if partner_high:
        if opponents_in or value < -1e5:
            return Pass(), f"pass: your partner holds the bid; {about}"
        gain = reading.over_partner
        if gain >= 25 * scale and nxt <= ceiling:
            return bids[0], (f"bid {nxt}: your side scores about {gain:.0f} more with your "
                             f"trump than with your partner's; {about}")
        return Pass(), f"pass: your partner's contract is as good as yours would be; {about}"
    if nxt <= ceiling:
        return bids[0], f"bid {nxt}: {about}"
    # Said with the bar it misses: "54% to make 310" alone read as a reason to bid.
    need = prob_at_least(value, model.sd, ceiling)
    return Pass(), f"pass: {about}, and a bid wants {need:.0%} or better"
