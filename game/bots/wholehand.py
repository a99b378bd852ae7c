"""Playing a whole hand out from a full deal, fast: the exchanges (racehorse passing, the
three-handed widow and discard), everyone's meld, and the trick play by the rollout policy.

``hard`` uses it to value contracts while bidding and to decide passes, throw-ins and
concessions. The exchanges here are greedy, one card at a time, following the same rules as the
real decisions in :mod:`game.bots.exchange`, so that thousands of them fit in a second.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots.exchange_choices import keep_value, pass_value
from game.bots.handeval import best_estimate
from game.bots.knowledge import meld_counts
from game.bots.rollout import policy_for
from game.rules.compiled import best_meld, meld_table
from game.rules.meld import marriage_suits
from game.rules.partner import find_partner
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides


@dataclass
class Outcome:
    """What a simulated hand produced, before the contract's amount is applied."""

    declarer: int
    trump: int
    side_meld: list[int]  # per side of the hand
    taken: list[int]
    won: list[int]
    banked: int
    sides: Sides  # who played with whom (where a card finds the partner: found in this deal)
    seat_meld: list[int]  # per seat


def deal_sides(rules: RuleSet, hands: list[int] | tuple[int, ...], bidder: int, trump: int
               ) -> Sides:
    """Who plays with whom in a simulated hand: the table's sides, or the bidder and the
    partner the trump card finds in these hands (the engine's own rule)."""
    if not rules.seating.by_card or bidder < 0 or trump < 0:
        return rules.seating.sides
    found = find_partner(rules, hands, bidder, trump)
    return rules.seating.in_hand(bidder, found.partners, True)


def side_melds(rules: RuleSet, sides: Sides, melds: list[int]) -> tuple[list[int], list[int]]:
    """(meld shown per side of the hand, meld each side may score under the minimum)."""
    shown = [sum(melds[s] for s in sides.seats_of(side)) for side in range(sides.count)]
    minimum = rules.meld.minimum
    return shown, [0 if minimum and m < minimum else m for m in shown]


def best_trump(rules: RuleSet, h: int) -> int:
    """The trump a declarer holding ``h`` names (a marriage suit where the rules require)."""
    if rules.auction.trump_needs_marriage:
        ok = [int(s) for s in marriage_suits(rules, h)]
        if ok:
            return best_estimate(rules, h, ok)[0]
    return best_estimate(rules, h)[0]


def _types(rules: RuleSet, h: int) -> list[int]:
    d = rules.deck
    out = []
    for t in range(d.n_types):
        n = (h >> (t * d.bits)) & d.field_mask
        out.extend([t] * n)
    return out


def greedy_pass(rules: RuleSet, h: int, trump: int, k: int) -> int:
    """Pass ``k`` cards to the bidder, one at a time, by the classic passing rules."""
    d = rules.deck
    total = meld_table(rules).total
    give = 0
    for _ in range(k):
        cur = h - give
        base = total(cur, trump)
        best, best_t = -1e9, -1
        for t in set(_types(rules, cur)):
            v = pass_value(d.types[t], trump) - 1.5 * (base - total(cur - d.one[t], trump))
            if v > best:
                best, best_t = v, t
        give += d.one[best_t]
    return give


def greedy_back(rules: RuleSet, h: int, keep: int, trump: int, k: int) -> int:
    """The bidder passes back ``k`` cards from outside the laid meld ``keep``."""
    d = rules.deck
    free = h - keep
    pool = _types(rules, free) if d.size_of(free) >= k else _types(rules, h)
    counts = [d.size_of(h & d.suit_mask(s)) for s in range(4)]
    pool.sort(key=lambda t: keep_value(rules, h, t, trump, counts))
    out = 0
    for t in pool[:k]:
        out += d.one[t]
    return out


def greedy_discard(rules: RuleSet, h: int, trump: int, k: int) -> int:
    """``k`` cards to discard from ``h``, one at a time: those least worth keeping, least
    meld lost and most trick points banked."""
    d = rules.deck
    total = meld_table(rules).total
    counts = [d.size_of(h & d.suit_mask(s)) for s in range(4)]
    base = total(h, trump)
    pts = rules.trick_points_by_type
    scored = []
    for t in _types(rules, h):
        loss = base - total(h - d.one[t], trump)
        scored.append((keep_value(rules, h, t, trump, counts) + 2 * loss - 0.8 * pts[t], t))
    scored.sort()
    out = 0
    for _, t in scored[:k]:
        out += d.one[t]
    return out


def play_out(rules: RuleSet, hands: list[int], widow: int, declarer: int, rng: random.Random,
             trump: int = -1, leader: int = -1) -> Outcome:
    """Exchange, meld and play a deal with ``declarer`` holding the contract."""
    hs = list(hands)
    seen = widow if rules.widow.size and not rules.widow.after_trump else 0
    if trump < 0:
        trump = best_trump(rules, hs[declarer] + seen)
    sides = deal_sides(rules, hs, declarer, trump)
    banked = 0
    if rules.passing.count and rules.partnerships:
        k = rules.passing.count
        (partner,) = rules.seating.partners(declarer)  # passing: sides of two
        g = greedy_pass(rules, hs[partner], trump, k)
        if rules.passing.exchange == "simultaneous":  # returned from its own hand, unseen
            b = greedy_back(rules, hs[declarer], 0, trump, k)
            hs[partner] += b - g
            hs[declarer] += g - b
        else:
            hs[partner] -= g
            hs[declarer] += g
            keep = meld_counts(rules, best_meld(rules, hs[declarer], trump).cards_used())
            b = greedy_back(rules, hs[declarer], keep, trump, k)
            hs[declarer] -= b
            hs[partner] += b
    if rules.widow.size:
        full = hs[declarer] + widow
        disc = greedy_discard(rules, full, trump, rules.widow.size)
        hs[declarer] = full - disc
        pts = rules.trick_points_by_type
        banked = sum(pts[t] for t in _types(rules, disc))
    total = meld_table(rules).total
    melds = [total(h, trump) for h in hs]
    _, side_meld = side_melds(rules, sides, melds)
    team = list(rules.seating.teams_against(declarer, sides))
    if leader < 0:
        leader = declarer if rules.table.first_lead == "bidder" else rules.next_seat(declarer)
    taken, won = policy_for(rules).play(hs, trump, leader, team, (), team[declarer],
                                        rng.random, 0.04)
    return Outcome(declarer, trump, side_meld, taken, won, banked, sides, melds)
