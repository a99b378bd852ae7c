"""The generated sweep of malformed arguments (issue 26, item 6: "Run a generated sweep of
malformed arguments for every subcommand in the tests"): every option of every subcommand, read
from the parser, times every kind of bad value (tests/cli/arg_sweep.py). 0 tracebacks, 0 hangs,
and every refusal one line starting "pinochle: error:". It runs in a child under a CPU limit: a
FIFO named as a file blocks whoever opens it the wrong way, and the child would never end.
"""

from __future__ import annotations

import json
import os
import sys

from tests.cli.arg_sweep import BASE, subcommands
from tests.limits import ROOT, run_cpu_limited


def test_malformed_arguments_for_every_subcommand_end_in_one_line(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PINOCHLE_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    out = run_cpu_limited([sys.executable, "-m", "tests.cli.arg_sweep", tmp_path / "sweep"],
                          cpu_seconds=300, memory=3_000_000_000, cwd=tmp_path, env=env)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert out.returncode == 0 and lines and "counts" in lines[-1], \
        f"the sweep stopped at {lines[-1] if lines else None}: {out.stderr[-2000:]}"
    cases = [line for line in lines if "case" in line]
    counts = lines[-1]["counts"]
    bad = [c for c in cases if "traceback" in c]
    assert counts["tracebacks"] == 0, bad[:5]
    assert counts["unclear errors"] == 0, [c for c in cases if c["stderr_lines"] > 1][:5]
    assert counts["cases"] == len(cases) > 700
    assert counts["refused in one line"] > 0.9 * counts["cases"]
    # every subcommand, and every one of its options, was swept
    swept = {c["case"].split(" ")[0] for c in cases}
    assert swept == set(subcommands()) | {"(none)"} == set(BASE) | {"(none)"}
    for name, parser in subcommands().items():
        for action in parser._actions:
            if action.option_strings and action.option_strings[0] != "-h":
                assert any(c["case"].startswith(f"{name} {action.option_strings[0]}")
                           for c in cases), (name, action.option_strings[0])
