"""``hard``'s auction: the expected value of each contract over sampled hands.

The unseen cards are dealt to the other hands (and the widow) consistently with the auction so
far: a seat that passed first under a forced-opening rule holds no meld; convention bids show
what they show (100 meld, aces, a run, a skip's meld); a plain bid shows a hand worth about that
much and a pass a hand worth less. Each sample is then played out (exchanges, meld, tricks) three
ways: this seat declaring, partner declaring, and the strongest opponent declaring. From those,
for every bid still possible, the expected result of our contract at that price is set against
what happens if we stop: the opponents take the contract at that price when they would pay it,
otherwise the current high bid stands. We bid while our contract is worth more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.bots import bidding
from game.bots.handeval import estimates, model_for
from game.bots.sampler import assign, expand
from game.bots.search import objective, side_scores
from game.bots.simulate import Outcome, play_out
from game.rules.actions import Action, Bid, Pass
from game.rules.auction import next_min_bid
from game.rules.meld import meld_table
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView

Check = Callable[[int], float]  # hand counts -> violation (0 when consistent)


@dataclass
class SeatRead:
    checks: list[Check]


def _seat_checks(view: PlayerView) -> dict[int, list[Check]]:
    """Constraints each other seat's bidding puts on its hand."""
    rules = view.rules
    table = meld_table(rules)
    model = model_for(rules)
    sd = model.sd
    system = bidding.convention(rules)
    out: dict[int, list[Check]] = {s: [] for s in range(rules.players) if s != view.seat}
    high = rules.auction.dealer_opens_at
    first_bid: dict[int, bool] = {}
    slack = 0.8 * sd

    def value(h: int) -> float:
        return estimates(rules, h)[0].value

    for seat, amount in view.bids:
        if seat == view.seat:
            if amount:
                high = amount
            continue
        if amount == 0:
            if not high and rules.auction.forced_open_with_meld:
                out[seat].append(lambda h: table.total(h, None) / 10.0)
            else:
                nxt = next_min_bid(rules, high)
                limit = (nxt if nxt is not None else high) + slack
                out[seat].append(lambda h, lim=limit: max(0.0, value(h) - lim) / sd)
            continue
        jump = amount - high if high else amount - rules.auction.min_bid
        first = not first_bid.get(seat)
        first_bid[seat] = True
        if first and system == "jumps" and (jump >= 20 or amount == 340):
            if amount == 340 or jump >= 50:
                out[seat].append(lambda h: 0.0 if bidding.has_run(rules, h) >= 0 else 2.0)
            if amount == 340 or 30 <= jump < 50:
                out[seat].append(lambda h: 0.0 if bidding.has_aces(rules, h) else 2.0)
            if 20 <= jump < 30:
                out[seat].append(lambda h: max(0.0, 100 - table.total(h, None)) / 20.0)
        elif first and system == "skips" and amount <= 60 and jump >= 2:
            shown = 10 * jump
            out[seat].append(lambda h, m=shown: max(0.0, abs(table.total(h, None) - m - 4) - 6)
                             / 10.0)
        else:
            need = amount - slack
            out[seat].append(lambda h, nd=need: max(0.0, nd - value(h)) / sd)
        high = amount
    return out


