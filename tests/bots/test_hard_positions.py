"""``hard`` decides 300 recorded positions exactly as it did when they were recorded (issue 29:
"Keep a fixed set of 300 recorded positions; hard must choose the same action on each, with
the same seeds, before and after"). A speed-up that changes one decision fails here.
Re-record (``python -m tools.hard_positions --record``) only for a deliberate change of play,
and say which in the commit.

The fast tier checks a sample: every fifth position of each preset and kind of decision (the
first of each included, so every preset and kind is met); the rest are marked slow
(tests/tiers.py). The README's command checks all 300.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.tiers import PART, in_part
from tools.hard_positions import (
    FILE_TWO_HANDED,
    QUOTAS,
    QUOTAS_TWO_HANDED,
    Position,
    choose,
    load,
)

EVERY = 5


def _part(positions: list[Position], part: str) -> list[Position]:
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for p in positions:
        group = (p.preset, p.kind)
        if in_part(seen[group], part, EVERY):
            out.append(p)
        seen[group] += 1
    return out


def test_the_positions_cover_every_preset_and_kind():
    games, positions = load()
    assert len(positions) == 300
    have = Counter((p.preset, p.kind) for p in positions)
    want = Counter({(preset, kind): n for preset, q in QUOTAS.items() for kind, n in q.items()})
    assert have == want
    # Whole games: some positions come after the first hand, where the score is not 0 to 0.
    assert any(g.actions.count("deal") > 2 for g in games)
    # The two parts hold every position once; the sample meets every preset and kind.
    sample, rest = _part(positions, "sample"), _part(positions, "rest")
    assert sorted(p.number for p in sample + rest) == sorted(p.number for p in positions)
    assert set(Counter((p.preset, p.kind) for p in sample)) == set(want)


@pytest.mark.parametrize("part", PART)
def test_hard_chooses_the_recorded_action_at_every_position(part):
    games, positions = load()
    chosen = _part(positions, part)
    differ = [(p.number, p.preset, p.kind, p.expected, action)
              for p, action, _ in choose(chosen, games) if action != p.expected]
    assert differ == []


def test_two_handed_has_its_own_200_positions():
    games, positions = load(FILE_TWO_HANDED)
    have = Counter((p.preset, p.kind) for p in positions)
    want = Counter({(preset, kind): n for preset, q in QUOTAS_TWO_HANDED.items()
                    for kind, n in q.items()})
    assert have == want and len(positions) == 200


@pytest.mark.parametrize("part", PART)
def test_hard_chooses_the_recorded_action_at_every_two_handed_position(part):
    """The stock game's search, held to 200 decisions recorded before it was made faster."""
    games, positions = load(FILE_TWO_HANDED)
    differ = [(p.number, p.kind, p.expected, action)
              for p, action, _ in choose(_part(positions, part), games) if action != p.expected]
    assert differ == []
