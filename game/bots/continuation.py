"""What follows a decision, played by one policy for every seat: the review's yardstick for
the auction and the concessions (issue 35).

A decision is worth what comes after it. A bid does not end the auction: the others may bid
again, partner included, and this player speaks again too. So the review values a call by
playing the rest of the auction out, then the hand, on deals sampled from the player's view,
with the *same* policy deciding everything that follows, whichever call is being valued:

* **the rest of the auction**: every seat (the player's own later calls too) bids as the
  ``medium`` level does (:func:`game.bots.bidding.decide`: the calibrated hand model and each
  document's conventions), through the engine itself, so every auction rule holds (steps,
  forced openings, the stuck dealer, a passed player staying out);
* **the exchanges**: trump, partner's pass and the pass back, the widow's discard by the
  classic rules of :mod:`game.bots.wholehand`;
* **a concession**: where the rules let the bidding side give up (003's three-handed bidder
  after the widow, forced beyond 250 over meld; 001's throw-in before play; 000's when the bid
  is more than 250 over the side's meld) it does so when the hand model gives it under
  :data:`CONCEDE_BELOW` chance of making, the rule the widow search has always used;
* **the tricks**: the rollout policy (:mod:`game.bots.rollout`).

Every call compared plays the same sampled deals with the same generators, so two calls that
lead to the same contract are worth exactly the same: a raise that the opponents overcall
anyway costs nothing. And because the calls after this one are the policy's, not the player's
own, each decision is charged only for itself: a second overbid is measured against passing
at the first one's contract, not against the hand before the first (no contract is charged
twice).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots import bidding
from game.bots.gamevalue import GameValue
from game.bots.handeval import play_model_for
from game.bots.handmodel import features, prob_at_least
from game.bots.handscore import HandScorer, side_results
from game.bots.knowledge import meld_counts
from game.bots.rollout import policy_for
from game.bots.wholehand import (
    best_trump,
    deal_sides,
    greedy_back,
    greedy_discard,
    greedy_pass,
    side_melds,
)
from game.rules.actions import Action, Bid, Pass
from game.rules.auction_game.state import HandState
from game.rules.compiled import best_meld, meld_table
from game.rules.engine import actor, apply, at_deal, deal_cards, legal_actions, new_game
from game.rules.meld import marriage_suits
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.state import GameState
from game.rules.view import PlayerView

# The bidding side concedes (where the rules let it) when the hand model gives it less than
# this chance of making: the widow search's rule (game.bots.exsearch.widow_plays).
CONCEDE_BELOW = 0.15
POLICY_LEVEL = "medium"  # whose calls the rest of the auction is played with


def may_concede(rules: RuleSet, bid: int, bidder_meld: int, side_meld: int) -> bool:
    """Whether the bidding side may give the hand up once trump is named and the meld is known
    (not counting 000's throw-in by everybody's agreement, which the defenders refuse when they
    gain by playing)."""
    if rules.widow.size:  # 003 three-handed: "the high bidder may concede the hand"
        return True
    mode = rules.throw_in.mode
    if mode == "before-play":
        return True
    if mode == "over-margin":
        return bid - side_meld > rules.throw_in.margin
    return False


def must_concede(rules: RuleSet, bid: int, bidder_meld: int) -> bool:
    """003 three-handed: "A player may not attempt to play the hand for more than 250 points"
    over the bidder's meld."""
    margin = rules.widow.forced_concede_margin
    return bool(margin) and bid - bidder_meld > margin


def chance_of_making(rules: RuleSet, hand: int, trump: int, need: float, banked: int = 0
                     ) -> float:
    """The hand model's chance that the bidding side takes ``need`` trick points or more, the
    declarer holding ``hand`` (the side's points already banked in discards added)."""
    model = play_model_for(rules)
    return prob_at_least(model.value(features(rules, hand, trump)) + banked, model.sd, need)


def gives_up(rules: RuleSet, bid: int, bidder_meld: int, side_meld: int, hand: int, trump: int,
             banked: int = 0) -> bool:
    """Whether the bidding side concedes here, trump named and the meld known: when it must,
    or when it may and the hand model gives it under :data:`CONCEDE_BELOW` chance of making."""
    if must_concede(rules, bid, bidder_meld):
        return True
    return (may_concede(rules, bid, bidder_meld, side_meld)
            and chance_of_making(rules, hand, trump, bid - side_meld, banked) < CONCEDE_BELOW)


@dataclass(frozen=True)
class Played:
    """A contract played out: its value for the player's side, and whether the bidding side
    made it (a concession, or 001's hand not played, is not made)."""

    value: float
    made: bool


