"""What a house table whose trick-taking is no preset's costs the first time the bots need its
hand models (issue 27, "Declared once": fitted at run time, never a generic model in silence).

    python -m benchmarks.house_fit [--json]

For each table below, the CPU time of the first ``model_for`` in this process (the fit of
``game.bots.calibrate.RUN_TIME_DEALS`` simulated deals; compiling the table's meld and trick
kernels included), and how well the fitted play model predicts the table's trick points on 300
other deals against the scaled start a table got before. CPU time (``time.process_time``), not
the wall clock: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence

from game.bots import handeval
from game.bots.calibrate import simulate, starting_models
from game.bots.handmodel import Model
from game.store.content import ruleset_from_text

METHOD_3 = '[tricks]\npoints = { A = 10, T = 10, K = 10 }\n'
TABLES = {
    "readme (racehorse, pass 4, x1)": 'base = "racehorse"\n[passing]\ncount = 4\n'
                                      '[meld]\nrun_includes_royal_marriage = true\n'
                                      '[scoring]\nscale = "x1"\n',
    "partnership-150, method 3": 'base = "partnership-150"\n' + METHOD_3,
    "cutthroat, method 3": 'base = "cutthroat"\n' + METHOD_3,
    "racehorse, pass 4": 'base = "racehorse"\n[passing]\ncount = 4\n',
    "double-deck, pass 4": 'base = "double-deck"\n[passing]\ncount = 4\n',
}


def rmse(model: Model, xs: list[list[float]], ys: list[float]) -> float:
    xs = [[v if i != 1 else 0.0 for i, v in enumerate(x)] for x in xs]
    return math.sqrt(sum((model.value(x) - y) ** 2 for x, y in zip(xs, ys, strict=True))
                     / len(ys))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = []
    for label, text in TABLES.items():
        rules = ruleset_from_text(f'name = "bench"\n{text}', "bench.toml")
        t = time.process_time()
        handeval.model_for(rules)
        cpu = time.process_time() - t
        _, _, px, py, _ = simulate(rules, 300, seed=98765)
        rows.append({"table": label, "fit_cpu_s": round(cpu, 3),
                     "play_rmse_fitted": round(rmse(handeval.play_model_for(rules), px, py), 1),
                     "play_rmse_start": round(rmse(starting_models(rules)[1], px, py), 1)})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['table']:34} fit {r['fit_cpu_s']:6.3f} s CPU   trick points missed by "
                  f"{r['play_rmse_fitted']} (the scaled start: {r['play_rmse_start']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
