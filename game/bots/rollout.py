"""Fast heuristic playouts on counts ints: the rollout policy of the ``hard`` bot's search.

A rollout plays a determinized deal (every hand known) to the end with a greedy policy that a
decent player would recognise: cash masters that cannot be ruffed, draw trumps on the bidding
side, feed counters to a partner whose card is safe, win as cheaply as is safe, otherwise
throw the least valuable card. It is several times slower than the kernel's random playout but
much closer to real play, which is what makes determinized search estimates worth having.

Everything is precomputed per rule set into lookup tables indexed by a suit's slice of the
presence bits, so one card costs a handful of integer operations. The searches spend most of
their time here, so the loop is written for speed: who is an opponent or a partner of each
seat, and which opponents play after a seat at each place in a trick, are worked out once per
seating; the helpers are plain integer tests, with no generator or list built per card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import Obligation, RuleSet

Rnd = Callable[[], float]
# Per seat: (opponents, partners, the other seats, opponents still to play after this seat
# when it plays k-th to a trick, for k = 0 .. n-1).
Sides = tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                    tuple[tuple[int, ...], ...]], ...]


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
        # The order keys of _pick_low and _pick_feed per suit and pattern, before the trump
        # adjustment: fewest points then lowest rank; most points then lowest rank.
        self.low_key = [[pts[t] * 64 + t % nr if t >= 0 else 0 for t in row] for row in lowest]
        self.feed_key = [[pts[t] * 64 - t % nr if t >= 0 else 0 for t in row] for row in feed]
        # must_beat_led_after_trump needs the whole trick: those tables ask the kernel itself
        self.exact = k.legal if k.beat_led_after_trump else None
        step = 1 if rules.table.direction == "clockwise" else self.n - 1
        self.nxt = [(s + step) % self.n for s in range(self.n)]
        self._sides: dict[tuple[int, ...], Sides] = {}

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
        low, sb, sm = self.low, self.sb, self.slice_mask
        p = (m | m >> 1) & low if self.bits == 2 else (m | m >> 1 | m >> 2) & low
        keys = self.low_key
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
        low, sb, sm = self.low, self.sb, self.slice_mask
        p = (m | m >> 1) & low if self.bits == 2 else (m | m >> 1 | m >> 2) & low
        keys = self.feed_key
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
        crawl, beat_tl = k.crawl, k.beat_trump_lead
        exact = self.exact
        tm = k.trump_mask[trump]  # 0 without trump
        shift = bits - 1  # (m | m >> 1 | m >> shift) & low: a type's presence bit, 2 or 3 bits
        one = k.one
        lead = self._lead
        follow_choice = self._follow
        later_of = [row[3] for row in self.sides(team)]
        taken = [0] * n
        won = [0] * n
        cur = list(trick)
        ncur = len(cur)
        # The trick's winner so far and its points, kept as cards are added; and whether a card
        # that follows suit must beat the winner.
        seat, wseat, wt, led, tp, crawls = self._trick_so_far(cur, trump)
        while True:
            if not ncur:
                if not hands[leader]:
                    break
                wt = lead(hands, leader, trump, team, bidder_team, rnd, eps)
                hands[leader] -= one[wt]
                if exact is not None:
                    cur = [(leader, wt)]
                ncur = 1
                seat = wseat = leader
                led = suit_of[wt]
                tp = pts_of[wt]
                crawls = crawl or (beat_tl and led == trump)
                continue
            if ncur == n:
                taken[wseat] += tp
                won[wseat] += 1
                leader = wseat
                ncur = 0
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
                t = follow_choice(hands, m, later_of[seat][ncur], team[wseat] == team[seat],
                                  tp, wt, led, trump, tm)
            hands[seat] = h - one[t]
            if exact is not None:
                cur.append((seat, t))
            ncur += 1
            tp += pts_of[t]
            st = suit_of[t]
            if (t > wt) if st == ws_suit else st == trump:
                wt, wseat = t, seat
        taken[leader] += k.last_trick
        return taken, won

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

    def _follow(self, hands: list[int], m: int, opp_later: tuple[int, ...], ours: bool,
                tp: int, wt: int, led: int, trump: int, tm: int) -> int:
        """A follower's card from its legal mask ``m``: feed partner's safe trick, else win as
        cheaply as is safe (ruffing only for points or with a pointless trump), else throw the
        cheapest card. ``ours``: partner wins the trick so far; ``tp``: its points so far."""
        k = self.k
        suit_of, above, sm = k.suit_of, k.above, k.suit_mask
        ws = suit_of[wt]
        fl = sm[led]
        if ours:
            # Safe unless an opponent still to play could take the trick from ``wt``.
            for o in opp_later:
                h = hands[o]
                f = h & fl
                if f:
                    if (ws == led or led == trump) and f & above[wt]:
                        break
                elif h & tm and (ws != trump or h & tm & above[wt]):
                    break
            else:
                return self._pick_feed(m, trump)
        win_mask = above[wt] if ws == trump else (above[wt] if ws == led else 0) | tm
        winners = m & win_mask
        if winners:
            tob = k.type_of_bitlen
            low = self.low
            first = best = -1
            # The cheapest safe winner: lowest rank, cards of the led suit before trumps.
            for group in (winners & ~tm, winners & tm):
                p = (group | group >> 1 | group >> (self.bits - 1)) & low
                while p:
                    b = p & -p
                    p ^= b
                    t = tob[b.bit_length()]
                    if first < 0:
                        first = t
                    st = suit_of[t]
                    for o in opp_later:
                        h = hands[o]
                        f = h & fl
                        if f:
                            if (st == led or led == trump) and f & above[t]:
                                break
                        elif h & tm and (st != trump or h & tm & above[t]):
                            break
                    else:
                        best = t
                        break
                if best >= 0:
                    break
            if best >= 0:
                # Ruffing costs a trump: do it when the trick holds points (trick points are
                # never negative, so tp > 0 is "some card in it scores") or the trump is low.
                if ours or suit_of[best] != trump or tp > 0 or self.pts[best] == 0:
                    return best
            elif not opp_later:
                return first
            return self._pick_low(m & ~win_mask or m, trump)
        return self._pick_low(m, trump)

    def _lead(self, hands: list[int], seat: int, trump: int, team: Sequence[int],
              bidder_team: int, rnd: Rnd, eps: float) -> int:
        """Cash a master the opponents cannot ruff; on the bidding side draw trumps with a
        master trump; lead low to a partner's master; else lead low, in a safe suit if any."""
        k = self.k
        h = hands[seat]
        low = self.low
        p = (h | h >> 1 | h >> (self.bits - 1)) & low
        if eps and rnd() < eps:
            return self._random_type(p, rnd)
        opps, partners, others_of, _ = self.sides(team)[seat]
        others = 0
        for s in others_of:
            others |= hands[s]
        tm = k.trump_mask[trump]
        sm, above, pts, top = k.suit_mask, k.above, self.pts, self.top
        sb, slm = self.sb, self.slice_mask
        ruffers = [hands[o] for o in opps if hands[o] & tm]
        # The most valuable master in a side suit the opponents cannot ruff, and those suits.
        best, best_pts = -1, -1
        safe_suits = 0
        q = p
        for s in range(4):
            pat = q & slm
            q >>= sb
            if not pat or s == trump:
                continue
            sms = sm[s]
            for ho in ruffers:
                if not ho & sms:
                    break  # an opponent is void and can ruff
            else:
                safe_suits |= sms
                t = top[s][pat]
                if not (others & above[t]) and pts[t] > best_pts:
                    best, best_pts = t, pts[t]
        if best >= 0:
            return best
        if h & tm and team[seat] == bidder_team and ruffers:
            t = top[trump][(p >> (trump * sb)) & slm]
            if not (others & above[t]):
                return t  # draw trumps with the master trump
        if partners and safe_suits:
            rest = 0
            for o in opps:
                rest |= hands[o]
            for pq in partners:
                hq = hands[pq]
                for s in range(4):
                    sms = sm[s]
                    if not (safe_suits & sms):
                        continue
                    x = hq & sms
                    if not x:
                        continue
                    pat = ((x | x >> 1 | x >> (self.bits - 1)) & low) >> (s * sb) & slm
                    if not (rest & above[top[s][pat]]):
                        # lead low to a partner's master in a safe suit of ours
                        return self._pick_low(h & sms, trump)
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
