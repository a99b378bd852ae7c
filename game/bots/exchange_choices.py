"""Ranking the cards a player gives away: the partner's pass and the bidder's pass back
(racehorse), and the three-handed bidder's discard after the widow.

The passing rules are the classic ones players teach: pass trump first, then the other half of
a pinochle when spades or diamonds are trump, then aces; never pass an off-suit nine and never
break your own meld. Passing back keeps trumps and masters and short-suits the bidder. A
discard is worth the meld and expected tricks it keeps, under the play ``model`` the caller
names (the table's own, or the starting model while :mod:`game.bots.calibrate` fits one).

Below :mod:`game.bots.exchange` (the decisions on a player's view) so that the fitting can use
these rankings without a circle through the fitted models.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from game.bots.handmodel import Model, features
from game.rules.cards import Card, Rank, Suit
from game.rules.compiled import meld_table
from game.rules.ruleset import RuleSet

RANK_PASS_BONUS = {Rank.ACE: 12, Rank.TEN: 10, Rank.KING: 8, Rank.QUEEN: 8, Rank.JACK: 8,
                   Rank.NINE: 3, Rank.EIGHT: 1, Rank.SEVEN: 1}


def pass_value(card: Card, trump: int) -> float:
    """How much a card helps the bidder, by the classic passing rules."""
    if card.suit == trump:
        return 40 + RANK_PASS_BONUS[card.rank]
    if (trump == Suit.SPADES and card == Card(Rank.JACK, Suit.DIAMONDS)) or (
            trump == Suit.DIAMONDS and card == Card(Rank.QUEEN, Suit.SPADES)):
        return 25  # completes a pinochle with the bidder's trump queen of spades / jack
    if card.rank == Rank.ACE:
        return 20
    if card.rank == Rank.TEN:
        return 4
    if card.rank in (Rank.KING, Rank.QUEEN):
        return 2
    if card.rank == Rank.NINE:
        return -15  # an off-suit nine is worth nothing to anyone
    return 0


def rank_passes(rules: RuleSet, h: int, trump: int, choices: Sequence[tuple[Card, ...]],
                meld_weight: float = 1.5) -> list[tuple[float, tuple[Card, ...], int]]:
    """(score, cards, meld given up) of every pass from hand ``h`` to the bidder, best first by
    the classic rules."""
    deck = rules.deck
    table = meld_table(rules)
    base = table.total(h, trump)
    worth = _pass_worths(choices, trump)
    out = []
    for i, cards in enumerate(choices):
        loss = base - table.total(h - deck.counts_of(cards), trump)
        out.append((worth[i] - meld_weight * loss, cards, loss))
    out.sort(key=lambda x: -x[0])  # stable: ties keep the legal order
    return out


def _pass_worths(choices: Sequence[tuple[Card, ...]], trump: int) -> list[float]:
    """Each choice's summed :func:`pass_value`, each card's value worked out once."""
    value: dict[Card, float] = {}
    out = []
    for cards in choices:
        total = 0.0
        for c in cards:
            v = value.get(c)
            if v is None:
                v = value[c] = pass_value(c, trump)
            total += v
        out.append(total)
    return out


def best_pass(rules: RuleSet, h: int, trump: int, choices: Sequence[tuple[Card, ...]],
              meld_weight: float = 1.5) -> tuple[tuple[Card, ...], int]:
    """(cards, meld given up) of the best pass from hand ``h`` to the bidder: the first of
    :func:`rank_passes`, without pricing the meld of every choice. Giving up meld only lowers a
    choice's score, so its cards' values bound it: choices are priced in order of that bound
    until the bound falls below the best score found (ties go to the earlier legal choice)."""
    deck = rules.deck
    table = meld_table(rules)
    base = table.total(h, trump)
    worth = _pass_worths(choices, trump)
    best, best_score, best_loss = -1, 0.0, 0
    for i in sorted(range(len(choices)), key=lambda i: -worth[i]):
        if best >= 0 and worth[i] < best_score:
            break
        loss = base - table.total(h - deck.counts_of(choices[i]), trump)
        score = worth[i] - meld_weight * loss
        if best < 0 or score > best_score or (score == best_score and i < best):
            best, best_score, best_loss = i, score, loss
    return choices[best], best_loss


def keep_value(rules: RuleSet, h: int, t: int, trump: int, counts: list[int]) -> float:
    """How much the bidder wants to keep one card of type ``t`` for trick play."""
    deck = rules.deck
    card = deck.types[t]
    pts = rules.trick_points_by_type[t]
    if card.suit == trump:
        return 100 + t % deck.n_ranks
    if card.rank == Rank.ACE:
        return 40
    top_two = deck.ranks_high_to_low[1]
    if card.rank == top_two and counts[card.suit] >= 3:
        return 12
    return pts * 0.5 + (t % deck.n_ranks) * 0.5


def rank_pass_backs(rules: RuleSet, h: int, trump: int, choices: Sequence[tuple[Card, ...]]
                    ) -> list[tuple[float, tuple[Card, ...]]]:
    """Every pass back from hand ``h``, best first by the classic rules: keep trumps and aces,
    void short side suits."""
    deck = rules.deck
    counts = [deck.size_of(h & deck.suit_mask(s)) for s in range(4)]
    trumps = counts[trump] if trump >= 0 else 0
    keep: dict[Card, float] = {}  # each card's keep_value, worked out once
    out = []
    for cards in choices:
        score = 0.0
        removed = [0, 0, 0, 0]
        for c in cards:
            v = keep.get(c)
            if v is None:
                v = keep[c] = keep_value(rules, h, deck.type_of(c), trump, counts)
            score -= v
            removed[c.suit] += 1
        for s in range(4):
            if s != trump and counts[s] and counts[s] == removed[s] and trumps >= 3:
                score += 18  # a new void lets the bidder ruff
        out.append((score, cards))
    out.sort(key=lambda x: -x[0])
    return out


def best_pass_back(rules: RuleSet, h: int, trump: int, choices: Sequence[tuple[Card, ...]]
                   ) -> tuple[Card, ...]:
    """The bidder's pass back from hand ``h``: keep trumps and aces, void short side suits."""
    return rank_pass_backs(rules, h, trump, choices)[0][1]


