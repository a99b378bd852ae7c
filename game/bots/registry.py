"""Making bots by name: the levels a player or a script may ask for, and their style options.

Nothing in :mod:`game.bots` imports this module; the match harness, the table and the command
line do. Every option is checked here, with one line naming the option and the allowed values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from game.bots.base import AGGRESSIONS, Bot, RandomBot
from game.bots.catalogue import CATALOGUE, STRONGEST
from game.bots.expert import GENERATIONS, ExpertBot, OpenBot
from game.bots.hard import HardBot
from game.bots.levels import EasyBot, MediumBot, Style

# Every name below comes from the catalogue (game/bots/catalogue.py), where levels are declared.
LEVELS = tuple(level.name for level in CATALOGUE)
# The levels a seat at the table may take; "random" is a seat kind of its own (demos, saves).
TABLE_LEVELS = tuple(level.name for level in CATALOGUE if level.at_table)
MEASUREMENT_ONLY = tuple(level.name for level in CATALOGUE if not level.at_table)
__all__ = ["LEVELS", "MEASUREMENT_ONLY", "STRONGEST", "TABLE_LEVELS", "make_bot", "parse_style"]


def _random(_: Style) -> Bot:
    return RandomBot()


MAKERS: dict[str, Callable[[Style], Bot]] = {
    "random": _random, "easy": EasyBot, "medium": MediumBot, "hard": HardBot,
    "expert": ExpertBot, "open": OpenBot}


def make_bot(level: str, **options: object) -> Bot:
    """A bot of the given level (``random``, ``easy``, ``medium``, ``hard``, ``expert``, and
    the measurement-only ``open``). Unknown levels, unknown options and options out of range
    raise ValueError with one line."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (choose from: {', '.join(LEVELS)})")
    return MAKERS[level](parse_style(options))


def _number(options: Mapping[str, object], key: str, low: float, high: float,
            whole: bool) -> float | None:
    value = options.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"bot option {key} must be a number, got {value!r}")
    if whole and not float(value).is_integer():
        raise ValueError(f"bot option {key} must be a whole number, got {value!r}")
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"bot option {key} must be between {low:g} and {high:g}, got {value!r}")
    return value


def _switch(options: Mapping[str, object], key: str) -> bool:
    value = options.get(key, "on")
    if value not in ("on", "off"):
        raise ValueError(f"bot option {key} must be on or off, got {value!r}")
    return value == "on"


def parse_style(options: Mapping[str, object]) -> Style:
    known = {"aggression", "think_samples", "samples", "noise", "bid_samples", "bid_shift",
             "card_search", "bid_search", "exchange_search", "exchange_samples", "game",
             "pass_search", "checks", "generation"}
    for key in options:
        if key not in known:
            raise ValueError(f"unknown bot option {key!r} (known: {', '.join(sorted(known))})")
    aggression = str(options.get("aggression", "normal"))
    if aggression not in AGGRESSIONS:
        raise ValueError(f"unknown aggression {aggression!r} (choose from: "
                         f"{', '.join(AGGRESSIONS)})")
    samples = _number(options, "samples", 1, 100_000, True)
    bid_samples = _number(options, "bid_samples", 1, 100_000, True)
    ex_samples = _number(options, "exchange_samples", 1, 100_000, True)
    generation = _number(options, "generation", 0, len(GENERATIONS) - 1, True)
    think = _number(options, "think_samples", 1, 10_000_000, True)
    return Style(aggression, None if think is None else int(think),
                 None if samples is None else int(samples),
                 _number(options, "noise", 0, 1, False),
                 None if bid_samples is None else int(bid_samples),
                 _number(options, "bid_shift", -10_000, 10_000, False),
                 _switch(options, "card_search"), _switch(options, "bid_search"),
                 _switch(options, "exchange_search"),
                 None if ex_samples is None else int(ex_samples), _switch(options, "game"),
                 _switch(options, "pass_search"), _switch(options, "checks"),
                 None if generation is None else int(generation))