class Follows:
    """What a call led to over the sampled deals: who declared, at what, and how often the
    contract was made, weighted as the deals are; said in a player's words."""

    def __init__(self) -> None:
        self.by: dict[tuple[int, int] | None, list[float]] = {}  # contract -> [weight, made]

    def add(self, weight: float, contract: tuple[int, int] | None, made: bool) -> None:
        got = self.by.setdefault(contract, [0.0, 0.0])
        got[0] += weight
        got[1] += weight * made

    def words(self, view: PlayerView) -> str:
        """"West takes it at 290 in most deals, and your side sets it in 55% of them"."""
        total = sum(w for w, _ in self.by.values())
        played = {c: v for c, v in self.by.items() if c is not None}
        if not total or not played:
            return ""
        rules = view.rules
        seats: dict[int, list[float]] = {}
        for (seat, _), (w, made) in played.items():
            got = seats.setdefault(seat, [0.0, 0.0])
            got[0] += w
            got[1] += made
        seat = max(seats, key=lambda s: seats[s][0])
        w, made = seats[seat]
        amount = max((c for c in played if c[0] == seat), key=lambda c: played[c][0])[1]
        share = w / total
        often = ("in most deals" if share >= 0.5 else f"in {share:.0%} of the deals")
        ours = rules.seating.same_side(seat, view.seat)
        who = ("you take it" if seat == view.seat else
               f"your partner {rules.seating.name(seat)} takes it" if ours else
               f"{rules.seating.name(seat)} takes it")
        rate = made / w
        if ours:
            maker = "you make" if seat == view.seat else "your side makes"
            result = f"and {maker} it {rate:.0%} of the time"
        elif rules.partnerships:
            result = f"and your side sets it {1 - rate:.0%} of the time"
        else:
            result = f"and it is set {1 - rate:.0%} of the time"
        return f"{who} at {amount} {often}, {result}"


class Declared:
    """One sampled deal with one seat declaring: scored at any contract, its tricks played once
    (by the rollout policy) the first time a contract is played rather than given up."""

    def __init__(self, cont: Continuation, declarer: int, hands: list[int], trump: int,
                 banked: int, rnd: random.Random) -> None:
        self.cont, self.declarer, self.hands = cont, declarer, hands
        self.trump, self.banked, self.rnd = trump, banked, rnd
        rules = cont.rules
        self.melds = [cont.total(h, trump) for h in hands] if trump >= 0 else []
        self.sides = deal_sides(rules, hands, declarer, trump)
        self.bside = self.sides.side_of(declarer)
        self.shown, self.allowed = (side_melds(rules, self.sides, self.melds) if trump >= 0
                                    else ([], []))
        self.tricks: tuple[list[int], list[int]] | None = None

    def at(self, bid: int) -> Played:
        cont, rules, declarer = self.cont, self.cont.rules, self.declarer
        sides = self.sides
        if self.trump < 0:  # 001: "the bidding side loses its bid, neither side scoring meld"
            return Played(cont.scorer(declarer, bid, -1).conceded([0] * sides.count, None,
                                                                   sides, [0] * rules.players),
                          False)
        scorer = cont.scorer(declarer, bid, self.trump, bool(rules.widow.size), sides)
        others = [0 if s == self.bside else self.allowed[s] for s in range(sides.count)]
        minimum = rules.meld.minimum
        if minimum and self.shown[self.bside] < minimum:  # 001: the bid is lost unplayed
            return Played(scorer.conceded(others, seat_meld=self.melds), False)
        if gives_up(rules, bid, self.melds[declarer], self.shown[self.bside],
                    self.hands[declarer], self.trump, self.banked):
            return Played(scorer.conceded(others, seat_meld=self.melds), False)
        if self.tricks is None:
            team = list(rules.seating.teams_against(declarer, sides))
            self.tricks = cont.pol.play(list(self.hands), self.trump, cont.leader(declarer),
                                        team, (), team[declarer], self.rnd.random, 0.04)
        taken, won = self.tricks
        _, made, _ = side_results(rules, declarer, bid, self.allowed, taken, won, self.banked,
                                  sides)
        return Played(scorer.played(self.allowed, taken, won, self.banked, sides=sides,
                                    seat_meld=self.melds), made)


@dataclass(frozen=True)
class SampledAuction:
    """The auction as it stands in the view, on one sampled deal: only
    :meth:`Continuation.auction_state` makes one, from the view's calls and the sampled cards."""

    state: GameState


