"""The ``hard`` level: determinized search for card play, bids by the expected value of each
contract over sampled hands, and the playoff of the two-handed game solved outright."""

from __future__ import annotations

import random

from game.bots import hardbid, twohand
from game.bots.knowledge import build
from game.bots.levels import LevelBot, Style, heuristic_play
from game.bots.playrules import Play
from game.bots.search import CardSearch, default_budget
from game.rules.actions import Action, PlayCard
from game.rules.phase import Phase
from game.rules.view import PlayerView


class HardBot(LevelBot):
    def __init__(self, style: Style) -> None:
        super().__init__("hard", style)

    def play(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        deck = view.rules.deck
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        types = sorted({deck.type_of(a.card) for a in cards})
        if len(types) == 1:
            return cards[0], "the only legal card"
        if not self.style.card_search:  # for measurement: the heuristic card play
            return heuristic_play(view, counting=True)
        k = build(view)
        left = sum(view.hand_sizes)
        samples = self.style.samples or default_budget(left, len(types))
        search = CardSearch(view, k)
        ranked = search.run(types, rng, samples, self.style.think_ms)
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
        return PlayCard(card), (f"play the {card.pretty}: in {samples} deals consistent with "
                                f"what I have seen it scores best for our side (by "
                                f"{margin:.0f} points over the {second})")

    def bid(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        if not self.style.bid_search:  # for measurement: the heuristic auction
            return super().bid(view, rng)
        return hardbid.decide(view, rng, self.style.aggression, self.style.bid_samples or 48,
                              self.style.bid_shift, self.style.think_ms)

    def stock_game(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        out = twohand.declare_out(view)
        if out is not None:
            return out
        if view.playoff and view.phase == Phase.TRICKS and self.style.card_search:
            return twohand.playoff_search(view, rng)
        return twohand.decide(view, "hard", rng)


__all__ = ["HardBot", "heuristic_play"]
