"""Histories of players of known rating, rated as the game rates them (issue 35, item 4): does the
uncertainty the game reports match the true spread of the rating around the player's rating?

    python -m tools.rating_sim [--histories 1000] [--hands 3,5,20] [--seed 1]

The model of a deal (racehorse's figures, docs/strength.md): the levels score ``THETA`` points a
deal apart on average (easy 0, medium +40, hard +100, expert +110: hard − medium was +60.7 a deal
over 500 duplicate deals, expert − hard −4 to +19 by preset), and every figure, the levels' and
the player's, carries its own luck of ``TAU`` points (hard − medium's spread per deal, 154, is
the luck of two figures: 154 / √2 ≈ 110). A deal's common luck (the cards) adds the same to
every figure of the deal. A player of rating ``r`` scores the straight-line interpolation of the
levels' averages at ``r``, plus luck. ``--tails t`` draws the luck from a Student-t with 3
degrees of freedom (scaled to the same spread): deals with a huge swing, which the rating's
model does not assume. ``--partial`` makes every third item compare hard and expert alone (a
review whose easy and medium were not compared at every decision).

For each number of hands, ``--histories`` players are drawn with ratings spread evenly over 1 to
4 and rated: **reported** is the mean uncertainty the game shows, **true** the root mean square
of (rating shown − player's rating), **bias** the mean of (rating shown − player's rating);
then the same by the player's rating (near 1, 2.5 and 4), where a bounded scale pulls the
rating toward the middle.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.match.rating import HIGHEST, LOWEST, rate
from game.store.challenge import Item
from game.store.reviews import LEVELS

THETA = (0.0, 40.0, 100.0, 110.0)
TAU = 110.0
SWING = 150.0  # the deal's common luck (the cards), the same for every figure of a deal


@dataclass(frozen=True)
class Row:
    hands: int
    reported: float  # mean posterior standard deviation
    true: float  # root mean square error of the rating
    bias: float  # mean error of the rating
    covered: float  # share of players within one reported uncertainty of the rating


def expected(r: float) -> float:
    """A player of rating ``r``: the interpolation of the levels' averages."""
    k = min(int(r) - 1, len(THETA) - 2)
    w = r - (k + 1)
    return THETA[k] + w * (THETA[k + 1] - THETA[k])


def luck(rng: random.Random, tails: str) -> float:
    if tails == "normal":
        return rng.gauss(0.0, TAU)
    df = 3  # Student-t, scaled to the same standard deviation as the normal's
    chi = sum(rng.gauss(0.0, 1.0) ** 2 for _ in range(df))
    return TAU * rng.gauss(0.0, 1.0) / math.sqrt(chi / df) / math.sqrt(df / (df - 2))


def history(r: float, hands: int, rng: random.Random, tails: str = "normal",
            partial: bool = False) -> list[Item]:
    out = []
    for k in range(hands):
        swing = rng.gauss(0.0, SWING)
        figures = [swing + t + luck(rng, tails) for t in THETA]
        levels = tuple(zip(LEVELS, figures, strict=True))
        if partial and k % 3 == 2:
            levels = levels[2:]
        out.append(Item("duplicate", "sim", 1, k, swing + expected(r) + luck(rng, tails),
                        levels))
    return out


def simulate(hands: int, histories: int, seed: int, tails: str = "normal",
             partial: bool = False, ratings: Sequence[float] | None = None) -> Row:
    """Rate ``histories`` simulated players of ``hands`` hands each; their ratings are drawn
    evenly over the scale, or taken in turn from ``ratings``."""
    rng = random.Random(f"rating sim {seed} {hands} {tails} {partial}")
    sds, errors, inside = [], [], 0
    for h in range(histories):
        r = ratings[h % len(ratings)] if ratings else rng.uniform(LOWEST, HIGHEST)
        got = rate(history(r, hands, rng, tails, partial))
        assert got is not None
        sds.append(got.sd)
        errors.append(got.value - r)
        inside += abs(got.value - r) <= got.sd
    n = len(errors)
    return Row(hands, sum(sds) / n, math.sqrt(sum(e * e for e in errors) / n),
               sum(errors) / n, inside / n)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--histories", type=int, default=1000)
    p.add_argument("--hands", default="3,5,20")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tails", choices=("normal", "t"), default="normal")
    p.add_argument("--partial", action="store_true")
    args = p.parse_args(argv)
    print(f"luck {args.tails}, {'partial items' if args.partial else 'every level compared'}, "
          f"{args.histories} players a row")
    print("| hands | players' ratings | reported sd | true sd | bias | within ±1 sd |")
    print("|---:|---|---:|---:|---:|---:|")
    for hands in (int(h) for h in args.hands.split(",")):
        for label, ratings in (("1 to 4", None), ("1.25", [1.25]), ("2.5", [2.5]),
                               ("3.75", [3.75])):
            row = simulate(hands, args.histories, args.seed, args.tails, args.partial,
                           ratings)
            print(f"| {hands} | {label} | {row.reported:.2f} | {row.true:.2f} | "
                  f"{row.bias:+.2f} | {row.covered:.0%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
