"""``python -m tools.hand_stats NAME [--deals 300]``: measure what a side scores in a hand of a
preset, medium bots in every seat, and print its ``HAND_STATS`` entry for
:mod:`game.bots.gamevalue` (the mean and standard deviation the game-aware bids weigh)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from game.bots.registry import make_bot
from game.match.duplicate import HandLog, play_hand
from game.rules.actions import Deal
from game.rules.engine import apply, at_deal, new_game
from game.rules.ruleset import RuleSet

LEVEL = "medium"  # the level HAND_STATS is measured at (game.bots.gamevalue says so)


def side_scores(rules: RuleSet, deals: int, seed: int) -> list[float]:
    """Every side's score in each of ``deals`` hands from 0 to 0, the deal passing round the
    table (a hand a player declared out of before it was scored adds nothing)."""
    bots = {LEVEL: make_bot(LEVEL)}
    seats = [LEVEL] * rules.players
    scores: list[float] = []
    for deal in range(deals):
        state = at_deal(new_game(rules, seed), deal, rules.seating.wrapped(deal))
        state, _ = apply(state, Deal())
        _, result = play_hand(state, seats, bots, f"hand_stats/{seed}/{deal}", HandLog())
        if result is not None:
            scores.extend(float(side.score) for side in result.sides)
    return scores


def stats(scores: Sequence[float]) -> tuple[float, float]:
    """(mean, standard deviation) of ``scores``, to a tenth of a point."""
    if len(scores) < 2:
        raise ValueError("hand_stats: fewer than two scored hands: play more deals")
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    return round(mean, 1), round(sd, 1)


def main(argv: Sequence[str] | None = None) -> int:
    from game.store.content import load_preset, preset_names

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("preset", metavar="NAME", help="the preset to measure")
    p.add_argument("--deals", type=int, default=300, help="hands to play (default 300)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.preset not in preset_names():
        p.error(f"unknown preset {args.preset!r} (choose from: {', '.join(preset_names())})")
    try:
        mean, sd = stats(side_scores(load_preset(args.preset), args.deals, args.seed))
    except ValueError as exc:
        p.exit(2, f"{exc}\n")
    print(f"    {args.preset!r}: ({mean}, {sd}),")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