class Continuation:
    """The rest of the hand from a sampled deal, by one policy for every seat, valued for the
    player's side in the review's units (``gv``)."""

    def __init__(self, view: PlayerView, gv: GameValue) -> None:
        self.view = view
        self.rules = view.rules
        self.gv = gv
        self.total = meld_table(view.rules).total
        self.pol = policy_for(view.rules)
        self.calls: tuple[Action, ...] = tuple(Bid(a) if a else Pass() for _, a in view.bids)
        # In the auction every seat holds the hand it was dealt.
        self.sizes = (view.rules.hand_size,) * view.rules.players

    # -- the auction -------------------------------------------------------------------------
    def auction_state(self, hands: Sequence[int], widow: int) -> SampledAuction:
        """The auction as it stands in the view, with this deal's cards."""
        view, deck = self.view, self.rules.deck
        state = at_deal(new_game(self.rules, 0), view.hand_no, view.dealer)
        if view.scores:  # 001's bid-to-win depends on the scores before the deal
            state = state._replace(scores=tuple(view.scores))
        state, _ = deal_cards(state, [deck.to_cards(h) for h in hands], deck.to_cards(widow), [])
        for call in self.calls:
            state, _ = apply(state, call)
        return SampledAuction(state)

    def finish_auction(self, start: SampledAuction, action: Action, rng: random.Random
                       ) -> tuple[int, int] | None:
        """(declarer, contract) once ``action`` is made and every seat has called by the
        policy; None when the hand ended in the auction."""
        state, _ = apply(start.state, action)
        for _ in range(400):  # an auction is a few dozen calls at most
            if state.hand.phase != Phase.AUCTION:
                break
            call, _ = bidding.decide(self._caller(state), POLICY_LEVEL, "normal", rng)
            state, _ = apply(state, call)
        else:  # pragma: no cover - the engine ends every auction
            raise RuntimeError("the auction did not end")
        hand = state.hand
        if not isinstance(hand, HandState) or hand.phase not in (Phase.WIDOW, Phase.TRUMP):
            return None
        return hand.bidder, hand.bid

    def _caller(self, state: GameState) -> PlayerView:
        """What the seat to call sees, as :func:`observe` gives it in the auction (its hand,
        the calls, the legal bids), built straight from the sampled state: the play-outs ask
        it of every call of thousands of auctions."""
        hand = state.hand
        assert isinstance(hand, HandState) and hand.auction is not None
        au = hand.auction
        seat = actor(state)
        return PlayerView(
            rules=self.rules, seat=seat, phase=Phase.AUCTION, hand_no=state.hand_no,
            dealer=state.dealer, actor=seat, legal=legal_actions(state), hand=hand.hands[seat],
            hand_sizes=self.sizes, scores=state.scores,
            tallies=state.tallies, target=state.target, records=(), bids=au.history,
            high_bid=au.high_bid, high_bidder=au.high_bidder, passed_out=au.passed)

    # -- the hand after the auction ------------------------------------------------------------
    def leader(self, declarer: int) -> int:
        rules = self.rules
        return declarer if rules.table.first_lead == "bidder" else rules.next_seat(
            self.view.dealer)

    def contract_value(self, hands: Sequence[int], widow: int, declarer: int, bid: int,
                       rnd: random.Random) -> Played:
        """The hand played from the end of the auction: trump, the exchanges, a concession
        where the policy gives up, the meld and the tricks, scored for the player's side."""
        return self.declared(hands, widow, declarer, rnd).at(bid)

    def declared(self, hands: Sequence[int], widow: int, declarer: int, rnd: random.Random
                 ) -> Declared:
        """The hand with ``declarer`` holding the contract, whatever its amount: the trump it
        names, the exchanges and the meld, and (once asked) the tricks. Two calls that leave the
        same seat declaring at different amounts share it; only the score differs."""
        rules = self.rules
        hs = list(hands)
        d = rules.deck
        full = hs[declarer] + (widow if rules.widow.size else 0)
        if rules.auction.trump_needs_marriage and not marriage_suits(rules, full):
            return Declared(self, declarer, hs, -1, 0, rnd)
        # Five-handed names trump before seeing the widow.
        trump = best_trump(rules, hs[declarer] if rules.widow.after_trump else full)
        banked = 0
        if rules.passing.count and rules.partnerships:
            k = rules.passing.count
            (partner,) = rules.seating.partners(declarer)  # passing: sides of two
            give = greedy_pass(rules, hs[partner], trump, k)
            if rules.passing.exchange == "simultaneous":
                back = greedy_back(rules, hs[declarer], 0, trump, k)
            else:
                hs[partner] -= give
                hs[declarer] += give
                keep = meld_counts(rules, best_meld(rules, hs[declarer], trump).cards_used())
                back = greedy_back(rules, hs[declarer], keep, trump, k)
                give = 0
            hs[partner] += back - give
            hs[declarer] += give - back
        if rules.widow.size:
            disc = greedy_discard(rules, full, trump, rules.widow.size)
            hs[declarer] = full - disc
            pts = rules.trick_points_by_type
            banked = sum(pts[t] * ((disc >> (t * d.bits)) & d.field_mask)
                         for t in range(d.n_types))
        return Declared(self, declarer, hs, trump, banked, rnd)

    def scorer(self, declarer: int, bid: int, trump: int, looked: bool = False,
               sides: Sides | None = None) -> HandScorer:
        return HandScorer(self.view, declarer, bid, trump, looked, self.gv, sides)