# -- three-handed widow ---------------------------------------------------------------------------
def _discard_pool(rules: RuleSet, h: int, trump: int, size: int = 8) -> list[int]:
    """The card types the bidder would most willingly discard with ``trump`` named."""
    deck = rules.deck
    table = meld_table(rules)
    base = table.total(h, trump)
    counts = [deck.size_of(h & deck.suit_mask(s)) for s in range(4)]
    scored = []
    for t in range(deck.n_types):
        n = (h >> (t * deck.bits)) & deck.field_mask
        if not n:
            continue
        loss = base - table.total(h - deck.one[t], trump)
        cost = keep_value(rules, h, t, trump, counts) + 2 * loss
        cost -= rules.trick_points_by_type[t] * 0.8  # discarded counters are banked
        scored.extend([(cost, t)] * n)
    scored.sort()
    return [t for _, t in scored[:size]]


def rank_discards(rules: RuleSet, h: int, k: int, model: Model,
                  trumps: Sequence[int] = range(4)) -> list[tuple[float, int, int]]:
    """(value, discard counts, trump) of the discards worth considering, best first by meld
    + expected tricks + banked points; ``trumps``: the suits still to choose from (the one
    named already, where the widow comes after trump)."""
    table = meld_table(rules)
    deck = rules.deck
    pts = rules.trick_points_by_type
    out: list[tuple[float, int, int]] = []
    for trump in trumps:
        pool = _discard_pool(rules, h, trump)
        seen = set()
        for combo in itertools.combinations(range(len(pool)), k):
            types = tuple(sorted(pool[i] for i in combo))
            if types in seen:
                continue
            seen.add(types)
            d = sum(deck.one[t] for t in types)
            rest = h - d
            value = (table.total(rest, trump) + model.value(features(rules, rest, trump))
                     + sum(pts[t] for t in types))
            out.append((value, d, trump))
    out.sort(key=lambda x: -x[0])
    return out


def best_discard(rules: RuleSet, h: int, k: int, model: Model,
                 trumps: Sequence[int] = range(4)) -> tuple[float, int, int]:
    """(value, discard counts, trump) maximising meld + expected tricks + banked points."""
    return rank_discards(rules, h, k, model, trumps)[0]
