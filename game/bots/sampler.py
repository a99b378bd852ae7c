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
    if all(len(locs) == nloc for locs in allow_of.values()):
        return _assign_anywhere(order, caps, rng, tries)
    for _ in range(tries):
        rng.shuffle(order)
        allowed = [allow_of[t] for t in order]
        lens = [len(locs) for locs in allowed]
        room = list(caps)
        out: list[list[int]] = [[] for _ in range(nloc)]
        ok = True
        for i in sorted(range(len(order)), key=lens.__getitem__):
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


def _assign_anywhere(order: list[int], caps: list[int], rng: random.Random, tries: int
                     ) -> list[list[int]] | None:
    """:func:`assign` when every card may go anywhere: the cards in their shuffled order
    (the stable sort by constraint keeps it), the room left counted as it goes."""
    nloc = len(caps)
    rnd = rng.random
    for _ in range(tries):
        rng.shuffle(order)
        room = list(caps)
        total = sum(room)
        out: list[list[int]] = [[] for _ in range(nloc)]
        for t in order:
            if total <= 0:
                break
            r = rnd() * total
            j = nloc - 1
            for x in range(nloc):
                r -= room[x]
                if r < 0:
                    j = x
                    break
            if room[j] <= 0:  # float rounding at the edge: any location with room
                j = next(x for x in range(nloc) if room[x] > 0)
            room[j] -= 1
            total -= 1
            out[j].append(t)
        else:
            return out
    return None


def assign_exact(cards: Sequence[int], caps: list[int], excl: Sequence[int],
                 field_of: Sequence[int], rng: random.Random) -> list[list[int]] | None:
    """:func:`assign` where its random tries failed: a deal that respects every exclusion
    whenever one exists. Each card goes to a random allowed location with room, or, when every
    allowed location is full, a chain of moves (a card from there to another location it may
    go to, and so on) frees a place; None only when no deal can respect the exclusions. Six
    hands with voids and caps made the random tries fail often enough to matter."""
    nloc = len(caps)
    allowed = {t: [i for i in range(nloc) if not excl[i] & field_of[t]] for t in set(cards)}
    order = list(cards)
    rng.shuffle(order)
    room = list(caps)
    out: list[list[int]] = [[] for _ in range(nloc)]
    for t in order:
        free = [i for i in allowed[t] if room[i] > 0]
        if free:
            j = free[int(rng.random() * len(free))]
            room[j] -= 1
            out[j].append(t)
            continue
        # Breadth-first over locations: from a full one, any card there may move on.
        parent: dict[int, tuple[int, int]] = {}  # location -> (from location, card index)
        frontier = list(allowed[t])
        seen = set(frontier)
        goal = -1
        while frontier and goal < 0:
            nxt = []
            for a in frontier:
                for ci, c in enumerate(out[a]):
                    for b in allowed[c]:
                        if b in seen:
                            continue
                        seen.add(b)
                        parent[b] = (a, ci)
                        if room[b] > 0:
                            goal = b
                            break
                        nxt.append(b)
                    if goal >= 0:
                        break
                if goal >= 0:
                    break
            frontier = nxt
        if goal < 0:
            return None
        room[goal] -= 1
        moves = []  # (from, card index, to): each location at most once on the path
        b = goal
        while b in parent:
            a, ci = parent[b]
            moves.append((a, ci, b))
            b = a
        moving = [(out[a][ci], to) for a, ci, to in moves]
        for a, ci, _ in moves:
            out[a].pop(ci)
        for card, to in moving:
            out[to].append(card)
        out[b].append(t)  # b: where the chain starts, one of the card's own places
    return out


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
        dealt = (assign(self.free, caps, self.excl, self.field_of, rng)
                 or assign_exact(self.free, caps, self.excl, self.field_of, rng))
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
        nloc = len(dealt)
        rnd = rng.random
        # Per location: whether it is checked, the cards it holds for sure, what it showed,
        # the counts of its free cards (kept up to date through the swaps) and its excess.
        checked = [False] * nloc
        base, shown, held, viol = [0] * nloc, [0] * nloc, [0] * nloc, [0] * nloc
        order = []
        for i, p, s in self.checks:
            order.append(i)
            checked[i] = True
            base[i], shown[i] = known[locs[i]] + p, s
            c = 0
            for t in dealt[i]:
                c += one[t]
            held[i] = c
            excess = total(base[i] + c, trump) - s
            viol[i] = excess if excess > 0 else 0
        bad = [i for i in order if viol[i]]
        field_of, excl = self.field_of, self.excl
        for _ in range(budget):
            if not bad:
                return
            i = bad[int(rnd() * len(bad))]
            di = dealt[i]
            if not di:
                return
            j = int(rnd() * (nloc - 1))
            if j >= i:
                j += 1
            dj = dealt[j]
            if not dj:
                continue
            a = int(rnd() * len(di))
            b = int(rnd() * len(dj))
            ta, tb = di[a], dj[b]
            if ta == tb or excl[j] & field_of[ta] or excl[i] & field_of[tb]:
                continue
            hi = held[i] - one[ta] + one[tb]
            vi = total(base[i] + hi, trump) - shown[i]
            vi = vi if vi > 0 else 0
            vj = hj = 0
            if checked[j]:
                hj = held[j] - one[tb] + one[ta]
                vj = total(base[j] + hj, trump) - shown[j]
                vj = vj if vj > 0 else 0
            if vi + vj <= viol[i] + viol[j]:
                di[a], dj[b] = tb, ta
                viol[i], held[i] = vi, hi
                if checked[j]:
                    viol[j], held[j] = vj, hj
                bad = [x for x in order if viol[x]]


def min_counts(a: int, b: int, bits: int, mask: int) -> int:
    """The smaller count of each card type in packed hands ``a`` and ``b``."""
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
