"""The table's think time as a sample budget (issue 35, item 3: "Truly duplicate").

Settings' "Bots think for: 400 ms" once stopped hard's and expert's searches on the wall clock,
so a duplicate deal replayed in a worker on a busy machine searched less than the table's bot
had, and an opponent played another card in the same position with the same seed. Now nothing
a bot decides reads a clock. The machine is measured once (:func:`measure_rate`: how many
*reference samples* it searches per millisecond of CPU), and the think time becomes a number of
reference samples, ``think_ms × rate`` (``Settings.bot_options``). That number is a bot option
(``think_samples``), kept with the saved game and handed to every replay of it, so the table's
bots, a resumed game's bots, a Hint and the challenge's replays search the same samples whatever
the machine is doing. Each level turns it into the share of its own sample budget it searches
(``game.bots.hard.Budget.full_cost``).

A reference sample is one sampled deal of hard's card search at a fixed position: the first lead
of a racehorse hand played by medium from :data:`REFERENCE_SEED`, every legal card played out to
the end of the hand in the same deal. The position and the search are the same on every machine,
so the figure measures the machine, not the position. The fastest of :data:`REPEATS` runs is kept
(CPU time, not the wall clock): the figure is the machine's speed, not its load of the moment.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.bots.registry import make_bot
from game.bots.search import CardSearch
from game.rules.actions import Deal, PlayCard
from game.rules.engine import actor, apply, new_game
from game.rules.phase import Phase
from game.rules.view import PlayerView, observe
from game.store.content import load_preset
from game.store.settings import THINK_RATE, Settings

REFERENCE_PRESET = "racehorse"
REFERENCE_SEED = 35
REFERENCE_SAMPLES = 24  # per run: long enough for the CPU clock's resolution, short at start-up
REPEATS = 3
MAX_STEPS = 400  # actions from the deal to the first lead: a few dozen at most


def reference_position() -> PlayerView:
    """The first lead of the reference hand, as the leader sees it."""
    rules = load_preset(REFERENCE_PRESET)
    state, _ = apply(new_game(rules, REFERENCE_SEED), Deal())
    bot = make_bot("medium")
    for step in range(MAX_STEPS):
        view = observe(state, actor(state))
        if view.phase == Phase.TRICKS and not view.trick:
            return view
        state, _ = apply(state, bot.choose(view, random.Random(f"think/{step}")))
    raise RuntimeError(f"the reference hand reached no first lead in {MAX_STEPS} actions")


def reference_run(view: PlayerView, samples: int = REFERENCE_SAMPLES) -> None:
    """One run of the reference search: ``samples`` reference samples."""
    deck = view.rules.deck
    types = sorted({deck.type_of(a.card) for a in view.legal if isinstance(a, PlayCard)})
    CardSearch(view).run(types, random.Random("think/reference"), samples)


def measure_rate(clock: Callable[[], float] = time.process_time,
                 samples: int = REFERENCE_SAMPLES, repeats: int = REPEATS) -> float:
    """Reference samples this machine searches per millisecond of CPU (the fastest run)."""
    view = reference_position()
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        reference_run(view, samples)
        best = min(best, clock() - start)
    return samples / max(best * 1000.0, 1e-3)


def calibrate(settings: Settings, clock: Callable[[], float] = time.process_time) -> bool:
    """Measure this machine once, when a think time first needs it: True when the rate was
    measured now (the settings are then to be saved), False when it already was or is not
    needed (a think time of 0)."""
    if settings.think_rate > 0 or settings.think_ms <= 0:
        return False
    settings.think_rate = min(THINK_RATE[1], max(1e-4, round(measure_rate(clock), 4)))
    return True
