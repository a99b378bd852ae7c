"""Every game ends, on every preset and on house-rules files at the edges of what is allowed.

Each table plays 200 hands with the legal-move bots in a child process under a CPU-time and a
memory limit: before, ``min_bid = 1, step = 1, max_bid = 1000000000000`` grew past 24 GB, a
two-handed target of 10 never finished (declaring out ended games with no hand scored), and an
overtime step of 0 never ended a tied game.
"""

from __future__ import annotations

import json

import pytest

from game.store.content import preset_names
from tests.limits import run_limited

HEAD = 'name = "edge"\ntitle = "Edge"\n'
EXTREMES = {
    "huge bid range": 'base = "racehorse"\n[auction]\nmin_bid = 1\nstep = 1\n'
                      'max_bid = 100000\nall_pass_bid = 1\n',
    "two-handed target 10": 'base = "two-handed"\n[scoring]\ntarget = 10\n',
    "target 1": 'base = "cutthroat"\n[scoring]\ntarget = 1\n',
    "target 100000": 'base = "partnership-150"\n[scoring]\ntarget = 100000\n',
    "overtime step 1": 'base = "cutthroat"\n[scoring]\ntarget = 300\ntie_rule = "overtime"\n'
                       "overtime_step = 1\n",
    "every ending skipped but one": 'base = "partnership-150"\n[auction]\nstep = 10\n'
                                    "skip_endings = [0, 10, 20, 30, 40, 60, 70, 80, 90]\n",
    "one card a packet": 'base = "double-deck"\n[table]\ndeal_packet = 1\n',
    "modern scale": 'base = "racehorse"\n[scoring]\nscale = "x1"\n',
    "stars, many levels": 'base = "partnership-190"\n[scoring]\nstar_levels = '
                          + str(list(range(250, 250 + 50 * 40, 50))) + "\n",
    "hands game, one hand": 'base = "check"\n[scoring]\ngame = "hands"\nhands = 1\n',
}

SIMULATE = """
import json
from game.store.content import load_ruleset, ruleset_from_text
from game.match.simulate import simulate
arg = {arg!r}
rules = load_ruleset(arg) if not arg.startswith("base") else ruleset_from_text(arg, "edge")
report = simulate(rules, 200, seed=7)
print(json.dumps(report.to_json()))
"""


def _simulate(arg: str) -> dict[str, object]:
    out = run_limited(SIMULATE.format(arg=arg), cpu_seconds=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_plays_200_hands_within_limits(name):
    report = _simulate(name)
    assert report["hands"] == 200 and report["invariant_violations"] == 0, report


@pytest.mark.parametrize("label", list(EXTREMES))
def test_extreme_but_valid_house_rules_play_200_hands_within_limits(label):
    text = EXTREMES[label]
    base, _, rest = text.partition("\n")
    report = _simulate(base + "\n" + HEAD + rest)
    assert report["hands"] == 200 and report["invariant_violations"] == 0, report
