"""Reading the auction during trick play (``expert``): a sampled deal is weighted by how well
the hands it gives the other seats explain their bids and passes and the trump the bidder
named (:mod:`game.bots.auctionsample`, the reading ``hard`` bids with). A seat's hand in the
auction is what it holds now plus what it has played (racehorse's passes are not undone: a
defender does not see them)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.bots.auctionsample import Check, seat_checks
from game.bots.exsample import trump_check
from game.bots.knowledge import Knowledge
from game.rules.view import PlayerView

Weigh = Callable[[Sequence[int]], float]
SHARPNESS = 2.0  # a deal's weight is exp(-SHARPNESS * its violations)


def auction_weight(view: PlayerView, k: Knowledge, sharpness: float = SHARPNESS
                   ) -> Weigh | None:
    """A deal's weight (1 when it explains everything), or None when there is nothing to read."""
    viol = auction_violation(view, k)
    if viol is None:
        return None
    return lambda hands: math.exp(-sharpness * viol(hands))


def auction_violation(view: PlayerView, k: Knowledge) -> Weigh | None:
    """How far a deal's hands are from explaining the auction (0: they explain every bid,
    pass and the trump named; in the auction reading's spreads), or None when there is
    nothing to read."""
    checks: dict[int, list[Check]] = {s: list(c) for s, c in seat_checks(view).items() if c}
    named = trump_check(view)
    if named is not None:
        checks.setdefault(view.bidder, []).append(named)
    if not checks:
        return None
    played = k.played_by

    def violation(hands: Sequence[int]) -> float:
        viol = 0.0
        for seat, cs in checks.items():
            h = hands[seat] + played[seat]
            for check in cs:
                viol += check(h)
        return viol

    return violation
