"""``python -m benchmarks.review_bias``: the review against an independent estimator (issue 35,
item 2). See ``benchmarks/review_bias/__init__.py`` and docs/review.md.

    nice -n 15 python -m benchmarks.review_bias --checkpoint bias.jsonl [--positions 210]
        [--seed 35] [--deals 100] [--most-deals 400] [--se 5] [--bots medium|hard]
        [--condition calls|rules] [--jobs 2] [--presets racehorse,...] [--json]

Each position's result is one line of the checkpoint (JSONL), written as soon as it is done;
a run given the same checkpoint skips the positions already there, so a long run resumes. The
first line holds the settings, and a run with other settings refuses the file. ``--report``
prints the table of a checkpoint without running anything.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.review_bias.compare import Settings, run_position
from benchmarks.review_bias.positions import positions
from benchmarks.review_bias.record import Position
from benchmarks.review_bias.report import acceptance, markdown, table


def _read(path: Path, settings: Settings) -> dict[str, dict[str, Any]]:
    """The results already in the checkpoint, by position key."""
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps({"settings": settings.as_dict()}) + "\n", encoding="utf-8")
        return {}
    done: dict[str, dict[str, Any]] = {}
    with path.open(encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                if n == 1:
                    raise SystemExit(f"{path}: line 1 is not JSON") from None
                print(f"{path}: line {n} is cut short (an interrupted write): ignored",
                      file=sys.stderr)
                continue
            if n == 1:
                if line.get("settings") != settings.as_dict():
                    raise SystemExit(f"{path} was written with other settings: "
                                     f"{line.get('settings')}")
                continue
            if not isinstance(line, dict) or "key" not in line or "o" not in line:
                raise SystemExit(f"{path}: line {n} is not a position's result")
            done[line["key"]] = line
    return done


def _job(args: tuple[Position, Settings]) -> dict[str, Any]:
    return run_position(*args)


def _run(todo: list[Position], settings: Settings, jobs: int) -> Iterator[dict[str, Any]]:
    work = [(p, settings) for p in todo]
    if jobs <= 1:
        yield from map(_job, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_job, work)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.review_bias")
    parser.add_argument("--positions", type=int, default=210)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--deals", type=int, default=100, help="deals per position, at least")
    parser.add_argument("--most-deals", type=int, default=400,
                        help="at most, while a difference's s.e. is above --se")
    parser.add_argument("--se", type=float, default=5.0)
    parser.add_argument("--bots", choices=("medium", "hard"), default="medium")
    parser.add_argument("--condition", choices=("calls", "rules"), default="calls",
                        help="calls: keep only deals on which the medium level makes every "
                             "other seat's calls (hands it played); rules: the rules alone")
    parser.add_argument("--tries", type=int, default=50_000,
                        help="proposals per kept deal before a position is called starved")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--presets", default="", help="only these presets, comma-separated")
    parser.add_argument("--checkpoint", default="", help="JSONL file: results, to resume")
    parser.add_argument("--report", action="store_true", help="only print the checkpoint's table")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    settings = Settings(args.seed, args.deals, args.most_deals, args.se, args.bots,
                        args.condition, args.tries)
    path = Path(args.checkpoint) if args.checkpoint else None
    done = _read(path, settings) if path is not None else {}
    chosen = positions(args.seed, args.positions)
    if args.presets:
        keep = set(args.presets.split(","))
        chosen = [p for p in chosen if p.preset in keep]
    keys = {p.key for p in chosen}
    todo = [p for p in chosen if p.key not in done]
    if not args.report:
        print(f"{len(chosen)} positions, {len(chosen) - len(todo)} already done", flush=True)
        for n, line in enumerate(_run(todo, settings, args.jobs), 1):
            done[line["key"]] = line
            if path is not None:
                with path.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(line, separators=(",", ":")) + "\n")
            print(f"  {n}/{len(todo)} {line['key']} ({line['kind']}): {line['n']} deals, "
                  f"{line['cpu']} s", flush=True)
    lines = [done[k] for k in sorted(done) if k in keys]
    rows = table(lines)
    print(markdown(rows))
    acc = acceptance(lines)
    print(f"kept deals per proposal, % by preset: {acc['kept_pct_by_preset']}")
    if acc["starved"]:
        print(f"starved (fewer deals than --deals): {', '.join(acc['starved'])}")
    example = next((line for line in lines if line["src"] == "example"), None)
    if example is not None:
        print("the issue's example: " + json.dumps(example["o"]))
    if args.json:
        print(json.dumps({"settings": settings.as_dict(), "positions": len(lines),
                          "table": {g: [r.as_dict() for r in rs] for g, rs in rows.items()},
                          "acceptance": acc}))


if __name__ == "__main__":
    main()
