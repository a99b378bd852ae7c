"""A fast simulator of the two-handed stock game (004) for ``hard``'s search.

It plays a determinized deal (both hands and the order of the stock known) from any point of
the stock phase to the end of the hand: tricks where any card may be played, the winner's meld
turn (the engine's own meld options and reuse rules, :mod:`game.rules.stock_game.meld`), the
dix, the draws, the last face-down card and the turn-up, and the playoff, played by the rollout
policy under the playoff's strict rules. Both players follow the same greedy policy, the one
``medium`` plays by: win a trick when there is meld to lay or points in it, otherwise throw a
card that neither melds nor scores; lay the best meld (a royal marriage before its flush while
there is time), exchange the dix, count it. A player who reaches the target declares out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from game.bots.rollout import RolloutPolicy, policy_for
from game.rules.compiled import compile_rules, kernel_for, meld_table
from game.rules.kernel import PlayKernel
from game.rules.ruleset import RuleSet
from game.rules.stock_game.consts import StockConsts
from game.rules.stock_game.meld import MeldOption, Tabled, lay, options
from game.rules.stock_game.score import rounded

EPS = 0.05  # the rollout policy's share of random cards (keeps the playouts varied)


class StockRules:
    """What the simulator needs from one rule set, looked up once."""

    def __init__(self, rules: RuleSet) -> None:
        consts = compile_rules(rules).stock
        assert consts is not None, "the stock game needs a rule set with the stock"
        self.rules = rules
        self.consts: StockConsts = consts
        self.kern: PlayKernel = kernel_for(rules)
        self.playoff: RolloutPolicy = policy_for(rules, rules.stock.playoff_obligations)
        self.total = meld_table(rules).total
        table = meld_table(rules)
        self.slices, self.suit_losses = table.slices, table.suit_losses
        deck = rules.deck
        self.one = deck.one
        self.bits, self.field = deck.bits, deck.field_mask
        self.pts = rules.trick_points_by_type
        self.nr = deck.n_ranks
        self.types = range(deck.n_types)
        self.declare = rules.stock.declare_out and rules.scoring.game == "score"
        self.dix_points = rules.meld.dix
        self.exchange = rules.stock.dix_exchange
        self.ace_rank = deck.n_ranks - 1
        self.low = deck.low
        self.slice_bits, self.slice_mask = deck.slice_bits, deck.slice_mask
        self.presence = deck.presence
        # suit_costs, a pure function of its key, remembered once per rule set (a few
        # thousand suits recur in every decision).
        self._suit_costs: dict[tuple[int, int, int, int, int], tuple[tuple[int, float], ...]] = {}
        # Trick points as they count (004's rounding), for every total a hand can reach.
        self._counted = [rounded(rules, p) for p in range(4 * rules.total_trick_points + 1)]
        self.points_kept = [p * 0.6 for p in self.pts]  # (the same products keep_costs made)
        # Per trump: what keeping a card is worth for the playoff beyond its meld and points.
        nr, ace = deck.n_ranks, self.ace_rank
        self.bonus = [[25 + (t % nr) * 4 if t // nr == trump else 8 if t % nr == ace else 0
                       for t in range(deck.n_types)] for trump in (0, 1, 2, 3, -1)]


    def suit_costs(self, trump: int, suit: int, x: int, rest: int, laid: int
                   ) -> tuple[tuple[int, float], ...]:
        """(type, keep value) for the cards of one suit: the meld giving one up loses (less,
        when a copy already lies on the table: only its reuse in another class is left), its
        points, and the bonus of trumps and aces. ``x`` is the hand's slice of the suit,
        ``rest`` the meld mask of its other suits (:meth:`MeldTable.slices`), ``laid`` the
        slice of it on the table."""
        key = (trump, suit, x, rest, laid)
        got = self._suit_costs.get(key)
        if got is not None:
            return got
        bits, field_ = self.bits, self.field
        kept, bonus = self.points_kept, self.bonus[trump]
        out = []
        for t, lost in self.suit_losses(trump, suit, x, rest):
            loss: float = lost
            if (laid >> ((t - suit * self.nr) * bits)) & field_:
                loss *= 0.3  # already laid: only reuse in another class is left
            v = loss + kept[t]
            if bonus[t]:  # trumps for the playoff, and aces
                v += bonus[t]
            out.append((t, v))
        if len(self._suit_costs) > 100_000:  # bound the memo in very long runs
            self._suit_costs.clear()
        got = self._suit_costs[key] = tuple(out)
        return got

    def counted(self, points: int) -> int:
        table = self._counted
        return table[points] if 0 <= points < len(table) else rounded(self.rules, points)


@lru_cache(maxsize=16)
def _stock_rules(rules: RuleSet) -> StockRules:
    return StockRules(rules)  # the bots' own memo, once per rule set


@dataclass(slots=True)
class SimState:
    """A determinized two-handed position (every card known), mutable."""

    hands: list[int]  # counts, tabled cards included
    tabled: list[tuple[Tabled, ...]]
    on_table: list[int]
    stock: list[int]  # face-down types, top first
    turnup: int
    trump: int
    leader: int
    meld_pts: list[int]
    taken: list[int]
    won: list[int]
    exchanged: bool
    dix_counted: list[int] = field(default_factory=lambda: [0, 0])
    trick: list[tuple[int, int]] = field(default_factory=list)
    # Draws by seat, not by the stock's order: seat 0 draws stock[0], seat 1 stock[1], whoever
    # won the trick (the last face-down card alone goes to the winner). Neither player knows
    # the order, so each seat's draws are as random as the game's; and a search's candidates
    # that win and lose the same trick then draw the same cards (docs/strength.md).
    by_seat: bool = False

    def copy(self) -> SimState:
        return SimState(list(self.hands), list(self.tabled), list(self.on_table),
                        list(self.stock), self.turnup, self.trump, self.leader,
                        list(self.meld_pts), list(self.taken), list(self.won), self.exchanged,
                        list(self.dix_counted), list(self.trick), self.by_seat)


class Simulator:
    """Plays :class:`SimState` positions to the end of the hand."""

    def __init__(self, rules: RuleSet, scores: Sequence[int], target: int) -> None:
        self.r = _stock_rules(rules)
        self.scores = list(scores)
        self.target = target
        # The greedy policy's keep values and meld choices, remembered per position for one
        # decision: the same hands recur across its candidates and samples.
        self._costs: dict[tuple[int, int, int], tuple[tuple[int, float], ...]] = {}
        self._melds: dict[tuple[int, tuple[Tabled, ...], int, bool], MeldOption | None] = {}

    # -- the greedy policy --------------------------------------------------------------------
    def keep_costs(self, h: int, on_table: int, trump: int) -> tuple[tuple[int, float], ...]:
        """How much a player holding ``h`` wants to keep one card of each type it holds (the
        medium rules: the meld it would break, its points, trumps and aces for the playoff),
        as (type, value), types ascending. Built from :meth:`StockRules.suit_costs`: the same
        suits recur far more often than whole hands."""
        key = (h, on_table, trump)
        got = self._costs.get(key)
        if got is not None:
            return got
        r = self.r
        sb, sm = r.slice_bits, r.slice_mask
        suit_costs = r.suit_costs
        out: tuple[tuple[int, float], ...] = ()
        for s, (x, rest) in enumerate(r.slices(h)):
            if x:
                out += suit_costs(trump, s, x, rest, on_table >> (s * sb) & sm)
        if len(self._costs) > 200_000:
            self._costs.clear()
        self._costs[key] = out
        return out

    def keep_cost(self, st: SimState, seat: int, t: int) -> float:
        for u, v in self.keep_costs(st.hands[seat], st.on_table[seat], st.trump):
            if u == t:
                return v
        raise KeyError(f"card type {t} is not in seat {seat}'s hand")

    def pending(self, st: SimState, seat: int) -> int:
        return max(0, self.r.total(st.hands[seat], st.trump) - st.meld_pts[seat])

    def choose_card(self, st: SimState, seat: int, rnd: random.Random) -> int:
        r = self.r
        costs = self.keep_costs(st.hands[seat], st.on_table[seat], st.trump)
        if rnd.random() < EPS:
            return costs[int(rnd.random() * len(costs))][0]
        if not st.trick:  # the cheapest card to give away (the lowest type of equal cost)
            best, low = -1, 0.0
            for t, c in costs:  # (types ascending)
                if best < 0 or c < low:
                    best, low = t, c
            return best
        led = st.trick[0][1]
        pts, trump = r.pts, st.trump
        suit_of = r.kern.suit_of
        led_suit = suit_of[led]
        want = self.pending(st, seat) * 0.6 + pts[led]
        best, best_gain = -1, -1e18
        for t, c in costs:
            st_ = suit_of[t]
            if (t > led) if st_ == led_suit else st_ == trump:
                gain = want + pts[t] - c
            else:
                gain = -pts[t] * 0.5 - c
            if gain > best_gain:
                best, best_gain = t, gain
        return best

    def choose_meld(self, st: SimState, seat: int) -> MeldOption | None:
        key = (st.hands[seat], st.tabled[seat], st.trump, len(st.stock) >= 6)
        if key in self._melds:
            return self._melds[key]
        r = self.r
        h = st.hands[seat]
        # A meld needs every card held and at least one not yet on the table (rule 2: "at
        # least one card must be taken from the hand"): most positions fail one of these mask
        # tests for every combination, and need no look at the table's records.
        presence = r.presence
        held, fresh = presence(h), presence(h - st.on_table[seat])
        fitting = tuple([c for c in r.consts.candidates[st.trump]
                         if held & c.need == c.need and fresh & c.need])
        opts = options(r.rules, fitting, h, st.tabled[seat]) if fitting else ()
        best: MeldOption | None = None
        if opts:
            kinds = {o.kind: o for o in opts}
            if "royal_marriage" in kinds and "run" in kinds and len(st.stock) >= 6:
                best = kinds["royal_marriage"]
            else:
                best = max(opts, key=lambda o: (o.points, o.kind))
        if len(self._melds) > 200_000:
            self._melds.clear()
        self._melds[key] = best
        return best

    # -- the moves ----------------------------------------------------------------------------
    def play_card(self, st: SimState, seat: int, t: int) -> None:
        r = self.r
        one = r.one[t]
        hidden = ((st.hands[seat] - st.on_table[seat]) >> (t * r.bits)) & r.field
        if not hidden:  # only a tabled copy: it leaves the table
            st.on_table[seat] -= one
            mine = list(st.tabled[seat])
            idx = max((i for i, tc in enumerate(mine) if tc.type == t),
                      key=lambda i: len(mine[i].record))
            del mine[idx]
            st.tabled[seat] = tuple(mine)
        st.hands[seat] -= one
        dix = r.consts.dix_types[st.trump]
        if st.dix_counted[seat] and t == dix:
            st.dix_counted[seat] -= 1
        st.trick.append((seat, t))

    def end_trick(self, st: SimState) -> int:
        """Score the finished trick; returns its winner."""
        r = self.r
        (s0, t0), (s1, t1) = st.trick
        winner = s1 if r.kern.beats(t1, t0, st.trump) else s0
        st.taken[winner] += r.pts[t0] + r.pts[t1]
        st.won[winner] += 1
        st.trick = []
        st.leader = winner
        return winner

    def lay(self, st: SimState, seat: int, option: MeldOption) -> None:
        r = self.r
        st.tabled[seat] = lay(r.rules, st.tabled[seat], option)
        st.meld_pts[seat] += option.points
        for t in option.from_hand:
            st.on_table[seat] += r.one[t]

    def dix_turn(self, st: SimState, seat: int, exchange: bool = True) -> None:
        """Exchange the dix for the turn-up if allowed, else count it."""
        r = self.r
        dix = r.consts.dix_types[st.trump]
        if dix < 0 or not r.dix_points:
            return
        held = (st.hands[seat] >> (dix * r.bits)) & r.field
        if not held:
            return
        uncounted = held > st.dix_counted[seat]
        if (exchange and r.exchange and not st.exchanged and st.stock and st.turnup != dix):
            if uncounted:
                st.meld_pts[seat] += r.dix_points
            else:
                st.dix_counted[seat] -= 1
            st.hands[seat] += r.one[st.turnup] - r.one[dix]
            st.turnup = dix
            st.exchanged = True
        elif uncounted:
            st.meld_pts[seat] += r.dix_points
            st.dix_counted[seat] += 1

    def draw(self, st: SimState, winner: int) -> None:
        one = self.r.one
        loser = 1 - winner
        if len(st.stock) >= 2:
            if st.by_seat:
                st.hands[0] += one[st.stock[0]]
                st.hands[1] += one[st.stock[1]]
            else:
                st.hands[winner] += one[st.stock[0]]
                st.hands[loser] += one[st.stock[1]]
            del st.stock[:2]
            return
        st.hands[winner] += one[st.stock[0]]
        st.hands[loser] += one[st.turnup]
        st.stock = []
        st.turnup = -1
        st.tabled = [(), ()]
        st.on_table = [0, 0]
        st.dix_counted = [0, 0]

    def total(self, st: SimState, seat: int) -> int:
        return self.scores[seat] + st.meld_pts[seat] + rounded(self.r.rules, st.taken[seat])

    def out(self, st: SimState, seat: int) -> bool:
        if not self.r.declare:
            return False
        return self.scores[seat] + st.meld_pts[seat] + self.r.counted(st.taken[seat]) \
            >= self.target

    # -- playing to the end -------------------------------------------------------------------
    def meld_turn(self, st: SimState, seat: int) -> int:
        """The winner's greedy meld turn and the draw; returns a seat that declared out or -1."""
        option = self.choose_meld(st, seat)
        if option is not None:
            self.lay(st, seat, option)
        self.dix_turn(st, seat)
        if self.out(st, seat):
            return seat
        self.draw(st, seat)
        return -1

    def stock_phase(self, st: SimState, rnd: random.Random) -> int:
        """Play the tricks while the stock lasts; the seat that declared out, or -1."""
        while st.stock:
            seat = st.leader if not st.trick else 1 - st.trick[0][0]
            self.play_card(st, seat, self.choose_card(st, seat, rnd))
            if len(st.trick) < 2:
                continue
            winner = self.end_trick(st)
            if self.out(st, winner):
                return winner
            who = self.meld_turn(st, winner)
            if who >= 0:
                return who
        return -1

    def finish(self, st: SimState, rnd: random.Random) -> tuple[list[int], int]:
        """Play to the end: (hand points per seat, the seat that declared out or -1). ``st``
        must be at a card to play in the stock phase (or its trick half done)."""
        who = self.stock_phase(st, rnd)
        if who >= 0:
            return self.hand_points(st), who
        return self.playoff(st, rnd)

    def playoff(self, st: SimState, rnd: random.Random) -> tuple[list[int], int]:
        team = [0, 1]
        taken, won = self.r.playoff.play(list(st.hands), st.trump, st.leader, team,
                                         tuple(st.trick), -1, rnd.random, EPS)
        for s in range(2):
            st.taken[s] += taken[s]
            st.won[s] += won[s]
        st.hands = [0, 0]
        st.trick = []
        return self.hand_points(st), -1  # the hand is scored: the game's rules decide

    def hand_points(self, st: SimState) -> list[int]:
        rules = self.r.rules
        return [st.meld_pts[s] + rounded(rules, st.taken[s]) for s in range(2)]
