"""The deal: a seeded shuffle and the preset's packets. The seed and the hand number decide the
cards, so a game replays from its seed and actions alone."""

from __future__ import annotations

import random

from game.rules.cards import Card
from game.rules.ruleset import RuleSet

WIDOW = -1
TURNUP = -2


def shuffled_pack(rules: RuleSet, seed: int, hand_no: int) -> list[Card]:
    """The rule set's pack shuffled for hand ``hand_no`` of the game ``seed``: the same on
    every run and platform."""
    # A string seed is hashed with SHA-512 by random.Random: stable across runs and platforms.
    rng = random.Random(f"pinochle/{seed}/{hand_no}")
    cards = rules.deck.cards()
    rng.shuffle(cards)
    return cards


def packets(rules: RuleSet, dealer: int) -> list[tuple[int, int]]:
    """(seat, n) in dealing order, starting with the player after the dealer; the widow gets
    its cards as one packet after the first round; two-handed ends with the turn-up card. The
    chairs sitting out the hand get none (VARIANTS.md, "Sitting out": "the dealer receives no
    cards")."""
    per_hand = rules.hand_size
    size = rules.table.deal_packet
    order = rules.seating.dealt_from(dealer)
    out: list[tuple[int, int]] = []
    dealt = 0
    first_round = True
    while dealt < per_hand:
        n = min(size, per_hand - dealt)
        for seat in order:
            out.append((seat, n))
        if first_round and rules.widow.size:
            out.append((WIDOW, rules.widow.size))
        first_round = False
        dealt += n
    if rules.stock.enabled:
        out.append((TURNUP, 1))
    return out


def scattered(plan: tuple[tuple[int, int], ...], seed: int, hand_no: int
              ) -> tuple[tuple[int, int], ...]:
    """The plan with its widow packet dealt card by card at points of the deal this deal's
    seed picks, never among the last five cards dealt (VARIANTS.md, five-handed: "a 5-card
    widow dealt face down at random points of the deal, never the last five")."""
    widow = sum(n for seat, n in plan if seat == WIDOW)
    packets = [(seat, n) for seat, n in plan if seat != WIDOW]
    # A widow card may follow packet i when at least five cards are dealt after it.
    after = [sum(n for _, n in packets[i + 1:]) for i in range(len(packets))]
    points = [i for i in range(len(packets)) if after[i] >= 5]
    rng = random.Random(f"pinochle/{seed}/{hand_no}/widow")
    chosen = sorted(rng.choice(points) for _ in range(widow))
    out: list[tuple[int, int]] = []
    for i, packet in enumerate(packets):
        out.append(packet)
        out.extend((WIDOW, 1) for point in chosen if point == i)
    return tuple(out)


def deal(rules: RuleSet, seed: int, hand_no: int, plan: tuple[tuple[int, int], ...]
         ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Hands per seat, the widow (or the turn-up card, two-handed) and the rest of the pack (the
    stock, top card first), dealt in the packets of ``plan`` (see :func:`packets`)."""
    pack = shuffled_pack(rules, seed, hand_no)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    widow: list[Card] = []
    pos = 0
    for seat, n in plan:
        chunk = pack[pos:pos + n]
        pos += n
        if seat >= 0:
            hands[seat].extend(chunk)
        else:
            widow.extend(chunk)
    return hands, widow, pack[pos:]
