"""Fast heuristic playouts on counts ints: the rollout policy of the ``hard`` bot's search.

A rollout plays a determinized deal (every hand known) to the end with a greedy policy that a
decent player would recognise: cash masters that cannot be ruffed, draw trumps on the bidding
side, feed counters to a partner whose card is safe, win as cheaply as is safe, otherwise
throw the least valuable card. It is several times slower than the kernel's random playout but
much closer to real play, which is what makes determinized search estimates worth having.

Everything is precomputed per rule set into lookup tables indexed by a suit's slice of the
presence bits (:mod:`game.bots.rollout_tables`), so one card costs a handful of integer
operations. The searches spend most of
their time here, so the loop is written for speed: who is an opponent or a partner of each
seat, and which opponents play after a seat at each place in a trick, are worked out once per
seating; the helpers are plain integer tests, with no generator or list built per card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from game.bots.rollout_tables import Rnd, RolloutTables, Side
from game.rules.ruleset import Obligation, RuleSet


class RolloutPolicy(RolloutTables):
    """Greedy full-information play for one rule set and one list of trick obligations."""

    def play(self, hands: list[int], trump: int, leader: int, team: Sequence[int],
             trick: Sequence[tuple[int, int]] = (), bidder_team: int = -1,
             rnd: Rnd = random.random, eps: float = 0.0, base_taken: Sequence[int] = (),
             base_won: Sequence[int] = ()) -> tuple[list[int], list[int]]:
        """Play the hand out; ``hands`` is consumed. Returns (points, tricks won) per seat,
        last trick included, added to ``base_taken`` and ``base_won`` when given (what the
        tricks played before took). ``trick`` holds (seat, type) already played, leader
        first."""
        taken = _start(base_taken, self.n)
        won = _start(base_won, self.n)
        if self.exact is not None:  # a duty the inlined test does not know: ask the kernel
            return self._play_asking(hands, trump, leader, team, trick, bidder_team, rnd, eps,
                                     taken, won)
        k = self.k
        n = self.n
        nxt = self.nxt
        suit_of, pts_of, above, sm = k.suit_of, self.pts, k.above, k.suit_mask
        tob, low = k.type_of_bitlen, self.low
        follow = k.follow
        take, must, void = k.take_trick, k.must_trump, self._void_mask
        crawls_by_led = self.crawls[trump]
        tm = k.trump_mask[trump]  # 0 without trump
        shift = self.bits - 1  # (m | m >> 1 | m >> shift) & low: a type's presence bit
        one = k.one
        lead = self._lead
        follow_choice = self._follow
        rows = self.sides(team)
        later_of = [row[3] for row in rows]
        ncur = len(trick)
        # The trick's winner so far and its points, kept as cards are added; and whether a card
        # that follows suit must beat the winner.
        seat, wseat, wt, led, tp, crawls = self._trick_so_far(trick, trump)
        while True:
            if not ncur:
                if not hands[leader]:
                    break
                wt = lead(hands, leader, trump, rows[leader], team[leader] == bidder_team, rnd,
                          eps)
                hands[leader] -= one[wt]
                ncur = 1
                seat = wseat = leader
                led = suit_of[wt]
                tp = pts_of[wt]
                crawls = crawls_by_led[led]
                continue
            if ncur == n:
                taken[wseat] += tp
                won[wseat] += 1
                leader = wseat
                ncur = 0
                continue
            seat = nxt[seat]
            h = hands[seat]
            ws_suit = suit_of[wt]
            # legal mask: an inlined copy of PlayKernel.legal (tests/rules/test_inlined_legality)
            m = h
            if follow:
                f = h & sm[led]
                if f:
                    m = f
                    if ws_suit == led and crawls:
                        m = f & above[wt] or f
                elif h & tm and (take or must):
                    m = void(h, h & tm, wt, ws_suit, trump)
            p = (m | m >> 1 | m >> shift) & low
            if not p & (p - 1):
                if not p:  # unequal hands cannot happen in a real deal: stop rather than loop
                    break
                t = tob[p.bit_length()]
            elif eps and rnd() < eps:
                t = self._random_type(p, rnd)
            else:
                t = follow_choice(hands, m, later_of[seat][ncur], team[wseat] == team[seat],
                                  tp, wt, led, trump, tm)
            hands[seat] = h - one[t]
            ncur += 1
            tp += pts_of[t]
            st = suit_of[t]
            if (t > wt) if st == ws_suit else st == trump:
                wt, wseat = t, seat
        taken[leader] += k.last_trick
        return taken, won

    def choice(self, hands: Sequence[int], seat: int, trump: int, team: Sequence[int],
               trick: Sequence[tuple[int, int]], bidder_team: int) -> tuple[int, int]:
        """(the card type this policy plays for ``seat``, the number of legal card types) with
        every hand known and ``trick`` ((seat, type), leader first) on the table: one decision
        of :meth:`play` without exploration, for reading what the others' cards say about
        their hands (:mod:`game.bots.playmodel`)."""
        k = self.k
        h = hands[seat]
        rows = self.sides(team)
        if not trick:
            m = h
        else:
            _, wt = k.winner_of(trick, trump)
            m = k.legal(h, trick, wt, trump)
        p = k.presence(m)
        legal_types = p.bit_count()
        if legal_types <= 1:
            return (k.type_of_bitlen[p.bit_length()] if p else -1), legal_types
        hs = list(hands)
        if not trick:
            return self._lead(hs, seat, trump, rows[seat], team[seat] == bidder_team,
                              _never, 0.0), legal_types
        _, wseat, wt, led, tp, _ = self._trick_so_far(trick, trump)
        t = self._follow(hs, m, rows[seat][3][len(trick)], team[wseat] == team[seat], tp, wt,
                         led, trump, k.trump_mask[trump])
        return t, legal_types

    def _void_mask(self, h: int, tr: int, wt: int, ws_suit: int, trump: int) -> int:
        """The legal cards of a follower void in the suit led who holds trumps ``tr`` (part of
        the inlined copy of PlayKernel.legal, for take_trick and must_trump)."""
        if self.k.take_trick:
            return tr if ws_suit != trump else tr & self.k.above[wt] or h
        m = tr & self.k.above[wt] if self.k.over_trump and ws_suit == trump else 0
        return m or tr

    def _play_asking(self, hands: list[int], trump: int, leader: int, team: Sequence[int],
                     trick: Sequence[tuple[int, int]], bidder_team: int, rnd: Rnd, eps: float,
                     taken: list[int], won: list[int]) -> tuple[list[int], list[int]]:
        """:meth:`play` for obligations whose legality needs the whole trick
        (``must_beat_led_after_trump``): every follower's legal cards come from the kernel."""
        k = self.k
        n = self.n
        suit_of, pts_of, legal = k.suit_of, self.pts, k.legal
        tm = k.trump_mask[trump]
        rows = self.sides(team)
        cur = list(trick)
        seat, wseat, wt, led, tp, _ = self._trick_so_far(cur, trump)
        while True:
            if not cur:
                if not hands[leader]:
                    break
                wt = self._lead(hands, leader, trump, rows[leader], team[leader] == bidder_team,
                                rnd, eps)
                hands[leader] -= k.one[wt]
                cur = [(leader, wt)]
                seat = wseat = leader
                led, tp = suit_of[wt], pts_of[wt]
                continue
            if len(cur) == n:
                taken[wseat] += tp
                won[wseat] += 1
                leader = wseat
                cur = []
                continue
            seat = self.nxt[seat]
            h = hands[seat]
            m = legal(h, cur, wt, trump)
            p = k.presence(m)
            if not p & (p - 1):
                if not p:  # unequal hands cannot happen in a real deal: stop rather than loop
                    break
                t = k.type_of_bitlen[p.bit_length()]
            elif eps and rnd() < eps:
                t = self._random_type(p, rnd)
            else:
                t = self._follow(hands, m, rows[seat][3][len(cur)], team[wseat] == team[seat],
                                 tp, wt, led, trump, tm)
            hands[seat] = h - k.one[t]
            ws_suit = suit_of[wt]
            cur.append((seat, t))
            tp += pts_of[t]
            st = suit_of[t]
            if (t > wt) if st == ws_suit else st == trump:
                wt, wseat = t, seat
        taken[leader] += k.last_trick
        return taken, won

    def _beaten(self, hands: list[int], opp_later: tuple[int, ...], t: int, led: int,
                trump: int, tm: int) -> bool:
        """Whether an opponent still to play could take the trick from card type ``t``."""
        k = self.k
        above = k.above[t]
        fl = k.suit_mask[led]
        st = k.suit_of[t]
        for o in opp_later:
            h = hands[o]
            f = h & fl
            if f:
                if (st == led or led == trump) and f & above:
                    return True
            elif h & tm and (st != trump or h & tm & above):
                return True
        return False

    def _follow(self, hands: list[int], m: int, opp_later: tuple[int, ...], ours: bool,
                tp: int, wt: int, led: int, trump: int, tm: int) -> int:
        """A follower's card from its legal mask ``m``: feed partner's safe trick, else win as
        cheaply as is safe (ruffing only for points or with a pointless trump), else throw the
        cheapest card. ``ours``: partner wins the trick so far; ``tp``: its points so far."""
        k = self.k
        beaten = self._beaten
        if ours and not beaten(hands, opp_later, wt, led, trump, tm):
            return self._pick_feed(m, trump)
        above, suit_of = k.above, k.suit_of
        ws = suit_of[wt]
        win_mask = above[wt] if ws == trump else (above[wt] if ws == led else 0) | tm
        winners = m & win_mask
        if not winners:
            return self._pick_low(m, trump)
        tob, low, shift = k.type_of_bitlen, self.low, self.bits - 1
        first = -1
        # The cheapest safe winner: lowest rank, cards of the led suit before trumps.
        for group in (winners & ~tm, winners & tm):
            p = (group | group >> 1 | group >> shift) & low
            while p:
                b = p & -p
                p ^= b
                t = tob[b.bit_length()]
                if first < 0:
                    first = t
                if not beaten(hands, opp_later, t, led, trump, tm):
                    # Ruffing costs a trump: do it when the trick holds points (trick points
                    # are never negative, so tp > 0 is "some card in it scores") or the trump
                    # is low.
                    if ours or suit_of[t] != trump or tp > 0 or self.pts[t] == 0:
                        return t
                    return self._pick_low(m & ~win_mask or m, trump)
        if not opp_later:
            return first
        return self._pick_low(m & ~win_mask or m, trump)

    def _lead(self, hands: list[int], seat: int, trump: int,
              row: Side, bidding: bool, rnd: Rnd, eps: float) -> int:
        """Cash a master the opponents cannot ruff; on the bidding side (``bidding``) draw
        trumps with a master trump; lead low to a partner's master; else lead low, in a safe
        suit if any. ``row`` is the seat's line of :meth:`sides`."""
        k = self.k
        h = hands[seat]
        low = self.low
        p = (h | h >> 1 | h >> (self.bits - 1)) & low
        if not p & (p - 1):  # one kind of card left: the exploration draw changes nothing
            if eps and rnd() < eps:
                rnd()  # (as _random_type draws)
            return k.type_of_bitlen[p.bit_length()]
        if eps and rnd() < eps:
            return self._random_type(p, rnd)
        opps, partners, others_of, _ = row
        others = 0
        for s in others_of:
            others |= hands[s]
        tm = k.trump_mask[trump]
        ruffers = []
        if tm:
            for o in opps:
                ho = hands[o]
                if ho & tm:
                    ruffers.append(ho)
        best, safe_suits = self._safe_master(p, ruffers, others, trump)
        if best >= 0:
            return best
        if bidding and ruffers and h & tm:
            t = self.top[trump][(p >> (trump * self.sb)) & self.slice_mask]
            if not (others & k.above[t]):
                return t  # draw trumps with the master trump
        if partners and safe_suits:
            s = self._suit_to_partner(hands, opps, partners, safe_suits)
            if s >= 0:  # lead low to a partner's master in a safe suit of ours
                return self._pick_low(h & k.suit_mask[s], trump)
        if safe_suits & h:
            return self._pick_low(h & safe_suits, trump)
        return self._pick_low(h, trump)

    def _safe_master(self, p: int, ruffers: list[int], others: int, trump: int
                     ) -> tuple[int, int]:
        """(the most valuable master in a side suit no opponent can ruff, or -1; the mask of
        those suits) for a hand with presence bits ``p``; ``ruffers`` are the opponents' hands
        that hold trumps, ``others`` every other hand's cards."""
        k = self.k
        sm, above, pts, top = k.suit_mask, k.above, self.pts, self.top
        sb, slm = self.sb, self.slice_mask
        best, best_pts = -1, -1
        safe_suits = 0
        for s in range(4):
            pat = p & slm
            p >>= sb
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
        return best, safe_suits

    def _suit_to_partner(self, hands: list[int], opps: tuple[int, ...],
                         partners: tuple[int, ...], safe_suits: int) -> int:
        """A safe side suit of ours in which a partner holds the master, or -1."""
        k = self.k
        sm, above, top, low = k.suit_mask, k.above, self.top, self.low
        sb, slm, shift = self.sb, self.slice_mask, self.bits - 1
        rest = 0
        for o in opps:
            rest |= hands[o]
        for q in partners:
            hq = hands[q]
            for s in range(4):
                sms = sm[s]
                if not (safe_suits & sms):
                    continue
                x = hq & sms
                if x and not (rest & above[top[s][((x | x >> 1 | x >> shift) & low)
                                                  >> (s * sb) & slm]]):
                    return s
        return -1


def _never() -> float:
    """The generator a decision without exploration never draws from."""
    raise AssertionError("a policy decision without exploration drew a random number")


def _start(base: Sequence[int], n: int) -> list[int]:
    """Counts per seat to add a playout's to: a copy of ``base``, or zeros."""
    return list(base) if base else [0] * n


def policy_for(rules: RuleSet, obligations: Sequence[Obligation] | None = None
               ) -> RolloutPolicy:
    """The rollout policy for a rule set's trick obligations (or the ones given)."""
    return _policy(rules, None if obligations is None else tuple(obligations))


@lru_cache(maxsize=64)
def _policy(rules: RuleSet, obligations: tuple[Obligation, ...] | None) -> RolloutPolicy:
    # The bots' own memo: a policy holds tables built from the rule set, once per rule set.
    return RolloutPolicy(rules, obligations)
