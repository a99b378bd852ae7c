"""Reading the play (``expert``): how likely the other seats' cards so far are, in a sampled
deal, under a model of how they play.

Hard facts (voids, "could not beat" caps, meld shown) already shape every sampled deal
(:mod:`game.bots.knowledge`). This reads the softer evidence, as the Skat programs after Kermit
do (policy-based inference): a defender who ducked a trick it could have won cheaply probably
holds nothing cheap to win it with; a partner who led a low spade probably holds no master to
cash. Each card another seat played is replayed in the sampled deal, with every hand as it was
then, and the rollout policy (:mod:`game.bots.rollout`) is asked what it would have played
there. The observed card's likelihood is a mixture: with probability ``1 - eps`` the seat plays
the policy's card, otherwise any legal card type, uniformly:

    P(card) = (1 - eps) * [card == policy's] + eps / (legal card types)

so a deal in which the others played as the policy would have scores higher than one in which
they kept surprising it. ``eps`` is fitted by simulation, for leads and follows apart
(``python -m benchmarks.inference --fit``): the deals bid and played by ``hard`` and the
log-likelihood of the true hidden hands (docs/strength.md, "Inference from the play").

A seat's own cards are not read (it knows its hand); a card with no choice says nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.knowledge import Knowledge
from game.bots.rollout import RolloutPolicy
from game.bots.rollout_tables import Side
from game.rules.view import PlayerView


@dataclass(frozen=True)
class Reading:
    """The play model's parameters: the share of cards that are not the policy's."""

    eps_lead: float = 0.5
    eps_follow: float = 0.35
    weight: float = 1.0  # how strongly a deal's weight follows the model (1: as fitted)


READING = Reading()
MAX_TYPES = 25  # more legal card types than any hand holds (24 types in the 48-card pack)


class PlayModel:
    """The log-likelihood of the cards the other seats have played, in a sampled deal."""

    def __init__(self, view: PlayerView, k: Knowledge, policy: RolloutPolicy,
                 reading: Reading = READING) -> None:
        rules = view.rules
        deck = rules.deck
        self.pol = policy
        self.me = view.seat
        self.trump = view.trump
        self.one = deck.one
        self.played_by = list(k.played_by)
        self.team = list(rules.seating.teams_against(view.bidder))
        self.bidder_team = self.team[view.bidder] if view.bidder >= 0 else -1
        current = tuple((s, deck.type_of(c)) for s, c in view.trick)
        self.history: tuple[tuple[tuple[int, int], ...], ...] = (
            *view.tricks, *((current,) if current else ()))
        self.reading = reading
        self.hit_lead, self.miss_lead = _table(reading.eps_lead, reading.weight)
        self.hit_follow, self.miss_follow = _table(reading.eps_follow, reading.weight)
        self.observed = sum(1 for trick in self.history for s, _ in trick if s != self.me)
        # Every card of the history with what its decision needs but the hands: (seat, type,
        # the trick before it, the winning type, the suit led, the points so far, the
        # opponents still to play, partner winning, on the bidding side, the seat's line).
        kern = policy.k
        rows = policy.sides(self.team)
        self.steps: list[tuple[int, int, tuple[tuple[int, int], ...], int, int, int,
                               tuple[int, ...], bool, bool, Side]] = []
        for trick in self.history:
            for i, (seat, t) in enumerate(trick):
                cur = trick[:i]
                wseat, wt = kern.winner_of(cur, self.trump) if cur else (seat, t)
                led = kern.suit_of[cur[0][1]] if cur else kern.suit_of[t]
                tp = sum(kern.points[u] for _, u in cur)
                self.steps.append((seat, t, cur, wt, led, tp, rows[seat][3][i],
                                   self.team[wseat] == self.team[seat],
                                   self.team[seat] == self.bidder_team, rows[seat]))

    def log_likelihood(self, hands: Sequence[int]) -> float:
        """Of the others' cards so far, ``hands`` being every seat's cards now (a sampled deal:
        the hands then are these plus what each seat has played since)."""
        if not self.observed:
            return 0.0
        pol, k = self.pol, self.pol.k
        one, trump, legal, presence = self.one, self.trump, k.legal, k.presence
        lead, follow = pol._lead, pol._follow  # noqa: SLF001 (the policy's own decisions)
        tm = k.trump_mask[trump]
        hs = [h + p for h, p in zip(hands, self.played_by, strict=True)]
        hit_lead, miss_lead = self.hit_lead, self.miss_lead
        hit_follow, miss_follow = self.hit_follow, self.miss_follow
        ll = 0.0
        for seat, t, cur, wt, led, tp, later, ours, bidding, row in self.steps:
            h = hs[seat]
            if seat != self.me:
                if cur:
                    m = legal(h, cur, wt, trump)
                    n = presence(m).bit_count()
                    if n > 1:
                        pick = follow(hs, m, later, ours, tp, wt, led, trump, tm)
                        ll += hit_follow[n] if pick == t else miss_follow[n]
                else:
                    n = presence(h).bit_count()
                    if n > 1:
                        pick = lead(hs, seat, trump, row, bidding, _never, 0.0)
                        ll += hit_lead[n] if pick == t else miss_lead[n]
            hs[seat] = h - one[t]
        return ll

    def hits(self, hands: Sequence[int]) -> list[tuple[bool, bool, int]]:
        """(a lead?, the policy's card?, legal card types) for every observed card with a
        choice, in the deal ``hands``: what the fit counts."""
        me, trump, one = self.me, self.trump, self.one
        hs = [h + p for h, p in zip(hands, self.played_by, strict=True)]
        out = []
        for trick in self.history:
            cur: list[tuple[int, int]] = []
            for seat, t in trick:
                if seat != me:
                    pick, n = self.pol.choice(hs, seat, trump, self.team, cur, self.bidder_team)
                    if n > 1:
                        out.append((not cur, pick == t, n))
                hs[seat] -= one[t]
                cur.append((seat, t))
        return out


def _never() -> float:
    """The generator a decision without exploration never draws from."""
    raise AssertionError("a policy decision without exploration drew a random number")


def _table(eps: float, weight: float) -> tuple[list[float], list[float]]:
    """log P(card) per number of legal types, for the policy's card and for another."""
    hit = [0.0] * MAX_TYPES
    miss = [0.0] * MAX_TYPES
    for n in range(2, MAX_TYPES):
        hit[n] = weight * math.log(1.0 - eps + eps / n)
        miss[n] = weight * math.log(eps / n)
    return hit, miss
