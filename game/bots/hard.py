"""The ``hard`` level: determinized search for card play and for every exchange (trump,
passing, the widow, the discard, concessions), bids by the expected value of each contract over
sampled hands, and the two-handed game searched from the first trick."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots import exdecide, hardbid, stocksearch, twohand
from game.bots.base import points_text
from game.bots.knowledge import Knowledge, build
from game.bots.levels import LevelBot, Style, classic_exchange, heuristic_play
from game.bots.playmodel import Reading
from game.bots.playoff import SolverCache
from game.bots.playrules import Play
from game.bots.search import CardSearch, Choice, default_budget
from game.rules.actions import Action, PlayCard
from game.rules.phase import Phase
from game.rules.view import PlayerView


@dataclass(frozen=True)
class Budget:
    """A level's search budget, in sampled deals (never the clock)."""

    # Card play: twice the samples of the first hard, whose p95 was a fifth of its 300 ms.
    card_scale: float = 2.0  # times the card search's default samples
    card_cap: int = 128  # most samples per card decision
    bid_samples: int = 48
    exchange_samples: int = 96
    pass_width: int = 4  # best passes kept per classic weighting
    discard_width: int = 12
    stock_samples: int = 48  # two-handed, per decision of the stock phase
    stock_width: int = 7  # cards searched per decision of the stock phase
    infer: bool = False  # card play: weigh sampled deals by the auction
    playoff_tricks: int = 0  # two-handed: solve the playoff exactly from this many tricks left
    reading: Reading | None = None  # card play: read the others' cards (game.bots.playmodel)
    pool: float = 1.0  # card play with a reading: deals drawn per deal searched
    pool_cap: int = 512  # ... and at most this many more than searched
    by_seat: bool = False  # two-handed stock search: draws by seat, not by the stock's order
    tree_tricks: int = 0  # card play: information-set MCTS while fewer tricks than this are done
    # The level's slow decision (the p95 over the fixed positions, at this whole budget) in
    # reference samples (game.match.thinking), measured by ``python -m benchmarks.think_budget``
    # (hard: p95 195 ms at 0.99 reference samples a ms): a think time of that many reference
    # samples or more lets the level search its whole budget.
    full_cost: float = 194.0


HARD = Budget()
MIN_SAMPLES = 8  # the fewest sampled deals a search is cut to by a short think time


