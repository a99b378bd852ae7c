"""A score by phase (issue 40, item 5): the points lost and the accuracy in each phase of a
hand (the auction, the exchange, meld and draws, the play), for one hand, a game, and a table
over time, so that a player whose card play is strong but whose bidding is weak sees it.

* **Which phase**: by the decision's action: a bid or a pass is the auction; trump, the pass
  to a partner and the pass back, the widow, the discard, play or concede and the throw-in are
  the exchange; a two-handed meld, the dix, drawing and declaring out are meld and draws; a
  card is the play.
* **Points lost**: a hand's points lost are the sum of its decisions' losses, but never more
  than what its choices could change (game.match.review.hand_lost). When that bound cuts the
  sum, each phase keeps its share of it, so that the phases add up to the hand's figure, and
  the game's to the sum of its hands'.
* **Accuracy**: the share of a phase's decisions graded good (under 10 points lost).
* **Shown in whole points**: the phases' figures are rounded so that the whole points shown
  add up to the hand's whole points (largest remainders first).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.match.review import Graded, hand_lost
from game.rules.actions import (
    Action,
    Bid,
    CountDix,
    DeclareOut,
    EndTurn,
    ExchangeDix,
    LayMeld,
    Pass,
    PlayCard,
)
from game.store.learning import PHASES, PhaseLine, PhaseRecord
from game.store.reviews import StoredReview

MELD_AND_DRAWS = (LayMeld, CountDix, ExchangeDix, EndTurn, DeclareOut)


def phase_of(action: Action) -> str:
    """The phase a decision belongs to, by its action."""
    if isinstance(action, Bid | Pass):
        return "auction"
    if isinstance(action, PlayCard):
        return "play"
    if isinstance(action, MELD_AND_DRAWS):
        return "meld and draws"
    return "exchange"


@dataclass(frozen=True)
class PhaseFigure:
    """One phase over some hands: points lost in all, decisions, decisions graded good."""

    phase: str
    lost: float
    decisions: int
    good: int

    @property
    def accuracy(self) -> float | None:
        """Percent of the decisions graded good (None: no decision in this phase)."""
        return 100.0 * self.good / self.decisions if self.decisions else None


def hand_phases(graded: Sequence[Graded]) -> tuple[PhaseFigure, ...]:
    """A hand's figures by phase, in the order of :data:`PHASES` (a phase with no decision
    is there with none): their points lost add up to the hand's (:func:`hand_lost`)."""
    summed = {p: 0.0 for p in PHASES}
    count = dict.fromkeys(PHASES, 0)
    good = dict.fromkeys(PHASES, 0)
    for g in graded:
        p = phase_of(g.decision.chosen)
        summed[p] += g.lost
        count[p] += 1
        good[p] += g.grade == "good"
    total = sum(summed.values())
    whole = hand_lost(graded) or 0.0
    # The bound of hand_lost shares out over the phases in proportion to their losses.
    k = whole / total if total > 0 else 0.0
    return tuple(PhaseFigure(p, summed[p] * k, count[p], good[p]) for p in PHASES)


def add(figures: Sequence[Sequence[PhaseFigure]]) -> tuple[PhaseFigure, ...]:
    """Several hands' figures by phase, added."""
    out = []
    for i, p in enumerate(PHASES):
        rows = [f[i] for f in figures]
        out.append(PhaseFigure(p, sum(r.lost for r in rows), sum(r.decisions for r in rows),
                               sum(r.good for r in rows)))
    return tuple(out)


def game_phases(reviews: Sequence[StoredReview], hinted: Collection[int] = ()
                ) -> tuple[tuple[PhaseFigure, ...], int]:
    """The game's figures by phase over its reviewed hands but those played with Hint, and how
    many hands they are over."""
    counted = [r for r in reviews if r.hand_no not in hinted]
    return add([hand_phases([Graded(d) for d in r.decisions]) for r in counted]), len(counted)


def record_of(table: str, game: int, review: StoredReview, hint: bool) -> PhaseRecord:
    """A reviewed hand's figures, as the learning file keeps them."""
    figures = hand_phases([Graded(d) for d in review.decisions])
    return PhaseRecord(table, game, review.hand_no,
                       tuple(PhaseLine(f.phase, f.lost, f.decisions, f.good) for f in figures),
                       hint)


def from_records(records: Sequence[PhaseRecord]) -> tuple[PhaseFigure, ...]:
    """Stored hands' figures by phase, added (the hands played with Hint left out)."""
    figures = []
    for r in records:
        if r.hint:
            continue
        by = {line.phase: line for line in r.lines}
        figures.append(tuple(PhaseFigure(p, by[p].lost, by[p].decisions, by[p].good)
                             if p in by else PhaseFigure(p, 0.0, 0, 0) for p in PHASES))
    return add(figures)


def shown(values: Sequence[float], total: float) -> list[int]:
    """``values`` in whole points that add up to ``total`` rounded: each rounded down, then
    one more point to the largest remainders (the figures a player reads add up)."""
    target = round(total)
    floors = [math.floor(v) for v in values]
    left = target - sum(floors)
    order = sorted(range(len(values)), key=lambda i: -(values[i] - floors[i]))
    for i in order[:max(0, left)]:
        floors[i] += 1
    return floors
