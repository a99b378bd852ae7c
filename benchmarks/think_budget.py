"""What a think time buys each searching level (issue 35, item 3): the figures behind
``Budget.full_cost`` in game/bots/hard.py and game/bots/expert.py.

    python -m benchmarks.think_budget [--levels hard,expert] [--think-ms 400] [--json]

* **Rate**: reference samples this machine searches per CPU millisecond
  (game.match.thinking.measure_rate, the figure the table measures once per machine).
* **Whole budget**: each level decides every fixed position of
  ``tests/bots/data/hard_positions.pn1`` (300 decisions of every kind, every preset) at its whole
  sample budget; p50 / p95 / max CPU ms, and the p95 in reference samples (p95 × rate): the
  level's ``full_cost``.
* **At the think time**: the same positions with ``think_samples = think_ms × rate``: the share
  of the budget each level keeps and the CPU ms per decision it then takes, which the think time
  should bound at the p95.

CPU time (``time.process_time``): a decision's CPU time is what an idle machine's clock reads.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from benchmarks.hard_speed import summary
from game.bots.hard import HardBot
from game.bots.registry import make_bot
from game.match.thinking import measure_rate
from tools.hard_positions import load, walk


def decisions_ms(level: str, think_samples: int | None) -> tuple[dict[str, float], float]:
    """CPU per decision over the fixed positions, and the level's share of its budget."""
    options: dict[str, object] = {}
    if think_samples is not None:
        options["think_samples"] = think_samples
    bot = make_bot(level, **options)
    share = bot.share if isinstance(bot, HardBot) else 1.0
    times = []
    for p, view in walk(load()):
        t0 = time.process_time()
        bot.choose(view, p.rng())
        times.append(time.process_time() - t0)
    return summary(times), share


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--levels", default="hard,expert")
    p.add_argument("--think-ms", type=int, default=400)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rate = measure_rate()
    think = max(1, round(args.think_ms * rate))
    report: dict[str, object] = {"rate": round(rate, 4), "think_ms": args.think_ms,
                                 "think_samples": think, "levels": {}}
    if not args.json:
        print(f"rate {rate:.3f} reference samples per CPU ms; {args.think_ms} ms = {think} "
              "reference samples")
    for level in args.levels.split(","):
        whole, _ = decisions_ms(level, None)
        timed, share = decisions_ms(level, think)
        row = {"whole": whole, "full_cost": round(whole["p95"] * rate, 1),
               "at_think": timed, "share": round(share, 3)}
        report["levels"][level] = row  # type: ignore[index]
        if not args.json:
            print(f"{level}: whole budget p50 / p95 / max {whole['p50']} / {whole['p95']} / "
                  f"{whole['max']} ms, p95 = {row['full_cost']} reference samples; at "
                  f"{args.think_ms} ms: share {share:.2f}, p50 / p95 / max {timed['p50']} / "
                  f"{timed['p95']} / {timed['max']} ms")
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
