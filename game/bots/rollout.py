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
        follow, crawl, beat_tl = k.follow, k.crawl, k.beat_trump_lead
        take, must, over = k.take_trick, k.must_trump, k.over_trump
        tm = sm[trump] if trump >= 0 else 0
        one = k.one
        taken = [0] * n
        won = [0] * n
        cur = list(trick)
        seat = cur[-1][0] if cur else -1
        while True:
            if not cur:
                if not hands[leader]:
                    break
                seat = leader
                t = self._lead(hands, seat, trump, team, bidder_team, rnd, eps)
                hands[seat] -= one[t]
                cur.append((seat, t))
                continue
            if len(cur) == n:
                wseat, wt = cur[0]
                tp = pts_of[wt]
                for s2, t2 in cur[1:]:
                    st = suit_of[t2]
                    if (t2 > wt) if st == suit_of[wt] else st == trump:
                        wt, wseat = t2, s2
                    tp += pts_of[t2]
                taken[wseat] += tp
                won[wseat] += 1
                leader = wseat
                cur = []
                continue
            seat = nxt[seat]
            h = hands[seat]
            if not h:  # unequal hands cannot happen in a real deal: stop rather than loop
                break
            led = suit_of[cur[0][1]]
            wseat, wt = cur[0]
            for s2, t2 in cur[1:]:
                st = suit_of[t2]
                if (t2 > wt) if st == suit_of[wt] else st == trump:
                    wt, wseat = t2, s2
            ws_suit = suit_of[wt]
            # legal mask (same logic as the kernel)
            m = h
            if follow:
                f = h & sm[led]
                if f:
                    m = f
                    if ws_suit == led and (crawl or (beat_tl and led == trump)):
                        a = f & above[wt]
                        if a:
                            m = a
                elif h & tm:
                    tr = h & tm
                    if take:
                        if ws_suit != trump:
                            m = tr
                        else:
                            a = tr & above[wt]
                            m = a if a else h
                    elif must:
                        m = tr
                        if over and ws_suit == trump:
                            a = tr & above[wt]
                            if a:
                                m = a
            p = (m | m >> 1) & low if bits == 2 else (m | m >> 1 | m >> 2) & low
            if not p & (p - 1):
                t = tob[p.bit_length()]
            elif eps and rnd() < eps:
                kcount = p.bit_count()
                for _ in range(int(rnd() * kcount)):
                    p &= p - 1
                t = tob[(p & -p).bit_length()]
            else:
                t = self._follow(hands, seat, m, cur, wseat, wt, led, trump, tm, team)
            hands[seat] = h - one[t]
            cur.append((seat, t))
        taken[leader] += k.last_trick
        return taken, won

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
        k = self.k
        h = hands[seat]
        sm = k.suit_mask
        n = self.n
        if eps and rnd() < eps:
            p = k.presence(h)
            kcount = p.bit_count()
            for _ in range(int(rnd() * kcount)):
                p &= p - 1
            return k.type_of_bitlen[(p & -p).bit_length()]
        my_team = team[seat]
        opps = [s for s in range(n) if team[s] != my_team]
        partners = [s for s in range(n) if s != seat and team[s] == my_team]
        others = 0
        for s in range(n):
            if s != seat:
                others |= hands[s]
        tm = sm[trump] if trump >= 0 else 0
        opp_trump = any(hands[o] & tm for o in opps)
        low, sb, slm, top = self.low, self.sb, self.slice_mask, self.top
        p = (h | h >> 1) & low if self.bits == 2 else (h | h >> 1 | h >> 2) & low
        best, best_pts = -1, -1
        safe_suits = 0
        for s in range(4):
            pat = (p >> (s * sb)) & slm
            if not pat:
                continue
            if s == trump:
                continue
            ruffable = any(not (hands[o] & sm[s]) and hands[o] & tm for o in opps)
            if not ruffable:
                safe_suits |= sm[s]
                t = top[s][pat]
                if not (others & k.above[t]) and self.pts[t] > best_pts:
                    best, best_pts = t, self.pts[t]
        if best >= 0:
            return best
        if trump >= 0 and h & tm and opp_trump and my_team == bidder_team:
            pat = (p >> (trump * sb)) & slm
            t = top[trump][pat]
            if not (others & k.above[t]):
                return t
        # Lead low towards a partner's master in a suit the opponents cannot ruff.
        for q in partners:
            hq = hands[q]
            for s in range(4):
                if s == trump or not (h & sm[s]) or not (safe_suits & sm[s]):
                    continue
                pq = self.k.presence(hq & sm[s])
                if not pq:
                    continue
                tq = top[s][(pq >> (s * sb)) & slm]
                rest = 0
                for o in opps:
                    rest |= hands[o]
                if not (rest & k.above[tq]):
                    return self._pick_low(h & sm[s], trump)
        if safe_suits & h:
            return self._pick_low(h & safe_suits, trump)
        return self._pick_low(h, trump)


def policy_for(rules: RuleSet, obligations: Sequence[Obligation] | None = None
               ) -> RolloutPolicy:
    """The rollout policy for a rule set's trick obligations (or the ones given)."""
    return _policy(rules, None if obligations is None else tuple(obligations))


@lru_cache(maxsize=64)
def _policy(rules: RuleSet, obligations: tuple[Obligation, ...] | None) -> RolloutPolicy:
    # The bots' own memo: a policy holds tables built from the rule set, once per rule set.
    return RolloutPolicy(rules, obligations)
