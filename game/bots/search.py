"""Determinized search for card play (``hard``): sample the hidden hands consistently with
everything observed, play each candidate card in every sample with the greedy rollout policy,
and keep the card with the best average *hand score* (meld saved, contract made or set), not
merely the most trick points.

The budget is a number of sampled deals, never the clock, so a match and a duplicate deal replay
exactly on a busy machine (the table's think time is a number of samples too:
game.match.thinking). The same samples serve every candidate (common random numbers), which keeps
the comparison between candidates far less noisy than independent estimates would be.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.gamevalue import GameValue
from game.bots.handscore import HandScorer
from game.bots.inference import SHARPNESS, auction_violation, auction_weight
from game.bots.ismcts import InfoSetSearch
from game.bots.knowledge import Knowledge, build
from game.bots.playmodel import PlayModel, Reading
from game.bots.rollout import RolloutPolicy, policy_for
from game.bots.sampler import PlaySampler, TruthSampler
from game.bots.solver import solve
from game.rules.view import PlayerView


@dataclass
class Choice:
    """One candidate card's result in the search: its mean value over the samples and how often it
    took the trick."""

    card_type: int
    value: float
    wins: float  # share of samples in which this card took the trick (for hints)
    # This hand's points alone (the review's units), when the search was asked for them too:
    # the same deals and rollouts valued without the game around them.
    points: float = 0.0


def default_budget(cards_left: int, candidates: int, cap: int = 64) -> int:
    """Samples per decision: more when each rollout is short, fewer with many candidates."""
    rollouts = 2400 if cards_left <= 16 else 900 if cards_left <= 32 else 480
    return max(8, min(cap, rollouts // max(1, candidates)))


LOG_FLOOR = math.log(1e-4)  # the auction's weight never falls below this (as ``infer``)


def resample(logw: Sequence[float], n: int, u: float) -> list[int]:
    """``n`` indices drawn in proportion to ``exp(logw)`` by systematic resampling (one
    uniform ``u`` in [0, 1) sets every draw: the least noisy way to keep a weighted pool)."""
    top = max(logw)
    w = [math.exp(x - top) for x in logw]
    step = sum(w) / n
    out = []
    acc = w[0]
    i = 0
    for j in range(n):
        target = (u + j) * step
        while acc < target and i < len(w) - 1:
            i += 1
            acc += w[i]
        out.append(i)
    return out


class CardSearch:
    """Search one trick-play decision from a view."""

    def __init__(self, view: PlayerView, knowledge: Knowledge | None = None,
                 policy: RolloutPolicy | None = None, infer: bool = False,
                 game: bool = True, points: bool = False, reading: Reading | None = None,
                 pool: float = 1.0, pool_cap: int = 512) -> None:
        self.view = view
        self.rules = view.rules
        self.k = knowledge or build(view)
        self.pol = policy or policy_for(self.rules)
        bidder = view.bidder
        self.team = list(self.rules.seating.teams_against(bidder, view.sides))
        self.bidder_team = self.team[bidder] if bidder >= 0 else -1
        self.sampler: PlaySampler | TruthSampler = (
            TruthSampler(view) if view.revealed else PlaySampler(self.k))
        self.scorer = HandScorer(view, bidder, view.bid, view.trump, view.widow is not None,
                                 GameValue.of(view, game))
        # The review grades with the expert's own search: its rollouts valued in points too.
        self.points = (HandScorer(view, bidder, view.bid, view.trump, view.widow is not None,
                                  GameValue.of(view, False)) if points else None)
        # expert: weigh each sampled deal by how well it explains the auction
        self.weigh = auction_weight(view, self.k) if infer and not view.revealed else None
        # expert from generation 3: deals drawn ``pool`` times over and resampled by how well
        # they explain the auction and every card the others played (docs/strength.md)
        self.model = (PlayModel(view, self.k, self.pol, reading)
                      if reading is not None and not view.revealed else None)
        self.pool, self.pool_cap = pool, pool_cap
        deck = self.rules.deck
        self.trick = [(s, deck.type_of(c)) for s, c in view.trick]
        self.banked_known = 0
        if view.seat == bidder and view.discards:
            pts = self.rules.trick_points_by_type
            self.banked_known = sum(pts[t] * ((view.discards >> (t * deck.bits))
                                              & deck.field_mask) for t in range(deck.n_types))

    def run(self, candidates: Sequence[int], rng: random.Random, samples: int,
            eps: float = 0.04, exact_cards: int = 0) -> list[Choice]:
        """Rank ``candidates`` (card types) over ``samples`` sampled deals. With
        ``exact_cards`` or fewer cards left in all hands, each sample is solved exactly
        instead of rolled out."""
        rules, view = self.rules, self.view
        one = rules.deck.one
        sampler = self.sampler
        score = self.scorer.valuer
        play, trump, leader = self.pol.play, view.trump, view.leader
        team, bidder_team = self.team, self.bidder_team
        completes = len(self.trick) + 1 == rules.players  # the card ends the trick
        pts = rules.trick_points_by_type
        me = view.seat
        n = rules.players
        total = {c: 0.0 for c in candidates}
        wins = {c: 0.0 for c in candidates}
        pts_total = {c: 0.0 for c in candidates}
        pts_score = self.points.valuer if self.points is not None else None
        weigh = self.weigh
        wsum = 0.0
        base_taken = list(view.taken) if view.taken else [0] * n
        base_won = list(view.won) if view.won else [0] * n
        side_meld = view.side_meld
        done = 0
        rnd = rng.random
        drawn = self._read_deals(rng, samples) if self.model is not None else None
        for i in range(samples):
            if drawn is not None:
                hands, discard = drawn[i]
                w = 1.0
            else:
                hands, discard = sampler.sample(rng)
                w = max(1e-4, weigh(hands)) if weigh is not None else 1.0
            wsum += w
            banked = self.banked_known
            if discard:
                banked = sum(pts[t] * ((discard >> (t * rules.deck.bits)) & rules.deck.field_mask)
                             for t in range(rules.deck.n_types))
            exact = exact_cards and sum(rules.deck.size_of(h) for h in hands) <= exact_cards
            value = score(side_meld, banked)
            pts_value = pts_score(side_meld, banked) if pts_score is not None else None
            for c in candidates:
                hs = list(hands)
                hs[me] -= one[c]
                tr = [*self.trick, (me, c)]
                if exact:
                    total[c] += w * self._solve(hs, tr, base_taken, base_won, banked)
                    continue
                tk, wn = play(hs, trump, leader, team, tr, bidder_team, rnd, eps, base_taken,
                              base_won)
                total[c] += w * value(tk, wn)
                if pts_value is not None:
                    pts_total[c] += w * pts_value(tk, wn)
                if completes and self._wins_trick(tr, hs):
                    wins[c] += w
            done += 1
        wsum = wsum or float(done)
        return sorted((Choice(c, total[c] / wsum, wins[c] / wsum, pts_total[c] / wsum)
                       for c in candidates), key=lambda ch: -ch.value)

    def run_tree(self, candidates: Sequence[int], rng: random.Random, samples: int,
                 depth: int = 8, explore: float = 0.7) -> list[Choice]:
        """Rank ``candidates`` by information-set MCTS (:mod:`game.bots.ismcts`) over
        ``samples`` deals drawn as :meth:`run` draws them (resampled by the auction, and by
        the play when reading it), with as many playouts as :meth:`run` spends. Each card's
        value in points (when the search was asked for them) is its mean over the playouts
        that began with it."""
        rules, view = self.rules, self.view
        deck = rules.deck
        pts = rules.trick_points_by_type
        score = self.scorer.valuer
        in_points = self.points.valuer if self.points is not None else None
        deals = []
        for hands, discard in self._read_deals(rng, samples):
            banked = self.banked_known
            if discard:
                banked = sum(pts[t] * ((discard >> (t * deck.bits)) & deck.field_mask)
                             for t in range(deck.n_types))
            deals.append((hands, score(view.side_meld, banked),
                          in_points(view.side_meld, banked) if in_points is not None else None))
        n = rules.players
        tree = InfoSetSearch(self.k.kernel, self.pol, view.trump, view.seat, self.team,
                             self.bidder_team, depth, explore,
                             0.4 * rules.total_trick_points)
        found = tree.run(deals, self.trick, view.leader,
                         list(view.taken) if view.taken else [0] * n,
                         list(view.won) if view.won else [0] * n,
                         samples * len(candidates), rng)
        out = [Choice(c, found[c][1], 0.0, found[c][2]) if c in found else
               Choice(c, -math.inf, 0.0) for c in candidates]
        return sorted(out, key=lambda ch: (-(found[ch.card_type][0] if ch.card_type in found
                                              else 0), -ch.value))

    def _read_deals(self, rng: random.Random, samples: int) -> list[tuple[list[int], int]]:
        """``samples`` deals resampled (systematically) from a pool ``pool`` times larger (at
        most ``pool_cap`` more: reading the auction is most of a pool deal's cost), each pool
        deal weighted by the likelihood of the auction and (with a reading) of the others'
        cards so far."""
        model = self.model
        viol = auction_violation(self.view, self.k) if self.weigh is not None or model else None
        size = samples + max(0, min(self.pool_cap, round(samples * (self.pool - 1))))
        deals = [self.sampler.sample(rng) for _ in range(size)]
        if model is None and viol is None:
            return deals[:samples]
        logw = []
        for hands, _ in deals:
            g = model.log_likelihood(hands) if model is not None else 0.0
            if viol is not None:
                g += max(LOG_FLOOR, -SHARPNESS * viol(hands))
            logw.append(g)
        return [deals[i] for i in resample(logw, samples, rng.random())]

    def _solve(self, hands: list[int], trick: list[tuple[int, int]], taken: list[int],
               won: list[int], banked: int) -> float:
        rules, view = self.rules, self.view
        me = view.seat
        maxi = [self.team[s] == self.team[me] for s in range(rules.players)]
        side_meld, score = view.side_meld, self.scorer.played

        def value(tk: list[int], wn: list[int]) -> float:
            return score(side_meld, tk, wn, banked)

        return solve(self.k.kernel, hands, view.trump, view.leader, tuple(trick), maxi,
                     list(taken), list(won), value, self.pol.nxt)

    def _wins_trick(self, tr: list[tuple[int, int]], hands: list[int]) -> bool:
        # Only meaningful when this card completes the trick; otherwise unknown here.
        if len(tr) != self.rules.players:
            return False
        kern = self.k.kernel
        ws, wt = tr[0]
        for s, t in tr[1:]:
            if kern.beats(t, wt, self.view.trump):
                ws, wt = s, t
        return self.team[ws] == self.team[self.view.seat]
