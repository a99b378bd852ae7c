"""The hostile-file sweep (issue 26, "Done when"): every user file the game reads times every kind
of bad file, with 0 tracebacks, 0 hangs and 0 data lost. The sweep itself is
tests/store/file_sweep.py; here it runs in a child under a CPU limit (a FIFO opened the wrong way
blocks: the child would never end), as root without root's right to read any file. A quarter
of the cases run in the fast tier, the others marked slow (tests/tiers.py).
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from tests.limits import ROOT, run_cpu_limited
from tests.store.file_sweep import FILES, KINDS, planned
from tests.tiers import PART


def test_the_two_parts_hold_every_case_once_and_the_sample_every_file_and_kind():
    both = planned("sample") + planned("rest")
    assert sorted(both) == planned("all") and len(set(both)) == len(FILES) * len(KINDS) >= 150
    assert {i for i, _ in planned("sample")} == set(range(len(FILES)))
    assert {j for _, j in planned("sample")} == set(range(len(KINDS)))


@pytest.mark.parametrize("part", PART)
def test_every_user_file_times_every_kind_of_bad_file(tmp_path, part):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    out = run_cpu_limited([sys.executable, "-m", "tests.store.file_sweep", tmp_path / "sweep",
                           part],
                          cpu_seconds=300, memory=3_000_000_000, as_a_user=True, cwd=tmp_path,
                          env=env)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert out.returncode == 0 and lines and "counts" in lines[-1], \
        f"the sweep stopped at {lines[-1] if lines else None}: {out.stderr[-2000:]}"
    cases = [line for line in lines if "file" in line]
    assert [(c["file"], c["kind"]) for c in cases] == [(FILES[i][0], KINDS[j])
                                                       for i, j in planned(part)]
    bad = [c for c in cases if c.get("traceback") or c.get("unclear") or c.get("silent")
           or c.get("lost")]
    assert lines[-1]["counts"] == {"cases": len(cases), "tracebacks": 0, "unclear errors": 0,
                                   "not named": 0, "data lost": 0}, bad[:5]
    # The unreadable files were unreadable (root had given up its right to read them).
    unreadable = [c for c in cases if c["kind"] == "unreadable"]
    assert unreadable and all(c.get("effective") for c in unreadable), unreadable[:2]
