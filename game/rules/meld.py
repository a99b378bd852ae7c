"""Meld: the best legal meld of a hand under a rule set, fast totals and full breakdowns.

Meld classes are independent (a card may serve once per class), and inside a class the suits and
ranks are independent too, so the best meld is a sum of small independent optimisations: one per
suit (runs, royal marriages, marriages, the dix) and one per around rank plus the pinochle. Each is
precomputed into a table indexed by a suit's slice of the hand's counts int; a hand's total is four
suit lookups plus one lookup of the arounds/pinochle mask formed by AND-ing per-suit unary counts.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.cards import Card, Deck, Rank, Suit
from game.rules.ruleset import MeldKind, MeldRules, RuleSet

# Five and six copies exist only in the six-handed 120-card pack.
LEVEL_WORDS = ("", "Double", "Triple", "Quadruple", "Quintuple", "Sextuple")
AROUND_KINDS: tuple[tuple[MeldKind, Rank], ...] = (
    ("aces", Rank.ACE), ("kings", Rank.KING), ("queens", Rank.QUEEN), ("jacks", Rank.JACK))
RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
NO_TRUMP = 4  # table index meaning "no trump named yet" (bidding, forced openings)


@dataclass(frozen=True, slots=True)
class Meld:
    """One scored combination: its kind, the preset's class and name for it, cards and points."""

    kind: MeldKind
    cls: str
    name: str
    cards: tuple[Card, ...]
    points: int
    # Cards this meld shares with another meld of its own class: only a run's king and queen
    # scored again as royal marriages (meld.run_includes_royal_marriage). Every other meld of a
    # class has cards of its own.
    # Left out of the text form: event logs and golden replays read as before when empty.
    shared: tuple[Card, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, object]:
        return {"class": self.cls, "name": self.name, "cards": [str(c) for c in self.cards],
                "points": self.points}


@dataclass(frozen=True, slots=True)
class MeldResult:
    """The meld of one hand: its ``total`` and every meld that scores in it."""

    total: int
    melds: tuple[Meld, ...]

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "melds": [m.to_json() for m in self.melds]}

    def cards_used(self) -> list[Card]:
        """Every card the meld needs on the table, counting a card once per copy needed: a
        multiset within the hand it was found in."""
        # Melds of one class share no card (but for ``Meld.shared``); melds of different classes
        # may, so the cards needed are, per card, the largest count any single class uses.
        by_class: dict[str, dict[Card, int]] = {}
        for meld in self.melds:
            bucket = by_class.setdefault(meld.cls, {})
            for card in meld.cards:
                bucket[card] = bucket.get(card, 0) + 1
            for card in meld.shared:
                bucket[card] -= 1
        out: dict[Card, int] = {}
        for bucket in by_class.values():
            for card, n in bucket.items():
                out[card] = max(out.get(card, 0), n)
        return [card for card, n in sorted(out.items()) for _ in range(n)]


def level_name(base: str, level: int) -> str:
    """A meld's name at ``level`` copies: the base name alone once, then "Double",
    "Triple"... before it."""
    if level <= 1:
        return base
    return f"{LEVEL_WORDS[level - 1]} {base}"


