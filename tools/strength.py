"""The strength table of docs/strength.md: run the duplicate matches and print the tables.

    python -m tools.strength --out DIR [--run] [--only racehorse,partnership-150]

With ``--run`` every match whose JSON is not yet in DIR is played with ``pinochle match ...
--seed 1 --jobs 2 --json`` (so an interrupted run resumes where it stopped); without it the
tables are printed from what DIR holds. Each row's command is the one in the docs, so any row
can be checked on its own.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ORDER = ["racehorse", "partnership-150", "double-deck", "partnership-190", "cutthroat",
         "check", "two-handed"]
PAIRS = [("hard", "medium"), ("hard", "easy"), ("hard", "random"), ("medium", "easy"),
         ("medium", "random"), ("easy", "random")]
TARGETED = ("racehorse", "partnership-150")  # the presets the issue sets targets on


def plan() -> list[tuple[str, str, str, int]]:
    """(variant, A, B, deals), most important first: the targets, then breadth."""
    runs = []
    for v in TARGETED:
        runs += [(v, "medium", "easy", 2000), (v, "hard", "medium", 2000),
                 (v, "hard", "easy", 2000)]
    for v in ORDER:
        runs += [(v, "medium", "random", 500), (v, "easy", "random", 500)]
        if v not in TARGETED:
            runs.append((v, "medium", "easy", 500))
    runs += [(v, "hard", "random", 200) for v in TARGETED]
    runs += [(v, "hard", "medium", 100) for v in ORDER if v not in TARGETED]
    return runs


def path_of(out: Path, v: str, a: str, b: str) -> Path:
    return out / f"{v}__{a}__{b}.json"


def run_missing(out: Path, only: set[str] | None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for v, a, b, n in plan():
        f = path_of(out, v, a, b)
        if (only and v not in only) or f.exists():
            continue
        cmd = [sys.executable, "-m", "game", "match", "--variant", v, "--a", a, "--b", b,
               "--deals", str(n), "--seed", "1", "--jobs", "2", "--json"]
        print(" ".join(["pinochle", *cmd[3:]]), file=sys.stderr, flush=True)
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        tmp = f.with_suffix(".tmp")
        tmp.write_text(done.stdout, encoding="utf-8")
        tmp.replace(f)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def tables(out: Path) -> str:
    rows = ["| preset | A vs B | deals | A − B per deal | 95% CI | A makes | B makes | "
            "A avg bid | B avg bid | A sets B | A trick pts | B trick pts |",
            "|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    times = ["| preset | A vs B | A p50 / p95 / max ms | card p95 / max | bid p95 / max |",
             "|---|---|---|---|---|"]
    for v in ORDER:
        for a, b in PAIRS:
            f = path_of(out, v, a, b)
            if not f.exists():
                continue
            d = json.loads(f.read_text(encoding="utf-8"))
            lo, hi = d["ci95"]
            rows.append(
                f"| {v} | {a} vs {b} | {d['deals']} | {d['points_per_deal']:+.1f} | "
                f"{lo:+.1f} .. {hi:+.1f} | {_pct(d['make_rate']['a'])} | "
                f"{_pct(d['make_rate']['b'])} | {d['average_bid']['a'] or '–'} | "
                f"{d['average_bid']['b'] or '–'} | {_pct(d['set_rate']['a'])} | "
                f"{d['trick_points_per_deal']['a']} | {d['trick_points_per_deal']['b']} |")
            if a == "hard":
                t = d["decision_ms"]["a"]
                k = t["by_kind"]
                c, bd = k.get("card", {}), k.get("bid", {})
                times.append(f"| {v} | {a} vs {b} | {t['p50']} / {t['p95']} / {t['max']} | "
                             f"{c.get('p95', '–')} / {c.get('max', '–')} | "
                             f"{bd.get('p95', '–')} / {bd.get('max', '–')} |")
    return "\n".join(rows) + "\n\n" + "\n".join(times)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, required=True, help="folder for the match JSON files")
    p.add_argument("--run", action="store_true", help="play the matches not yet in --out")
    p.add_argument("--only", default="", help="comma-separated presets to run")
    args = p.parse_args(argv)
    if args.run:
        run_missing(args.out, {s for s in args.only.split(",") if s} or None)
    print(tables(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