class AuctionSampler:
    """Deals the unseen cards to the other seats (and the widow) consistently with the
    auction, repairing violations by swapping cards between hands."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        d = rules.deck
        self.rules = rules
        self.me = view.seat
        self.hand = view.hand
        self.locs = [s for s in range(rules.players) if s != view.seat]
        self.widow_size = rules.widow.size
        caps = [rules.hand_size] * len(self.locs)
        if self.widow_size:
            caps.append(self.widow_size)
        self.caps = caps
        self.cards = expand(d.full() - view.hand, d.bits, d.field_mask)
        self.checks = _seat_checks(view)
        self.one = d.one
        self.field_of = [d.field_mask << (t * d.bits) for t in range(d.n_types)]

    def _viol(self, i: int, cards: list[int]) -> float:
        if i >= len(self.locs):
            return 0.0
        checks = self.checks.get(self.locs[i])
        if not checks:
            return 0.0
        h = 0
        for t in cards:
            h += self.one[t]
        return sum(c(h) for c in checks)

    def sample(self, rng: random.Random, budget: int = 40) -> tuple[list[int], int]:
        dealt = assign(self.cards, list(self.caps), [0] * len(self.caps), self.field_of, rng)
        assert dealt is not None
        nloc = len(dealt)
        viol = [self._viol(i, dealt[i]) for i in range(nloc)]
        for _ in range(budget):
            if sum(viol) <= 0:
                break
            bad = [i for i in range(nloc) if viol[i] > 0]
            i = bad[int(rng.random() * len(bad))]
            j = int(rng.random() * (nloc - 1))
            if j >= i:
                j += 1
            a = int(rng.random() * len(dealt[i]))
            b = int(rng.random() * len(dealt[j]))
            dealt[i][a], dealt[j][b] = dealt[j][b], dealt[i][a]
            vi, vj = self._viol(i, dealt[i]), self._viol(j, dealt[j])
            if vi + vj <= viol[i] + viol[j]:
                viol[i], viol[j] = vi, vj
            else:
                dealt[i][a], dealt[j][b] = dealt[j][b], dealt[i][a]
        hands = [0] * self.rules.players
        hands[self.me] = self.hand
        widow = 0
        for i, cards in enumerate(dealt):
            c = 0
            for t in cards:
                c += self.one[t]
            if i < len(self.locs):
                hands[self.locs[i]] = c
            else:
                widow = c
        return hands, widow


def _leader(rules: RuleSet, view: PlayerView, declarer: int) -> int:
    return declarer if rules.table.first_lead == "bidder" else rules.next_seat(view.dealer)


def evaluate(view: PlayerView, rng: random.Random, samples: int
             ) -> tuple[list[int], dict[int, float], dict[int, float], float]:
    """(candidate bids, EV of declaring at each, EV of stopping at each, P(make) at next)."""
    rules = view.rules
    me = view.seat
    n = rules.players
    partner = (me + 2) % 4 if rules.partnerships else -1
    my_side = rules.side_of(me)
    bids = [a.amount for a in view.legal if isinstance(a, Bid)]
    cands = bids[:40]
    sampler = AuctionSampler(view)
    model = model_for(rules)
    z = bidding.AGGRESSION_Z["normal"]
    passed = view.passed_out or (False,) * n
    opps_in = [s for s in range(n) if rules.side_of(s) != my_side and not passed[s]]
    ev_decl = {b: 0.0 for b in cands}
    ev_stop = {b: 0.0 for b in cands}
    made_next = 0
    high, high_bidder = view.high_bid, view.high_bidder
    for _ in range(samples):
        hands, widow = sampler.sample(rng)
        mine: Outcome = play_out(rules, hands, widow, me, rng, leader=_leader(rules, view, me))
        # Who takes the contract if this seat stops: the opponent who values it most, if it
        # is worth the price to them; otherwise the standing high bid.
        opp, opp_value = -1, -1e9
        for s in opps_in:
            v = estimates(rules, hands[s] + (widow if rules.widow.size else 0))[0].value
            if v > opp_value:
                opp, opp_value = s, v
        opp_ceiling = opp_value - z * model.sd
        theirs = (play_out(rules, hands, widow, opp, rng, leader=_leader(rules, view, opp))
                  if opp >= 0 else None)
        # If the opponents would not pay the price: partner takes the contract if partner
        # would bid, else the standing high bid plays, else the dealer is stuck.
        nxt = cands[0] if cands else high
        standing: Outcome | None = None
        price_standing = max(high, rules.auction.all_pass_bid)
        if partner >= 0 and not passed[partner] and high_bidder != partner and (
                estimates(rules, hands[partner])[0].value - z * model.sd >= nxt):
            standing = play_out(rules, hands, widow, partner, rng,
                                leader=_leader(rules, view, partner))
            price_standing = nxt
        elif high_bidder >= 0 and high_bidder != me:
            standing = theirs if high_bidder == opp and theirs is not None else play_out(
                rules, hands, widow, high_bidder, rng, leader=_leader(rules, view, high_bidder))
        elif view.dealer != me:
            standing = theirs if view.dealer == opp and theirs is not None else play_out(
                rules, hands, widow, view.dealer, rng, leader=_leader(rules, view, view.dealer))
        for i, b in enumerate(cands):
            # Bidding b: we declare at b, unless the opponents would pay more (then they
            # declare one step higher). Stopping: they declare at b if they would pay it,
            # otherwise partner, the standing bid or the stuck dealer plays.
            above = cands[i + 1] if i + 1 < len(cands) else b
            if theirs is not None and opp_ceiling >= above:
                out, price = theirs, above
            else:
                out, price = mine, b
            ev_decl[b] += objective(rules, me, side_scores(
                rules, out.declarer, price, out.side_meld, out.taken, out.won, out.banked))
            if theirs is not None and opp_ceiling >= b:
                out, price = theirs, b
            elif standing is not None:
                out, price = standing, price_standing
            else:
                out, price = mine, b
            ev_stop[b] += objective(rules, me, side_scores(
                rules, out.declarer, price, out.side_meld, out.taken, out.won, out.banked))
        if cands and side_scores(rules, me, cands[0], mine.side_meld, mine.taken, mine.won,
                                 mine.banked)[my_side] > 0:
            made_next += 1
    for b in cands:
        ev_decl[b] /= samples
        ev_stop[b] /= samples
    return cands, ev_decl, ev_stop, made_next / samples


AGGRESSION_SHIFT = {"conservative": -15.0, "normal": 0.0, "bold": 15.0}


def decide(view: PlayerView, rng: random.Random, aggression: str, samples: int,
           bid_shift: float | None = None) -> tuple[Action, str]:
    rules = view.rules
    bids = [a for a in view.legal if isinstance(a, Bid)]
    can_pass = Pass() in view.legal
    if not bids:
        return Pass(), "pass: no higher bid is allowed"
    cands, ev_decl, ev_stop, p_next = evaluate(view, rng, samples)
    scale = rules.total_trick_points / 250
    shift = AGGRESSION_SHIFT.get(aggression, 0.0) * scale + (bid_shift or 0.0) * scale
    ceiling = 0
    for b in cands:  # the highest price up to which every step is still worth bidding
        if ev_decl[b] + shift < ev_stop[b]:
            break
        ceiling = b
    nxt = cands[0]
    # The documents' conventions still apply to the first bid: partners read them.
    conv = bidding._convention_bid(view, ceiling)
    if conv is not None:
        amount, why = conv
        bid = next((a for a in bids if a.amount == amount), None)
        if bid is not None and (amount <= ceiling + 40 * scale or not can_pass):
            return bid, f"bid {why}"
    if not can_pass:
        best = max(cands[:10], key=lambda b: ev_decl[b])
        return Bid(best), f"bid {best}: I must bid; {_why(ev_decl, ev_stop, best, p_next)}"
    if nxt <= ceiling:
        return bids[0], (f"bid {nxt}: over {samples} sampled deals our contract is worth "
                         f"{ev_decl[nxt]:+.0f} against {ev_stop[nxt]:+.0f} if we stop "
                         f"({p_next:.0%} to make it); I would go to {ceiling}")
    return Pass(), (f"pass: at {nxt} our contract is worth {ev_decl[nxt]:+.0f} over {samples} "
                    f"sampled deals, against {ev_stop[nxt]:+.0f} if we stop ({p_next:.0%} to "
                    "make it)")


def _why(ev_decl: dict[int, float], ev_stop: dict[int, float], b: int, p: float) -> str:
    return f"expected {ev_decl[b]:+.0f} ({p:.0%} to make the lowest bid)"
