"""The ``expert`` level and the measurement-only ``open`` level.

``expert`` is ``hard`` with the table's think budget spent: several times the sampled deals in
every search (card play, the exchanges, the auction, the two-handed stock game), and more
candidates tried in the exchanges; on top of that, algorithms ``hard`` does not run. Each
change is a *generation*, kept only when it beat the one before in a duplicate match
(docs/strength.md, "An expert worth its name"); the bot option ``generation=N`` plays an earlier
one, so every measurement can be made again:

* 0: ``hard``'s searches with about six times the samples (the first expert);
* 1: the two-handed playoff solved exactly from ten tricks left (:mod:`game.bots.playoff`),
  where ``hard`` solves the last five and plays out the rest;
* 2: the whole two-handed playoff (twelve tricks) solved exactly, once per hand: the positions
  solved at its first card answer the later ones (:class:`game.bots.playoff.SolverCache`);
* 3 (on trial): card play reads the others' cards as well as the auction: deals are drawn
  three times over and resampled by the likelihood of every card the others played under a
  fitted policy (:mod:`game.bots.playmodel`, policy-based inference);
* 4 (on trial, from 2): the two-handed stock search draws by seat rather than by the stock's
  order, so candidates that win and lose a trick draw the same cards in a sample;
* 5 (on trial, from 4): three times the stock search's samples (360) and up to 12 cards
  searched (9 before): the stock play's remaining noise, at about three times its CPU;
* 6 (on trial, from 2): the first four tricks' cards searched by information-set MCTS over
  the next two tricks (:mod:`game.bots.ismcts`) with the flat search's playouts, the deals
  resampled by the auction from a pool twice as large.

Its budget is a number of samples, so a match replays exactly; decision times are held in
``benchmarks/bots.py`` (card p95 at most 1 s, a bid, pass or discard at most 2 s).

``open`` plays with every card visible (the match harness gives it a revealed view) and is
otherwise ``hard``: the ceiling a search with perfect guesses of the hidden cards reaches. It is
never offered at the table.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.bots.hard import Budget, HardBot
from game.bots.levels import Style
from game.bots.playmodel import READING
from game.rules.actions import Action
from game.rules.view import PlayerView

EXPERT_0 = Budget(card_scale=4.0, card_cap=256, bid_samples=128, exchange_samples=192,
                  pass_width=5, discard_width=16, stock_samples=120, stock_width=9, infer=True,
                  full_cost=571.0)  # p95 575 ms at 0.99 a ms (benchmarks/think_budget.py)
EXPERT_1 = replace(EXPERT_0, playoff_tricks=10)
EXPERT_2 = replace(EXPERT_1, playoff_tricks=12)
GENERATIONS = (EXPERT_0, EXPERT_1, EXPERT_2, replace(EXPERT_2, reading=READING, pool=3.0),
               replace(EXPERT_2, by_seat=True),
               replace(EXPERT_2, by_seat=True, stock_samples=360, stock_width=12),
               replace(EXPERT_2, tree_tricks=4, pool=2.0))
# The latest kept: a generation after it is on trial (``--a-opt generation=N``) until its A/B
# against this one is in (docs/strength.md, "The expert: what was tried").
EXPERT_GENERATION = 2
EXPERT = GENERATIONS[EXPERT_GENERATION]


class ExpertBot(HardBot):
    """The ``expert`` level: ``hard`` with the expert's budget, or with an earlier generation's when
    its style names one."""

    budget = EXPERT

    def __init__(self, style: Style) -> None:
        super().__init__(style, "expert")
        if style.generation is not None:
            self.budget = GENERATIONS[style.generation]


class OpenBot(HardBot):
    """Sees every card: for measurement only (``pinochle match``)."""

    sees_all = True

    def __init__(self, style: Style) -> None:
        super().__init__(style, "open")

    def _decide(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        if not view.revealed:
            raise ValueError("the open level sees every card: it plays only in measurements, "
                             "which give it a revealed view")
        return super()._decide(view, rng)
