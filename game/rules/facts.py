"""The facts about a hand that the upper floors show a player, asked through the facade.

The window, the tutorial and the match harness read what each side may score, what it still
needs, the stars or checks a bid or a meld earns, and the two-handed rounding from here, so the
state machines (``auction_game/``, ``stock_game/``) stay private and may change behind it
(``tests/test_architecture.py`` holds the upper floors to this door).
"""

from __future__ import annotations

from game.rules.auction_game.melding import side_meld_totals
from game.rules.auction_game.needs import SideNeed, still_needed
from game.rules.auction_game.tallies import level_stars, meld_checks
from game.rules.events import HandResult
from game.rules.ruleset import RuleSet
from game.rules.stock_game.score import declaring_out_wins, rounding_note

__all__ = ["SideNeed", "declaring_out_wins", "level_stars", "meld_checks", "rounding_note",
           "side_meld_totals", "still_needed", "trick_points_taken"]


def trick_points_taken(rules: RuleSet, result: HandResult) -> int:
    """The trick points taken in a scored hand, every side's once. Where a card finds the
    partner each player's column shows its side's tricks (the bidder and the partner the
    bidding side's, each defender the defenders'): those count once per side."""
    if not rules.seating.by_card:
        return sum(s.tricks for s in result.sides)
    bidding = result.bidding_columns
    ours = next((s.tricks for s in result.sides if s.side in bidding), 0)
    theirs = next((s.tricks for s in result.sides if s.side not in bidding), 0)
    return ours + theirs
