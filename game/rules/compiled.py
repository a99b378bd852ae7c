"""A rule set compiled into the tables the engine plays with, built once per rule set.

:class:`CompiledRules` holds everything derived from a :class:`RuleSet` that the per-action code
needs: the trick kernel for each list of obligations, the meld table, the deal's packets per
dealer, the ladder of valid bids and, for the two-handed game, its constants. A game state
carries its compiled rules (``GameState.compiled``), so the per-card code reads them by position;
code without a state asks :func:`compile_rules`, a bounded memo keyed by the (hashable, frozen)
rule set. Nothing is ever written to a rule set.

The tables are fixed once built, but a few keep memos of pure answers keyed by their whole input
(the kernel's actions per legal mask, the meld table's per-suit breakdowns): no answer depends on
which call came before.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.rules.bids import BidLadder
from game.rules.cards import Card
from game.rules.deal import packets
from game.rules.kernel import PlayKernel
from game.rules.meld import MeldResult, MeldTable
from game.rules.ruleset import Obligation, RuleSet
from game.rules.stock_game.consts import StockConsts


class CompiledRules:
    """The engine's tables for one rule set (see the module docstring)."""

    __slots__ = ("rules", "kernel", "meld", "packets", "bids", "stock", "_kernels")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.kernel = PlayKernel(rules, rules.tricks.obligations)
        self._kernels: dict[tuple[Obligation, ...], PlayKernel] = {
            tuple(rules.tricks.obligations): self.kernel}
        self.meld = MeldTable(rules)
        self.packets: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(packets(rules, dealer)) for dealer in range(rules.players))
        self.bids = BidLadder(rules, self._most_a_side_can_score())
        self.stock: StockConsts | None = (
            StockConsts(rules, self.kernel, self.kernel_for(rules.stock.playoff_obligations))
            if rules.stock.enabled else None)

    def kernel_for(self, obligations: Sequence[Obligation]) -> PlayKernel:
        """The kernel for another list of obligations (the two-handed playoff's, a bot's)."""
        key = tuple(obligations)
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = PlayKernel(self.rules, key)
        return kernel

    def _most_a_side_can_score(self) -> int:
        """An upper bound on one hand's score for a side: the meld of the whole pack under its
        best trump, plus every trick point. (Meld never falls when cards are added.)"""
        full = self.rules.deck.full()
        return max(self.meld.total(full, trump) for trump in range(4)) + \
            self.rules.total_trick_points

    # Equal rule sets compile to equal tables: states built from either compare equal.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, CompiledRules) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(self.rules)


@lru_cache(maxsize=64)
def compile_rules(rules: RuleSet) -> CompiledRules:
    """The compiled tables of ``rules`` (built on first use, then remembered)."""
    return CompiledRules(rules)


def meld_table(rules: RuleSet) -> MeldTable:
    """The meld table of a rule set."""
    return compile_rules(rules).meld


def best_meld(rules: RuleSet, hand: int | Sequence[Card], trump: int | None) -> MeldResult:
    """The best legal meld of a hand, with its breakdown by class.

    >>> from game.store.content import load_preset
    >>> from game.rules.cards import Suit, parse_cards
    >>> best_meld(load_preset("racehorse"), parse_cards("AD TD KD QD JD"), Suit.DIAMONDS).total
    150
    """
    counts = hand if isinstance(hand, int) else rules.deck.counts_of(hand)
    return compile_rules(rules).meld.breakdown(counts, trump)


def meld_total(rules: RuleSet, hand: int | Sequence[Card], trump: int | None) -> int:
    """The best meld total of a hand (cards or packed counts) with ``trump`` (None: no
    trump named yet, as 003's forced opening counts it)."""
    counts = hand if isinstance(hand, int) else rules.deck.counts_of(hand)
    return compile_rules(rules).meld.total(counts, trump)



def kernel_for(rules: RuleSet, obligations: Sequence[Obligation] | None = None) -> PlayKernel:
    """The trick kernel of ``rules`` (for its own obligations, or for the ones given)."""
    compiled = compile_rules(rules)
    return compiled.kernel if obligations is None else compiled.kernel_for(obligations)
