"""The expert's exact playoff (game/bots/playoff.py) against the plain alpha-beta solver that
hard uses for the last five tricks: the same margins on every position both can solve."""

from __future__ import annotations

import random

import pytest

from game.bots.playoff import PlayoffSolver
from game.bots.rollout import policy_for
from game.bots.solver import solve
from game.rules.compiled import kernel_for
from game.store.content import load_ruleset


def _deal(rng: random.Random, n: int, bits: int, n_types: int, one: list[int]) -> list[int]:
    cards = [t for t in range(n_types) for _ in range(2)]
    rng.shuffle(cards)
    hands = [0, 0]
    for i, c in enumerate(cards[:2 * n]):
        hands[i % 2] += one[c]
    return hands


@pytest.mark.parametrize("seed", range(12))
def test_memo_solver_equals_alpha_beta(seed: int) -> None:
    rules = load_ruleset("two-handed")
    deck = rules.deck
    obligations = rules.stock.playoff_obligations
    kern = kernel_for(rules, obligations)
    nxt = policy_for(rules, obligations).nxt
    rng = random.Random(seed)
    trump = seed % 4
    hands = _deal(rng, 4 + seed % 2, deck.bits, deck.n_types, list(kern.one))
    leader = seed % 2
    me = leader if seed % 3 else 1 - leader
    trick: tuple[tuple[int, int], ...] = ()
    if me != leader:  # the opponent has led a card
        t0 = kern.types_in(hands[leader])[rng.randrange(len(kern.types_in(hands[leader])))]
        hands[leader] -= kern.one[t0]
        trick = ((leader, t0),)
        cands = kern.types_in(kern.legal(hands[me], trick, t0, trump))
    else:
        cands = kern.types_in(hands[me])
    got = PlayoffSolver(kern, trump).values(hands, me, leader, trick, cands)
    sign = [1, -1] if me == 0 else [-1, 1]
    for c in cands:
        hs = list(hands)
        hs[me] -= kern.one[c]
        want = solve(kern, hs, trump, leader, (*trick, (me, c)), [s == me for s in range(2)],
                     [0, 0], [0, 0], lambda tk, _w: tk[0] * sign[0] + tk[1] * sign[1], nxt)
        assert got[c] == want, (c, got, want)
