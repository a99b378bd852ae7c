"""Which bid amounts a rule set allows: the minimum, the steps, skipped endings and the ceiling.

The ladder of valid bids is built once per rule set (see :mod:`game.rules.compiled`). Its top is
the lower of ``auction.max_bid`` and the most any side could score in one hand (every meld of
the whole pack plus every trick point): a bid above that can never be made, and stopping there
keeps the ladder's length independent of ``max_bid``.
"""

from __future__ import annotations

from bisect import bisect_right

from game.rules.actions import Action, Bid, Pass
from game.rules.ruleset import RuleSet

_PASS = Pass()


def valid_amount(rules: RuleSet, amount: int) -> bool:
    """Whether a bid of this size is allowed at all (ignoring what has been bid before)."""
    a = rules.auction
    if amount < a.min_bid or amount > a.max_bid:
        return False
    if a.step_above and amount > a.step_above[0]:
        if amount % a.step_above[1]:
            return False
    elif amount % a.step:
        return False
    return amount % 100 not in a.skip_endings


class BidLadder:
    """Every valid bid of a rule set, lowest first, up to its ceiling."""

    __slots__ = ("amounts", "bids", "ceiling", "_choices")

    def __init__(self, rules: RuleSet, most_a_side_can_score: int) -> None:
        a = rules.auction
        self.ceiling = min(a.max_bid, max(a.min_bid, most_a_side_can_score))
        amounts: list[int] = []
        # Bounded by the ceiling, which does not grow with max_bid.
        for n in range(a.min_bid, self.ceiling + 1):
            if valid_amount(rules, n):
                amounts.append(n)
        self.amounts: tuple[int, ...] = tuple(amounts)
        self.bids: tuple[Bid, ...] = tuple(Bid(x) for x in amounts)
        # A memo of pure answers: (position in the ladder, may pass) -> the legal actions.
        self._choices: dict[tuple[int, bool], tuple[Action, ...]] = {}

    def index_above(self, above: int) -> int:
        """The position of the lowest valid bid higher than ``above``."""
        return bisect_right(self.amounts, above)

    def amounts_above(self, above: int) -> tuple[int, ...]:
        return self.amounts[self.index_above(above):]

    def bids_above(self, above: int) -> tuple[Bid, ...]:
        return self.bids[self.index_above(above):]

    def choices(self, above: int, may_pass: bool) -> tuple[Action, ...]:
        """The auction's legal actions over a high bid of ``above``: pass (when allowed) and
        every valid bid above it."""
        key = (self.index_above(above), may_pass)
        found = self._choices.get(key)
        if found is None:
            bids: tuple[Action, ...] = self.bids[key[0]:]
            found = self._choices[key] = (_PASS, *bids) if may_pass else bids
        return found

    def next_above(self, above: int) -> int | None:
        i = self.index_above(above)
        return self.amounts[i] if i < len(self.amounts) else None

    def allows(self, amount: int) -> bool:
        """A valid amount at or under the ceiling."""
        i = bisect_right(self.amounts, amount)
        return i > 0 and self.amounts[i - 1] == amount
