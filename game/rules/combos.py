"""Choosing k cards from a hand of counts: the distinct multisets, as sorted card tuples."""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache
from operator import attrgetter

from game.rules.cards import Card, Deck

_CODE = attrgetter("code")  # a card's place in card order: sorting by it is sorting the cards


def card_choices(deck: Deck, counts: int, k: int, must_include: int = 0) -> list[tuple[Card, ...]]:
    """Every distinct choice of ``k`` cards from ``counts`` that contains ``must_include``."""
    return list(_choices(deck, counts, k, must_include))


@lru_cache(maxsize=512)
def _choices(deck: Deck, counts: int, k: int, must_include: int) -> tuple[tuple[Card, ...], ...]:
    bits, mask = deck.bits, deck.field_mask
    avail: list[tuple[Card, int, int]] = []  # (card, copies available, copies required)
    for t in range(deck.n_types):
        have = (counts >> (t * bits)) & mask
        need = (must_include >> (t * bits)) & mask
        if have:
            avail.append((deck.types[t], have, need))
    out: list[tuple[Card, ...]] = []
    # From position i on: whether any card is still required (a choice that stops before it
    # leaves it out), and how many copies are left to take. Worked out once rather than at every
    # node, so that a branch which cannot reach k cards is never walked (the choices found, and
    # their order, are those of the full walk: tests/rules/test_combos.py).
    m = len(avail)
    required_after = [False] * (m + 1)
    room_after = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        required_after[i] = required_after[i + 1] or avail[i][2] > 0
        room_after[i] = room_after[i + 1] + avail[i][1]

    def rec(i: int, left: int, chosen: tuple[Card, ...]) -> None:
        # ``chosen`` is kept in card order: each card's copies go in at their place.
        card, have, need = avail[i]
        at = bisect(chosen, card.code, key=_CODE)
        head, tail = chosen[:at], chosen[at:]
        after = i + 1
        for n in range(min(have, left), need - 1, -1):
            choice = head + (card,) * n + tail if n else chosen
            rest = left - n
            if rest == 0:
                if not required_after[after]:
                    out.append(choice)
            elif room_after[after] >= rest:
                rec(after, rest, choice)

    if k == 0:
        return () if required_after[0] else ((),)
    if room_after[0] >= k:
        rec(0, k, ())
    return tuple(out)


def contains(deck: Deck, counts: int, cards: tuple[Card, ...]) -> bool:
    """Whether the hand holds all of ``cards`` (copies counted)."""
    try:
        need = deck.counts_of(cards)
    except ValueError:
        return False
    bits, mask = deck.bits, deck.field_mask
    for t in range(deck.n_types):
        shift = t * bits
        if (need >> shift) & mask > (counts >> shift) & mask:
            return False
    return True
