"""Chair *i* of *n* round the table: its angle, and the window edge its hand lies along.

The player's chair is at the bottom, the others clockwise as seen from above, so that the
seat on the player's left is on the left of the window (:func:`chairs`). The layout
(:mod:`game.ui.table.layout`) derives every hand, trick card, pile, label and bubble from a
chair's place; nothing is named for a compass point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Literal

Edge = Literal["bottom", "top", "left", "right"]
# A chair whose angle points this far to the side (|cos|) sits at a side edge; nearer the top,
# along the top edge.
SIDEWAYS = 0.7


@dataclass(frozen=True)
class Chair:
    """Where one chair sits: its angle round the table (degrees, the window's y axis pointing
    down, so 90 is the player's at the bottom), the window edge its hand lies along, and its
    share of that edge: ``along`` is the middle of its stretch, ``share`` the stretch's length,
    both as fractions of the edge's room (left to right along the top, top to bottom along a
    side)."""

    angle: float
    edge: Edge
    along: float = 0.5
    share: float = 1.0

    @property
    def dx(self) -> float:
        return math.cos(math.radians(self.angle))

    @property
    def dy(self) -> float:
        return math.sin(math.radians(self.angle))

    @property
    def upright(self) -> bool:
        """A hand that runs along the top or the bottom (its cards upright, not sideways)."""
        return self.edge in ("bottom", "top")


@cache
def chairs(n: int) -> tuple[Chair, ...]:
    """Chair *i* of *n*: the player's first, at the bottom, then clockwise round the table."""
    placed: list[tuple[float, Edge]] = []
    for i in range(n):
        angle = 90.0 + 360.0 * i / n
        dx = math.cos(math.radians(angle))
        edge: Edge = ("bottom" if i == 0 else "left" if dx < -SIDEWAYS else
                      "right" if dx > SIDEWAYS else "top")
        placed.append((angle, edge))
    out = []
    for angle, edge in placed:
        # The chairs sharing an edge, in order along it: left to right along the top, top to
        # bottom along a side.
        mates = sorted((a for a, e in placed if e == edge),
                       key=(lambda a: math.cos(math.radians(a))) if edge in ("top", "bottom")
                       else (lambda a: math.sin(math.radians(a))))
        k, j = len(mates), mates.index(angle)
        out.append(Chair(angle, edge, (j + 0.5) / k, 1.0 / k))
    return tuple(out)
