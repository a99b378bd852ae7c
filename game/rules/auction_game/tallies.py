"""Side tallies kept beside the points: 002's stars and 003's checks."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.cards import Rank, Suit
from game.rules.meld import MeldResult
from game.rules.ruleset import RuleSet


def level_stars(rules: RuleSet, bid: int) -> int:
    """002 close-out levels: 250 is 1 star, 300 is 2, 350 is 4 ... (ScoringRules.level_stars)."""
    return rules.scoring.level_stars(bid)


def meld_stars(meld: MeldResult | None) -> int:
    """002: "One star ... is assigned as a bonus for the two combinations; the Run and Aces"."""
    if meld is None:
        return 0
    return sum(1 for m in meld.melds if m.kind in ("run", "aces"))


def hand_stars(rules: RuleSet, bid: int, bidder_side: int, made: bool,
               side_meld_stars: Sequence[int], saved: Sequence[bool], spades: bool) -> list[int]:
    """Stars each side gains this hand. Made: the close-out level plus run and aces stars.
    Set: "the other team get double what you would have made ... plus one Star (*) for
    setting"; the defenders' own run and aces stars count when they keep their meld."""
    out = [0, 0]
    earned = level_stars(rules, bid) + side_meld_stars[bidder_side]
    other = 1 - bidder_side
    if made:
        out[bidder_side] = earned
    else:
        out[other] = 2 * earned + 1
    if saved[other]:
        out[other] += side_meld_stars[other]
    if spades and rules.scoring.stars_double_spades:
        out = [2 * s for s in out]
    return out


def renege_stars(rules: RuleSet, bid: int, bidder_side: int, renege_side: int,
                 side_meld_stars: Sequence[int], spades: bool) -> list[int]:
    """002: "the team reneging loses their meld, goes set for the bid and the other teams gets
    250 pts., and an extra star. In the event that the reneging team had any stars they lose
    them and the other team gets double plus one." Whichever side reneges, it gains nothing;
    the other side keeps its own stars (a bidding side's close-out level too) and gains double
    the reneging side's stars plus one."""

    def stars_of(side: int) -> int:
        level = level_stars(rules, bid) if side == bidder_side else 0
        return level + side_meld_stars[side]

    out = [0, 0]
    other = 1 - renege_side
    out[other] = stars_of(other) + 2 * stars_of(renege_side) + 1
    if spades and rules.scoring.stars_double_spades:
        out = [2 * s for s in out]
    return out


def roundtable(meld: MeldResult) -> bool:
    """A marriage in each suit (the run's king and queen count for trump)."""
    suits: set[Suit] = set()
    for m in meld.melds:
        if m.kind in ("marriage", "royal_marriage", "run"):
            suits.update(c.suit for c in m.cards)
    return len(suits) == 4


def meld_checks(rules: RuleSet, meld: MeldResult | None, nines: int) -> int:
    """003 checks for what a player shows: flush +1, aces +1, roundtable +2, and the options."""
    if meld is None:
        return 0
    opts = rules.scoring.optional_checks
    checks = 0
    for m in meld.melds:
        level = len(m.cards) // max(1, len({c for c in m.cards}))
        if m.kind == "run":
            checks += level
        elif m.kind == "aces":
            checks += 1
        if level >= 2 and "double-arounds" in opts and m.kind in ("aces", "kings", "queens",
                                                                   "jacks"):
            checks += 2
        if level >= 2 and "double-pinochle" in opts and m.kind == "pinochle":
            checks += 1
        if "double-marriage" in opts and m.kind in ("marriage", "royal_marriage"):
            pairs = sum(1 for c in m.cards if c.rank == Rank.KING)
            checks += pairs // 2
    if roundtable(meld):
        checks += 2
    if "seven-nines" in opts and nines >= 7:
        checks += rules.scoring.seven_nines_checks
    return checks
