"""The long loopback soak of the network table (issue 41): 500 hands with 200 random
disconnects, bots on their own devices in every seat, every message the host sends checked for
hidden cards and every view a device shows compared with the host's for its seat.

It needs about 30 CPU-minutes, so it is a benchmark rather than a test: the suite keeps the
short soak (tests/net/test_soak.py), which runs the same code for 3 hands and 6 drops. Exits 1
when any crash, desync or leak is found, so a run can be trusted from its exit code.

    python -m benchmarks.net_soak --hands 500 --drops 200
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.net.test_soak import soak  # noqa: E402 - after the drivers are chosen


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.net_soak", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default="racehorse")
    p.add_argument("--hands", type=int, default=500)
    p.add_argument("--drops", type=int, default=200)
    p.add_argument("--seed", type=int, default=41)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.hands < 1 or args.drops < 0:
        p.error("--hands must be at least 1 and --drops at least 0")
    wall, cpu = time.monotonic(), time.process_time()
    def report(hands: int, drops: int) -> None:
        if hands % 25 == 0:
            print(f"{hands} hands, {drops} drops, {round(time.monotonic() - wall)} s",
                  file=sys.stderr, flush=True)

    figures = soak(args.preset, hands=args.hands, drops=args.drops, seed=args.seed,
                   report=report)
    figures |= {"wall_s": round(time.monotonic() - wall), "cpu_s": round(time.process_time() - cpu)}
    print(json.dumps(figures) if args.json else
          ", ".join(f"{k} {v}" for k, v in figures.items()))
    bad = figures["crashes"] or figures["desyncs"] or figures["leaks"] or \
        figures["hands"] < args.hands or figures["drops"] < args.drops
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
