"""The fast trick-play kernel the bots search with: hands as counts ints, legality as masks.

A hand is an int with a small counter per card type (see :class:`game.rules.cards.Deck`). The
legal plays of a follower are a sub-mask of the hand computed with a handful of AND tests, the
trick winner is an integer comparison, and a random playout runs a whole hand in one function
with no allocation per card. :mod:`game.rules.tricks` states the same rules one obligation at a
time with their reasons; a property test holds the two to the same answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.rules.actions import PlayCard
from game.rules.events import CardPlayed
from game.rules.ruleset import RuleSet

Trick = Sequence[tuple[int, int]]  # (seat, card type) in play order


class PlayKernel:
    """Legality and trick winners for one rule set and one list of trick obligations."""

    def __init__(self, rules: RuleSet, obligations: Sequence[str]) -> None:
        d = rules.deck
        self.rules = rules
        self.deck = d
        self.bits = d.bits
        nr = d.n_ranks
        self.n_types = d.n_types
        self.suit_of = tuple(t // nr for t in range(d.n_types))
        self.suit_mask = tuple(d.suit_mask(s) for s in range(4))
        # Indexed by the trump suit, or by -1 (no trump) for the last entry: 0.
        self.trump_mask = (*self.suit_mask, 0)
        full_field = d.field_mask
        above = []
        for t in range(d.n_types):
            s, r = divmod(t, nr)
            mask = 0
            for r2 in range(r + 1, nr):
                mask |= full_field << ((s * nr + r2) * d.bits)
            above.append(mask)
        self.above = tuple(above)
        self.low = d.low
        # One bit (the counter's lowest) per card type present in a mask.
        self.presence: Callable[[int], int] = d.presence
        self.points = rules.trick_points_by_type
        self.last_trick = rules.tricks.last_trick
        # bit_length of a type's lowest counter bit -> type index
        self.type_of_bitlen = [0] * (d.n_types * d.bits + 2)
        for t in range(d.n_types):
            self.type_of_bitlen[t * d.bits + 1] = t
        obs = set(obligations)
        self.follow = "follow_suit" in obs
        self.take_trick = "take_trick" in obs
        self.crawl = "crawl" in obs or self.take_trick
        self.beat_trump_lead = "beat_trump_lead" in obs
        self.must_trump = "must_trump" in obs
        self.over_trump = "over_trump" in obs
        # A follower must beat the highest card of the led suit even once the trick is trumped.
        self.beat_led_after_trump = "must_beat_led_after_trump" in obs
        # The cards of a trick, and who plays after whom. Where people sit out in turn
        # (VARIANTS.md, "Sitting out") a trick is three cards and the order skips the chairs
        # the hand's dealer left out: ``next_in_hand[dealer][seat]``. ``next_seat`` is the
        # order round every chair, which the playouts below follow: at such a table the bots
        # play the hand at its own three-handed table (game.rules.handview), never with these.
        self.players = rules.hand_players
        self.next_seat = tuple(rules.next_seat(s) for s in range(rules.players))
        seating = rules.seating
        self.sits_out = seating.sits_out
        self.next_in_hand = tuple(tuple(seating.next_in_hand(s, dealer)
                                        for s in range(rules.players))
                                  for dealer in range(rules.players))
        self.one = d.one
        self.field_of = tuple(full_field << (t * d.bits) for t in range(d.n_types))
        self.type_of_code = [-1] * 32
        for t, card in enumerate(d.types):
            self.type_of_code[card.code] = t
        self.play_actions = tuple(PlayCard(card) for card in d.types)
        self.reneges = rules.tricks.reneges
        # Per suit: the PlayCard actions for each presence pattern of that suit's slice, so a
        # legal mask becomes its actions with four lookups (no per-position cache to miss).
        sb = d.slice_bits
        self.slice_bits = sb
        self.slice_mask = d.slice_mask
        self.suit_actions: tuple[tuple[tuple[PlayCard, ...], ...], ...] = tuple(
            tuple(tuple(self.play_actions[t] for t in self.types_in(p << (s * sb)))
                  if p & ~(self.low >> (s * sb)) == 0 else ()
                  for p in range(1 << sb))
            for s in range(4))
        # Events are values: the plain "seat played card" event is built once per seat and card.
        self.card_played = tuple(tuple(CardPlayed(seat, card) for card in d.types)
                                 for seat in range(rules.players))
        # (seat, type) pairs, each one a 1-tuple ready to extend the trick with
        self.seat_type = tuple(tuple(((seat, t),) for t in range(d.n_types))
                               for seat in range(rules.players))
        self.seat_card = tuple(tuple((seat, card) for card in d.types)
                               for seat in range(rules.players))
        # A memo of pure answers (legal mask's presence bits -> actions), bounded below.
        self.acts_cache: dict[int, tuple[PlayCard, ...]] = {}
        self.legal: Callable[[int, Trick, int, int], int] = self._make_legal()

    def led_high(self, trick: Trick) -> int:
        """The highest card type of the led suit in ``trick`` (the first of identical ones)."""
        suit_of = self.suit_of
        led = suit_of[trick[0][1]]
        return max(t for _, t in trick if suit_of[t] == led)

    def _make_legal(self) -> Callable[[int, Trick, int, int], int]:
        sm, above, suit_of = self.suit_mask, self.above, self.suit_of
        follow, crawl, beat_tl = self.follow, self.crawl, self.beat_trump_lead
        take, must, over = self.take_trick, self.must_trump, self.over_trump
        beat_led, led_high = self.beat_led_after_trump, self.led_high

        def legal(h: int, trick: Trick, wt: int, trump: int) -> int:
            """Legal sub-mask of hand ``h`` following ``trick`` ((seat, type) pairs, leader
            first; every card when it is empty): ``wt`` the winning card type so far, ``trump``
            suit or -1 (no trump)."""
            if not trick or not follow:
                return h
            led = suit_of[trick[0][1]]
            f = h & sm[led]
            ws = suit_of[wt]
            if f:
                if ws == led:
                    if crawl or (beat_tl and led == trump):
                        a = f & above[wt]
                        if a:
                            return a
                elif beat_led:  # trumped: still beat the highest card of the suit led
                    a = f & above[led_high(trick)]
                    if a:
                        return a
                return f
            if trump < 0:
                return h
            t = h & sm[trump]
            if not t:
                return h
            if take:
                if ws != trump:
                    return t
                a = t & above[wt]
                return a if a else h
            if must:
                if over and ws == trump:
                    a = t & above[wt]
                    if a:
                        return a
                return t
            return h

        return legal

    def actions(self, mask: int) -> tuple[PlayCard, ...]:
        """The PlayCard actions for the card types in ``mask``, in suit order."""
        p = (mask | mask >> 1) & self.low if self.bits == 2 else self.presence(mask)
        acts = self.acts_cache.get(p)
        if acts is None:
            if len(self.acts_cache) > 100_000:  # bound the memo in very long runs
                self.acts_cache.clear()
            sb, sm, sa = self.slice_bits, self.slice_mask, self.suit_actions
            acts = self.acts_cache[p] = (sa[0][p & sm] + sa[1][(p >> sb) & sm]
                                         + sa[2][(p >> (2 * sb)) & sm] + sa[3][p >> (3 * sb)])
        return acts

    def types_in(self, mask: int) -> list[int]:
        p = self.presence(mask)
        out = []
        tob = self.type_of_bitlen
        while p:
            b = p & -p
            out.append(tob[b.bit_length()])
            p ^= b
        return out

    def _trick_so_far(self, trick: Sequence[tuple[int, int]], leader: int, trump: int
                      ) -> tuple[int, int, int, int, int]:
        """(last seat to play, winning seat, winning type, led suit, points) of a trick in
        progress; the leader and zeros when there is none."""
        if not trick:
            return leader, leader, 0, 0, 0
        seat, wt = trick[0]
        ws = seat
        tp = self.points[wt]
        for seat, t in trick[1:]:
            if self.beats(t, wt, trump):
                wt, ws = t, seat
            tp += self.points[t]
        return seat, ws, wt, self.suit_of[trick[0][1]], tp

    def beats(self, t: int, wt: int, trump: int) -> bool:
        """Whether card type ``t`` played after the current winner ``wt`` takes the trick."""
        st, sw = self.suit_of[t], self.suit_of[wt]
        if st == sw:
            return t > wt
        return st == trump

    def random_playout(self, hands: list[int], trump: int, leader: int,
                       rnd: Callable[[], float] = random.random,
                       trick: Sequence[tuple[int, int]] = ()) -> list[int]:
        """Play the rest of the hand with uniformly random legal cards (per card type).

        ``hands`` is consumed (emptied). ``trick`` holds (seat, type) already played to the
        current trick, leader first. Returns trick points taken per seat, last trick included.
        """
        if self.sits_out:  # its order goes round every chair: a hand of three would be garbage
            raise ValueError("a playout at a table where people sit out: play the hand at its "
                             "own three-handed table (game.rules.handview.hand_rules)")
        if self.beat_led_after_trump:  # its legality needs the whole trick: the plain loop
            return self._trick_playout(hands, trump, leader, rnd, trick)
        return self._fast_playout(hands, trump, leader, rnd, trick)

    def _fast_playout(self, hands: list[int], trump: int, leader: int,
                      rnd: Callable[[], float], trick: Sequence[tuple[int, int]]) -> list[int]:
        """``random_playout`` with an inlined legality test and no allocation per card."""
        n = self.players
        nxt = self.next_seat
        suit_of, pts_of, tob, low = self.suit_of, self.points, self.type_of_bitlen, self.low
        sm, above = self.suit_mask, self.above
        follow, crawl, beat_tl = self.follow, self.crawl, self.beat_trump_lead
        take, must, over = self.take_trick, self.must_trump, self.over_trump
        tm = self.trump_mask[trump]  # 0 without trump
        shift = self.bits - 1  # (m | m >> 1 | m >> shift) & low: a type's presence bit
        pts = [0] * n
        seat, ws, wt, led, tp = self._trick_so_far(trick, leader, trump)
        first = bool(trick)
        while True:
            if first:
                first = False
                remaining = n - len(trick)
            else:
                if not hands[leader]:
                    break
                seat = ws = leader
                h = hands[seat]
                p = (h | h >> 1 | h >> shift) & low
                for _ in range(int(rnd() * p.bit_count())):
                    p &= p - 1
                b = p & -p
                hands[seat] = h - b
                wt = tob[b.bit_length()]
                led, tp = suit_of[wt], pts_of[wt]
                remaining = n - 1
            for _ in range(remaining):
                seat = nxt[seat]
                h = hands[seat]
                ws_suit = suit_of[wt]
                # An inlined copy of ``legal`` (a call per card costs a fifth of the playout);
                # tests/rules/test_inlined_legality.py holds it to ``legal``.
                m = h
                if follow:
                    f = h & sm[led]
                    if f:
                        m = f
                        if ws_suit == led and (crawl or (beat_tl and led == trump)):
                            m = f & above[wt] or f
                    elif h & tm:
                        tr = h & tm
                        if take:
                            m = tr if ws_suit != trump else tr & above[wt] or h
                        elif must:
                            m = (tr & above[wt] if over and ws_suit == trump else 0) or tr
                p = (m | m >> 1 | m >> shift) & low
                k = p.bit_count()
                if k > 1:
                    for _ in range(int(rnd() * k)):
                        p &= p - 1
                b = p & -p
                hands[seat] = h - b
                t = tob[b.bit_length()]
                st = suit_of[t]
                if (t > wt) if st == ws_suit else st == trump:
                    wt, ws = t, seat
                tp += pts_of[t]
            pts[ws] += tp
            leader = ws
        pts[leader] += self.last_trick
        return pts

    def _trick_playout(self, hands: list[int], trump: int, leader: int,
                       rnd: Callable[[], float], trick: Sequence[tuple[int, int]]) -> list[int]:
        """``random_playout`` asking ``legal`` with the trick for every follower (the same
        random draws: the lead always draws, a follower only between two or more types)."""
        n = self.players
        pts = [0] * n
        cur = list(trick)
        seat = cur[-1][0] if cur else leader
        while True:
            if not cur:
                if not hands[leader]:
                    break
                seat = leader
                types = self.types_in(hands[seat])
                t = types[int(rnd() * len(types))]
            else:
                seat = self.next_seat[seat]
                _, wt = self.winner_of(cur, trump)
                types = self.types_in(self.legal(hands[seat], cur, wt, trump))
                t = types[int(rnd() * len(types))] if len(types) > 1 else types[0]
            hands[seat] -= self.one[t]
            cur.append((seat, t))
            if len(cur) == n:
                leader, _ = self.winner_of(cur, trump)
                pts[leader] += sum(self.points[x] for _, x in cur)
                cur = []
        pts[leader] += self.last_trick
        return pts

    def winner_of(self, trick: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
        """(seat, card type) winning a trick so far; of identical cards the first wins."""
        ws, wt = trick[0]
        for seat, t in trick[1:]:
            if self.beats(t, wt, trump):
                ws, wt = seat, t
        return ws, wt
