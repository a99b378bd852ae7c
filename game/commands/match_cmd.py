"""``pinochle match``: a duplicate match between two bot levels (:mod:`game.match.duplicate`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.commands.args import UsageError, positive_int

LEVEL_CHOICES = ("random", "easy", "medium", "hard")


def register(sub: Any) -> None:
    p = sub.add_parser("match", help="duplicate match between two bot levels",
                       description="Play each deal with every seating (sides swapped; "
                       "three-handed rotates A through the seats) and report A's points per "
                       "deal over B with a 95%% confidence interval.")
    p.add_argument("--variant", required=True, help="preset name or house-rules .toml file")
    p.add_argument("--a", required=True, metavar="LEVEL", help="level A: " +
                   ", ".join(LEVEL_CHOICES))
    p.add_argument("--b", required=True, metavar="LEVEL", help="level B")
    p.add_argument("--deals", type=positive_int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes (same result)")
    p.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="a style option for A: aggression=bold, samples=40 ...")
    p.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_match)


def _options(items: list[str], which: str) -> tuple[tuple[str, object], ...]:
    out = []
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--{which}-opt expects KEY=VALUE, got {item!r}")
        parsed: object = value
        try:
            parsed = int(value)
        except ValueError:
            try:
                parsed = float(value)
            except ValueError:
                parsed = value
        out.append((key, parsed))
    return tuple(out)


def _check_level(level: str, which: str, options: tuple[tuple[str, object], ...]) -> None:
    from game.bots.registry import make_bot

    if level not in LEVEL_CHOICES:
        raise UsageError(f"unknown level {level!r} for --{which} (choose from: "
                         f"{', '.join(LEVEL_CHOICES)})")
    try:
        make_bot(level, **dict(options))
    except ValueError as exc:
        raise UsageError(f"--{which}: {exc}") from None


def cmd_match(args: argparse.Namespace) -> int:
    from game.match.duplicate import MatchSpec, run_match
    from game.store.content import load_ruleset

    a_opts, b_opts = _options(args.a_opt, "a"), _options(args.b_opt, "b")
    _check_level(args.a, "a", a_opts)
    _check_level(args.b, "b", b_opts)
    rules = load_ruleset(args.variant)  # a bad variant is a one-line RulesError
    del rules
    spec = MatchSpec(args.variant, args.a, args.b, args.seed, a_opts, b_opts)

    def progress(done: int, total: int) -> None:
        print(f"match: {done}/{total} deals", file=sys.stderr, flush=True)

    report = run_match(spec, args.deals, args.jobs, progress if args.progress else None)
    data = report.to_json()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(_text(data))
    return 0


def _text(d: dict[str, Any]) -> str:
    lo, hi = d["ci95"]
    lines = [
        f"{d['variant']}: {d['a']} (A) vs {d['b']} (B), {d['deals']} deals x "
        f"{d['tables_per_deal']} seatings, seed {d['seed']}",
        f"A's points per deal over B: {d['points_per_deal']:+.1f}  "
        f"(95% CI {lo:+.1f} .. {hi:+.1f})",
    ]
    for k in ("a", "b"):
        t = d["decision_ms"][k]
        lines.append(
            f"  {k.upper()} {d[k]:<7} contracts {d['contracts'][k]:>5}  make rate "
            f"{_pct(d['make_rate'][k])}  average bid {d['average_bid'][k]}  sets "
            f"{_pct(d['set_rate'][k])}  trick points/deal {d['trick_points_per_deal'][k]}  "
            f"decision ms p50 {t['p50']} p95 {t['p95']} max {t['max']}")
    lines.append(f"illegal actions: {d['illegal_actions']}  ({d['seconds']} s)")
    return "\n".join(lines)


def _pct(x: float | None) -> str:
    return "  -  " if x is None else f"{100 * x:4.1f}%"
