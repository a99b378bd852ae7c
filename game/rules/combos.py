"""Choosing k cards from a hand of counts: the distinct multisets, as sorted card tuples."""

from __future__ import annotations

from functools import lru_cache

from game.rules.cards import Card, Deck


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
    chosen: list[Card] = []
    # Whether any card from position i on is still required (a choice that stops before it
    # leaves it out); worked out once rather than at every leaf.
    required_after = [False] * (len(avail) + 1)
    for i in range(len(avail) - 1, -1, -1):
        required_after[i] = required_after[i + 1] or avail[i][2] > 0

    def rec(i: int, left: int) -> None:
        if left == 0:
            if not required_after[i]:
                out.append(tuple(sorted(chosen)))
            return
        if i == len(avail):
            return
        card, have, need = avail[i]
        for n in range(min(have, left), need - 1, -1):
            chosen.extend([card] * n)
            rec(i + 1, left - n)
            del chosen[len(chosen) - n:]

    rec(0, k)
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
