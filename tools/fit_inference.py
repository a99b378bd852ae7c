"""Fit the expert's reading of the auction by simulation: how sharply a sampled deal's weight
falls with its violations, ``exp(-sharpness * violations)`` (:mod:`game.bots.inference`).

    python -m tools.fit_inference [--preset racehorse] [--deals 60] [--samples 60] [--seed 1]

Deals are bid by ``hard`` (the auction the expert reads in a match against hard) and played by
``medium``; at a few card-play positions of every seat the deals the card search would sample
(consistent with everything seen) are drawn, and each sharpness is scored by the log-likelihood
of the TRUE deal under the weighted samples: ``-s * v_true - log(mean over samples of exp(-s *
v))``, summed over positions. The best sharpness explains the real hands best; 0 is no reading
at all. Prints one line per sharpness and the best.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from game.bots.inference import SHARPNESS, auction_violation
from game.bots.knowledge import build
from game.bots.registry import make_bot
from game.bots.sampler import PlaySampler
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset

GRID = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)
TRICKS_READ = (0, 3, 6)  # at the lead of these tricks, read from every seat


def violations(preset: str, deals: int, samples: int, seed: int
               ) -> list[tuple[float, list[float]]]:
    """(the true deal's violation, the sampled deals' violations) per position."""
    rules = load_preset(preset)
    hard, medium = make_bot("hard"), make_bot("medium")
    out: list[tuple[float, list[float]]] = []
    for deal in range(deals):
        state = at_deal(new_game(rules, seed), deal, deal % rules.players)
        state, _ = apply(state, Deal())
        i = 0
        while (seat := actor(state)) >= 0 and state.phase != Phase.DEAL:
            view = observe(state, seat)
            rng = random.Random(f"fit/{seed}/{deal}/{i}")
            i += 1
            if view.phase == Phase.TRICKS and not view.trick and view.bidder >= 0:
                n_trick = sum(view.won) if view.won else 0
                if n_trick in TRICKS_READ:
                    truth = list(observe(state, seat, reveal=True).all_hands)
                    for reader in range(rules.players):
                        seen = observe(state, reader)
                        k = build(seen)
                        viol = auction_violation(seen, k)
                        if viol is not None:
                            sampler = PlaySampler(k)
                            got = [viol(sampler.sample(rng)[0]) for _ in range(samples)]
                            out.append((viol(truth), got))
            bot = hard if view.phase == Phase.AUCTION else medium
            state, events = apply(state, bot.choose(view, rng))
            if any(isinstance(e, HandScored) for e in events):
                break
    return out


def log_likelihood(data: Sequence[tuple[float, list[float]]], s: float) -> float:
    total = 0.0
    for v_true, vs in data:
        z = sum(math.exp(-s * v) for v in vs) / len(vs)
        total += -s * v_true - math.log(max(z, 1e-300))
    return total


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default="racehorse")
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--samples", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    data = violations(args.preset, args.deals, args.samples, args.seed)
    zero = sum(1 for v, _ in data if v == 0)
    print(f"{args.preset}: {len(data)} positions from {args.deals} deals "
          f"({zero} true deals explain the auction fully)")
    scores = {s: log_likelihood(data, s) for s in GRID}
    for s, ll in scores.items():
        mark = " (today)" if s == SHARPNESS else ""
        print(f"  sharpness {s:>5}: log-likelihood {ll:+.1f} "
              f"({ll / max(1, len(data)):+.3f} a position){mark}")
    best = max(scores, key=lambda s: scores[s])
    print(f"best sharpness {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
