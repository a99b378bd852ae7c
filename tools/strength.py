"""The strength table of docs/strength.md: run the duplicate matches and print the tables.

    python -m tools.strength --out DIR [--run] [--only racehorse,two-handed] [--upto N]
                             [--rows 0,3,7] [--list]

With ``--run`` every match whose JSON in DIR is missing or shorter than asked is played with
``pinochle match ... --seed 1 --jobs 2 --json --checkpoint DIR/NAME.jsonl``, the targets
first: an interrupted run resumes where it stopped, down to the deal or game. ``--deals-cap``
and ``--games-cap`` play every row to a first count (a later run with a higher cap carries the
same checkpoint on: deals are numbered, so 500 deals are the first 500 of 2,000); ``--rows``
and ``--upto`` pick rows of the plan. Without ``--run`` the tables are printed from what DIR
holds. Each row's command is the one in the docs, so any row can be checked on its own.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ORDER = ["racehorse", "partnership-150", "double-deck", "partnership-190", "cutthroat",
         "check", "two-handed"]
PAIRS = [("open", "medium"), ("expert", "medium"), ("expert", "hard"), ("hard", "medium"),
         ("hard", "hard-rulepass"),
         ("hard", "easy"), ("hard", "random"), ("medium", "easy"), ("medium", "random"),
         ("easy", "random")]
TARGETED = ("racehorse", "partnership-150")  # issue 4's targets
GAMES = ("racehorse", "double-deck", "partnership-190", "two-handed")  # issue 17's game target
# Pseudo-levels: a level with options, for the A/B rows.
VARIANTS = {"hard-rulepass": ("hard", ("pass_search=off",))}


class Run:
    def __init__(self, variant: str, a: str, b: str, deals: int = 0, games: int = 0) -> None:
        self.variant, self.a, self.b, self.deals, self.games = variant, a, b, deals, games

    @property
    def name(self) -> str:
        kind = "games" if self.games else "deals"
        return f"{self.variant}__{self.a}__{self.b}__{kind}"

    def capped(self, deals: int | None, games: int | None) -> Run:
        """This run played to at most ``deals`` deals or ``games`` games (a first pass; the
        same checkpoint carries it on to the full count later)."""
        return Run(self.variant, self.a, self.b,
                   min(self.deals, deals) if deals and self.deals else self.deals,
                   min(self.games, games) if games and self.games else self.games)

    @property
    def size(self) -> int:
        return self.games or self.deals

    def command(self, checkpoint: Path | None = None) -> list[str]:
        cmd = ["match", "--variant", self.variant]
        for flag, level in (("--a", self.a), ("--b", self.b)):
            base, opts = VARIANTS.get(level, (level, ()))
            cmd += [flag, base]
            for o in opts:
                cmd += [f"{flag}-opt", o]
        cmd += ["--games", str(self.games)] if self.games else ["--deals", str(self.deals)]
        cmd += ["--seed", "1", "--jobs", "2", "--json"]
        if checkpoint is not None:
            cmd += ["--checkpoint", str(checkpoint)]
        return cmd


def plan() -> list[Run]:
    """Most important first: issue 17's targets, then issue 4's rows, then breadth."""
    runs = [Run("racehorse", "hard", "medium", 2000), Run("partnership-150", "hard", "medium",
                                                          2000),
            Run("racehorse", "hard", "hard-rulepass", 1000),
            Run("two-handed", "hard", "medium", 2000),
            Run("double-deck", "hard", "medium", 1000), Run("cutthroat", "hard", "medium", 1000)]
    runs += [Run(v, "hard", "medium", games=200) for v in GAMES]
    runs += [Run("racehorse", "expert", "hard", 2000), Run("two-handed", "expert", "hard", 2000)]
    runs += [Run(v, "open", "medium", 500) for v in ("racehorse", "two-handed")]
    runs += [Run(v, "expert", "medium", 500) for v in ("racehorse", "two-handed")]
    for v in TARGETED:
        runs += [Run(v, "medium", "easy", 2000), Run(v, "hard", "easy", 2000)]
    for v in ORDER:
        runs += [Run(v, "medium", "random", 500), Run(v, "easy", "random", 500)]
        if v not in TARGETED:
            runs.append(Run(v, "medium", "easy", 500))
    runs += [Run(v, "hard", "random", 200) for v in TARGETED]
    runs += [Run(v, "hard", "medium", 200) for v in ("partnership-190", "check")]
    return runs


def run_missing(out: Path, only: set[str] | None, upto: int | None,
                rows: set[int] | None = None, deals_cap: int | None = None,
                games_cap: int | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for i, full in enumerate(plan()):
        if upto is not None and i >= upto:
            break
        if rows is not None and i not in rows:
            continue
        run = full.capped(deals_cap, games_cap)
        f = out / f"{run.name}.json"
        if only and run.variant not in only:
            continue
        have = _load(out, run)
        if have is not None and (have.get("games", {}).get("games") if run.games
                                 else have.get("deals", 0)) >= run.size:
            continue
        cmd = [sys.executable, "-m", "game", *run.command(out / f"{run.name}.jsonl")]
        print("pinochle " + " ".join(run.command()), file=sys.stderr, flush=True)
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        tmp = f.with_suffix(".tmp")
        tmp.write_text(done.stdout, encoding="utf-8")
        tmp.replace(f)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def _load(out: Path, run: Run) -> Any:
    f = out / f"{run.name}.json"
    if not f.exists():
        return None
    return json.loads(f.read_text(encoding="utf-8"))


def tables(out: Path) -> str:
    rows = ["| preset | A vs B | deals | A − B per deal | 95% CI | A makes | B makes | "
            "A avg bid | B avg bid | A sets B | A trick pts | B trick pts |",
            "|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    games = ["| preset | A vs B | games (x seatings) | A wins | 95% CI | hands a game | "
             "A − B per hand | 95% CI |", "|---|---|---:|---:|---|---:|---:|---|"]
    times = ["| preset | A vs B | A p50 / p95 / max ms | card p95 / max | bid p95 / max | "
             "pass or discard p95 / max |", "|---|---|---|---|---|---|"]
    runs = sorted(plan(), key=lambda r: (ORDER.index(r.variant), PAIRS.index((r.a, r.b))))
    for run in runs:
        d = _load(out, run)
        if d is None:
            continue
        v, a, b = run.variant, run.a, run.b
        lo, hi = d["ci95"]
        if run.games:
            g = d["games"]
            glo, ghi = g["ci95"]
            games.append(f"| {v} | {a} vs {b} | {g['games']} (x{g['seatings'] // g['games']}) | "
                         f"{100 * g['a_win_rate']:.1f}% | {100 * glo:.1f} .. {100 * ghi:.1f} | "
                         f"{g['hands_per_game']} | {d['points_per_deal']:+.1f} | "
                         f"{lo:+.1f} .. {hi:+.1f} |")
            continue
        mr, ab, sr, tp = (d["make_rate"], d["average_bid"], d["set_rate"],
                          d["trick_points_per_deal"])
        rows.append(
            f"| {v} | {a} vs {b} | {d['deals']} | {d['points_per_deal']:+.1f} | "
            f"{lo:+.1f} .. {hi:+.1f} | {_pct(mr['a'])} | {_pct(mr['b'])} | "
            f"{ab['a'] or '–'} | {ab['b'] or '–'} | {_pct(sr['a'])} | "
            f"{tp['a']} | {tp['b']} |")
        if a in ("hard", "expert", "open"):
            t = d["decision_ms"]["a"]
            k = t["by_kind"]
            c, bd = k.get("card", {}), k.get("bid", {})
            ex = [k[x] for x in ("pass", "discard") if x in k]
            exs = " / ".join(f"{e['p95']} / {e['max']}" for e in ex) or "–"
            times.append(f"| {v} | {a} vs {b} | {t['p50']} / {t['p95']} / {t['max']} | "
                         f"{c.get('p95', '–')} / {c.get('max', '–')} | "
                         f"{bd.get('p95', '–')} / {bd.get('max', '–')} | {exs} |")
    return "\n".join(rows) + "\n\n" + "\n".join(games) + "\n\n" + "\n".join(times)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, required=True, help="folder for the match JSON files")
    p.add_argument("--run", action="store_true", help="play the matches not yet in --out")
    p.add_argument("--only", default="", help="comma-separated presets to run")
    p.add_argument("--upto", type=int, default=None, help="run only the first N rows")
    p.add_argument("--rows", default="", help="comma-separated rows of the plan to run "
                   "(0 first; --list shows them)")
    p.add_argument("--list", action="store_true", help="list the plan's rows and commands")
    p.add_argument("--deals-cap", type=int, default=None, help="play every row to at most "
                   "this many deals for now (a later run with a higher cap carries on)")
    p.add_argument("--games-cap", type=int, default=None, help="the same for whole games")
    args = p.parse_args(argv)
    if args.list:
        for i, run in enumerate(plan()):
            print(i, "pinochle " + " ".join(run.command()))
        return 0
    if args.run:
        rows = {int(x) for x in args.rows.split(",") if x} or None
        run_missing(args.out, {s for s in args.only.split(",") if s} or None, args.upto, rows,
                    args.deals_cap, args.games_cap)
    print(tables(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
