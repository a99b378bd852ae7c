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


def auction_weight(view: PlayerView, k: Knowledge) -> Weigh | None:
    """A deal's weight (1 when it explains everything), or None when there is nothing to read."""
    checks: dict[int, list[Check]] = {s: list(c) for s, c in seat_checks(view).items() if c}
    named = trump_check(view)
    if named is not None:
        checks.setdefault(view.bidder, []).append(named)
    if not checks:
        return None
    played = k.played_by

    def weigh(hands: Sequence[int]) -> float:
        viol = 0.0
        for seat, cs in checks.items():
            h = hands[seat] + played[seat]
            for check in cs:
                viol += check(h)
        return math.exp(-2.0 * viol)

    return weigh
