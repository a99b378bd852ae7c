"""Bot decision times per level and per kind of decision, p50 / p95 / max in milliseconds.

    python -m benchmarks.bots [--presets racehorse,partnership-150] [--levels easy,medium,hard]
                              [--deals 20] [--seed 1] [--json]

Every seat plays the level being measured, one process, so the figures are single-core
latencies. Only real choices are timed (a decision with one legal action is not a decision).
Targets (pure Python, this 2-core machine): ``expert`` p95 <= 1 s per card (and per step of
the two-handed meld turn) and <= 2 s per bid, pass, discard and the other exchanges (issue 17);
``hard`` p95 <= 300 ms and max <= 1 s per card, <= 1 s per bid, pass or discard; ``medium``
p95 < 20 ms; ``easy`` p95 < 5 ms (issue 4). Budgets are numbers of samples, so these times
vary with the machine while the choices do not.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Sequence

from game.bots.registry import make_bot
from game.match.duplicate import KINDS, MatchSpec, percentile, play_deals, seatings
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import GameWon, HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset, preset_names

EXCHANGES = ("bid", "pass", "discard", "trump", "widow", "decide")
TARGETS = {  # (kind or "*", p95 limit, max limit) per level, in ms
    "expert": [("card", 1000.0, None), ("meld", 1000.0, None),
               *((kind, 2000.0, None) for kind in EXCHANGES)],
    "hard": [("card", 300.0, 1000.0), ("meld", 300.0, 1000.0),
             *((kind, None, 1000.0) for kind in EXCHANGES)],
    "medium": [("*", 20.0, None)],
    "easy": [("*", 5.0, None)],
}


def measure(preset: str, level: str, deals: int, seed: int, clock: str = "wall",
            options: tuple[tuple[str, object], ...] = ()) -> dict[str, dict[str, float]]:
    """Decision times per kind. ``clock="cpu"`` times each decision by this process's CPU
    time: on a machine other work shares it reads what an idle machine's wall clock would.
    ``options``: the measured level's bot options (an expert generation)."""
    if clock == "wall":
        spec = MatchSpec(preset, level, level, seed, options, options)
        tables = play_deals(spec, list(range(deals)), load_preset)
        pairs = [(kind, ms) for t in tables for _, kind, ms in t.times]
    else:
        pairs = cpu_times(preset, level, deals, seed, dict(options))
    by: dict[str, list[float]] = {"*": []}
    for kind, ms in pairs:
        by.setdefault(kind, []).append(ms)
        by["*"].append(ms)
    return {kind: {"p50": round(percentile(v, 0.5), 2), "p95": round(percentile(v, 0.95), 2),
                   "max": round(max(v), 1) if v else 0.0, "n": len(v)}
            for kind, v in sorted(by.items())}


def cpu_times(preset: str, level: str, deals: int, seed: int,
              options: dict[str, object] | None = None) -> list[tuple[str, float]]:
    """(kind, CPU ms) of every real decision, every seat at ``level``, the match's seeds."""
    rules = load_preset(preset)
    bot = make_bot(level, **(options or {}))
    out = []
    for deal in range(deals):
        for table in range(len(seatings(rules))):
            state = at_deal(new_game(rules, seed), deal, rules.seating.wrapped(deal))
            state, _ = apply(state, Deal())
            i = 0
            while (seat := actor(state)) >= 0 and state.phase != Phase.DEAL:
                view = observe(state, seat, reveal=getattr(bot, "sees_all", False))
                rng = random.Random(f"match/{seed}/{deal}/{table}/{i}")
                i += 1
                t0 = time.process_time()
                action = bot.choose(view, rng)
                ms = (time.process_time() - t0) * 1000
                if len(view.legal) > 1:
                    out.append((KINDS.get(view.phase, "other"), ms))
                state, events = apply(state, action)
                if any(isinstance(e, HandScored | GameWon) for e in events):
                    break
    return out


def verdicts(level: str, stats: dict[str, dict[str, float]]) -> list[str]:
    out = []
    for kind, p95, mx in TARGETS.get(level, []):
        s = stats.get(kind)
        if not s or not s["n"]:
            continue
        if p95 is not None:
            out.append(f"{kind} p95 {s['p95']} <= {p95}: {'ok' if s['p95'] <= p95 else 'MISSED'}")
        if mx is not None:
            out.append(f"{kind} max {s['max']} <= {mx}: {'ok' if s['max'] <= mx else 'MISSED'}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--presets", default="racehorse,partnership-150")
    p.add_argument("--levels", default="easy,medium,hard")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="cpu: each decision's CPU time (for a machine other work shares)")
    p.add_argument("--generation", type=int, default=None,
                   help="the expert's generation to measure (default: the latest kept)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    presets = list(preset_names()) if args.presets == "all" else args.presets.split(",")
    report: dict[str, object] = {"machine": platform.processor() or platform.machine(),
                                 "python": platform.python_version(), "clock": args.clock,
                                 "results": []}
    rows: list[dict[str, object]] = []
    for preset in presets:
        for level in args.levels.split(","):
            deals = (max(1, args.deals // 3) if level == "expert" else args.deals
                     if level == "hard" else args.deals * 5)
            opts: tuple[tuple[str, object], ...] = (
                (("generation", args.generation),)
                if level == "expert" and args.generation is not None else ())
            stats = measure(preset, level, deals, args.seed, args.clock, opts)
            rows.append({"preset": preset, "level": level, "deals": deals, "ms": stats,
                         "targets": verdicts(level, stats)})
            if not args.json:
                print(f"{preset} {level} ({deals} deals, every seat)")
                for kind, s in stats.items():
                    name = "all" if kind == "*" else kind
                    print(f"  {name:<8} n={s['n']:<6} p50 {s['p50']:>8} ms  p95 {s['p95']:>8} ms"
                          f"  max {s['max']:>8} ms")
                for v in verdicts(level, stats):
                    print(f"  target: {v}")
    report["results"] = rows
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
