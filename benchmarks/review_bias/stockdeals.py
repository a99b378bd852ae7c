"""The estimator's own sampler for two-handed (004): the opponent's hand and the stock.

The player knows its own twelve cards, the turn-up, every card it drew, the last two draws
(shown) and every card the opponent played, laid in a meld or gave up for the turn-up. The
opponent's cards came from its twelve dealt cards or from the stock cards it drew before
showing them. A proposal is an arrangement of the unknown cards over the opponent's hand and
the stock's unseen places, each equally likely (a uniform shuffle), among those in which
every card the opponent showed sits in a place it had drawn by then:

the opponent's cards are placed in the order they first had to be held, each in a free place
it could have come from, chosen uniformly. Because those places only ever grow, the number of
choices at each step is the same in every arrangement, so every such arrangement is proposed
with the same probability, but for identical copies: an arrangement is kept with probability
one over the number of ways the placement could have made it (as in
:mod:`benchmarks.review_bias.arrange`). The engine's replay then checks the rest.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.review_bias.arrange import Cards, InconsistentError
from benchmarks.review_bias.check import World
from benchmarks.review_bias.record import Record
from game.rules.cards import Card
from game.rules.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DixExchanged,
    HandClaimed,
    MeldLaid,
    PlayoffStarted,
)


@dataclass
class StockFacts:
    own: tuple[Card, ...] = ()
    turnup: Card | None = None
    fixed: dict[int, Card] = field(default_factory=dict)  # stock place: card the player saw
    drawn: list[tuple[int, int]] = field(default_factory=list)  # opponent's (place, event no.)
    # The opponent's cards in the order it first had to hold them: (card, event no.)
    units: list[tuple[Card, int]] = field(default_factory=list)


def read_stock_facts(record: Record) -> StockFacts:
    rules = record.rules
    seat = record.seat
    opp = rules.next_seat(seat)
    stock_size = rules.deck.size - 2 * rules.hand_size - 1
    f = StockFacts()
    shown: Cards = Counter()  # cards the opponent played, has on the table, or gave for the turn-up
    public: Cards = Counter()  # cards it was seen to take (the turn-up, shown draws)
    needed: Cards = Counter()  # the most of each card it must have taken unseen, so far
    on_table: Cards = Counter()
    place = 0
    at = 0  # event number
    for step in record.steps:
        for e in step.events:
            at += 1
            if isinstance(e, CardsDealt):
                f.own = e.hands[seat]
                f.turnup = e.turnup
            elif isinstance(e, CardDrawn):
                if place < stock_size:
                    if e.card is not None:
                        f.fixed[place] = e.card
                        if e.seat == opp:
                            public[e.card] += 1
                    else:
                        f.drawn.append((place, at))
                elif e.seat == opp and e.card is not None:
                    public[e.card] += 1  # the turn-up (or the dix put there)
                place += 1
            elif isinstance(e, PlayoffStarted):
                # Tabled cards go back to the hand: known, but no longer "on the table"; the
                # running most below keeps what they required.
                shown.subtract(on_table)
                on_table.clear()
            elif isinstance(e, CardPlayed) and e.seat == opp:
                if e.from_table:
                    on_table[e.card] -= 1
                else:
                    shown[e.card] += 1
            elif isinstance(e, MeldLaid) and e.seat == opp:
                shown.update(e.from_hand)
                on_table.update(e.from_hand)
            elif isinstance(e, DixExchanged) and e.seat == opp:
                shown[e.dix] += 1
                public[e.took] += 1
            # A claim shows the hand: held then, besides everything shown before.
            held = Counter(e.hands[opp]) if isinstance(e, HandClaimed) else Counter()
            for card, n in (shown + held - public).items():
                while needed[card] < n:
                    needed[card] += 1
                    f.units.append((card, at))
    return f


class StockProposals:
    def __init__(self, record: Record, exact: bool = True) -> None:
        if record.hidden:
            raise ValueError("two-handed hides no action")
        self.record = record
        self.exact = exact
        self.f = read_stock_facts(record)
        rules = record.rules
        self.seat = record.seat
        self.opp = rules.next_seat(self.seat)
        self.stock_size = rules.deck.size - 2 * rules.hand_size - 1
        pool = list(rules.deck.cards())
        assert self.f.turnup is not None
        for card in (*self.f.own, self.f.turnup, *self.f.fixed.values()):
            pool.remove(card)
        self.pool = pool
        n = rules.hand_size
        # Places: 0..n-1 the opponent's dealt cards, n + i the stock's place i.
        self.free_stock = [n + i for i in range(self.stock_size) if i not in self.f.fixed]
        if len(pool) != n + len(self.free_stock):
            raise InconsistentError(
                f"{len(pool)} unknown cards for {n + len(self.free_stock)} places")
        opened = sorted((at, n + p) for p, at in self.f.drawn)
        self.opened = opened  # (event no., place) the opponent took unseen
        left = Counter(pool)
        for card, _ in self.f.units:
            left[card] -= 1
            if left[card] < 0:
                raise InconsistentError(f"the opponent showed a {card} that is not unknown")

    def _open_at(self, at: int) -> list[int]:
        n = self.record.rules.hand_size
        return list(range(n)) + [p for t, p in self.opened if t < at]

    def propose(self, rng: random.Random) -> World | None:
        n = self.record.rules.hand_size
        slot: dict[int, Card] = {}
        rest = Counter(self.pool)
        for card, at in self.f.units:
            free = [p for p in self._open_at(at) if p not in slot]
            if not free:
                return None  # cannot happen on a consistent record; counted as dropped
            slot[rng.choice(free)] = card
            rest[card] -= 1
        left = list(rest.elements())
        rng.shuffle(left)
        empty = [p for p in range(n) if p not in slot] + [
            p for p in self.free_stock if p not in slot]
        slot.update(zip(empty, left, strict=True))
        if self.exact and not self._keep(slot, rng):
            return None
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[self.seat] = self.f.own
        hands[self.opp] = tuple(slot[p] for p in range(n))
        stock = tuple(self.f.fixed[i] if i in self.f.fixed else slot[n + i]
                      for i in range(self.stock_size))
        assert self.f.turnup is not None
        return World(tuple(hands), (self.f.turnup,), stock)

    def _keep(self, slot: dict[int, Card], rng: random.Random) -> bool:
        """The duplicates' correction: the ways the placement could have made ``slot``."""
        ways = 1
        done: Cards = Counter()
        for card, at in self.f.units:
            copies = sum(1 for p in self._open_at(at) if slot[p] == card)
            ways *= copies - done[card]
            done[card] += 1
        return ways <= 1 or rng.random() * ways < 1.0
