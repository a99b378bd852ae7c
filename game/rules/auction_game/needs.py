"""What each side still needs from the tricks, during the play of a hand: the bidders to make
their bid, the defenders to keep their meld. The table shows it beside the meld; the numbers are
the scoring rules' own (:func:`game.rules.auction_game.scoring.played_side` decides the same
questions at the end of the hand)."""

from __future__ import annotations

from game.rules.auction_game.scoring import saved
from game.rules.outcome import SideNeed
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides


def still_needed(rules: RuleSet, bidder: int, bid: int, side_meld: tuple[int, ...],
                 taken: tuple[int, ...], won: tuple[int, ...], sides: Sides | None = None
                 ) -> tuple[SideNeed, ...]:
    """Per side of the hand (``sides``, the table's own by default), with ``side_meld`` the
    meld each side may score and ``taken`` and ``won`` the counters and tricks each side has
    taken so far."""
    sides = sides or rules.seating.sides
    out = []
    bside = sides.side_of(bidder) if bidder >= 0 else -1
    for side in range(sides.count):
        meld, points, tricks = side_meld[side], taken[side], won[side]
        if side == bside:
            out.append(_bidders(rules, side, bid, meld, points, tricks))
        else:
            out.append(_defenders(rules, side, meld, points, tricks))
    return tuple(out)


def _bidders(rules: RuleSet, side: int, bid: int, meld: int, points: int, tricks: int
             ) -> SideNeed:
    minimum = rules.scoring.bidder_min_trick_points
    need = max(0, bid - meld - points, minimum - points)
    if rules.scoring.save_meld == "trick" and not saved(rules, side, points, tricks, True):
        # 003: "A player must take at least one trick to gain credit for his meld" -- the
        # bidder too: without a trick its meld does not count towards the bid.
        more = f", and {need} more in tricks to make {bid}" if need else f" and make {bid}"
        return SideNeed(side, need, f"needs a trick to keep its meld{more}")
    if need == 0:
        return SideNeed(side, 0, f"has made its bid of {bid}")
    if minimum - points < need:  # the bid itself is what is short; the minimum comes with it
        return SideNeed(side, need, f"needs {need} more in tricks to make {bid}")
    # 001: "If the bidding team takes less than 20 points in tricks, the bid automatically
    # fails (however much meld they had)" -- say so when that is what is still missing.
    rule = f"a bid is made only with at least {minimum} in tricks"
    if meld >= bid:
        return SideNeed(side, need, f"needs {need} more in tricks: its meld covers the bid of "
                                    f"{bid}, but {rule}")
    return SideNeed(side, need, f"needs {need} more in tricks to make {bid} ({rule})")


def _defenders(rules: RuleSet, side: int, meld: int, points: int, tricks: int) -> SideNeed:
    mode = rules.scoring.save_meld
    if saved(rules, side, points, tricks, False):
        return SideNeed(side, 0, "has saved its meld" if meld and mode != "none" else
                        "keeps its meld" if meld else "has no meld to save")
    if mode == "counter-or-last-trick":
        # 000: the defenders keep their meld by taking a counter or the last trick.
        return SideNeed(side, 1, f"needs a counter or the last trick to keep its {meld} meld"
                        if meld else "has no meld to save")
    if mode == "trick":
        return SideNeed(side, 0, f"needs a trick to keep its {meld} meld" if meld
                        else "needs a trick to score")
    need = rules.scoring.save_points - points
    what = f"its {meld} meld and its tricks" if meld else "its tricks"
    return SideNeed(side, need, f"needs {need} more in tricks to score {what}")
