"""Dealing unknown cards into boxes that must hold some known cards, uniformly.

The estimator wants every deal consistent with what a player saw to be equally likely: a
uniform shuffle, then the engine's check. A deal is an arrangement of the cards in places (the
seats' hands, the widow); with identical copies of a card (two in a single deck, four in the
double deck) a uniform shuffle makes every arrangement *of card kinds over places* equally
likely. So among the arrangements in which every box holds the cards it is known to hold, the
chance of one in which box ``b`` holds ``m[c][b]`` copies of card ``c`` is proportional to the
number of ways to order each box, ``prod_b size_b! / prod_c m[c][b]!``.

Placing the known cards first and shuffling the rest gets this wrong: it favours boxes that
end with more copies than they must hold (a box holding both copies of a card it must hold one
of was reached two ways). :class:`Arranger` samples the right distribution exactly: card kind
by card kind, the copies still free are split among the boxes' free places in proportion to
``prod_b 1/m[c][b]!`` times the number of ways to finish, counted once per record by dynamic
programming over the boxes' free places. ``tests/review/test_review_bias.py`` compares it with
an exhaustive count, and shows that the shortcut (``exact=False``) fails that comparison.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from math import factorial

from game.rules.cards import Card

Cards = Counter[Card]


class InconsistentError(ValueError):
    """The known cards cannot all be placed: a fault in what the benchmark read from the
    record, never a property of a deal (the true deal always satisfies them)."""


def minus(a: Cards, b: Cards) -> Cards:
    """``a`` less ``b``, never below zero (what ``a`` still needs once ``b`` is given)."""
    out = Counter(a)
    out.subtract(b)
    return +out


def _splits(n: int, room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``n`` copies into boxes with ``room`` free places."""
    if len(room) == 1:
        if n <= room[0]:
            yield (n,)
        return
    for first in range(min(n, room[0]) + 1):
        for rest in _splits(n - first, room[1:]):
            yield (first, *rest)


class Arranger:
    """Uniform arrangements of ``pool`` into boxes of given sizes, each holding at least its
    known cards and at most its ``caps`` (copies of a card a box cannot hold: they must be
    facts, true of every consistent deal, or the sample is no longer the posterior). Built
    once per record (the counting), then :meth:`draw` per deal."""

    def __init__(self, pool: Sequence[Card], boxes: Sequence[tuple[int, Cards]],
                 caps: Sequence[dict[Card, int]] | None = None, exact: bool = True) -> None:
        self.sizes = tuple(size for size, _ in boxes)
        self.known = [Counter(k) for _, k in boxes]
        self.caps = list(caps) if caps is not None else [{} for _ in boxes]
        self.exact = exact
        if sum(self.sizes) != len(pool):
            raise InconsistentError(f"{len(pool)} cards for boxes of {list(self.sizes)}")
        have = Counter(pool)
        for (size, known), cap in zip(boxes, self.caps, strict=True):
            if sum(known.values()) > size:
                raise InconsistentError(
                    f"a box of {size} must hold {sum(known.values())} known cards")
            over = [str(c) for c, n in known.items() if n > cap.get(c, n)]
            if over:
                raise InconsistentError(f"a box must hold more than it can: {' '.join(over)}")
        need = sum(self.known, Counter())
        short = [str(c) for c, n in need.items() if have[c] < n]
        if short:
            raise InconsistentError(f"known cards not among the unknown: {' '.join(short)}")
        self.kinds = sorted(have)
        self.free = [have[c] - need[c] for c in self.kinds]  # copies to place, per kind
        self.room = tuple(size - sum(k.values()) for size, k in boxes)
        self.left = list((have - need).elements())
        self._table: dict[tuple[int, tuple[int, ...]], list[tuple[float, tuple[int, ...],
                                                                  tuple[int, ...]]]] = {}
        self._ways: dict[tuple[int, tuple[int, ...]], float] = {}
        if exact and self.count(0, self.room) <= 0:
            raise InconsistentError("no arrangement holds every known card within the caps")

    def _limits(self, i: int, room: tuple[int, ...]) -> tuple[int, ...]:
        card = self.kinds[i]
        return tuple(min(r, cap.get(card, 1_000) - known[card])
                     for r, cap, known in zip(room, self.caps, self.known, strict=True))

    def _weight(self, i: int, split: tuple[int, ...]) -> float:
        card = self.kinds[i]
        w = 1.0
        for b, extra in enumerate(split):
            w /= factorial(extra + self.known[b][card])
        return w

    def _choices(self, i: int, room: tuple[int, ...]
                 ) -> list[tuple[float, tuple[int, ...], tuple[int, ...]]]:
        """(weight, split, room left) for every way to place kind ``i`` in ``room``."""
        key = (i, room)
        got = self._table.get(key)
        if got is None:
            got = []
            for split in _splits(self.free[i], self._limits(i, room)):
                rest = tuple(r - s for r, s in zip(room, split, strict=True))
                w = self._weight(i, split) * self.count(i + 1, rest)
                if w > 0:
                    got.append((w, split, rest))
            self._table[key] = got
        return got

    def count(self, i: int, room: tuple[int, ...]) -> float:
        """The weight of every way to place kinds ``i`` onwards in ``room``."""
        if i == len(self.kinds):
            return 1.0 if not any(room) else 0.0
        key = (i, room)
        if key not in self._ways:
            self._ways[key] = sum(w for w, _, _ in self._choices(i, room))
        return self._ways[key]

    def draw(self, rng: random.Random) -> list[list[Card]]:
        """One arrangement: the cards of each box, in a shuffled order."""
        out = [list(k.elements()) for k in self.known]
        if not self.exact:  # the shortcut: known cards first, the rest shuffled, caps ignored
            left = list(self.left)
            rng.shuffle(left)
            at = 0
            for b, r in enumerate(self.room):
                out[b].extend(left[at:at + r])
                at += r
        else:
            room = self.room
            for i, card in enumerate(self.kinds):
                choices = self._choices(i, room)
                target = rng.random() * self.count(i, room)
                split, room = choices[-1][1], choices[-1][2]
                for w, s, rest in choices:
                    target -= w
                    if target < 0:
                        split, room = s, rest
                        break
                for b, n in enumerate(split):
                    out[b].extend([card] * n)
        for box in out:
            rng.shuffle(box)
        return out
