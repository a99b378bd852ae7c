"""The generated sweep of malformed arguments (issue 26, item 6: "Run a generated sweep of
malformed arguments for every subcommand in the tests"): every option of every subcommand, read
from the parser, times every kind of bad value (tests/cli/arg_sweep.py). 0 tracebacks, 0 hangs,
and every refusal one line starting "pinochle: error:". It runs in a child under a CPU limit: a
FIFO named as a file blocks whoever opens it the wrong way, and the child would never end.
A seventh of the cases run in the fast tier, the others marked slow (tests/tiers.py).
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from tests.cli.arg_sweep import BASE, planned, subcommands
from tests.limits import ROOT, run_cpu_limited
from tests.tiers import PART


def test_the_sweep_covers_every_option_of_every_subcommand(tmp_path):
    cases = planned(tmp_path, "all")
    assert len(cases) > 700
    assert planned(tmp_path, "sample") + planned(tmp_path, "rest") != cases  # interleaved
    assert sorted(planned(tmp_path, "sample") + planned(tmp_path, "rest")) == sorted(cases)
    labels = [label for label, _ in cases]
    assert {label.split(" ")[0] for label in labels} == set(subcommands()) | {"(none)"} \
        == set(BASE) | {"(none)"}
    for name, parser in subcommands().items():
        for action in parser._actions:
            if action.option_strings and action.option_strings[0] != "-h":
                assert any(x.startswith(f"{name} {action.option_strings[0]}") for x in labels), \
                    (name, action.option_strings[0])
    # The sample meets every subcommand and every kind of bad value.
    sample = [label for label, _ in planned(tmp_path, "sample")]
    assert {x.split(" ")[0] for x in sample} == {x.split(" ")[0] for x in labels}
    kinds = {x.removeprefix("(none) ") for x in labels if x.startswith("(none) ")}
    assert all(any(x.endswith(f" {kind}") for x in sample) for kind in kinds)


@pytest.mark.parametrize("part", PART)
def test_malformed_arguments_for_every_subcommand_end_in_one_line(tmp_path, part):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PINOCHLE_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    out = run_cpu_limited([sys.executable, "-m", "tests.cli.arg_sweep", tmp_path / "sweep", part],
                          cpu_seconds=300, memory=3_000_000_000, cwd=tmp_path, env=env)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert out.returncode == 0 and lines and "counts" in lines[-1], \
        f"the sweep stopped at {lines[-1] if lines else None}: {out.stderr[-2000:]}"
    cases = [line for line in lines if "case" in line]
    counts = lines[-1]["counts"]
    bad = [c for c in cases if "traceback" in c]
    assert counts["tracebacks"] == 0, bad[:5]
    assert counts["unclear errors"] == 0, [c for c in cases if c["stderr_lines"] > 1][:5]
    assert counts["cases"] == len(cases)
    (tmp_path / "plan").mkdir()
    assert [c["case"] for c in cases] == [label for label, _ in planned(tmp_path / "plan", part)]
    assert counts["refused in one line"] > 0.9 * counts["cases"]
