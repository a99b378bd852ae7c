"""Search for every exchange (``hard`` and ``expert``): naming trump, passing and passing back,
the three-handed widow, discard and concession, and throwing in.

Deals consistent with what this seat knows are sampled and weighted by the auction
(:mod:`game.bots.exsample`); each candidate is played out in every deal (the same deals for
every candidate, so their comparison is not blurred by luck): the rest of the exchange by the
classic rules of :mod:`game.bots.wholehand`, everyone's meld, the tricks by the rollout policy,
and the hand scored and valued for the game (:mod:`game.bots.handscore`). The candidate with
the best weighted mean wins. Candidate lists are pruned by the classic rules (the hands they
would rate worst are never tried: breaking a run or a double pinochle without cause, passing an
off-suit nine), but the choice among the rest comes from the search alone. Budgets count
sampled deals, never the clock, so a match replays exactly; the table's think time may stop a
search early.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.bots.continuation import gives_up
from game.bots.exsample import DealSampler, Sampled
from game.bots.gamevalue import GameValue
from game.bots.handeval import play_model_for
from game.bots.handmodel import features, prob_at_least
from game.bots.handscore import HandScorer, hand_meld_checks, seat_meld_stars
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
from game.rules.compiled import best_meld, meld_table
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.view import PlayerView

Play = Callable[[Sampled, random.Random], float]  # one candidate in one deal -> value


@dataclass
class Ranked:
    """One candidate's weighted mean value over the sampled deals, and its place in the candidate
    list."""

    value: float
    index: int  # position in the candidate list


def meld_counts_of(rules: RuleSet, h: int, trump: int) -> int:
    """The cards of the best meld of ``h`` (what racehorse's bidder lays before passing back)."""
    return meld_counts(rules, best_meld(rules, h, trump).cards_used())


class ExchangeSearch:
    """One exchange decision: the sampled deals and the common play-out of a candidate."""

    def __init__(self, view: PlayerView, rng: random.Random, samples: int,
                 game: bool = True, checks: bool = True, concede: bool = False) -> None:
        self.view = view
        # The review's yardstick: the bidding side gives the hand up in a deal where the rules
        # let it and the continuation's rule would (game.bots.continuation); the bots' own
        # searches leave that decision to its own search, when it comes.
        self.concede = concede
        self.rules = rules = view.rules
        self.rng = rng
        self.samples = samples
        self.sampler = DealSampler(view)
        self.deals: list[Sampled] = []
        self.seeds: list[float] = []
        self.gv = GameValue.of(view, game)
        self.bidder = view.bidder
        first = rules.table.first_lead == "bidder"
        self.leader = view.bidder if first else rules.next_seat(view.dealer)
        self.pol = policy_for(rules)
        self.total = meld_table(rules).total
        # 003: the checks each simulated hand melds (checks=off leaves them out, to measure
        # what playing for them is worth); remembered per hand and trump.
        self.meld_checks = checks and rules.scoring.checks and not self.gv.linear
        self._checks: dict[tuple[int, int], int] = {}

    def checks_of(self, hands: Sequence[int], trump: int) -> list[int] | None:
        """003's meld checks per side for the hands as they meld, None when not counted."""
        if not self.meld_checks:
            return None
        if trump < 0:
            return [0] * self.rules.n_sides
        out = [0] * self.rules.n_sides
        for seat, h in enumerate(hands):
            got = self._checks.get((h, trump))
            if got is None:
                got = self._checks[(h, trump)] = hand_meld_checks(self.rules, h, trump)
            out[self.rules.side_of(seat)] += got
        return out

    def scorer(self, trump: int, looked: bool = False) -> HandScorer:
        return HandScorer(self.view, self.bidder, self.view.bid, trump, looked, self.gv)

    # -- the shared play-out ------------------------------------------------------------------
    def sides(self, hands: Sequence[int], trump: int) -> Sides:
        """Who plays with whom in this deal: as announced, or, before trump where a card
        finds the partner, whom the candidate trump finds in the sampled hands."""
        view = self.view
        if view.trump >= 0 or not self.rules.seating.by_card:
            return view.sides
        return deal_sides(self.rules, list(hands), self.bidder, trump)

    def finish(self, hands: Sequence[int], trump: int, scorer: HandScorer, rnd: random.Random,
               banked: int = 0) -> float:
        """Meld, play the tricks out from the first lead, and value the hand."""
        rules = self.rules
        sides = self.sides(hands, trump)
        melds = [self.total(h, trump) for h in hands]
        shown, allowed = side_melds(rules, sides, melds)
        bside = sides.side_of(self.bidder)
        if rules.meld.minimum and shown[bside] < rules.meld.minimum:
            # 001: the bidders lose the bid unplayed; the others score their meld.
            return scorer.conceded([0 if s == bside else allowed[s]
                                    for s in range(sides.count)], None, sides, melds)
        if self.concede and gives_up(rules, self.view.bid, melds[self.bidder],
                                     shown[bside], hands[self.bidder], trump, banked):
            return self.concede_value(hands, trump, scorer)
        team = rules.seating.teams_against(self.bidder, sides)
        taken, won = self.pol.play(list(hands), trump, self.leader, list(team), (),
                                   team[self.bidder], rnd.random, 0.04)
        tally = (seat_meld_stars(rules, hands, trump) if scorer.stars else
                 self.checks_of(hands, trump))
        return scorer.played(allowed, taken, won, banked, tally, sides, melds)

    def concede_value(self, hands: Sequence[int], trump: int, scorer: HandScorer) -> float:
        """The bidders give up after meld: the others score theirs (and every seat keeps its
        meld checks)."""
        rules = self.rules
        sides = self.sides(hands, trump)
        melds = [self.total(h, trump) for h in hands]
        _, allowed = side_melds(rules, sides, melds)
        bside = sides.side_of(self.bidder)
        return scorer.conceded([0 if s == bside else allowed[s] for s in range(sides.count)],
                               self.checks_of(hands, trump), sides, melds)

    # -- ranking ------------------------------------------------------------------------------
    def _more_deals(self, n: int) -> None:
        while len(self.deals) < n:
            self.deals.append(self.sampler.sample(self.rng))
            self.seeds.append(self.rng.random())

    def rank(self, plays: Sequence[Play], keep: int = 3) -> list[Ranked]:
        """Every candidate's weighted mean value, best first. With many candidates the deals
        come in rounds and the weaker half is dropped after each (successive halving), so the
        strong candidates get most of the budget."""
        n = len(plays)
        alive = list(range(n))
        totals = [0.0] * n
        weights = [0.0] * n
        rounds = 1
        m = n
        while m > keep:
            m = (m + 1) // 2
            rounds += 1
        per_round = max(4, self.samples // rounds)
        done = 0
        for r in range(rounds):
            upto = self.samples if r == rounds - 1 else done + per_round
            self._more_deals(upto)
            for i in range(done, upto):
                deal, seed = self.deals[i], self.seeds[i]
                w = deal.weight
                for c in alive:
                    totals[c] += w * plays[c](deal, random.Random(seed))
                    weights[c] += w
            done = upto
            if r < rounds - 1:
                alive.sort(key=lambda c: -totals[c] / (weights[c] or 1.0))
                alive = alive[:max(keep, (len(alive) + 1) // 2)]
        out = [Ranked(totals[c] / (weights[c] or 1.0), c) for c in alive]
        out.sort(key=lambda x: (-x.value, x.index))
        return out

    # -- the exchanges ------------------------------------------------------------------------
    def pass_plays(self, candidates: Sequence[int]) -> list[Play]:
        """Partner passing ``candidates`` (counts) to the bidder, who passes back by the rules."""
        rules, trump, me, bidder = self.rules, self.view.trump, self.view.seat, self.bidder
        k = rules.passing.count
        scorer = self.scorer(trump)

        def make(give: int) -> Play:
            def play(deal: Sampled, rnd: random.Random) -> float:
                hs = list(deal.hands)
                hs[me] -= give
                hs[bidder] += give
                back = greedy_back(rules, hs[bidder], meld_counts_of(rules, hs[bidder], trump),
                                   trump, k)
                hs[bidder] -= back
                hs[me] += back
                return self.finish(hs, trump, scorer, rnd)
            return play

        return [make(c) for c in candidates]

    def pass_back_plays(self, candidates: Sequence[int]) -> list[Play]:
        trump, me = self.view.trump, self.view.seat
        (partner,) = self.rules.seating.partners(me)  # passing: sides of two
        scorer = self.scorer(trump)

        def make(back: int) -> Play:
            def play(deal: Sampled, rnd: random.Random) -> float:
                hs = list(deal.hands)
                hs[me] -= back
                hs[partner] += back
                return self.finish(hs, trump, scorer, rnd)
            return play

        return [make(c) for c in candidates]

    def trump_plays(self, suits: Sequence[int], banked: int = 0, passing: bool = True
                    ) -> list[Play]:
        """Naming each suit: partner's pass and the pass back by the rules (racehorse), then
        play (three-handed, the concession that may follow is searched on its own)."""
        rules, me = self.rules, self.view.seat
        k = rules.passing.count if rules.partnerships and passing else 0
        looked = self.view.widow is not None

        # Five-handed: the widow is still face down when trump is named; the bidder takes it
        # after, and discards by the rules.
        widow_next = bool(rules.widow.size and rules.widow.after_trump and not looked)
        pts, deck = rules.trick_points_by_type, rules.deck

        def make(trump: int) -> Play:
            scorer = self.scorer(trump, looked or widow_next)

            def play(deal: Sampled, rnd: random.Random) -> float:
                hs = list(deal.hands)
                if widow_next:
                    full = hs[me] + deal.widow
                    discard = greedy_discard(rules, full, trump, rules.widow.size)
                    hs[me] = full - discard
                    got = sum(pts[t] * ((discard >> (t * deck.bits)) & deck.field_mask)
                              for t in range(deck.n_types))
                    return self.finish(hs, trump, scorer, rnd, banked + got)
                if k:
                    (partner,) = rules.seating.partners(me)  # passing: sides of two
                    give = greedy_pass(rules, hs[partner], trump, k)
                    hs[partner] -= give
                    hs[me] += give
                    back = greedy_back(rules, hs[me], meld_counts_of(rules, hs[me], trump),
                                       trump, k)
                    hs[me] -= back
                    hs[partner] += back
                return self.finish(hs, trump, scorer, rnd, banked)
            return play

        return [make(s) for s in suits]

    def concede_plays(self, trump: int) -> Play:
        scorer = self.scorer(trump, self.view.widow is not None)

        def play(deal: Sampled, rnd: random.Random) -> float:
            return self.concede_value(deal.hands, trump, scorer)
        return play

    def discard_plays(self, candidates: Sequence[tuple[int, int]]) -> list[Play]:
        """Three-handed: discarding ``(cards, trump)`` from the 18 cards, then playing (the
        concession after the discard is searched on its own, once trump is named)."""
        rules, me = self.rules, self.view.seat
        pts = rules.trick_points_by_type
        deck = rules.deck

        def make(discard: int, trump: int) -> Play:
            scorer = self.scorer(trump, True)
            banked = sum(pts[t] * ((discard >> (t * deck.bits)) & deck.field_mask)
                         for t in range(deck.n_types))

            def play(deal: Sampled, rnd: random.Random) -> float:
                hs = list(deal.hands)
                hs[me] -= discard
                return self.finish(hs, trump, scorer, rnd, banked)
            return play

        return [make(d, t) for d, t in candidates]

    def widow_plays(self) -> list[Play]:
        """[take the widow, concede without looking]. Having looked, the bidder discards and
        names trump by the rules and concedes when the hand model gives it no chance."""
        rules, me, bid = self.rules, self.view.seat, self.view.bid
        deck = rules.deck
        pts = rules.trick_points_by_type
        model = play_model_for(rules)
        unseen_scorer = self.scorer(-1, False)

        def take(deal: Sampled, rnd: random.Random) -> float:
            hs = list(deal.hands)
            full = hs[me] + deal.widow
            trump = best_trump(rules, full)
            discard = greedy_discard(rules, full, trump, rules.widow.size)
            hs[me] = full - discard
            banked = sum(pts[t] * ((discard >> (t * deck.bits)) & deck.field_mask)
                         for t in range(deck.n_types))
            scorer = self.scorer(trump, True)
            tricks = model.value(features(rules, hs[me], trump)) + banked
            need = bid - self.total(hs[me], trump)
            if prob_at_least(tricks, model.sd, need) < 0.15:
                return self.concede_value(hs, trump, scorer)
            return self.finish(hs, trump, scorer, rnd, banked)

        def unseen(deal: Sampled, rnd: random.Random) -> float:
            return unseen_scorer.conceded([0] * rules.n_sides)

        return [take, unseen]
