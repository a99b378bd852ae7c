"""Bidding for the game (``hard`` and ``expert``): near the end of a game, and under 001's
bid-to-win, the auction is decided by the chance of winning the game rather than by points.

Far from the target a point is a point, and the calibrated ceiling of :mod:`game.bots.hardbid`
decides. Once a hand can end the game (a side within reach of the target), or once only the
bidding side can go out (001: "once both sides have over 400 only a side that won the bid can
win"), this module plays the hand out in deals weighted by the auction twice: with this seat
declaring at the next bid, and with the seat most likely to take the contract if this one
passes (partner holding it, or the strongest hand still bidding, at the price it would pay).
Both are valued for the game (:class:`~game.bots.gamevalue.GameValue`), and the better wins: a
bid that takes the side out is pushed, a set that would hand the opponents the game is avoided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots.auctionsample import AuctionSampler
from game.bots.gamevalue import GameValue, hand_stats
from game.bots.handeval import best_estimate
from game.bots.handscore import HandScorer, seat_meld_stars
from game.bots.wholehand import Outcome, play_out
from game.rules.compiled import compile_rules
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


def critical(view: PlayerView, gv: GameValue) -> bool:
    """Whether this hand's contract can decide the game."""
    if gv.linear or not view.scores:
        return False
    if gv.bid_to_win:
        return True
    mu, sd = hand_stats(view.rules)
    return max(view.scores) >= view.target - (mu + 2 * sd)


def _leader(rules: RuleSet, view: PlayerView, declarer: int) -> int:
    return declarer if rules.table.first_lead == "bidder" else rules.next_seat(view.dealer)


def _if_passed(view: PlayerView, hands: Sequence[int]) -> tuple[int, int]:
    """(declarer, price) when this seat passes now: partner or an opponent holding the bid
    keeps it when nobody else is left; otherwise the strongest hand still bidding (in this
    deal) takes it one step up."""
    rules = view.rules
    passed = view.passed_out or (False,) * rules.players
    others = [s for s in range(rules.players) if s != view.seat and not passed[s]]
    high = view.high_bid
    holder = view.high_bidder
    bids = compile_rules(rules).bids
    if holder >= 0 and others == [holder]:
        return holder, high
    if not others:
        return (holder, high) if holder >= 0 else (view.dealer, rules.auction.all_pass_bid)
    best = max(others, key=lambda s: best_estimate(rules, hands[s])[1])
    if best == holder:
        return best, high
    step = bids.next_above(high) if high else rules.auction.min_bid
    return best, step if step is not None else high


def _value(view: PlayerView, gv: GameValue, out: Outcome, bid: int,
           hands: Sequence[int]) -> float:
    rules = view.rules
    scorer = HandScorer(view, out.declarer, bid, out.trump, gv=gv, sides=out.sides)
    stars = seat_meld_stars(rules, hands, out.trump) if scorer.stars else None
    if rules.meld.minimum:
        bside = out.sides.side_of(out.declarer)
        if out.side_meld[bside] < rules.meld.minimum:
            return scorer.conceded([0 if s == bside else m for s, m in
                                    enumerate(out.side_meld)], seat_meld=out.seat_meld)
    return scorer.played(out.side_meld, out.taken, out.won, out.banked, stars,
                         seat_meld=out.seat_meld)


def decide(view: PlayerView, rng: random.Random, samples: int, nxt: int
           ) -> tuple[bool, str] | None:
    """(bid ``nxt``?, why) when the game is at stake; None when points decide."""
    gv = GameValue.of(view)
    if not critical(view, gv):
        return None
    rules = view.rules
    sampler = AuctionSampler(view)
    me = view.seat
    bid_total = pass_total = weights = 0.0
    for _ in range(samples):
        hands, widow, w = sampler.sample(rng)
        seed = rng.random()
        mine = play_out(rules, hands, widow, me, random.Random(seed),
                        leader=_leader(rules, view, me))
        d, price = _if_passed(view, hands)
        theirs = play_out(rules, hands, widow, d, random.Random(seed),
                          leader=_leader(rules, view, d))
        bid_total += w * _value(view, gv, mine, nxt, hands)
        pass_total += w * _value(view, gv, theirs, price, hands)
        weights += w
    if weights <= 0:
        return None
    u_bid, u_pass = bid_total / weights, pass_total / weights
    base = gv.current()
    chance = f"{100 * u_bid / gv.scale:.0f}%" if not gv.linear else ""
    if u_bid > u_pass:
        return True, (f"bid {nxt}: the game is at stake, and declaring gives the better "
                      f"chance of winning it ({chance} against {100 * u_pass / gv.scale:.0f}% "
                      f"with a pass; {100 * base / gv.scale:.0f}% now)")
    return False, (f"pass: the game is at stake, and declaring at {nxt} gives the worse "
                   f"chance of winning it ({chance} against {100 * u_pass / gv.scale:.0f}% with "
                   f"a pass)")
