"""Golden replays: each preset's recorded game (seed and actions) must produce exactly the
recorded events and scores. Regenerate with ``python -m tools.make_golden`` only after a
deliberate rules change, and say why in the commit."""

import json
from pathlib import Path

import pytest

from game.rules.actions import parse_action
from game.rules.engine import replay
from game.store.content import load_preset, preset_names
from tools.make_golden import event_text

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", preset_names())
def test_recorded_game_replays_exactly(name):
    data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    state, events = replay(load_preset(name), data["seed"],
                           [parse_action(a) for a in data["actions"]])
    assert [event_text(e) for e in events] == data["events"]
    assert list(state.scores) == data["scores"]
    assert len(data["actions"]) > 20
