"""Fitting the hand-evaluation models of :mod:`game.bots.handeval` by simulation.

For random deals, seat 0 declares with each trump in turn; racehorse passes three cards each
way, three-handed takes the widow and discards; then the rollout policy plays every seat. A
least-squares fit of the side's result on the hand's features gives the bid model (hand as
dealt -> meld plus tricks) and the play model (hand in play -> trick points).

    python -m tools.calibrate_bots [PRESET ...] [--deals N]

prints the ``MODELS`` entries to paste into handeval.py. This module is pure computation; the
command that loads the presets lives outside the bots package.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.bots.exchange import best_discard, best_pass, best_pass_back
from game.bots.handeval import Model, features
from game.bots.knowledge import meld_counts
from game.bots.rollout import policy_for
from game.rules.combos import card_choices
from game.rules.compiled import best_meld, meld_table
from game.rules.ruleset import RuleSet


def solve(xs: Sequence[Sequence[float]], ys: Sequence[float], ridge: float = 1e-3
          ) -> list[float]:
    """Least squares by the normal equations (a dozen features: no numpy needed)."""
    f = len(xs[0])
    a = [[0.0] * f for _ in range(f)]
    b = [0.0] * f
    for x, y in zip(xs, ys, strict=True):
        for i in range(f):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(f):
                    row[j] += xi * x[j]
    for i in range(f):
        a[i][i] += ridge * len(xs)
    # Gaussian elimination with partial pivoting.
    for c in range(f):
        p = max(range(c, f), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        b[c], b[p] = b[p], b[c]
        piv = a[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(c + 1, f):
            m = a[r][c] / piv
            if m:
                for j in range(c, f):
                    a[r][j] -= m * a[c][j]
                b[r] -= m * b[c]
    out = [0.0] * f
    for c in range(f - 1, -1, -1):
        piv = a[c][c]
        if abs(piv) < 1e-12:
            continue
        out[c] = (b[c] - sum(a[c][j] * out[j] for j in range(c + 1, f))) / piv
    return out


def simulate(rules: RuleSet, deals: int, seed: int
             ) -> tuple[list[list[float]], list[float], list[list[float]], list[float], float]:
    """(bid features, side totals, play features, side trick points, mean partner meld)."""
    deck = rules.deck
    table = meld_table(rules)
    pol = policy_for(rules)
    rng = random.Random(seed)
    n = rules.players
    # South declares; at a partnership table its partner passes and melds with it.
    team = rules.seating.teams_against(0)
    mate = rules.seating.partner(0)
    pts = rules.trick_points_by_type
    bx: list[list[float]] = []
    by: list[float] = []
    px: list[list[float]] = []
    py: list[float] = []
    partner_meld = 0.0
    samples = 0
    for _ in range(deals):
        pack = deck.cards()
        rng.shuffle(pack)
        size = rules.hand_size
        hands0 = [deck.counts_of(pack[i * size:(i + 1) * size]) for i in range(n)]
        widow = deck.counts_of(pack[n * size:n * size + rules.widow.size])
        for trump in range(4):
            hands = list(hands0)
            banked = 0
            bid_f = features(rules, hands[0], trump)
            if rules.passing.count and mate >= 0:
                k = rules.passing.count
                give, _ = best_pass(rules, hands[mate], trump,
                                    card_choices(deck, hands[mate], k))
                g = deck.counts_of(give)
                hands[mate] -= g
                hands[0] += g
                keep = meld_counts(rules, best_meld(rules, hands[0], trump).cards_used())
                free = hands[0] - keep
                if deck.size_of(free) >= k:
                    back = best_pass_back(rules, hands[0], trump, card_choices(deck, free, k))
                else:
                    back = tuple(card_choices(deck, hands[0], k, must_include=free)[0])
                bk = deck.counts_of(back)
                hands[0] -= bk
                hands[mate] += bk
            if rules.widow.size:
                full = hands[0] + widow
                _, d, _ = best_discard(rules, full, rules.widow.size)
                hands[0] = full - d
                banked = sum(pts[t] * ((d >> (t * deck.bits)) & deck.field_mask)
                             for t in range(deck.n_types))
            meld = table.total(hands[0], trump)
            if mate >= 0:
                pm = table.total(hands[mate], trump)
                meld += pm
                partner_meld += pm
                samples += 1
            play_f = features(rules, hands[0], trump)
            taken, _ = pol.play(list(hands), trump, 0, list(team), bidder_team=0,
                                rnd=rng.random)
            tricks = sum(taken[s] for s in range(n) if team[s] == 0) + banked
            bx.append(bid_f)
            by.append(meld + tricks)
            px.append(play_f)
            py.append(float(tricks))
    return bx, by, px, py, partner_meld / samples if samples else 0.0


def fit(rules: RuleSet, deals: int = 5000, seed: int = 1) -> tuple[Model, Model]:
    bx, by, px, py, partner = simulate(rules, deals, seed)
    models = []
    for xs, ys in ((bx, by), (px, py)):
        if xs is px:
            xs = [[v if i != 1 else 0.0 for i, v in enumerate(x)] for x in xs]
        coef = solve(xs, ys)
        pred = [sum(c * v for c, v in zip(coef, x, strict=True)) for x in xs]
        sd = math.sqrt(sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True)) / len(ys))
        mean_tricks = sum(py) / len(py)
        models.append(Model(tuple(round(c, 2) for c in coef), round(sd, 1), round(partner, 1),
                            round(mean_tricks, 1)))
    return models[0], models[1]
