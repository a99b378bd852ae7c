"""How long ``hard`` thinks, in CPU time: per decision over the 300 fixed positions, and deals
per CPU-minute in a duplicate match against ``medium`` (issue 29: "make hard at least twice
as fast at equal decisions").

    python -m benchmarks.hard_speed [--deals 4] [--presets racehorse] [--no-positions] [--json]

* **Positions**: every position of ``tests/bots/data/hard_positions.pn1`` (300 decisions of
  every kind, every preset) is decided by ``hard`` with its own seed, and each decision's CPU
  time is kept (the fastest of ``--repeat`` runs): p50 / p95 / max overall and per kind, and
  the total. The same positions hold hard to the same choices
  (``tests/bots/test_hard_positions.py``), so before and after compare equal work.
* **Deals**: ``--deals`` duplicate deals of hard against medium per preset (both seatings,
  the match's own seeds, so the same decisions as ``pinochle match``): the process's CPU
  time per deal, deals per CPU-minute, and hard's per-decision p50 / p95 by kind.

CPU time (``time.process_time``), not the wall clock: the machine is shared with long runs, and
a decision's CPU time is what an idle machine's wall clock would read.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Sequence

from game.bots.registry import make_bot
from game.match.duplicate import percentile, seatings
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import GameWon, HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset
from tools.hard_positions import kind_of, load, walk


def summary(values: Sequence[float]) -> dict[str, float]:
    """p50 / p95 / max in ms and the count, of CPU seconds."""
    ms = [v * 1000 for v in values]
    return {"p50": round(percentile(ms, 0.5), 2), "p95": round(percentile(ms, 0.95), 2),
            "max": round(max(ms), 1) if ms else 0.0, "n": len(ms)}


def by_kind(pairs: Sequence[tuple[str, float]]) -> dict[str, dict[str, float]]:
    kinds: dict[str, list[float]] = {"*": [v for _, v in pairs]}
    for kind, v in pairs:
        kinds.setdefault(kind, []).append(v)
    return {k: summary(v) for k, v in sorted(kinds.items())}


def positions() -> dict[str, object]:
    """CPU time of hard's decision at each fixed position."""
    bot = make_bot("hard")
    pairs: list[tuple[str, float]] = []
    for p, view in walk(load()):
        t0 = time.process_time()
        bot.choose(view, p.rng())
        pairs.append((p.kind, time.process_time() - t0))
    return {"positions": len(pairs), "cpu_seconds": round(sum(v for _, v in pairs), 2),
            "ms": by_kind(pairs)}


def deals(preset: str, n: int, seed: int) -> dict[str, object]:
    """Hard against medium, both seatings of ``n`` deals: CPU per deal and per decision."""
    rules = load_preset(preset)
    bots = {"a": make_bot("hard"), "b": make_bot("medium")}
    pairs: list[tuple[str, float]] = []
    start = time.process_time()
    for deal in range(n):
        for table, seats in enumerate(seatings(rules)):
            state = at_deal(new_game(rules, seed), deal, rules.seating.wrapped(deal))
            state, _ = apply(state, Deal())
            i = 0
            while (seat := actor(state)) >= 0 and state.phase != Phase.DEAL:
                view = observe(state, seat)
                rng = random.Random(f"match/{seed}/{deal}/{table}/{i}")
                i += 1
                t0 = time.process_time()
                action = bots[seats[seat]].choose(view, rng)
                dt = time.process_time() - t0
                if seats[seat] == "a" and len(view.legal) > 1:
                    pairs.append((kind_of(view), dt))
                state, events = apply(state, action)
                if any(isinstance(e, HandScored | GameWon) for e in events):
                    break
    cpu = time.process_time() - start
    return {"preset": preset, "deals": n, "cpu_seconds": round(cpu, 2),
            "cpu_seconds_per_deal": round(cpu / n, 2),
            "deals_per_cpu_minute": round(60 * n / cpu, 2), "hard_ms": by_kind(pairs)}


def _print_kinds(stats: dict[str, dict[str, float]]) -> None:
    for kind, s in stats.items():
        name = "all" if kind == "*" else kind
        print(f"  {name:<9} n={s['n']:<5} p50 {s['p50']:>8} ms  p95 {s['p95']:>8} ms  "
              f"max {s['max']:>8} ms")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=4, help="duplicate deals per preset (0: none)")
    p.add_argument("--presets", default="racehorse")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-positions", action="store_true")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report: dict[str, object] = {"machine": platform.processor() or platform.machine(),
                                 "python": platform.python_version(), "clock": "cpu"}
    if not args.no_positions:
        pos = positions()
        report["positions"] = pos
        if not args.json:
            print(f"hard on {pos['positions']} fixed positions: {pos['cpu_seconds']} s CPU")
            _print_kinds(pos["ms"])  # type: ignore[arg-type]
    rows = []
    for preset in (args.presets.split(",") if args.deals else []):
        row = deals(preset, args.deals, args.seed)
        rows.append(row)
        if not args.json:
            print(f"{preset}: hard vs medium, {row['deals']} deals: "
                  f"{row['cpu_seconds_per_deal']} s CPU a deal, "
                  f"{row['deals_per_cpu_minute']} deals per CPU-minute")
            _print_kinds(row["hard_ms"])  # type: ignore[arg-type]
    report["deals"] = rows
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
