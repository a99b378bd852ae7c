"""The tables of the rollout policy (:mod:`game.bots.rollout`), built once per rule set: which
card of a suit's presence pattern is the cheapest to give away, the best to feed a partner, the
highest; whether a follower must beat the winner of the led suit; each seat's opponents and
partners for a seating; and memos of the cheapest and the feeding card of a whole mask, which a
search asks for over and over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import Obligation, RuleSet

Rnd = Callable[[], float]
MEMO_LIMIT = 200_000  # entries per memo before it starts afresh (long runs stay bounded)
# Per seat: (opponents, partners, the other seats, opponents still to play after this seat
# when it plays k-th to a trick, for k = 0 .. n-1).
Side = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
Sides = tuple[Side, ...]


class RolloutTables:
    """The per-rule-set tables and memos a rollout policy plays by."""

    def __init__(self, rules: RuleSet, obligations: Sequence[Obligation] | None = None) -> None:
        k: PlayKernel = kernel_for(rules, obligations)
        d = rules.deck
        self.rules = rules
        self.k = k
        self.n = rules.players
        self.bits = d.bits
        self.nr = d.n_ranks
        self.sb = d.slice_bits
        self.slice_mask = d.slice_mask
        self.low = k.low
        pts = k.points
        self.pts = pts
        nr = d.n_ranks
        # Keys that order cards: cheapest to give away first; most points to feed first.
        size = 1 << d.slice_bits
        lowest: list[list[int]] = []
        feed: list[list[int]] = []
        top: list[list[int]] = []
        for s in range(4):
            lo_s, fd_s, tp_s = [-1] * size, [-1] * size, [-1] * size
            for r_mask in range(1 << nr):
                pattern = 0
                ranks = []
                for r in range(nr):
                    if r_mask >> r & 1:
                        pattern |= 1 << (r * d.bits)
                        ranks.append(r)
                if not ranks:
                    continue
                types = [s * nr + r for r in ranks]
                lo_s[pattern] = min(types, key=lambda t: (pts[t], t))
                fd_s[pattern] = max(types, key=lambda t: (pts[t], -t))
                tp_s[pattern] = max(types)
            lowest.append(lo_s)
            feed.append(fd_s)
            top.append(tp_s)
        self.lowest, self.feed, self.top = lowest, feed, top
        # The order keys of _pick_low and _pick_feed per suit and pattern, before the trump
        # adjustment: fewest points then lowest rank; most points then lowest rank.
        self.low_key = [[pts[t] * 64 + t % nr if t >= 0 else 0 for t in row] for row in lowest]
        self.feed_key = [[pts[t] * 64 - t % nr if t >= 0 else 0 for t in row] for row in feed]
        # must_beat_led_after_trump needs the whole trick: those tables ask the kernel itself
        self.exact = k.legal if k.beat_led_after_trump else None
        # Per trump (index -1: none) and led suit: whether following suit must beat the winner.
        self.crawls = [tuple(k.crawl or (k.beat_trump_lead and led == trump) for led in range(4))
                       for trump in (0, 1, 2, 3, -1)]
        step = 1 if rules.table.direction == "clockwise" else self.n - 1
        self.nxt = [(s + step) % self.n for s in range(self.n)]
        self._sides: dict[tuple[int, ...], Sides] = {}
        # Memos of _pick_low and _pick_feed per trump (index -1: no trump), by presence bits:
        # a search asks the same few thousand masks over and over.
        self._low_memo: list[dict[int, int]] = [{} for _ in range(5)]
        self._feed_memo: list[dict[int, int]] = [{} for _ in range(5)]

    def sides(self, team: Sequence[int]) -> Sides:
        """Each seat's opponents, partners, other seats, and the opponents who play after it
        at each place in a trick, for one seating (a memo: a search asks the same every time)."""
        key = tuple(team)
        got = self._sides.get(key)
        if got is None:
            n = self.n
            rows = []
            for seat in range(n):
                mine = team[seat]
                later = []
                for k in range(n):
                    s, after = seat, []
                    for _ in range(n - k - 1):
                        s = self.nxt[s]
                        after.append(s)
                    later.append(tuple(s2 for s2 in after if team[s2] != mine))
                rows.append((tuple(s for s in range(n) if team[s] != mine),
                             tuple(s for s in range(n) if s != seat and team[s] == mine),
                             tuple(s for s in range(n) if s != seat), tuple(later)))
            got = self._sides[key] = tuple(rows)
        return got

    # -- card choice helpers ----------------------------------------------------------------
    def _pick_low(self, m: int, trump: int) -> int:
        """The cheapest card in mask ``m``: fewest points, lowest rank, trumps last (the first
        suit wins a tie)."""
        p = (m | m >> 1) & self.low if self.bits == 2 else (m | m >> 1 | m >> 2) & self.low
        memo = self._low_memo[trump]
        t = memo.get(p)
        if t is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            t = memo[p] = self._lowest_of(p, trump)
        return t

    def _lowest_of(self, p: int, trump: int) -> int:
        sb, sm, keys = self.sb, self.slice_mask, self.low_key
        best_s, best_pat, key = -1, 0, 1 << 30
        for s in range(4):
            pat = p & sm
            p >>= sb
            if pat:
                kk = keys[s][pat] + 4096 if s == trump else keys[s][pat]
                if kk < key:
                    best_s, best_pat, key = s, pat, kk
        return self.lowest[best_s][best_pat] if best_s >= 0 else -1

    def _pick_feed(self, m: int, trump: int) -> int:
        """The card to smear on a partner's safe trick: most points, lowest rank, not trump."""
        p = (m | m >> 1) & self.low if self.bits == 2 else (m | m >> 1 | m >> 2) & self.low
        memo = self._feed_memo[trump]
        t = memo.get(p)
        if t is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            t = memo[p] = self._feed_of(p, trump)
        return t

    def _feed_of(self, p: int, trump: int) -> int:
        sb, sm, keys = self.sb, self.slice_mask, self.feed_key
        best_s, best_pat, key = -1, 0, -(1 << 30)
        for s in range(4):
            pat = p & sm
            p >>= sb
            if pat:
                kk = keys[s][pat] - 2048 if s == trump else keys[s][pat]
                if kk > key:
                    best_s, best_pat, key = s, pat, kk
        return self.feed[best_s][best_pat] if best_s >= 0 else -1

    # -- the playout --------------------------------------------------------------------------

    def _trick_so_far(self, cur: Sequence[tuple[int, int]], trump: int
                      ) -> tuple[int, int, int, int, int, bool]:
        """(last seat to play, winning seat, winning type, led suit, points) of a trick, and
        whether following suit must beat the winner."""
        if not cur:
            return -1, -1, 0, 0, 0, False
        k = self.k
        suit_of = k.suit_of
        wseat, wt = cur[0]
        tp = self.pts[wt]
        for s2, t2 in cur[1:]:
            st = suit_of[t2]
            if (t2 > wt) if st == suit_of[wt] else st == trump:
                wt, wseat = t2, s2
            tp += self.pts[t2]
        led = suit_of[cur[0][1]]
        crawls = k.crawl or (k.beat_trump_lead and led == trump)
        return cur[-1][0], wseat, wt, led, tp, crawls

    def _random_type(self, presence: int, rnd: Rnd) -> int:
        """A uniformly random card type among the presence bits (the rollout's exploration)."""
        for _ in range(int(rnd() * presence.bit_count())):
            presence &= presence - 1
        return self.k.type_of_bitlen[(presence & -presence).bit_length()]