class HardBot(LevelBot):
    """The ``hard`` level: its searches spend its :class:`Budget`, cut to the share that fits the
    table's think time."""

    budget = HARD

    def __init__(self, style: Style, level: str = "hard") -> None:
        super().__init__(level, style)
        self.playoff_cache = SolverCache()  # solved playoff positions, exact: see its doc

    @property
    def share(self) -> float:
        """The share of the level's sample budget that fits in the table's think time."""
        think = self.style.think_samples
        return 1.0 if think is None else min(1.0, think / self.budget.full_cost)

    def within(self, samples: int) -> int:
        """``samples`` cut to the think time's share (never below a few deals, which is what
        a search needs to tell a card from another at all)."""
        share = self.share
        if share >= 1.0:
            return samples
        return max(min(samples, MIN_SAMPLES), round(samples * share))

    def card_samples(self, view: PlayerView, candidates: int) -> int:
        if self.style.samples:
            return self.style.samples
        b = self.budget
        base = default_budget(sum(view.hand_sizes), candidates, b.card_cap)
        return self.within(max(8, round(base * b.card_scale)))

    def play(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        deck = view.rules.deck
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        types = sorted({deck.type_of(a.card) for a in cards})
        if len(types) == 1:
            return cards[0], "the only legal card"
        if not self.style.card_search:  # for measurement: the heuristic card play
            return heuristic_play(view, counting=True)
        k = build(view)
        ranked = self._ranked(view, k, types, rng, False)
        best = ranked[0]
        card = deck.types[best.card_type]
        # Explain with the rule a player would name when the heuristic agrees.
        trick = [(s, deck.type_of(c)) for s, c in view.trick]
        mask = 0
        for t in types:
            mask |= deck.one[t]
        p = Play(k, trick, True)
        t_rule, why = p.lead(mask) if not trick else p.follow(mask)
        if t_rule == best.card_type:
            return PlayCard(card), why
        margin = best.value - ranked[1].value
        second = deck.types[ranked[1].card_type].pretty
        whose = "your side" if view.rules.partnerships else "you"
        return PlayCard(card), (f"play the {card.pretty}: about {points_text(margin)} more "
                                f"for {whose} than the {second}, given the cards seen so far")

    def ranked_cards(self, view: PlayerView, rng: random.Random) -> list[Choice] | None:
        """The card search this bot runs at ``view``, best first (its choice, by the same
        generator), each card valued in this hand's points too; None where it decides without
        it (one kind of card, a throw-in to weigh, the heuristic play, the two-handed game).
        The review grades card play with it, so that the expert's pick and the grades come from
        one search."""
        if view.rules.stock.enabled or not self.style.card_search:
            return None
        if not view.legal or not all(isinstance(a, PlayCard) for a in view.legal):
            return None
        deck = view.rules.deck
        types = sorted({deck.type_of(a.card) for a in view.legal if isinstance(a, PlayCard)})
        if len(types) == 1:
            return None
        return self._ranked(view, build(view), types, rng, True)

    def _ranked(self, view: PlayerView, k: Knowledge, types: list[int], rng: random.Random,
                points: bool) -> list[Choice]:
        search = self.card_search(view, k, points)
        samples = self.card_samples(view, len(types))
        if len(view.tricks) < self.budget.tree_tricks and not view.revealed:
            return search.run_tree(types, rng, samples)
        return search.run(types, rng, samples)

    def card_search(self, view: PlayerView, k: Knowledge, points: bool = False) -> CardSearch:
        b = self.budget
        return CardSearch(view, k, infer=b.infer, game=self.style.game, points=points,
                          reading=b.reading, pool=b.pool, pool_cap=b.pool_cap)

    def bid(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        if not self.style.bid_search:  # for measurement: the heuristic auction
            return super().bid(view, rng)
        return hardbid.decide(view, rng, self.style.aggression,
                              self.style.bid_samples or self.within(self.budget.bid_samples),
                              self.style.bid_shift, self.style.game)

    def exchange(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        if not self.style.exchange_search or (  # for measurement: the classic rules
                not self.style.pass_search and view.phase in (Phase.PASS, Phase.PASS_BACK)):
            return classic_exchange(view)
        b = self.budget
        n = self.style.exchange_samples or self.within(b.exchange_samples)
        g, c = self.style.game, self.style.checks
        phase = view.phase
        if phase == Phase.TRUMP:
            return exdecide.search_trump(view, rng, n, game=g, checks=c)
        if phase == Phase.PASS:
            return exdecide.search_pass(view, rng, n, b.pass_width, game=g, checks=c)
        if phase == Phase.PASS_BACK and view.rules.passing.exchange == "simultaneous":
            # The pass-back search deals every unseen card into a hand; here the partner's packet
            # lies set aside, unseen, so it has no model of this choice: the classic rules choose.
            return classic_exchange(view)
        if phase == Phase.PASS_BACK:
            return exdecide.search_pass_back(view, rng, n, 3 * b.pass_width, game=g, checks=c)
        if phase == Phase.WIDOW:
            return exdecide.search_widow(view, rng, n, game=g, checks=c)
        if phase == Phase.DISCARD:
            return exdecide.search_discard(view, rng, n, b.discard_width, game=g, checks=c)
        return exdecide.search_decide(view, rng, n, game=g, checks=c)

    def throw_in(self, view: PlayerView, rng: random.Random) -> tuple[bool, str]:
        if not self.style.exchange_search:
            return super().throw_in(view, rng)
        if view.rules.throw_in.mode == "over-margin":
            return super().throw_in(view, rng)  # the bid cannot be made: always throw in
        n = self.style.exchange_samples or self.within(self.budget.exchange_samples)
        return exdecide.search_throw_in(view, rng, n, game=self.style.game,
                                        checks=self.style.checks)

    def stock_game(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        out = twohand.declare_out(view)
        if out is not None:
            return out
        if not self.style.card_search:  # for measurement: medium's stock game
            return twohand.decide(view, "hard", rng)
        if view.playoff:
            if view.phase == Phase.TRICKS:
                return twohand.playoff_search(view, rng,
                                              solved_tricks=self.budget.playoff_tricks,
                                              cache=self.playoff_cache)
            return twohand.decide(view, "hard", rng)
        b = self.budget
        rule, why = twohand.decide(view, "hard", rng)
        found = stocksearch.decide(view, rng, self.style.samples or self.within(b.stock_samples),
                                   b.stock_width, preferred=rule, game=self.style.game,
                                   by_seat=b.by_seat)
        if found is None or found[0] == rule:
            return rule, why  # the rule a player would name, when the search agrees
        return found


__all__ = ["HARD", "Budget", "HardBot", "heuristic_play"]
