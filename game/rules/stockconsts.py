"""Per-rule-set constants of the two-handed game (004), built once and kept on the rule set:
the two kernels (stock phase, playoff), the dix per trump suit, and the actions and events every
trick needs, so the per-card code in :mod:`game.rules.stock` looks nothing up twice."""

from __future__ import annotations

from game.rules.actions import Action, DeclareOut, PlayCard
from game.rules.cards import Card
from game.rules.events import CardDrawn
from game.rules.kernel import kernel_for
from game.rules.ruleset import RuleSet
from game.rules.stockmeld import MeldOption

DECLARE_OUT = DeclareOut()


class StockRules:
    """What the two-handed hot paths need from a rule set, looked up once per rule set."""

    __slots__ = ("kernels", "dix_types", "declare_tail", "table_plays", "drawn", "last_options",
                 "last_legal")

    def __init__(self, rules: RuleSet) -> None:
        # (stock phase, playoff): indexed by StockHand.playoff
        self.kernels = (kernel_for(rules, rules.tricks.obligations),
                        kernel_for(rules, rules.stock.playoff_obligations))
        dix = rules.dix_rank
        self.dix_types = tuple(rules.deck.type_of(Card(dix, suit)) for suit in range(4)
                               ) if dix is not None else (-1,) * 4  # type: ignore[arg-type]
        self.declare_tail: tuple[Action, ...] = (
            (DECLARE_OUT,) if rules.stock.declare_out and rules.scoring.game == "score" else ())
        # Actions and events are values: the common ones are built once.
        types = rules.deck.types
        self.table_plays = tuple(PlayCard(card, True) for card in types)
        self.drawn = tuple(tuple(CardDrawn(seat, card) for card in types) for seat in range(2))
        self.last_options: tuple[object, int, tuple[MeldOption, ...]] = (None, -1, ())
        self.last_legal: tuple[object, int] = (None, 0)  # (hand, legal mask of the follower)


def stock_rules(rules: RuleSet) -> StockRules:
    found = rules.__dict__.get("_stock_rules")
    if found is None:
        found = rules.__dict__["_stock_rules"] = StockRules(rules)
    return found  # type: ignore[no-any-return]
