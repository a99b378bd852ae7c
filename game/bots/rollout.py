"""Fast heuristic playouts on counts ints: the rollout policy of the ``hard`` bot's search.

A rollout plays a determinized deal (every hand known) to the end with a greedy policy that a
decent player would recognise: cash masters that cannot be ruffed, draw trumps on the bidding
side, feed counters to a partner whose card is safe, win as cheaply as is safe, otherwise
throw the least valuable card. It is several times slower than the kernel's random playout but
much closer to real play, which is what makes determinized search estimates worth having.

Everything is precomputed per rule set into lookup tables indexed by a suit's slice of the
presence bits, so one card costs a handful of integer operations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import Obligation, RuleSet

Rnd = Callable[[], float]


class RolloutPolicy:
    """Greedy full-information play for one rule set and one list of trick obligations."""

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
        # must_beat_led_after_trump needs the whole trick: those tables ask the kernel itself
        self.exact = k.legal if k.beat_led_after_trump else None
        step = 1 if rules.table.direction == "clockwise" else self.n - 1
        self.nxt = [(s + step) % self.n for s in range(self.n)]

    # -- card choice helpers ----------------------------------------------------------------
    def _pick_low(self, m: int, trump: int) -> int:
        """The cheapest card in mask ``m``: fewest points, lowest rank, trumps last."""
        low, sb, sm = self.low, self.sb, self.slice_mask
        p = (m | m >> 1) & low if self.bits == 2 else (m | m >> 1 | m >> 2) & low
        best, key = -1, 1 << 30
        pts, lowest = self.pts, self.lowest
        for s in range(4):
            pat = (p >> (s * sb)) & sm
            if pat:
                t = lowest[s][pat]
                kk = pts[t] * 64 + (t % self.nr) + (4096 if s == trump else 0)
                if kk < key:
                    best, key = t, kk
        return best

    def _pick_feed(self, m: int, trump: int) -> int:
        """The card to smear on a partner's safe trick: most points, lowest rank, not trump."""
        low, sb, sm = self.low, self.sb, self.slice_mask
        p = (m | m >> 1) & low if self.bits == 2 else (m | m >> 1 | m >> 2) & low
        best, key = -1, -(1 << 30)
        pts, feed = self.pts, self.feed
        for s in range(4):
            pat = (p >> (s * sb)) & sm
            if pat:
                t = feed[s][pat]
                kk = pts[t] * 64 - (t % self.nr) - (2048 if s == trump else 0)
                if kk > key:
                    best, key = t, kk
        return best

    # -- the playout --------------------------------------------------------------------------
    def play(self, hands: list[int], trump: int, leader: int, team: Sequence[int],
             trick: Sequence[tuple[int, int]] = (), bidder_team: int = -1,
             rnd: Rnd = random.random, eps: float = 0.0) -> tuple[list[int], list[int]]:
        """Play the hand out; ``hands`` is consumed. Returns (points, tricks won) per seat,
        last trick included. ``trick`` holds (seat, type) already played, leader first."""
        k = self.k
        n = self.n
        nxt = self.nxt
        suit_of, pts_of, above, sm = k.suit_of, self.pts, k.above, k.suit_mask
        tob, low, bits = k.type_of_bitlen, self.low, self.bits
        follow = k.follow
        take, must, over = k.take_trick, k.must_trump, k.over_trump
        exact = self.exact
        tm = k.trump_mask[trump]  # 0 without trump
        shift = bits - 1  # (m | m >> 1 | m >> shift) & low: a type's presence bit, 2 or 3 bits
        one = k.one
        taken = [0] * n
        won = [0] * n
        cur = list(trick)
        # The trick's winner so far and its points, kept as cards are added; and whether a card
        # that follows suit must beat the winner.
        seat, wseat, wt, led, tp, crawls = self._trick_so_far(cur, trump)
        while True:
            if not cur:
                if not hands[leader]:
                    break
                wt = self._lead(hands, leader, trump, team, bidder_team, rnd, eps)
                hands[leader] -= one[wt]
                cur.append((leader, wt))
                seat, wseat, wt, led, tp, crawls = self._trick_so_far(cur, trump)
                continue
            if len(cur) == n:
                taken[wseat] += tp
                won[wseat] += 1
                leader = wseat
                cur = []
                continue
            seat = nxt[seat]
            h = hands[seat]
            if not h:  # unequal hands cannot happen in a real deal: stop rather than loop
                break
            ws_suit = suit_of[wt]
            # legal mask: an inlined copy of PlayKernel.legal (tests/rules/test_inlined_legality)
            m = h
            if follow:
                f = h & sm[led]
                if exact is not None:  # a duty the inlined test does not know: ask the kernel
                    m = exact(h, cur, wt, trump)
                elif f:
                    m = f
                    if ws_suit == led and crawls:
                        m = f & above[wt] or f
                elif h & tm:
                    tr = h & tm
                    if take:
                        m = tr if ws_suit != trump else tr & above[wt] or h
                    elif must:
                        m = tr & above[wt] if over and ws_suit == trump else 0
                        m = m or tr
            p = (m | m >> 1 | m >> shift) & low
            if not p & (p - 1):
                t = tob[p.bit_length()]
            elif eps and rnd() < eps:
                t = self._random_type(p, rnd)
            else:
                t = self._follow(hands, seat, m, cur, wseat, wt, led, trump, tm, team)
            hands[seat] = h - one[t]
            cur.append((seat, t))
            tp += pts_of[t]
            st = suit_of[t]
            if (t > wt) if st == ws_suit else st == trump:
                wt, wseat = t, seat
        taken[leader] += k.last_trick
        return taken, won

    def _trick_so_far(self, cur: Sequence[tuple[int, int]], trump: int
                      ) -> tuple[int, int, int, int, int, bool]:
        """(last seat to play, winning seat, winning type, led suit, points, whether following
        suit must beat the winner) of a trick."""
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

    def _beat_mask(self, wt: int, led: int, trump: int) -> tuple[int, int]:
        """(cards of the led suit that beat, trumps that beat) the current winner ``wt``."""
        k = self.k
        ws = k.suit_of[wt]
        tm = k.suit_mask[trump] if trump >= 0 else 0
        if ws == trump:
            return 0, k.above[wt]
        return k.above[wt] if ws == led else 0, tm

    def _can_beat(self, h: int, wt: int, led: int, trump: int) -> bool:
        """Whether a later player holding ``h`` could take the trick from ``wt``."""
        k = self.k
        sm = k.suit_mask
        ws = k.suit_of[wt]
        f = h & sm[led]
        if f:
            if ws == led:
                return bool(f & k.above[wt])
            if led == trump:
                return bool(f & k.above[wt])
            return False
        if trump < 0:
            return False
        tr = h & sm[trump]
        if not tr:
            return False
        if ws == trump:
            return bool(tr & k.above[wt])
        return True

    def _follow(self, hands: list[int], seat: int, m: int, cur: list[tuple[int, int]],
                wseat: int, wt: int, led: int, trump: int, tm: int, team: Sequence[int]) -> int:
        n = self.n
        k = self.k
        later = []
        s = seat
        for _ in range(n - len(cur) - 1):
            s = self.nxt[s]
            later.append(s)
        my_team = team[seat]
        opp_later = [s for s in later if team[s] != my_team]
        if team[wseat] == my_team:
            safe = not any(self._can_beat(hands[o], wt, led, trump) for o in opp_later)
            if safe:
                return self._pick_feed(m, trump)
            # Partner's card may be beaten: try to secure the trick cheaply, else stay low.
        bl, bt = self._beat_mask(wt, led, trump)
        winners = m & (bl | bt)
        if winners:
            best = -1
            p = self.k.presence(winners)
            tob = k.type_of_bitlen
            cands = []
            while p:
                b = p & -p
                cands.append(tob[b.bit_length()])
                p ^= b
            # cheapest safe winner: lowest rank, non-trump first
            cands.sort(key=lambda t: ((k.suit_of[t] == trump), t))
            for t in cands:
                if not any(self._can_beat(hands[o], t, led, trump) for o in opp_later):
                    best = t
                    break
            if best >= 0:
                if team[wseat] == my_team or k.suit_of[best] != trump or self._worth_ruff(
                        cur, best):
                    return best
            elif not opp_later:
                return cands[0]
        non_win = m & ~(bl | bt) if winners else m
        if non_win:
            return self._pick_low(non_win, trump)
        return self._pick_low(m, trump)

    def _worth_ruff(self, cur: list[tuple[int, int]], t: int) -> bool:
        # Ruffing costs a trump: do it when the trick holds points or the trump is low.
        pts = self.pts
        return any(pts[x] for _, x in cur) or pts[t] == 0

    def _lead(self, hands: list[int], seat: int, trump: int, team: Sequence[int],
              bidder_team: int, rnd: Rnd, eps: float) -> int:
        """Cash a master the opponents cannot ruff; on the bidding side draw trumps with a
        master trump; lead low to a partner's master; else lead low, in a safe suit if any."""
        k = self.k
        h = hands[seat]
        if eps and rnd() < eps:
            return self._random_type(k.presence(h), rnd)
        my_team = team[seat]
        opps = [s for s in range(self.n) if team[s] != my_team]
        others = 0
        for s in range(self.n):
            if s != seat:
                others |= hands[s]
        tm = k.trump_mask[trump]
        best, safe_suits = self._safe_master(hands, h, opps, others, trump)
        if best >= 0:
            return best
        if h & tm and my_team == bidder_team and any(hands[o] & tm for o in opps):
            t = self.top[trump][(k.presence(h) >> (trump * self.sb)) & self.slice_mask]
            if not (others & k.above[t]):
                return t  # draw trumps with the master trump
        partners = [s for s in range(self.n) if s != seat and team[s] == my_team]
        low_to = self._suit_to_partner(hands, h, partners, opps, safe_suits, trump)
        if low_to >= 0:
            return self._pick_low(h & k.suit_mask[low_to], trump)
        if safe_suits & h:
            return self._pick_low(h & safe_suits, trump)
        return self._pick_low(h, trump)

    def _safe_master(self, hands: list[int], h: int, opps: Sequence[int], others: int,
                     trump: int) -> tuple[int, int]:
        """(the most valuable master in a side suit the opponents cannot ruff, or -1; the mask
        of every side suit the opponents cannot ruff)."""
        k = self.k
        sm, tm = k.suit_mask, k.trump_mask[trump]
        p = k.presence(h)
        best, best_pts = -1, -1
        safe_suits = 0
        for s in range(4):
            pat = (p >> (s * self.sb)) & self.slice_mask
            if not pat or s == trump:
                continue
            if any(not (hands[o] & sm[s]) and hands[o] & tm for o in opps):
                continue  # an opponent is void and can ruff
            safe_suits |= sm[s]
            t = self.top[s][pat]
            if not (others & k.above[t]) and self.pts[t] > best_pts:
                best, best_pts = t, self.pts[t]
        return best, safe_suits

    def _suit_to_partner(self, hands: list[int], h: int, partners: Sequence[int],
                         opps: Sequence[int], safe_suits: int, trump: int) -> int:
        """A safe side suit of ours in which a partner holds the master, or -1."""
        k = self.k
        sm = k.suit_mask
        rest = 0
        for o in opps:
            rest |= hands[o]
        for q in partners:
            for s in range(4):
                if s == trump or not (h & sm[s]) or not (safe_suits & sm[s]):
                    continue
                pq = k.presence(hands[q] & sm[s])
                if not pq:
                    continue
                master = self.top[s][(pq >> (s * self.sb)) & self.slice_mask]
                if not (rest & k.above[master]):
                    return s
        return -1


def policy_for(rules: RuleSet, obligations: Sequence[Obligation] | None = None
               ) -> RolloutPolicy:
    """The rollout policy for a rule set's trick obligations (or the ones given)."""
    return _policy(rules, None if obligations is None else tuple(obligations))


@lru_cache(maxsize=64)
def _policy(rules: RuleSet, obligations: tuple[Obligation, ...] | None) -> RolloutPolicy:
    # The bots' own memo: a policy holds tables built from the rule set, once per rule set.
    return RolloutPolicy(rules, obligations)