class MeldTable:
    """Precomputed meld tables for one pack and one meld configuration."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.deck: Deck = rules.deck
        self.cfg: MeldRules = rules.meld
        d = self.deck
        self.size = 1 << d.slice_bits
        self.dix_rank = rules.dix_rank
        self.royal_shares_run = (self.cfg.run_includes_royal_marriage and
                                 rules.meld_class("run") == rules.meld_class("royal_marriage"))
        # [suit][is_trump][slice] -> (runs and marriages, dixes), filled on first use
        self._suit_cache: list[list[list[tuple[tuple[Meld, ...], ...] | None]]] = [
            [[None] * (1 << d.slice_bits) for _ in range(2)] for _ in range(4)]
        self._mask_cache: dict[int, tuple[Meld, ...]] = {}
        self._drop_cache: dict[int, tuple[tuple[int, int], ...]] = {}  # for _drops
        self._loss_cache: dict[tuple[int, int, int, int], tuple[tuple[int, int], ...]] = {}
        trump_pts, plain_pts = [], []
        masks: list[list[int]] = [[], [], [], []]
        # Many slices clamp to the same counts (a double-deck table has 262,144 slices and
        # 15,625 distinct counts): each distinct one is worked out once.
        seen: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}
        # Slice x holds rank i's count in bits i*d.bits up: counting x up from 0 is the product
        # of the field values with the last rank slowest, clamped as _slice_counts clamps.
        clamped = [min(d.copies, v) for v in range(d.field_mask + 1)]
        for fields in itertools.product(clamped, repeat=len(d.ranks)):
            key = fields[::-1]
            entry = seen.get(key)
            if entry is None:
                counts = dict(zip(d.ranks, key, strict=True))
                entry = seen[key] = (self._suit_items(counts, True)[0],
                                     self._suit_items(counts, False)[0],
                                     tuple(self._mask(counts, suit) for suit in range(4)))
            trump_pts.append(entry[0])
            plain_pts.append(entry[1])
            for suit in range(4):
                masks[suit].append(entry[2][suit])
        self.trump_pts = trump_pts
        self.plain_pts = plain_pts
        self.masks = masks
        self.mask_width = 5 * d.copies
        tabs = []
        for trump in range(5):
            tabs.append(tuple(trump_pts if s == trump else plain_pts for s in range(4)))
        self.tabs = tuple(tabs)
        if self.mask_width <= 12:
            self.mask_pts = [self._mask_items(m)[0] for m in range(1 << self.mask_width)]
        else:
            self.mask_pts = []
        self.total: Callable[[int, int | None], int] = self._make_total()

    # -- building blocks -------------------------------------------------------------------
    def _slice_counts(self, x: int) -> dict[Rank, int]:
        d = self.deck
        # Field values above the pack's copies never occur in a real hand; clamp them so the
        # table can be a plain list indexed by every possible slice.
        return {rank: min(d.copies, (x >> (i * d.bits)) & d.field_mask)
                for i, rank in enumerate(d.ranks)}

    def _suit_items(self, c: dict[Rank, int], trump: bool
                    ) -> tuple[int, list[tuple[MeldKind, int]]]:
        """Best points for one suit's cards, with (kind, level) items; marriages as one item."""
        cfg = self.cfg
        kings, queens = c.get(Rank.KING, 0), c.get(Rank.QUEEN, 0)
        if not trump:
            n = min(kings, queens)
            return n * cfg.marriage, ([("marriage", n)] if n and cfg.marriage else [])
        best_pts = -1
        best_items: list[tuple[MeldKind, int]] = []
        max_runs = min(c.get(r, 0) for r in RUN_RANKS)
        for runs in range(max_runs + 1):
            pts = cfg.run[runs - 1] if runs else 0
            spare = min(kings - runs, queens - runs)
            royals = spare + (runs if cfg.run_includes_royal_marriage else 0)
            pts += royals * cfg.royal_marriage
            if pts >= best_pts:
                best_pts = pts
                best_items = ([("run", runs)] if runs else [])
                if royals and cfg.royal_marriage:
                    best_items.append(("royal_marriage", royals))
        if self.dix_rank is not None and cfg.dix:
            nines = c.get(self.dix_rank, 0)
            best_pts += nines * cfg.dix
            best_items.extend([("dix", 1)] * nines)
        return best_pts, best_items

    def _mask(self, c: dict[Rank, int], suit: int) -> int:
        copies = self.deck.copies
        full = (1 << copies) - 1
        mask = 0
        for i, (_, rank) in enumerate(AROUND_KINDS):
            mask |= ((1 << c.get(rank, 0)) - 1) << (i * copies)
        if suit == Suit.SPADES:
            pin = (1 << c.get(Rank.QUEEN, 0)) - 1
        elif suit == Suit.DIAMONDS:
            pin = (1 << c.get(Rank.JACK, 0)) - 1
        else:
            pin = full
        return mask | (pin << (4 * copies))

    def _mask_items(self, mask: int) -> tuple[int, list[tuple[MeldKind, int]]]:
        copies = self.deck.copies
        full = (1 << copies) - 1
        pts, items = 0, []
        for i, (kind, _) in enumerate(AROUND_KINDS):
            level = ((mask >> (i * copies)) & full).bit_count()
            if level:
                pts += getattr(self.cfg, kind)[level - 1]
                items.append((kind, level))
        level = ((mask >> (4 * copies)) & full).bit_count()
        if level:
            pts += self.cfg.pinochle[level - 1]
            items.append(("pinochle", level))
        return pts, items

    def _make_total(self) -> Callable[[int, int | None], int]:
        tabs, (m0, m1, m2, m3) = self.tabs, self.masks
        sb, sm = self.deck.slice_bits, self.deck.slice_mask
        sb2, sb3 = 2 * sb, 3 * sb
        if self.mask_pts:
            ap = self.mask_pts

            def total(h: int, trump: int | None) -> int:
                a, b, c, d = tabs[NO_TRUMP if trump is None else trump]
                s0 = h & sm
                s1 = h >> sb & sm
                s2 = h >> sb2 & sm
                s3 = h >> sb3
                return a[s0] + b[s1] + c[s2] + d[s3] + ap[m0[s0] & m1[s1] & m2[s2] & m3[s3]]

            return total

        mask_items = self._mask_items
        cache: dict[int, int] = {}

        def total_wide(h: int, trump: int | None) -> int:
            a, b, c, d = tabs[NO_TRUMP if trump is None else trump]
            s0 = h & sm
            s1 = h >> sb & sm
            s2 = h >> sb2 & sm
            s3 = h >> sb3
            m = m0[s0] & m1[s1] & m2[s2] & m3[s3]
            extra = cache.get(m)
            if extra is None:
                extra = cache[m] = mask_items(m)[0]
            return a[s0] + b[s1] + c[s2] + d[s3] + extra

        return total_wide

    def slices(self, h: int) -> tuple[tuple[int, int], ...]:
        """Per suit: (the hand's slice of that suit, the meld mask of the other three suits'
        slices): with :meth:`suit_losses`, the meld each held card is worth keeping, in pieces
        that recur far more often than whole hands."""
        masks = self.masks
        sb, sm = self.deck.slice_bits, self.deck.slice_mask
        x0, x1, x2, x3 = h & sm, h >> sb & sm, h >> 2 * sb & sm, h >> 3 * sb
        a, b, c, d = masks[0][x0], masks[1][x1], masks[2][x2], masks[3][x3]
        return (x0, b & c & d), (x1, a & c & d), (x2, a & b & d), (x3, a & b & c)

    def suit_losses(self, trump: int | None, suit: int, x: int, rest_mask: int
                    ) -> tuple[tuple[int, int], ...]:
        """(type, meld lost by giving up one copy of it) for each type of slice ``x`` of
        ``suit``, the other suits' slices having the meld mask ``rest_mask``
        (:meth:`slices`): equal to ``total(h) - total(h - card)`` for the whole hand."""
        tr = NO_TRUMP if trump is None else trump
        key = (tr, suit, x, rest_mask)
        got = self._loss_cache.get(key)
        if got is None:
            tab, masks = self.tabs[tr][suit], self.masks[suit]
            ap = self.mask_pts
            whole = rest_mask & masks[x]
            base = tab[x] + (ap[whole] if ap else self._mask_items(whole)[0])
            out = []
            for t, y in self._drops(suit, x):
                m = rest_mask & masks[y]
                out.append((t, base - tab[y] - (ap[m] if ap else self._mask_items(m)[0])))
            if len(self._loss_cache) > 500_000:  # bound the memo in very long runs
                self._loss_cache.clear()
            got = self._loss_cache[key] = tuple(out)
        return got

    def _drops(self, suit: int, x: int) -> tuple[tuple[int, int], ...]:
        """(type, the slice without one copy of it) for each type in slice ``x`` of ``suit``."""
        key = suit << self.deck.slice_bits | x
        got = self._drop_cache.get(key)
        if got is None:
            d = self.deck
            got = self._drop_cache[key] = tuple(
                (suit * d.n_ranks + r, x - (1 << (r * d.bits))) for r in range(d.n_ranks)
                if (x >> (r * d.bits)) & d.field_mask)
        return got

    # -- breakdowns ------------------------------------------------------------------------
    def _make_meld(self, kind: MeldKind, level: int, cards: list[Card], points: int,
                   shared: tuple[Card, ...] = ()) -> Meld:
        rules = self.rules
        return Meld(kind, rules.meld_class(kind), level_name(rules.meld_name(kind), level),
                    tuple(cards), points, shared)

    def _suit_melds(self, x: int, trump: bool, suit: int) -> tuple[tuple[Meld, ...], ...]:
        """(runs and marriages, dixes) of one suit; the dix comes apart because several presets
        give it a class of its own."""
        cfg, s = self.cfg, Suit(suit)
        main, dixes = [], []
        runs = 0
        for kind, level in self._suit_items(self._slice_counts(x), trump)[1]:
            if kind == "run":
                runs = level
                cards = [Card(r, s) for r in RUN_RANKS for _ in range(level)]
                main.append(self._make_meld(kind, level, cards, cfg.run[level - 1]))
            elif kind in ("royal_marriage", "marriage"):
                cards = [Card(Rank.KING, s), Card(Rank.QUEEN, s)] * level
                value = cfg.royal_marriage if kind == "royal_marriage" else cfg.marriage
                # A run's king and queen, scored again as royal marriages of the run's own class,
                # stay the run's cards.
                shared = ((Card(Rank.KING, s), Card(Rank.QUEEN, s)) * runs
                          if kind == "royal_marriage" and self.royal_shares_run else ())
                main.append(self._make_meld(kind, level, sorted(cards, reverse=True),
                                            value * level, shared))
            else:  # dix
                assert self.dix_rank is not None
                dixes.append(self._make_meld(kind, 1, [Card(self.dix_rank, s)], cfg.dix))
        result = (tuple(main), tuple(dixes))
        self._suit_cache[suit][trump][x] = result
        return result

    def _mask_melds(self, mask: int) -> tuple[Meld, ...]:
        cached = self._mask_cache.get(mask)
        if cached is not None:
            return cached
        out = []
        items = sorted(self._mask_items(mask)[1], key=lambda item: item[0] != "pinochle")
        for kind, level in items:
            if kind == "pinochle":
                cards = [Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS)] * level
                out.append(self._make_meld(kind, level, cards, self.cfg.pinochle[level - 1]))
            else:
                rank = dict(AROUND_KINDS)[kind]
                cards = [Card(rank, s) for s in Suit for _ in range(level)]
                out.append(self._make_meld(kind, level, cards, getattr(self.cfg, kind)[level - 1]))
        result = tuple(out)
        self._mask_cache[mask] = result
        return result

    def breakdown(self, h: int, trump: int | None) -> MeldResult:
        """Every meld of the best total: runs and marriages by suit, dixes, pinochle, arounds."""
        sb, sm = self.deck.slice_bits, self.deck.slice_mask
        m, cache, build = self.masks, self._suit_cache, self._suit_melds
        main: list[Meld] = []
        dixes: list[Meld] = []
        mask = -1
        for suit in range(4):
            x = (h >> (suit * sb)) & sm
            is_trump = suit == trump
            melds = cache[suit][is_trump][x] or build(x, is_trump, suit)
            if melds[0]:
                main += melds[0]
            if melds[1]:
                dixes += melds[1]
            mask &= m[suit][x]
        mask_melds = self._mask_cache.get(mask)
        if mask_melds is None:
            mask_melds = self._mask_melds(mask)
        return MeldResult(self.total(h, trump), (*main, *dixes, *mask_melds))


def marriage_suits(rules: RuleSet, counts: int) -> list[Suit]:
    """Suits in which the hand holds a king and queen (001: trump must be one of them)."""
    d = rules.deck
    out = []
    for suit in Suit:
        k = d.count(counts, Card(Rank.KING, suit))
        q = d.count(counts, Card(Rank.QUEEN, suit))
        if k and q:
            out.append(suit)
    return out
