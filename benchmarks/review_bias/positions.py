"""The benchmark's fixed set of positions: every kind of decision on every preset.

Hands are played by the medium level in every seat (``benchmarks.analysis.played_hand``), each
seeded from the benchmark's seed; every decision of every seat with more than one legal action
is a candidate, sorted by its kind. Each preset takes its share of positions in turns over its
kinds, so that rare kinds (a pass back, a discard, a vote) are as well represented as cards.
The action graded as the player's is the easy level's choice or, as often, a random legal
action other than the one the medium level played: the targets are about decisions graded
poor, so poor decisions must be common. (The benchmark also compares every action the review
analysed with its best, which adds many more.)

The first position is issue 35's racehorse hand (seed 20261122): South's "bid 280" over
partner's 270, which the review before the issue's fix graded a 105-point blunder. East's pass
there is not the medium level's call, so that position is sampled without the policy.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from benchmarks.analysis import played_hand
from benchmarks.review_bias.record import Position
from game.bots.registry import make_bot
from game.rules.actions import Action, Bid, Deal, DeclareOut, Pass, ProposeThrowIn, ThrowIn
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import observe
from game.store.content import load_preset, preset_names

HANDS = 40  # hands played per preset to find positions
POLICY = "medium"  # the level every seat plays in those hands

EXAMPLE = Position("racehorse 20261122 example", "racehorse", 20261122,
                   (Deal(), Bid(250), Bid(260), Bid(270), Pass()), 0, Bid(280), "example", "")


def kind_of(state: GameState) -> str:
    """The kind of decision, by the benchmark's own reading of the phase."""
    phase = state.phase
    if phase == Phase.TRICKS:
        legal = legal_actions(state)
        if state.rules.stock.enabled:
            return "stock" if observe(state, actor(state)).stock_size else "playoff"
        if ThrowIn() in legal or ProposeThrowIn() in legal:
            return "throw-in"
        return "card"
    return {Phase.AUCTION: "bid", Phase.PASS: "pass", Phase.PASS_BACK: "pass back",
            Phase.WIDOW: "widow", Phase.DISCARD: "discard", Phase.TRUMP: "trump",
            Phase.DECIDE: "decide", Phase.THROW_IN_VOTE: "vote",
            Phase.MELD_TURN: "meld"}.get(phase, str(phase))


def _choices(state: GameState) -> list[Action]:
    return [a for a in legal_actions(state) if not isinstance(a, DeclareOut)]


def candidates(preset: str, seed: int) -> dict[str, list[tuple[int, int]]]:
    """Per kind, (hand seed, action index) of every decision in the preset's hands."""
    rules = load_preset(preset)
    out: dict[str, list[tuple[int, int]]] = {}
    for h in range(HANDS):
        hand_seed = seed * 100_000 + rules_order(preset) * 1_000 + h
        actions = played_hand(rules, hand_seed, POLICY)
        state = new_game(rules, hand_seed)
        for i, action in enumerate(actions):
            if i and len(_choices(state)) > 1:
                out.setdefault(kind_of(state), []).append((hand_seed, i))
            state, _ = apply(state, action)
    return out


def rules_order(preset: str) -> int:
    return preset_names().index(preset)


def _in_turns(preset: str, seed: int) -> Iterator[tuple[int, int]]:
    """The preset's candidates, one kind after another, each kind's in a seeded order."""
    rng = random.Random(f"positions {seed} {preset}")
    pools = candidates(preset, seed)
    for pool in pools.values():
        rng.shuffle(pool)
    kinds = sorted(pools)
    while any(pools[k] for k in kinds):
        for k in kinds:
            if pools[k]:
                yield pools[k].pop()


def _position(preset: str, hand_seed: int, index: int, seed: int) -> Position:
    rules = load_preset(preset)
    actions = tuple(played_hand(rules, hand_seed, POLICY)[:index + 1])
    played, before = actions[index], actions[:index]
    state = new_game(rules, hand_seed)
    for a in before:
        state, _ = apply(state, a)
    seat = actor(state)
    key = f"{preset} {hand_seed} {index}"
    rng = random.Random(f"chosen {seed} {key}")
    if rng.random() < 0.5:
        chosen = make_bot("easy").choose(observe(state, seat), random.Random(f"easy {key}"))
        source = "easy"
    else:
        others = [a for a in _choices(state) if a != played] or _choices(state)
        chosen = rng.choice(others)
        source = "random"
    return Position(key, preset, hand_seed, before, seat, chosen, source, POLICY)


def positions(seed: int, count: int) -> list[Position]:
    """``count`` positions: the issue's example, then each preset's share in turns over its
    kinds. A larger count keeps every position of a smaller one (a run can be extended)."""
    presets = preset_names()
    out = [EXAMPLE]
    share = [(count - 1) // len(presets) + (1 if i < (count - 1) % len(presets) else 0)
             for i in range(len(presets))]
    for preset, n in zip(presets, share, strict=True):
        turns = _in_turns(preset, seed)
        for _ in range(n):
            hand_seed, index = next(turns)
            out.append(_position(preset, hand_seed, index, seed))
    return out
