"""What each level's card loses against the true deal, on the recorded inference positions.

    python -m benchmarks.card_loss [--positions 300] [--levels hard,expert:2,expert:3]
                                   [--oracle 64]

A match measures a change of card play through the noise of whole hands; this measures it at
the card. At each position of ``benchmarks/data/inference_positions.txt`` (card decisions of
deals bid and played by ``hard``) the true deal is known: every legal card is played out in it
``--oracle`` times by the rollout policy (the same noise for every card), and the card a level
chooses from what it can see loses the difference between the best card's value there and its
own, in hand-score points (the search's own measure: contract made or set, meld saved). The
oracle plays on with every hand known, so it rewards guessing the hidden cards well, which is
what reading the auction and the play is for; it cannot reward a search for not assuming it
will see every card later. Prints each level's mean loss a position and the paired difference
of each level from the first, with 95% intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from benchmarks.inference import load
from game.bots.registry import make_bot
from game.bots.search import CardSearch
from game.rules.actions import PlayCard
from game.rules.view import PlayerView


def oracle_values(full: PlayerView, samples: int, seed: str) -> dict[int, float]:
    """Each legal card type's value in the true deal (``full``: the revealed view)."""
    deck = full.rules.deck
    types = sorted({deck.type_of(a.card) for a in full.legal if isinstance(a, PlayCard)})
    ranked = CardSearch(full).run(types, random.Random(seed), samples)
    return {c.card_type: c.value for c in ranked}


def _level(spec: str) -> tuple[str, dict[str, object]]:
    name, _, gen = spec.partition(":")
    return name, ({"generation": int(gen)} if gen else {})


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--levels", default="hard,expert:2,expert:3")
    p.add_argument("--oracle", type=int, default=64)
    p.add_argument("--preset", default="")
    args = p.parse_args(argv)
    levels = args.levels.split(",")
    bots = [make_bot(name, **opts) for name, opts in map(_level, levels)]
    losses: list[list[float]] = [[] for _ in levels]
    cpu = [0.0] * len(levels)
    for spot in load():
        if len(losses[0]) >= args.positions:
            break
        if args.preset and spot.preset != args.preset:
            continue
        view, full = spot.views()
        deck = view.rules.deck
        values = oracle_values(full, args.oracle, f"oracle/{spot.number}")
        best = max(values.values())
        for i, bot in enumerate(bots):
            t0 = time.process_time()
            action = bot.choose(view, random.Random(f"card-loss/{spot.number}"))
            cpu[i] += time.process_time() - t0
            assert isinstance(action, PlayCard)
            losses[i].append(best - values[deck.type_of(action.card)])
    n = len(losses[0])
    print(f"{n} positions, oracle {args.oracle} playouts a card")
    for i, name in enumerate(levels):
        mean, half = _interval(losses[i])
        line = (f"  {name:>10}: loses {mean:6.2f} a card ({mean - half:.2f} .. {mean + half:.2f}),"
                f" CPU {1000 * cpu[i] / n:.0f} ms a card")
        if i:
            d = [a - b for a, b in zip(losses[i], losses[0], strict=True)]
            dm, dh = _interval(d)
            line += f"; against {levels[0]}: {dm:+.2f} ({dm - dh:+.2f} .. {dm + dh:+.2f})"
        print(line)
    return 0


def _interval(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


if __name__ == "__main__":
    raise SystemExit(main())
