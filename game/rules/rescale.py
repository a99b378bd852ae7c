"""Converting a rule mapping between the classic x10 scale and the modern x1 scale.

003: "As a shorthand, some people divide all scores by 10 points." Every point value of a
preset is divided by ten; where a value does not divide, the rounding is chosen here and
stated in ``scoring.rounding`` (printed by ``pinochle rules``):

* a single value (a bid, a margin, a meld value) is rounded down: 003's stuck dealer at 149,
  "one less than the minimum bid" of 150, becomes 14, one less than 15;
* a table of trick points keeps its total: each card's value is divided by ten and rounded
  down, and the points each suit would lose go one by one to the cards that lost the most (the
  higher card on a tie). 002's K 5 and Q 5 become K 1 and Q 0; 004's A 11, 10 10, K 4, Q 3,
  J 2 become A 1, 10 1, K 1: every suit still counts 3, and the hand 25 with the last trick.
* 004's rounding of trick points to tens ("7 points or more count as 10") is then already
  done by the card values, so it is turned off.
"""

from __future__ import annotations

from typing import Any

# Fields holding points; every other number is a count or a flag.
POINT_FIELDS = (
    "auction.min_bid", "auction.step", "auction.max_bid", "auction.dealer_opens_at",
    "auction.all_pass_bid", "auction.all_pass_bid_with_meld", "auction.step_above",
    "widow.forced_concede_margin", "throw_in.margin", "meld.run", "meld.royal_marriage",
    "meld.marriage", "meld.dix", "meld.pinochle", "meld.aces", "meld.kings", "meld.queens",
    "meld.jacks", "meld.minimum", "tricks.points", "tricks.last_trick", "tricks.total",
    "scoring.save_points",
    "scoring.bidder_min_trick_points", "scoring.target", "scoring.bid_to_win_above",
    "scoring.overtime_step", "scoring.star_levels", "scoring.star_step",
)
_RANK_ORDER = "ATKQJ987"  # higher card first, for ties in the trick-point rounding


def _card_points(points: dict[str, int]) -> tuple[dict[str, int], bool]:
    """A trick-point table divided by ten, keeping its total (largest remainders first)."""
    out = {rank: value // 10 for rank, value in points.items()}
    left = (sum(points.values()) + 5) // 10 - sum(out.values())
    order = sorted(points, key=lambda r: (-(points[r] % 10),
                                          _RANK_ORDER.index(r) if r in _RANK_ORDER else 9))
    for rank in order[:max(0, left)]:
        out[rank] += 1
    return out, any(value % 10 for value in points.values())


def _label(rank: str) -> str:
    return "10" if rank == "T" else rank


def _down(value: Any, path: str, notes: list[str]) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if value % 10:
            notes.append(f"{path} {value} rounds down to {value // 10}")
        return value // 10
    if isinstance(value, list):
        return [_down(v, f"{path}[{i}]", notes) for i, v in enumerate(value)]
    return value


def rescale(data: dict[str, Any], factor_up: bool, source: str) -> dict[str, Any]:
    """Convert every point field of a raw mapping by x10 (``factor_up``) or /10, in place; the
    roundings made are stated in ``scoring.rounding``. ``source`` names the file (kept for
    the callers' messages)."""
    notes: list[str] = []
    tricks = data.get("tricks")
    if isinstance(tricks, dict) and tricks.get("counting"):
        tricks["counting"] = ""  # it quotes the values of the other scale
    for path in POINT_FIELDS:
        section, key = path.split(".")
        part = data.get(section)
        if not isinstance(part, dict) or key not in part:
            continue
        value = part[key]
        if factor_up:
            part[key] = ({k: v * 10 for k, v in value.items()} if isinstance(value, dict)
                         else [v * 10 for v in value] if isinstance(value, list)
                         else value * 10 if isinstance(value, int) and not isinstance(value, bool)
                         else value)
        elif isinstance(value, dict):
            part[key], rounded = _card_points(value)
            if rounded:
                values = ", ".join(f"{_label(r)} {v}" for r, v in part[key].items())
                notes.append(f"trick points per card become {values} (each value divided by "
                             "ten and rounded down, and the points a suit would lose given to "
                             "the cards that lost the most, so that the total is kept)")
        else:
            part[key] = _down(value, path, notes)
    if not factor_up:
        stock = data.get("stock")
        if isinstance(stock, dict) and stock.get("round_tricks"):
            stock["round_tricks"] = False
            notes.append("the rounding of trick points to tens is already in the card values")
    if notes:
        scoring = data.setdefault("scoring", {})
        if isinstance(scoring, dict):
            scoring["rounding"] = "On the x1 scale: " + "; ".join(notes) + "."
    return data
