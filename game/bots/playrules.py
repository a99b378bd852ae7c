"""Heuristic card play for ``easy`` and ``medium`` in the auction games.

``medium`` counts cards (:mod:`game.bots.knowledge`): it knows which cards are masters, which
opponents are void, and whether a partner's winning card can still be beaten. ``easy`` plays the
same simple rules without counting: win cheaply, never trump a partner's winner, feed counters
to a partner's trick, cash aces.

The rules also answer the issue's complaints: never lead the trump ace for nothing, never
trump a partner's winning ace when you have a choice, feed counters to a partner who has the
trick, cash aces before the opponents can ruff them, and don't lead a counter into a known void.
"""

from __future__ import annotations

from game.bots.knowledge import Knowledge
from game.rules.cards import Rank


class Play:
    """One decision's context: the knowledge and the trick so far."""

    def __init__(self, k: Knowledge, trick: list[tuple[int, int]], counting: bool) -> None:
        self.k = k
        self.kern = k.kernel
        self.trick = trick
        self.counting = counting
        rules = k.rules
        self.deck = rules.deck
        self.nr = self.deck.n_ranks
        self.pts = rules.trick_points_by_type
        self.trump = k.trump
        self.n = rules.players
        # The defenders of a three-handed hand play together against the bidder.
        self.team = list(rules.seating.teams_against(k.bidder, k.hand_sides))

    # -- small helpers ------------------------------------------------------------------------
    def name(self, t: int) -> str:
        return self.deck.types[t].pretty

    def types(self, mask: int) -> list[int]:
        return self.kern.types_in(mask)

    def suit(self, t: int) -> int:
        return self.kern.suit_of[t]

    def later_seats(self) -> list[int]:
        out = []
        s = self.k.me
        for _ in range(self.n - len(self.trick) - 1):
            s = self.kern.next_seat[s]
            out.append(s)
        return out

    def opponents(self, seats: list[int]) -> list[int]:
        me = self.team[self.k.me]
        return [s for s in seats if self.team[s] != me]

    def winner(self) -> tuple[int, int]:
        ws, wt = self.trick[0]
        for s, t in self.trick[1:]:
            if self.kern.beats(t, wt, self.trump):
                ws, wt = s, t
        return ws, wt

    def may_beat(self, seat: int, wt: int, led: int) -> bool:
        """Whether ``seat`` might still take the trick from card ``wt`` (as far as we know)."""
        k, kern = self.k, self.kern
        sm = kern.suit_mask
        if not self.counting:
            # Without counting only the obvious: an ace of the suit led is safe from a follower.
            return not (self.deck.types[wt].rank == Rank.ACE and self.suit(wt) == led)
        pool = k.unseen & ~k.excl[seat] | k.known[seat]
        ws = self.suit(wt)
        if (ws == led or (ws == self.trump and led == self.trump)) and \
                pool & sm[led] & kern.above[wt]:
            return True
        if ws == self.trump:
            return bool(pool & sm[self.trump] & kern.above[wt]) and (
                led == self.trump or self._may_be_void(seat, led))
        return bool(self.trump >= 0 and pool & sm[self.trump] and self._may_be_void(seat, led))

    def _may_be_void(self, seat: int, suit: int) -> bool:
        k = self.k
        if k.void(seat, suit):
            return True
        if k.known[seat] & self.kern.suit_mask[suit]:
            return False
        # Few cards of the suit left unseen: a hand may well have none.
        left = self.deck.size_of(k.unseen & self.kern.suit_mask[suit])
        holders = sum(1 for s in range(self.n) if s != k.me and not k.void(s, suit))
        return left < 2 * max(1, holders)

    def safe(self, t: int, led: int, seats: list[int]) -> bool:
        return not any(self.may_beat(s, t, led) for s in self.opponents(seats))

    def lowest(self, mask: int) -> int:
        """The cheapest card: fewest points, lowest rank, trumps last."""
        return min(self.types(mask), key=lambda t: (self.suit(t) == self.trump, self.pts[t],
                                                     t % self.nr))

    def feed(self, mask: int) -> int:
        """The card to give a partner's safe trick: most points, lowest rank, not trump."""
        return max(self.types(mask), key=lambda t: (self.suit(t) != self.trump, self.pts[t],
                                                     -(t % self.nr)))

    # -- leading --------------------------------------------------------------------------------
    def lead(self, legal: int) -> tuple[int, str]:
        """1. cash a master the opponents cannot ruff; 2. on the bidding side, draw trumps;
        3. lead towards a partner's known master; 4. a cheap card, no counter into a void."""
        me = self.k.me
        opps = [s for s in range(self.n) if self.team[s] != self.team[me]]
        return (self._cash_master(legal, opps) or self._draw_trumps(legal, opps)
                or self._to_partner(legal, opps) or self._cheap_lead(legal, opps))

    def _cash_master(self, legal: int, opps: list[int]) -> tuple[int, str] | None:
        k, sm, trump = self.k, self.kern.suit_mask, self.trump
        best: tuple[float, int, str] | None = None
        for s in range(4):
            if s == trump or not legal & sm[s]:
                continue
            top = max(self.types(legal & sm[s]))
            master = k.is_master(top) if self.counting else self.deck.types[top].rank == Rank.ACE
            if not master or any(self._can_ruff(o, s) for o in opps):
                continue
            risk = self._may_be_void_any(opps, s) if self.counting else False
            score = self.pts[top] + 5 - (15 if risk else 0)
            if best is None or score > best[0]:
                best = (score, top, self._master_reason(top))
        return (best[1], best[2]) if best is not None and best[0] > 0 else None

    def _can_ruff(self, opp: int, s: int) -> bool:
        """Counting cards: ``opp`` is void in ``s`` and may still hold a trump."""
        k, trump = self.k, self.trump
        return bool(self.counting and k.void(opp, s) and trump >= 0
                    and k.unseen & ~k.excl[opp] & self.kern.suit_mask[trump])

    def _draw_trumps(self, legal: int, opps: list[int]) -> tuple[int, str] | None:
        k, trump = self.k, self.trump
        bidding_side = k.bidder >= 0 and self.team[k.me] == self.team[k.bidder]
        if trump < 0 or not bidding_side or not legal & self.kern.suit_mask[trump]:
            return None
        tm = self.kern.suit_mask[trump]
        opp_trumps = any(k.unseen & ~k.excl[o] & tm for o in opps) if self.counting else True
        mine = self.deck.size_of(k.hand & tm)
        out = self.deck.size_of(k.unseen & tm) if self.counting else 4
        if not (opp_trumps and mine >= 3 and mine * 2 >= out):
            return None
        top = max(self.types(legal & tm))
        if not self.counting or k.is_master(top):
            return top, f"lead the {self.name(top)}: draw the opponents' trumps"
        low = self.lowest(legal & tm)
        return low, (f"lead the {self.name(low)}: {mine} trumps in hand, enough to draw the "
                     "opponents'")

    def _to_partner(self, legal: int, opps: list[int]) -> tuple[int, str] | None:
        k, sm = self.k, self.kern.suit_mask
        if not self.counting:
            return None
        for partner in k.partners(k.me):
            for s in range(4):
                if s == self.trump or not legal & sm[s] or k.void(partner, s):
                    continue
                pm = k.known[partner] & sm[s]
                if (pm and k.is_master(max(self.types(pm)))
                        and not any(k.void(o, s) for o in opps)):
                    low = self.lowest(legal & sm[s])
                    return low, (f"lead the {self.name(low)} to partner's "
                                 f"{self.name(max(self.types(pm)))}")
        return None

    def _may_be_void_any(self, opps: list[int], s: int) -> bool:
        return any(self._may_be_void(o, s) and (
            self.k.unseen & ~self.k.excl[o] & self.kern.suit_mask[self.trump]
            if self.trump >= 0 else 0) for o in opps)

    def _master_reason(self, t: int) -> str:
        card = self.deck.types[t]
        higher = [x for x in range(self.suit(t) * self.nr + t % self.nr + 1,
                                   (self.suit(t) + 1) * self.nr)]
        if higher and self.counting:
            names = [self.deck.types[x].rank.word + "s" for x in reversed(higher)]
            every = "both" if self.deck.copies == 2 else "all the"
            return (f"lead the {card.pretty}: {every} {' and '.join(names)} are out, so it is "
                    "the highest left")
        return f"lead the {card.pretty}: cash it before the opponents can ruff it"

    def _cheap_lead(self, legal: int, opps: list[int]) -> tuple[int, str]:
        k, kern = self.k, self.kern
        sm = kern.suit_mask
        trump = self.trump
        bidding_side = k.bidder >= 0 and self.team[k.me] == self.team[k.bidder]
        cands = []
        for t in self.types(legal):
            s = self.suit(t)
            void_opp = self.counting and any(k.void(o, s) for o in opps)
            cost = 0.0
            if s == trump:
                cost += 30 + t % self.nr * 3
                if not bidding_side:
                    cost += 20  # the defenders keep their trumps to ruff
            cost += self.pts[t] * (3 if void_opp else 1)
            if void_opp:
                cost += 15
            cost += (t % self.nr) * 0.5
            # Prefer short suits: leading from them works towards a void.
            cost += self.deck.size_of(k.hand & sm[s]) * 0.3
            cands.append((cost, t))
        cands.sort()
        t = cands[0][1]
        s = self.suit(t)
        if self.counting and any(k.void(o, s) for o in opps) and self.pts[t] == 0:
            return t, f"lead the {self.name(t)}: nothing lost if it is ruffed"
        # The words say only what is true of the card led: a king is a counter at racehorse.
        worth = "worth nothing" if self.pts[t] == 0 else f"worth {self.pts[t]}"
        if self.counting and any(k.void(o, v) for o in opps for v in range(4)):
            where = ("into a suit no opponent is known to be void in"
                     if not any(k.void(o, s) for o in opps) else "even though an opponent is "
                     "void in it")
            return t, f"lead the {self.name(t)}: {worth}, {where}"
        return t, f"lead the {self.name(t)}: {worth}"

    # -- following ------------------------------------------------------------------------------
    def follow(self, legal: int) -> tuple[int, str]:
        """Feed a partner's safe trick; never overtake a partner without cause; otherwise take
        the trick as cheaply as is safe, or give nothing away."""
        led = self.suit(self.trick[0][1])
        ws, wt = self.winner()
        later = self.later_seats()
        types = self.types(legal)
        if len(types) == 1:
            return types[0], "the only legal card"
        winners = [t for t in types if self.kern.beats(t, wt, self.trump)]
        if self.team[ws] == self.team[self.k.me]:
            return self._partner_winning(legal, types, winners, led, wt, later)
        taken = self._cheapest_winner(types, winners, led, later)
        if taken is not None:
            return taken
        losers = [t for t in types if t not in winners] or types
        t = self._low_of(losers)
        # "give nothing away" was said of a queen that counts (puzzle 49 at partnership-150)
        if not self.pts[t]:
            give = "give nothing away"
        elif self.pts[t] == min(self.pts[x] for x in losers):
            give = "give as few points as you can"
        else:
            give = "give as few points as you can without spending a trump"
        return t, f"play the {self.name(t)}: this trick cannot be won, so {give}"

    def _partner_winning(self, legal: int, types: list[int], winners: list[int], led: int,
                         wt: int, later: list[int]) -> tuple[int, str]:
        if self.safe(wt, led, later):
            t = self.feed(legal)
            if self.pts[t]:
                return t, (f"play the {self.name(t)}: partner's {self.name(wt)} wins the trick, "
                           "so feed it a counter")
            return t, f"play the {self.name(t)}: partner's {self.name(wt)} wins the trick"
        # Partner may be beaten; only overtake with a card that surely holds, and never
        # trump a partner's trick when a card of another suit is allowed.
        sure = [t for t in winners if self.safe(t, led, later)
                and (self.suit(t) != self.trump or led == self.trump)]
        if sure and later:
            t = min(sure, key=lambda x: (self.pts[x], x))
            return t, f"play the {self.name(t)}: it secures partner's trick"
        non = [t for t in types if t not in winners] or types
        t = self._low_of(non)
        return t, f"play the {self.name(t)}: partner is winning; keep the good cards"

    def _cheapest_winner(self, types: list[int], winners: list[int], led: int,
                         later: list[int]) -> tuple[int, str] | None:
        """The cheapest card that takes the trick and holds it, unless that would waste a
        trump on a trick with no points while a cheaper card is allowed."""
        trump = self.trump
        safe = [t for t in winners if self.safe(t, led, later)]
        if not safe:
            return None
        t = min(safe, key=lambda x: (self.suit(x) == trump and led != trump,
                                     x % self.nr + (0 if self.suit(x) != trump else self.nr)))
        points = sum(self.pts[x] for _, x in self.trick)
        if (self.suit(t) == trump and led != trump and not points
                and len(types) > len(winners) and later):
            return None  # not worth a trump: a cheap card instead
        return t, f"play the {self.name(t)}: the cheapest card that takes the trick"

    def _low_of(self, types: list[int]) -> int:
        return min(types, key=lambda t: (self.suit(t) == self.trump, self.pts[t], t % self.nr))
