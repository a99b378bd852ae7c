"""The contract's stake as lesson prose tells it, from the learner's view of an auction game:
the meld shown (the learner's side's, as counted and as laid down), what the bidding side needs
from the tricks after its meld, what its tricks hold so far, and what it still lacks (the
defenders' stake). Fields of :mod:`game.tutorial.text`; a ValueError names what the position
lacks, and ``render`` reports it with the field's name."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.view import PlayerView
from game.tutorial.seatfields import TextContext, auction_view


def _meld_of(view: PlayerView, seats: tuple[int, ...]) -> int:
    """The meld shown by these seats (0 for a seat that has not shown yet)."""
    return sum(m.total for m in (view.melds[s] for s in seats) if m is not None)


def _side_meld(ctx: TextContext, _: str) -> str:
    view = auction_view(ctx)
    if not view.side_meld:
        raise ValueError("no meld is laid down yet")
    return str(view.side_meld[view.sides.side_of(ctx.seat)])


def _shown_meld(ctx: TextContext, _: str) -> str:
    """The learner's side's meld as shown, before any minimum-meld rule."""
    view = auction_view(ctx)
    if not view.melds:
        raise ValueError("no meld is laid down yet")
    sides = view.sides
    return str(_meld_of(view, sides.seats_of(sides.side_of(ctx.seat))))


def _need(ctx: TextContext, _: str) -> str:
    """What the bidding side still needs from the tricks after its meld."""
    view = auction_view(ctx)
    if not view.melds or view.bidder < 0:
        raise ValueError("needs a bid and laid-down meld")
    sides = view.sides  # this hand's: at five, the bidder and the partner a card found
    seats = sides.seats_of(sides.side_of(view.bidder))
    if any(view.melds[s] is None for s in seats):
        raise ValueError("the bidding side's meld is not laid down yet")
    need = view.bid - _meld_of(view, seats)
    if need <= 0:  # "the tricks must bring -2": the meld alone reaches the bid
        raise ValueError(f"the bidding side's meld alone reaches the bid ({view.bid})")
    return str(need)


def _bidders_taken(ctx: TextContext) -> int:
    """The counters the bidding side has taken in tricks so far this hand."""
    view = auction_view(ctx)
    if view.bidder < 0:
        raise ValueError("nobody has won the auction yet")
    return view.side_taken(view.sides.side_of(view.bidder))


def _still_needed(ctx: TextContext, _: str) -> str:
    """What the bidding side still lacks in tricks to make its bid: ``{need}`` less what its
    tricks hold so far (the defenders' stake: keep it from taking that much)."""
    left = int(_need(ctx, "")) - _bidders_taken(ctx)
    if left <= 0:
        raise ValueError("the bidding side has already taken what it needs")
    return str(left)


STAKE_FIELDS: dict[str, Callable[[TextContext, str], str]] = {
    "side_meld": _side_meld,
    "shown_meld": _shown_meld,
    "need": _need,
    "bidders_taken": lambda ctx, _: str(_bidders_taken(ctx)),
    "still_needed": _still_needed,
}
