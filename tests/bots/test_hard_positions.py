"""``hard`` decides 300 recorded positions exactly as it did when they were recorded (issue 29:
"Keep a fixed set of 300 recorded positions; hard must choose the same action on each, with
the same seeds, before and after"). A speed-up that changes one decision fails here.
Re-record (``python -m tools.hard_positions --record``) only for a deliberate change of play,
and say which in the commit. The positions are pn1 lines (``tests/bots/data/*.pn1``), read by the
notation's reader: the engine plays each line's moves.

The fast tier checks a sample: every fifth position of each preset and kind of decision (the
first of each included, so every preset and kind is met); the rest are marked slow
(tests/tiers.py). The README's command checks all 300.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.tiers import PART, in_part
from tools.hard_positions import (
    FILE,
    FILE_TWO_HANDED,
    QUOTAS,
    QUOTAS_TWO_HANDED,
    Position,
    PositionsFileError,
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
    positions = load()
    assert len(positions) == 300
    have = Counter((p.preset, p.kind) for p in positions)
    want = Counter({(preset, kind): n for preset, q in QUOTAS.items() for kind, n in q.items()})
    assert have == want
    # Whole games: some positions come after the first hands, where the score is not 0 to 0.
    assert sum(p.state().hand_no > 1 and any(p.state().scores) for p in positions) > 100
    # The two parts hold every position once; the sample meets every preset and kind.
    sample, rest = _part(positions, "sample"), _part(positions, "rest")
    assert sorted(p.number for p in sample + rest) == sorted(p.number for p in positions)
    assert set(Counter((p.preset, p.kind) for p in sample)) == set(want)


@pytest.mark.parametrize("part", PART)
def test_hard_chooses_the_recorded_action_at_every_position(part):
    chosen = _part(load(), part)
    differ = [(p.number, p.preset, p.kind, p.expected, action)
              for p, action, _ in choose(chosen) if action != p.expected]
    assert differ == []


def test_two_handed_has_its_own_200_positions():
    positions = load(FILE_TWO_HANDED)
    have = Counter((p.preset, p.kind) for p in positions)
    want = Counter({(preset, kind): n for preset, q in QUOTAS_TWO_HANDED.items()
                    for kind, n in q.items()})
    assert have == want and len(positions) == 200


@pytest.mark.parametrize("part", PART)
def test_hard_chooses_the_recorded_action_at_every_two_handed_position(part):
    """The stock game's search, held to 200 decisions recorded before it was made faster."""
    positions = load(FILE_TWO_HANDED)
    differ = [(p.number, p.kind, p.expected, action)
              for p, action, _ in choose(_part(positions, part)) if action != p.expected]
    assert differ == []


@pytest.mark.parametrize("fault,message", [
    (lambda line: line.replace("; moves ", "; moves 9999 ", 1), "line 2: moves, token 1"),
    (lambda line: line.replace("| bid 320 |", "| bid 325 |"), "line 2: 'bid 325' is not legal"),
    (lambda line: line.replace(" S:TKJ.", " S:TKJJ.", 1), "line 2: deal"),
    (lambda line: line.replace(" | pn1", " pn1", 1), "line 2: 'KIND | ACTION | pn1 ...'"),
])
def test_a_corrupt_positions_line_is_refused_naming_the_line(tmp_path: Path, fault, message):
    """A position the rules cannot reach, or an expected action that is not legal there, is
    refused in one line naming the file and the line (never skipped or repaired)."""
    lines = FILE.read_text(encoding="utf-8").splitlines()
    lines[1] = fault(lines[1])
    bad = tmp_path / "bad.pn1"
    bad.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    with pytest.raises(PositionsFileError, match="^bad.pn1, " + message.replace("(", "\\(")):
        load(bad)


@pytest.mark.parametrize("preset", ["racehorse", "cutthroat", "two-handed"])
def test_the_recorder_writes_the_position_the_game_reached(preset):
    """``notation_at`` (what ``--record`` writes) cuts a game at any action, in a later hand
    too: the line reads back to the very state the game reached, but for the past hands'
    records (kept in a game's history, not in a position)."""
    import random

    from game.rules.actions import Deal
    from game.rules.engine import apply, legal_actions, new_game
    from game.rules.notation import read
    from game.rules.phase import Phase
    from game.store.content import load_preset
    from tools.hard_positions import notation_at

    rules = load_preset(preset)
    rng = random.Random(3)
    state = new_game(rules, 11)
    actions: list[str] = []
    cuts: list[tuple[int, object]] = []
    while len(actions) < 900 and not state.over:
        # Random play, but never ending the game early (declaring out, conceding).
        legal = [a for a in legal_actions(state) if not str(a).startswith(("declare", "concede"))]
        action = Deal() if state.phase == Phase.DEAL else rng.choice(legal)
        state, _ = apply(state, action)
        actions.append(str(action))
        if len(actions) % 37 == 0 and state.phase != Phase.DEAL:
            cuts.append((len(actions), state))
    assert sum(s.hand_no > 0 for _, s in cuts) >= 2  # cuts in later hands
    for at, reached in cuts:
        got = read(notation_at(preset, 11, actions, at), load_preset).state
        assert got == reached._replace(records=())  # type: ignore[attr-defined]
