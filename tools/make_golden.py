"""Write the golden replays in tests/replays: a seeded game per preset, its actions, and the
event log they produce. A rules change that alters any of them shows up as a failing test.

    python -m tools.make_golden NAME      # a new preset's replay
    python -m tools.make_golden           # every preset's (a rules change that means it)
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Record the golden replays of the presets "
                                     "named (a new preset's only: the others stay as they are).")
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help="the presets to record (default: every one, which rewrites "
                             "every replay)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.presets if n not in preset_names()]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r} (choose from: {', '.join(preset_names())})")
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.presets or preset_names():
        data = record(name, 20261122)
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
        print(f"{name}: {len(data['actions'])} actions, {len(data['events'])} events")


if __name__ == "__main__":
    main()
