"""A build-meld step (``task = "build-meld"``): the learner selects cards of the hand and the
engine counts them; they are right when they make the melds asked for (``all``: the whole of
the hand's meld), with no card to spare."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.cards import Card
from game.rules.compiled import best_meld
from game.rules.meld import MeldResult
from game.rules.ruleset import RuleSet


def count_meld(rules: RuleSet, cards: Sequence[Card], trump: int | None
               ) -> tuple[MeldResult, str]:
    """The selected cards' meld, and the words that say what it counts."""
    result = best_meld(rules, list(cards), trump)
    parts = ", ".join(f"{m.name} {m.points}" for m in result.melds) or "no meld"
    return result, f"Those cards count {result.total}: {parts}."


def meld_is_right(rules: RuleSet, hand: Sequence[Card], cards: Sequence[Card],
                  result: MeldResult, trump: int | None, build: tuple[str, ...]) -> bool:
    if not cards or len(result.cards_used()) != len(cards):
        return False
    if build == ("all",):
        return result.total == best_meld(rules, list(hand), trump).total
    return sorted({m.kind for m in result.melds}) == sorted(set(build))


def build_cards(rules: RuleSet, hand: Sequence[Card], trump: int | None,
                build: tuple[str, ...]) -> list[Card]:
    """The hand's cards that make the meld asked for."""
    meld = best_meld(rules, list(hand), trump)
    wanted = tuple(m for m in meld.melds if build == ("all",) or m.kind in build)
    return MeldResult(sum(m.points for m in wanted), wanted).cards_used()
