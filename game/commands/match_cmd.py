"""``pinochle match``: a duplicate match between two bot levels (:mod:`game.match.duplicate`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.bots.catalogue import CATALOGUE
from game.commands.args import UsageError, capped_jobs, positive_int, seed

# Every level the bots declare, measurement-only ones included (game/bots/catalogue.py).
LEVEL_CHOICES = tuple(level.name for level in CATALOGUE)


def register(sub: Any) -> None:
    p = sub.add_parser("match", help="duplicate match between two bot levels",
                       description="Play each deal with every seating (sides swapped; "
                       "three-handed rotates A through the seats) and report A's points per "
                       "deal over B with a 95%% confidence interval.")
    p.add_argument("--variant", required=True, help="preset name or house-rules .toml file")
    p.add_argument("--a", required=True, metavar="LEVEL", help="level A: " +
                   ", ".join(LEVEL_CHOICES))
    p.add_argument("--b", required=True, metavar="LEVEL", help="level B")
    p.add_argument("--deals", type=positive_int, default=None,
                   help="duplicate deals (default 200, or none when --games is given)")
    p.add_argument("--games", type=positive_int, default=None,
                   help="whole duplicate games from 0 to the target: game wins with a 95%% "
                   "interval, beside the per-deal figures of their hands")
    p.add_argument("--checkpoint", type=Path, default=None, metavar="FILE",
                   help="write each finished deal or game here, and resume from it")
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--jobs", type=positive_int, default=1,
                   help="worker processes (same result); at most the processors, and one per "
                        "deal or game")
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
    from game.match.games import games_json, run_games
    from game.store.checkpoint import CheckpointError
    from game.store.content import load_ruleset

    a_opts, b_opts = _options(args.a_opt, "a"), _options(args.b_opt, "b")
    _check_level(args.a, "a", a_opts)
    _check_level(args.b, "b", b_opts)
    rules = load_ruleset(args.variant)  # a bad variant is a one-line RulesError
    del rules
    spec = MatchSpec(args.variant, args.a, args.b, args.seed, a_opts, b_opts)
    deals = args.deals if args.deals is not None or args.games else 200

    def progress(done: int, total: int) -> None:
        print(f"match: {done}/{total}", file=sys.stderr, flush=True)

    show = progress if args.progress else None

    def jobs(pieces: int, what: str) -> int:
        used = capped_jobs(args.jobs, pieces)
        if used < args.jobs:
            print(f"match: --jobs {args.jobs}: {used} worker{'s' * (used > 1)} for {pieces} "
                  f"{what} (at most one per processor and one per {what[:-1]})",
                  file=sys.stderr)
        return used

    try:
        if args.games:
            path = _path(args.checkpoint, "games" if deals else "")
            report, games = run_games(spec, args.games, jobs(args.games, "games"), show,
                                      path=path)
            data = report.to_json()
            data["games"] = games_json(games)
            if deals:
                deal_data = run_match(spec, deals, jobs(deals, "deals"), show,
                                      checkpoint=_path(args.checkpoint, "deals")).to_json()
                deal_data["games"] = data["games"]
                deal_data["game_hands"] = {k: data[k] for k in (
                    "deals", "points_per_deal", "ci95", "sd_per_deal")}
                data = deal_data
        else:
            data = run_match(spec, deals, jobs(deals, "deals"), show,
                             checkpoint=args.checkpoint).to_json()
    except CheckpointError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(_text(data))
    return 0


def _path(path: Path | None, suffix: str) -> Path | None:
    """One checkpoint per kind of piece when a run plays both deals and games."""
    if path is None or not suffix:
        return path
    return path.with_name(f"{path.stem}.{suffix}{path.suffix}")


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
    c = d.get("checks_per_deal")
    if c:
        clo, chi = c["ci95"]
        lines.append(f"A's checks per deal over B: {c['a_minus_b']:+.2f}  (95% CI {clo:+.2f} .. "
                     f"{chi:+.2f}; A {c['a']:.2f}, B {c['b']:.2f} checks per deal)")
    timed = d.get("decision_ms_pieces")
    if timed and timed["timed"] < timed["of"]:
        lines.append(f"  decision ms over the {timed['timed']} of {timed['of']} {timed['kind']} "
                     "this run played (a checkpoint keeps no times)")
    g = d.get("games")
    if g:
        glo, ghi = g["ci95"]
        lines.append(f"games: {g['games']} x {g['seatings'] // max(1, g['games'])} seatings, "
                     f"A won {g['a_wins']}, B won {g['b_wins']}, unfinished {g['unfinished']}; "
                     f"A's share {100 * g['a_win_rate']:.1f}% (95% CI {100 * glo:.1f} .. "
                     f"{100 * ghi:.1f}), {g['hands_per_game']} hands a game")
    lines.append(f"illegal actions: {d['illegal_actions']}  ({d['seconds']} s)")
    return "\n".join(lines)


def _pct(x: float | None) -> str:
    return "  -  " if x is None else f"{100 * x:4.1f}%"
