"""Dealing the unseen cards into the hidden hands, consistently with what a seat knows.

A sample respects every hard fact of :class:`~game.bots.knowledge.Knowledge`: hand sizes, cards
known to be in a hand (laid meld, cards passed), voids and "could not beat" caps, and the widow's
cards staying with the bidder or in the discards. It then repairs, by swapping cards between
hands, any hand whose meld would exceed the meld that seat actually showed (a seat that laid
down no pinochle holds no pinochle). The result is close to uniform over consistent deals,
which is what determinized search needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.bots.knowledge import Knowledge
from game.rules.compiled import meld_table
from game.rules.view import PlayerView


def expand(counts: int, bits: int, mask: int) -> list[int]:
    """The card types of a counts int, one entry per copy."""
    out: list[int] = []
    t = 0
    while counts:
        c = counts & mask
        if c:
            out.extend([t] * c)
        counts >>= bits
        t += 1
    return out


def assign(cards: Sequence[int], caps: list[int], excl: Sequence[int],
           field_of: Sequence[int], rng: random.Random, tries: int = 30
           ) -> list[list[int]] | None:
    """Deal ``cards`` (types) into locations with the given free capacities, never putting a
    type where a location's exclusion mask forbids it. Most constrained cards go first and each
    lands with probability proportional to the room left, so samples are near uniform."""
    nloc = len(caps)
    order = list(cards)
    everywhere = list(range(nloc))
    # The locations each type may go to, worked out once per call rather than per card.
    allow_of: dict[int, list[int]] = {}
    for t in order:
        if t not in allow_of:
            f = field_of[t]
            allow_of[t] = [i for i in everywhere if not excl[i] & f]
    free = all(len(locs) == nloc for locs in allow_of.values())
    for _ in range(tries):
        rng.shuffle(order)
        allowed = [allow_of[t] for t in order]
        if free:  # every card may go anywhere: the stable sort below keeps the shuffled order
            idx: Sequence[int] = range(len(order))
        else:
            lens = [len(locs) for locs in allowed]
            idx = sorted(range(len(order)), key=lens.__getitem__)
        room = list(caps)
        out: list[list[int]] = [[] for _ in range(nloc)]
        ok = True
        for i in idx:
            locs = allowed[i]
            total = 0
            for j in locs:
                total += room[j]
            if total <= 0:
                ok = False
                break
            r = rng.random() * total
            j = locs[-1]
            for x in locs:
                r -= room[x]
                if r < 0:
                    j = x
                    break
            if room[j] <= 0:  # float rounding at the edge: any location with room
                j = next(x for x in locs if room[x] > 0)
            room[j] -= 1
            out[j].append(order[i])
        if ok:
            return out
    return None


class PlaySampler:
    """Samples full deals for trick play from one seat's knowledge."""

    def __init__(self, k: Knowledge, repair: bool = True) -> None:
        self.k = k
        rules = k.rules
        deck = rules.deck
        self.bits, self.mask = deck.bits, deck.field_mask
        self.one = deck.one
        self.field_of = k.kernel.field_of
        n = rules.players
        self.n = n
        bidder_loc = -1
        locs: list[int] = [s for s in range(n) if s != k.me]
        if k.discard_size:
            locs.append(-1)
        self.locs = locs
        known_total = sum(k.known)
        free = k.unseen - known_total
        self.widow: list[int] = []
        if k.widow_left:
            bidder = k.bidder
            restricted = _clip(k.widow_left - min_counts(k.widow_left, k.known[bidder], self.bits,
                                                         self.mask), free, self.bits, self.mask)
            self.widow = expand(restricted, self.bits, self.mask)
            free -= restricted
            bidder_loc = locs.index(bidder)
        self.bidder_loc = bidder_loc
        self.free = expand(free, self.bits, self.mask)
        deck_size = deck.size_of
        self.caps = [k.sizes[s] - deck_size(k.known[s]) if s >= 0 else k.discard_size
                     for s in locs]
        self.excl = [k.excl[s] if s >= 0 else 0 for s in locs]
        self.checks: list[tuple[int, int, int]] = []  # (loc index, played counts, shown total)
        if repair and k.trump >= 0:
            for i, s in enumerate(locs):
                if s >= 0 and k.shown[s] >= 0:
                    self.checks.append((i, k.played_by[s], k.shown[s]))
        self.total: Callable[[int, int | None], int] = meld_table(rules).total

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """(hands per seat, this seat's own hand included; the unseen discards)."""
        k = self.k
        caps = list(self.caps)
        widow_at: list[list[int]] = [[] for _ in self.locs]
        if self.widow:
            d = len(self.locs) - 1
            b = self.bidder_loc
            for t in self.widow:
                room_b = caps[b] if not self.excl[b] & self.field_of[t] else 0
                room_d = caps[d]
                j = b if rng.random() * (room_b + room_d) < room_b else d
                if caps[j] <= 0:
                    j = d if j == b else b
                caps[j] -= 1
                widow_at[j].append(t)
        dealt = assign(self.free, caps, self.excl, self.field_of, rng)
        if dealt is None:  # inconsistent inferences (should not happen): drop exclusions
            dealt = assign(self.free, caps, [0] * len(caps), self.field_of, rng) or [
                [] for _ in self.locs]
        if self.checks:
            self._repair(dealt, rng)
        one = self.one
        hands = [0] * self.n
        hands[k.me] = k.hand
        discard = 0
        for i, s in enumerate(self.locs):
            c = 0
            for t in dealt[i]:
                c += one[t]
            for t in widow_at[i]:
                c += one[t]
            if s >= 0:
                hands[s] = c + k.known[s]
            else:
                discard = c
        return hands, discard

    def _repair(self, dealt: list[list[int]], rng: random.Random, budget: int = 80) -> None:
        """Swap free cards between locations until no hand out-melds what its seat showed."""
        one, total, trump = self.one, self.total, self.k.trump
        known, locs = self.k.known, self.locs
        # Per checked location: (the cards it holds for sure, what it showed) and the counts
        # of its free cards, kept up to date through the swaps.
        info = {i: (known[locs[i]] + p, s) for i, p, s in self.checks}
        held: dict[int, int] = {}
        viol: dict[int, int] = {}
        for i, (base, shown) in info.items():
            c = 0
            for t in dealt[i]:
                c += one[t]
            held[i] = c
            viol[i] = max(0, total(base + c, trump) - shown)
        bad = [i for i, v in viol.items() if v]
        nloc = len(dealt)
        field_of, excl = self.field_of, self.excl
        for _ in range(budget):
            if not bad:
                return
            i = bad[int(rng.random() * len(bad))]
            if not dealt[i]:
                return
            j = int(rng.random() * (nloc - 1))
            if j >= i:
                j += 1
            if not dealt[j]:
                continue
            a = int(rng.random() * len(dealt[i]))
            b = int(rng.random() * len(dealt[j]))
            ta, tb = dealt[i][a], dealt[j][b]
            if ta == tb or excl[j] & field_of[ta] or excl[i] & field_of[tb]:
                continue
            base, shown = info[i]
            hi = held[i] - one[ta] + one[tb]
            vi = max(0, total(base + hi, trump) - shown)
            vj = 0
            if j in info:
                base_j, shown_j = info[j]
                hj = held[j] - one[tb] + one[ta]
                vj = max(0, total(base_j + hj, trump) - shown_j)
            if vi + vj <= viol[i] + viol.get(j, 0):
                dealt[i][a], dealt[j][b] = tb, ta
                viol[i], held[i] = vi, hi
                if j in info:
                    viol[j], held[j] = vj, hj
                bad = [x for x, v in viol.items() if v]


def min_counts(a: int, b: int, bits: int, mask: int) -> int:
    out = 0
    sh = 0
    while a and b:
        x, y = a & mask, b & mask
        out |= min(x, y) << sh
        a >>= bits
        b >>= bits
        sh += bits
    return out


def _clip(a: int, limit: int, bits: int, mask: int) -> int:
    return min_counts(a, limit, bits, mask)


class TruthSampler:
    """The real deal, for the measurement-only ``open`` level (a revealed view)."""

    def __init__(self, view: PlayerView) -> None:
        assert view.revealed, "only a revealed view holds the real deal"
        self.hands = list(view.all_hands)
        self.discard = view.hidden_discards if view.seat != view.bidder else 0

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        return list(self.hands), self.discard
