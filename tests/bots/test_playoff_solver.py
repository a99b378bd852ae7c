"""The expert's exact playoff (game/bots/playoff.py) against the plain alpha-beta solver that
hard uses for the last five tricks: the same margins on every position both can solve."""

from __future__ import annotations

import random

import pytest

from game.bots.playoff import PlayoffSolver, SolverCache
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
    hands = _deal(rng, 4 + seed % 4, deck.bits, deck.n_types, list(kern.one))
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


@pytest.mark.parametrize("seed", range(6))
def test_a_warm_cache_gives_the_values_of_a_cold_solver(seed: int) -> None:
    """The cache keeps one playoff's solved positions for its later decisions: the values it
    gives there must be those a fresh solver finds (so a match replays whatever was cached)."""
    rules = load_ruleset("two-handed")
    deck = rules.deck
    kern = kernel_for(rules, rules.stock.playoff_obligations)
    rng = random.Random(100 + seed)
    trump = seed % 4
    hands = _deal(rng, 7, deck.bits, deck.n_types, list(kern.one))
    cache = SolverCache()
    leader = 0
    while hands[0] and hands[1]:
        left = deck.size_of(hands[0] + hands[1])
        cands = kern.types_in(hands[leader])
        warm = cache.get(kern, trump, left).values(hands, leader, leader, (), cands)
        cold = PlayoffSolver(kern, trump).values(hands, leader, leader, (), cands)
        assert warm == cold
        # play on: the leader's best card, the follower's first legal one
        t = max(cands, key=lambda c: (warm[c], -c))
        u = kern.types_in(kern.legal(hands[1 - leader], ((leader, t),), t, trump))[0]
        hands[leader] -= kern.one[t]
        hands[1 - leader] -= kern.one[u]
        leader = leader if not kern.beats(u, t, trump) else 1 - leader
    assert cache.get(kern, trump, 14) is not cache.get(kern, (trump + 1) % 4, 14)
