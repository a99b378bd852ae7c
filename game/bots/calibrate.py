"""Fitting the hand-evaluation models of :mod:`game.bots.handeval` by simulation.

For random deals, seat 0 declares with each trump in turn; racehorse passes three cards each
way, three-handed takes the widow and discards; then the rollout policy plays every seat. A
least-squares fit of the side's result on the hand's features gives the bid model (hand as
dealt -> meld plus tricks) and the play model (hand in play -> trick points).

    python -m tools.calibrate_bots [PRESET ...] [--deals N]

prints the ``MODELS`` entries to paste into handeval.py. A house table whose trick-taking
differs from every preset's (another pass, trick points, obligations...) is fitted the same way
when the bots first need it (:data:`RUN_TIME_DEALS` deals, cached per table in
:mod:`game.bots.handeval`). This module is pure computation; the command that loads the presets
lives outside the bots package.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.bots.exchange_choices import best_discard, best_pass, best_pass_back
from game.bots.handmodel import Model, features
from game.bots.knowledge import meld_counts
from game.bots.rollout import policy_for
from game.rules.combos import card_choices
from game.rules.compiled import best_meld, meld_table
from game.rules.partner import find_partner
from game.rules.ruleset import RuleSet

# Deals simulated when a house table is fitted at run time. Against 300 other deals, the models
# of 100 deals predicted the presets' results within 7% of the shipped 5,000-deal fits (200
# deals: within 5%, at twice the cost), where the scaled start below missed the trick points by
# 1.3 to 3 times as much as a fit. 100 keeps every table measured under a second of CPU: the
# cost and the miss per house table are ``python -m benchmarks.house_fit``.
RUN_TIME_DEALS = 100


def starting_models(rules: RuleSet) -> tuple[Model, Model]:
    """A rough (bid, play) pair scaled to the table's points: only the discards of a fit's own
    simulation use it, before the table has a model of its own."""
    scale = rules.total_trick_points / 250
    sided = rules.partnerships or rules.seating.by_card
    share = 0.5 if sided else 0.4
    coef = [share * rules.total_trick_points - 30 * scale, 1.0, 9 * scale, 10 * scale,
            5 * scale, 2 * scale, 14 * scale, 4 * scale, 1 * scale, 8 * scale, 4 * scale,
            -2 * scale]
    partner = 60.0 * (rules.meld.marriage / 20) if sided else 0.0
    coef[0] += partner
    bid = Model(tuple(coef), 45 * scale, partner, share * rules.total_trick_points)
    coef[0] -= partner
    coef[1] = 0.0
    return bid, Model(tuple(coef), bid.sd, partner, bid.tricks_mean)


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


def simulate(rules: RuleSet, deals: int, seed: int, discard_model: Model | None = None
             ) -> tuple[list[list[float]], list[float], list[list[float]], list[float], float]:
    """(bid features, side totals, play features, side trick points, mean partner meld).
    ``discard_model`` values the widow's discards (the starting model when none is named)."""
    if rules.stock.enabled:
        raise ValueError(f"{rules.name}: the stock game has no auction to fit a model for")
    play_model = discard_model or starting_models(rules)[1]
    deck = rules.deck
    table = meld_table(rules)
    pol = policy_for(rules)
    rng = random.Random(seed)
    n = rules.players
    # South declares; at a partnership table its partners (racehorse: its partner passes) meld
    # with it; where a card finds the partner, the trump being simulated finds it.
    # Racehorse's passing is between the two seats of a side of two.
    mate = rules.seating.partners(0)[0] if rules.passing.count else -1
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
        # Neither the partner's choices nor (without passing) the discard depend on the trump
        # being simulated: worked out once a deal, the same numbers four times faster.
        passing = rules.passing.count and mate >= 0
        gives = card_choices(deck, hands0[mate], rules.passing.count) if passing else []
        discard = (best_discard(rules, hands0[0] + widow, rules.widow.size, play_model)[1]
                   if rules.widow.size and not passing and not rules.widow.after_trump
                   else None)
        for trump in range(4):
            hands = list(hands0)
            banked = 0
            # Where a card finds the partner, this trump finds it in these hands.
            found = (find_partner(rules, hands, 0, trump).partners if rules.seating.by_card
                     else ())
            sides = rules.seating.in_hand(0, found, True)
            team = rules.seating.teams_against(0, sides)
            bid_f = features(rules, hands[0], trump)
            if passing:
                k = rules.passing.count
                give, _ = best_pass(rules, hands[mate], trump, gives)
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
                d = (discard if discard is not None
                     else best_discard(rules, full, rules.widow.size, play_model, (trump,))[1])
                hands[0] = full - d
                banked = sum(pts[t] * ((d >> (t * deck.bits)) & deck.field_mask)
                             for t in range(deck.n_types))
            meld = table.total(hands[0], trump)
            if rules.partnerships or rules.seating.by_card:
                pm = sum(table.total(hands[p], trump) for p in sides.partners(0))
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


def fit(rules: RuleSet, deals: int = 5000, seed: int = 1, discard_model: Model | None = None
        ) -> tuple[Model, Model]:
    """The (bid, play) models fitted on ``deals`` simulated deals."""
    bx, by, px, py, partner = simulate(rules, deals, seed, discard_model)
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
