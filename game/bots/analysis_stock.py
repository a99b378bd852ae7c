"""The two-handed game's values for the review (004): the stock play, the meld turn and
declaring out, and the playoff, in the analysis's units (see :mod:`game.bots.analysis_values`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots.rollout import policy_for
from game.bots.settle import Result, Values, deals, graded, sample_until_settled
from game.bots.solver import solve
from game.bots.stocksearch import StockSearch, card_candidates
from game.rules.actions import (
    Action,
    CountDix,
    DeclareOut,
    EndTurn,
    ExchangeDix,
    LayMeld,
    PlayCard,
)
from game.rules.compiled import kernel_for
from game.rules.phase import Phase
from game.rules.stock_game.score import rounded
from game.rules.view import PlayerView

# The two-handed stock play is the noisiest decision (a draw from the stock decides the meld):
# at 96 deals the review named the same best as ten times that in 8 of 17 positions, at 384 in
# 12 (benchmarks/analysis.py). The deals come until every grade is settled, up to 384.
STOCK_SAMPLES = 384
STOCK_BASE = 96  # ... of which this many first, the rest while a grade is unsettled
PLAYOFF_ROLLOUTS = 48
STOCK_WIDTH = 9
SOLVED_CARDS = 12  # two-handed playoff: solved exactly from this many cards left


class _PointsSearch(StockSearch):
    """The stock search in this hand's points: declaring out scores the hand as it stands
    (the game's win is beside this measure)."""

    def value(self, points: Sequence[int], declared: int) -> float:
        return float(points[self.me] - points[self.opp])


def stock(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
           ) -> Result:
    """Every choice of a two-handed decision valued by search (while the stock lasts, or
    the playoff solved or rolled out), within ``budget``, the actions ``chosen`` included."""
    if view.playoff and view.phase == Phase.TRICKS:
        return _playoff(view, rng, budget)
    search = _PointsSearch(view, False)
    legal = [a for a in view.legal if not isinstance(a, DeclareOut)]
    out: Values = _declaring_out(view, chosen)
    cards = [a for a in legal if isinstance(a, PlayCard)]
    if cards:
        kind = "stock"
        cands: list[Action] = list(card_candidates(search, view, STOCK_WIDTH))
        deck = view.rules.deck
        for ch in chosen:
            if isinstance(ch, PlayCard) and all(deck.type_of(ch.card) != deck.type_of(c.card)
                                                for c in cands if isinstance(c, PlayCard)):
                cands.append(ch)
        moves = [search.card_move(view.rules.deck.type_of(a.card)) for a in cands
                 if isinstance(a, PlayCard)]
    else:
        kind = "meld"
        may_meld = any(isinstance(a, LayMeld) for a in legal)
        may_dix = any(isinstance(a, CountDix | ExchangeDix) for a in legal)
        cands = [a for a in legal if isinstance(a, LayMeld | CountDix | ExchangeDix | EndTurn)]
        moves = [search.turn_move(a, may_meld, may_dix) for a in cands]
    if len(cands) == 1 and not out:
        ranked = search.rank(moves, deals(16, budget), rng, keep=len(moves))
        return kind, out + [(cands[i], v) for v, i in ranked], deals(16, budget)

    def row() -> tuple[float, list[float]]:
        st = search.sample(rng)
        seed = rng.random()
        return 1.0, [search.value(*move(st.copy(), random.Random(seed))) for move in moves]

    paired = sample_until_settled(len(moves), row, deals(STOCK_BASE, budget),
                                  deals(STOCK_SAMPLES, budget), graded(cands, chosen))
    out += list(zip(cands, paired.means(), strict=True))
    return kind, out, len(paired.rows)


def _declaring_out(view: PlayerView, chosen: Sequence[Action]) -> Values:
    """Declaring out ends the game, won or lost ("If the claimant has fewer than 1,000 points,
    he loses the game", 004): valued at the game, not at this hand's points, and offered only
    when the claim wins (or when it is the player's own choice, to be graded)."""
    if DeclareOut() not in view.legal:
        return []
    wins = view.scores[view.seat] + _points_now(view, view.seat) >= view.target
    if not (wins or DeclareOut() in chosen):
        return []
    return [(DeclareOut(), float(view.target if wins else -view.target))]


def _points_now(view: PlayerView, seat: int) -> int:
    meld = view.meld_points[seat] if view.meld_points else 0
    return meld + rounded(view.rules, view.taken[seat] if view.taken else 0)


def _playoff(view: PlayerView, rng: random.Random, budget: float) -> Result:
    """Every card is known: solved exactly once ten tricks or fewer remain, else played out.
    A trick-point margin is turned into this hand's points (004's rounding included)."""
    rules = view.rules
    deck = rules.deck
    obligations = rules.stock.playoff_obligations
    kern = kernel_for(rules, obligations)
    me, opp = view.seat, 1 - view.seat
    by_type: dict[int, Action] = {}
    for a in view.legal:
        if isinstance(a, PlayCard):
            by_type.setdefault(deck.type_of(a.card), a)
    types = sorted(by_type)
    hands = [0, 0]
    hands[me] = view.hand
    hands[opp] = deck.full() - view.hand - view.played
    trick = [(s, deck.type_of(c)) for s, c in view.trick]
    left = deck.size_of(hands[0] + hands[1])
    rest = (sum(rules.trick_points_by_type[t] * deck.count(h, deck.types[t])
                for h in hands for t in range(deck.n_types))
            + sum(rules.trick_points_by_type[t] for _, t in trick) + kern.last_trick)
    taken = list(view.taken) if view.taken else [0, 0]
    melds = list(view.meld_points) if view.meld_points else [0, 0]

    def points(margin: float) -> float:
        mine = taken[me] + (rest + margin) / 2
        theirs = taken[opp] + (rest - margin) / 2
        return (melds[me] + rounded(rules, round(mine))
                - melds[opp] - rounded(rules, round(theirs)))

    pol = policy_for(rules, obligations)
    if left <= SOLVED_CARDS:
        maxi = [s == me for s in range(2)]
        exact: Values = []
        for t in types:
            hs = list(hands)
            hs[me] -= deck.one[t]
            margin = solve(kern, hs, view.trump, view.leader, (*trick, (me, t)), maxi, [0, 0],
                           [0, 0], lambda tk, _w: float(tk[me] - tk[opp]), pol.nxt)
            exact.append((by_type[t], float(points(margin))))
        return "playoff", exact, 0
    team = [0, 1] if me == 0 else [1, 0]
    n = deals(PLAYOFF_ROLLOUTS, budget)
    seeds = [rng.random() for _ in range(n)]
    out: Values = []
    for t in types:
        hs = list(hands)
        hs[me] -= deck.one[t]
        total = 0.0
        for seed in seeds:
            tk, _ = pol.play(list(hs), view.trump, view.leader, team, (*trick, (me, t)),
                             team[me], random.Random(seed).random, 0.1)
            total += points(tk[me] - tk[opp])
        out.append((by_type[t], total / n))
    return "playoff", out, n
