"""The hand model the bots bid and play by: a few features of a hand (trump length and honours,
side aces and tens, short suits) and a linear :class:`Model` of a side's result on them.

The fitted models themselves, per table, are chosen in :mod:`game.bots.handeval`; the fitting is
:mod:`game.bots.calibrate`. This module is below both, so the fitting can use the features and
the models without a circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from game.rules.cards import Rank
from game.rules.compiled import meld_table
from game.rules.ruleset import RuleSet

FEATURES = ("const", "meld", "trumps", "trump_ace", "trump_ten", "trump_king", "side_aces",
            "side_tens", "side_kings", "voids", "singletons", "long_side")


def suit_counts(rules: RuleSet, h: int) -> list[list[int]]:
    """Per suit, per rank index (weakest first), the copies held."""
    d = rules.deck
    bits, mask, nr = d.bits, d.field_mask, d.n_ranks
    shifts = [r * bits for r in range(nr)]
    out = []
    for s in range(4):
        x = h >> (s * nr * bits)
        out.append([(x >> sh) & mask for sh in shifts])
    return out


def rank_index(rules: RuleSet, rank: Rank) -> int:
    """The place of ``rank`` in the pack's ranks, weakest first; -1 for a rank the pack
    lacks (nines in the 80-card pack)."""
    ranks = rules.deck.ranks
    return ranks.index(rank) if rank in ranks else -1


def features(rules: RuleSet, h: int, trump: int) -> list[float]:
    """The model's inputs for hand ``h`` (counts) with ``trump`` named."""
    return shape_features(rules, HandShape(rules, h), trump)


@lru_cache(maxsize=64)
def _ranks(rules: RuleSet) -> tuple[int, int, int]:
    """The rank indices of the ace, the ten and the king (-1 when the deck lacks one)."""
    return (rank_index(rules, Rank.ACE), rank_index(rules, Rank.TEN),
            rank_index(rules, Rank.KING))


class HandShape:
    """What the features read of one hand whatever the trump, worked out once (estimates reads
    all four trumps of the same hand): counts per suit and rank, suit lengths, and per trump
    the side suits' aces, tens, kings, voids, singletons and length beyond the average."""

    def __init__(self, rules: RuleSet, h: int) -> None:
        ia, it, ik = _ranks(rules)
        self.h = h
        self.sc = sc = suit_counts(rules, h)
        avg = rules.hand_size / 4
        lens, extra, aces, tens, kings, voids, singles = [], [], [], [], [], [], []
        for row in sc:
            n = sum(row)
            lens.append(n)
            extra.append(max(0.0, n - avg))
            aces.append(row[ia])
            tens.append(row[it])
            kings.append(row[ik])
            voids.append(1 if n == 0 else 0)
            singles.append(1 if n == 1 else 0)
        self.lens = lens
        all_aces, all_tens, all_kings = sum(aces), sum(tens), sum(kings)
        all_voids, all_singles = sum(voids), sum(singles)
        # Per trump (the last for none: every suit is a side suit): (side aces, tens, kings,
        # voids, singletons, long side); the long side adds the same floats in the same order
        # as a sum over the side suits.
        self.side = [(all_aces - aces[t], all_tens - tens[t], all_kings - kings[t],
                      all_voids - voids[t], all_singles - singles[t],
                      sum([extra[s] for s in range(4) if s != t])) for t in range(4)]
        self.side.append((all_aces, all_tens, all_kings, all_voids, all_singles, sum(extra)))


def shape_features(rules: RuleSet, hand: HandShape, trump: int, meld: int | None = None
                   ) -> list[float]:
    """The hand model's features of ``hand`` with ``trump`` (see FEATURES): meld (worked
    out unless given), trump length and honours, side aces, tens and kings, voids,
    singletons and long side suits."""
    ia, it, ik = _ranks(rules)
    tr = hand.sc[trump]
    if meld is None:
        meld = meld_table(rules).total(hand.h, trump)
    aces, tens, kings, voids, singles, long_side = hand.side[trump]
    return [1.0, float(meld), float(hand.lens[trump]), float(tr[ia]), float(tr[it]),
            float(tr[ik]), float(aces), float(tens), float(kings), float(voids),
            float(singles), long_side]


@dataclass(frozen=True)
class Model:
    """Side total (meld of both partners after any passing, plus trick points) for a
    declarer's hand, as a linear function of :data:`FEATURES`; ``sd`` is the residual spread."""

    coef: tuple[float, ...]
    sd: float
    partner_meld: float  # average meld of the partner's hand (0 three-handed)
    tricks_mean: float  # average trick points of the declaring side
    # How far below its value a normal bidder stops, in ``sd``s: measured per preset with
    # ``pinochle match`` (medium at each margin against medium), see docs/strength.md.
    margin: float = 0.25

    def value(self, f: list[float]) -> float:
        return sum([c * x for c, x in zip(self.coef, f, strict=True)])


def prob_at_least(mean: float, sd: float, need: float) -> float:
    """P(X >= need) for X ~ Normal(mean, sd)."""
    if sd <= 0:
        return 1.0 if mean >= need else 0.0
    return 0.5 * math.erfc((need - mean) / (sd * math.sqrt(2)))
