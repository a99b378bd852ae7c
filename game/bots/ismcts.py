"""Information-set Monte Carlo tree search for the first tricks (``expert``, on trial).

The card search of :mod:`game.bots.search` values every card by playing each sampled deal out
with every hand known: its own later cards are chosen as if it could see the hidden hands
(strategy fusion), which costs most in the first tricks, where most is hidden. Here a tree is
grown over the cards of the next tricks (single-observer ISMCTS, after Cowling, Powley and
Whitehouse, 2012): its nodes are what this seat sees, the cards played since the decision,
not the deals. Each iteration takes one of the sampled deals, walks down the tree choosing at
every node among the cards legal in that deal (UCB1 over what the tree has learned there, each
card counted only in the iterations that could play it), adds one node, and plays the rest out
with the rollout policy. So this seat's next cards, and the others', are chosen once for every
deal in which the seat sees the same thing, not afresh in each deal.

The budget is counted in playouts, never in time: ``iterations`` playouts over ``deals``
sampled deals taken in turn (the flat search spends ``deals`` x candidates playouts). A card
that a trick's other cards make equal to another (two copies) is one card type, as in the flat
search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.bots.rollout import RolloutPolicy
from game.rules.kernel import PlayKernel

Value = Callable[[list[int], list[int]], float]


class Node:
    """A node of the tree: the cards played since the decision, as this seat sees them, with its
    visits (``n``), their total value and its children by card type."""

    __slots__ = ("avail", "children", "n", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0  # the value for the side that chose the card leading here
        self.children: dict[int, Node] = {}
        self.avail = 0  # iterations in which the card leading here was legal


class InfoSetSearch:
    """One card decision of ``me``, searched over a tree of what ``me`` sees."""

    def __init__(self, kernel: PlayKernel, policy: RolloutPolicy, trump: int, me: int,
                 team: Sequence[int], bidder_team: int, depth: int, explore: float,
                 scale: float) -> None:
        self.k, self.pol = kernel, policy
        self.trump, self.me = trump, me
        self.team, self.bidder_team = list(team), bidder_team
        self.depth = depth  # cards below the root the tree may grow
        self.c = explore * scale  # UCB1's exploration, in the values' points

    def run(self, deals: Sequence[tuple[list[int], Value, Value | None]],
            trick: Sequence[tuple[int, int]], leader: int, taken: Sequence[int],
            won: Sequence[int], iterations: int, rng: random.Random, eps: float = 0.04
            ) -> dict[int, tuple[int, float, float]]:
        """(visits, mean value, mean points) of every card type tried at the root. ``deals``:
        (every hand, the value of a played-out hand for this seat's side, and optionally its
        value in this hand's points alone, the review's units; 0 without it) per sampled
        deal."""
        root = Node()
        rnd = rng.random
        points: dict[int, float] = {}
        for i in range(iterations):
            hands0, value, in_points = deals[i % len(deals)]
            hands = list(hands0)
            tr = list(trick)
            lead, tk, wn = leader, list(taken), list(won)
            node, path = root, [root]
            movers: list[int] = []
            first = -1  # this iteration's card at the root
            for _ in range(self.depth):
                seat = lead if not tr else self.pol.nxt[tr[-1][0]]
                if not hands[seat]:
                    break
                legal = self._legal(hands[seat], tr)
                ours = self.team[seat] == self.team[self.me]
                best, best_u, fresh = -1, -math.inf, []
                for t in legal:
                    child = node.children.get(t)
                    if child is None:
                        fresh.append(t)
                        continue
                    child.avail += 1
                    mean = child.total / child.n
                    u = mean + self.c * math.sqrt(math.log(child.avail) / child.n)
                    if u > best_u:
                        best, best_u = t, u
                if fresh:
                    best = fresh[int(rnd() * len(fresh))]
                    node.children[best] = child = Node()
                    child.avail = 1
                else:
                    child = node.children[best]
                if node is root:
                    first = best
                hands[seat] -= self.k.one[best]
                tr.append((seat, best))
                movers.append(1 if ours else -1)
                node = child
                path.append(node)
                if len(tr) == self.pol.n:
                    ws, _ = self.k.winner_of(tr, self.trump)
                    tk[ws] += sum(self.k.points[t] for _, t in tr)
                    wn[ws] += 1
                    lead, tr = ws, []
                if fresh:
                    break
            if any(hands):
                tk, wn = self.pol.play(hands, self.trump, lead, self.team, tr,
                                       self.bidder_team, rnd, eps, tk, wn)
            else:
                tk[lead] += self.k.last_trick
            v = value(tk, wn)
            for node, sign in zip(path[1:], movers, strict=True):
                node.n += 1
                node.total += sign * v
            if in_points is not None and first >= 0:
                points[first] = points.get(first, 0.0) + in_points(tk, wn)
        return {t: (c.n, c.total / c.n, points.get(t, 0.0) / c.n)
                for t, c in root.children.items() if c.n}

    def _legal(self, h: int, trick: Sequence[tuple[int, int]]) -> list[int]:
        k = self.k
        if not trick:
            return k.types_in(h)
        _, wt = k.winner_of(trick, self.trump)
        return k.types_in(k.legal(h, trick, wt, self.trump))
