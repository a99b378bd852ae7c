"""The choices of k cards from a hand (``game.rules.combos``), the list every pass, pass-back and
discard is legal from, held to a brute force that shares no code with it: every distinct
multiset of the hand's cards, each once, each in card order, in the walk's order (more copies of
the first card type first), and none that leaves out a card it must include."""

from __future__ import annotations

import itertools
import random

import pytest

from game.rules.combos import card_choices
from game.store.content import load_preset


def brute_force(deck, counts: int, k: int, must_include: int) -> list[tuple]:  # noqa: ANN001
    held = deck.to_cards(counts)
    need = deck.to_cards(must_include)
    found = set()
    for combo in itertools.combinations(held, k):
        if all(combo.count(c) >= need.count(c) for c in set(need)):
            found.add(tuple(sorted(combo, key=lambda c: c.code)))

    def walk_order(choice: tuple) -> tuple[int, ...]:
        return tuple(-choice.count(card) for card in deck.types)

    return sorted(found, key=walk_order)


@pytest.mark.parametrize("preset", ["racehorse", "double-deck", "cutthroat"])
def test_the_choices_are_the_brute_forces_in_the_walks_order(preset):
    deck = load_preset(preset).deck
    rng = random.Random(preset)
    for _ in range(60):
        counts = sum(deck.one[t] * rng.choice([0, 0, 0, *range(deck.copies + 1)])
                     for t in range(deck.n_types))
        cards = deck.to_cards(counts)
        k = rng.randrange(0, min(len(cards), 4) + 1)
        rng.shuffle(cards)
        must = deck.counts_of(cards[:rng.randrange(0, k + 1)]) if rng.random() < 0.4 else 0
        assert card_choices(deck, counts, k, must) == brute_force(deck, counts, k, must), \
            (deck.to_cards(counts), k, deck.to_cards(must))
