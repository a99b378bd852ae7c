"""Write the golden replays in tests/replays: a seeded game per preset, its actions, and the
event log they produce. A rules change that alters any of them shows up as a failing test.

    python -m tools.make_golden
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.match.simulate import legal_bot
from game.rules.engine import apply, new_game
from game.rules.events import HandScored
from game.store.content import load_preset, preset_names

OUT = Path(__file__).resolve().parents[1] / "tests" / "replays"


def event_text(event: object) -> str:
    return f"{type(event).__name__} {event!r}"


def record(name: str, seed: int, hands: int = 2) -> dict[str, object]:
    rules = load_preset(name)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    actions, log = [], []
    done = 0
    while not state.over and done < hands:
        action = legal_bot(state, rng)
        state, events = apply(state, action)
        actions.append(str(action))
        log.extend(event_text(e) for e in events)
        done += sum(1 for e in events if isinstance(e, HandScored))
    return {"preset": name, "seed": seed, "actions": actions, "events": log,
            "scores": list(state.scores)}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in preset_names():
        data = record(name, 20261122)
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
        print(f"{name}: {len(data['actions'])} actions, {len(data['events'])} events")


if __name__ == "__main__":
    main()
