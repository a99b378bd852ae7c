"""Showing meld after trump is named: each seat's best meld, the minimum-meld rule, and what
happens when the bidding side cannot meld enough (001)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules.auction_game.state import HandState, hand_sides
from game.rules.compiled import best_meld
from game.rules.events import AcesDeclared, Event, MeldShown
from game.rules.meld import MeldResult
from game.rules.outcome import EndKind, HandEnd
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides


def show(rules: RuleSet, hand: HandState, seats: Iterable[int]) -> tuple[HandState, list[Event]]:
    """Compute and record the best meld of each of ``seats`` (events come from ``settle``)."""
    melds: list[MeldResult | None] = list(hand.melds) if hand.melds else [None] * rules.players
    for seat in seats:
        melds[seat] = best_meld(rules, hand.hands[seat], hand.trump)
    return hand._replace(melds=tuple(melds)), []


def shown_events(rules: RuleSet, hand: HandState, seats: Iterable[int]) -> list[Event]:
    """MeldShown per seat, marking meld that will not count under the minimum-meld rule."""
    events: list[Event] = []
    minimum = rules.meld.minimum
    sides = hand_sides(rules.seating, hand)
    for seat in seats:
        meld = hand.melds[seat]
        assert meld is not None
        side_total = hand.meld_of(sides.seats_of(sides.side_of(seat)))
        if minimum and side_total < minimum:
            events.append(MeldShown(seat, meld, False,
                                    f"side meld {side_total} is under {minimum}: not laid down"))
            if rules.meld.declare_aces and any(m.kind == "aces" for m in meld.melds):
                events.append(AcesDeclared(seat))
        else:
            events.append(MeldShown(seat, meld, True))
    return events


def side_melds(rules: RuleSet, hand: HandState) -> tuple[int, ...]:
    """Meld each side of the hand may score, before saving it in the tricks."""
    return side_meld_totals(rules, hand.melds or (None,) * rules.players,
                            hand_sides(rules.seating, hand))


def side_meld_totals(rules: RuleSet, melds: Sequence[MeldResult | None],
                     sides: Sides | None = None) -> tuple[int, ...]:
    """Meld each side of a hand (``sides``, the table's own by default) may score from each
    seat's shown meld (None: not shown): the seats' totals added, and 001's minimum ("Meld can
    only be scored by a side whose meld is worth at least 20 points")."""
    sides = sides or rules.seating.sides
    out = []
    for side in range(sides.count):
        total = sum(m.total for m in (melds[s] for s in sides.seats_of(side)) if m is not None)
        out.append(0 if rules.meld.minimum and total < rules.meld.minimum else total)
    return tuple(out)


def bidding_side_short(rules: RuleSet, hand: HandState) -> HandEnd | None:
    """001: "If the bidding side fails to reach 20 in meld they automatically lose the bid
    without playing"."""
    if not rules.meld.minimum:
        return None
    sides = hand_sides(rules.seating, hand)
    total = hand.meld_of(sides.seats_of(sides.side_of(hand.bidder)))
    if total < rules.meld.minimum:
        return HandEnd(EndKind.UNDER_MINIMUM,
                       f"the bidding side melded {total}, under {rules.meld.minimum}")
    return None
