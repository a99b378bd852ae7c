"""``hard``'s two-handed game from the first trick: a determinized search over the stock and
the opponent's hand.

What this seat has seen is kept: its own hand, the turn-up, every card played, the opponent's
melds on the table (those cards are in its hand) and, once the stock is gone, every card. The
unseen cards are dealt at random into the opponent's hidden hand and the stock's order; each
candidate (a card, or a step of the meld turn) is played out in every sample by
:mod:`game.bots.stocksim`, the same samples for every candidate, and the hand's points are
valued for the game (:class:`~game.bots.gamevalue.GameValue`): reaching the target and
declaring out ends the game there and then.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.bots.base import points_text
from game.bots.gamevalue import GameValue
from game.bots.knowledge import field_sub
from game.bots.sampler import expand
from game.bots.stocksim import SimState, Simulator
from game.rules.actions import Action, CountDix, DeclareOut, EndTurn, ExchangeDix, LayMeld, PlayCard
from game.rules.stock_game.meld import Tabled, option_for
from game.rules.view import PlayerView

Move = Callable[[SimState, random.Random], tuple[list[int], int]]


def tabled_records(view: PlayerView, seat: int) -> tuple[tuple[Tabled, ...], int]:
    """(the seat's tabled cards with the best meld each served per class, their counts), as
    the engine keeps them: which copy of a card served which meld is public, and crediting a
    copy with every meld of its type forbade melds the rules allow (a marriage laid with the
    other K♥, since played, barred the one on the table from a new marriage)."""
    deck = view.rules.deck
    records = view.tabled_records[seat] if view.tabled_records else ()
    return tuple(records), sum(deck.one[tc.type] for tc in records)


class StockSearch:
    """One decision of the stock phase, searched over sampled deals."""

    def __init__(self, view: PlayerView, game: bool = True, by_seat: bool = False) -> None:
        rules = view.rules
        deck = rules.deck
        self.view = view
        self.me, self.opp = view.seat, 1 - view.seat
        self.gv = GameValue.of(view, game)
        self.sim = Simulator(rules, view.scores, view.target)
        tab_me, on_me = tabled_records(view, self.me)
        tab_opp, on_opp = tabled_records(view, self.opp)
        turnup = deck.type_of(view.turnup) if view.turnup is not None else -1
        seen = view.hand + view.played + on_opp + (deck.one[turnup] if turnup >= 0 else 0)
        unseen = field_sub(deck.bits, deck.n_types, deck.full(), seen)
        self.pool = expand(unseen, deck.bits, deck.field_mask)
        # (a real position always fits: the stock takes what the hidden hand leaves)
        self.opp_hidden = min(len(self.pool),
                              view.hand_sizes[self.opp] - deck.size_of(on_opp))
        tabled: list[tuple[Tabled, ...]] = [(), ()]
        tabled[self.me], tabled[self.opp] = tab_me, tab_opp
        on_table = [0, 0]
        on_table[self.me], on_table[self.opp] = on_me, on_opp
        dix = deck.type_of(view.turnup) if view.turnup is not None else -1
        trick = [(s, deck.type_of(c)) for s, c in view.trick]
        self.base = SimState(
            [0, 0], tabled, on_table, [], turnup, view.trump, view.leader,
            list(view.meld_points) or [0, 0], list(view.taken) or [0, 0],
            list(view.won) or [0, 0],
            exchanged=dix >= 0 and self.sim.r.consts.dix_types[view.trump] == dix,
            trick=trick, by_seat=by_seat and not view.revealed)
        self.on_opp = on_opp
        self.opp_known = on_opp

    def sample(self, rng: random.Random) -> SimState:
        view = self.view
        if view.revealed:  # the measurement-only open level sees the deal
            st = self.base.copy()
            st.hands = list(view.all_hands)
            st.stock = list(view.stock_order)
            return st
        pool = list(self.pool)
        rng.shuffle(pool)
        one = self.sim.r.one
        st = self.base.copy()
        hidden = 0
        for t in pool[:self.opp_hidden]:
            hidden += one[t]
        st.hands[self.me] = self.view.hand
        st.hands[self.opp] = hidden + self.opp_known
        st.stock = pool[self.opp_hidden:]
        return st

    def value(self, points: Sequence[int], declared: int) -> float:
        """This seat's game value of a simulated hand (in points)."""
        gv = self.gv
        if declared >= 0:
            won = declared == self.me
            if gv.linear:
                return gv.value([p if s != declared else p + 1000 for s, p in enumerate(points)])
            return (1.0 if won else 0.0) * gv.scale
        deltas = [0, 0]
        deltas[self.me], deltas[self.opp] = points[self.me], points[self.opp]
        return gv.value(deltas)

    def rank(self, moves: Sequence[Move], samples: int, rng: random.Random,
             keep: int = 2) -> list[tuple[float, int]]:
        """(mean value, index) of the moves still in the running at the end, best first.
        Every move is played in the same sampled deals; the deals come in rounds and the
        weaker half of the moves is dropped after each (successive halving), so ``samples``
        deals reach the strongest moves while the clearly weaker ones stop early."""
        n = len(moves)
        totals = [0.0] * n
        counts = [0] * n
        alive = list(range(n))
        rounds, m = 1, n
        while m > keep:
            m = (m + 1) // 2
            rounds += 1
        per_round = max(2, samples // rounds)
        for r in range(rounds):
            upto = samples - per_round * (rounds - 1) if r == rounds - 1 else per_round
            for _ in range(max(1, upto)):
                st = self.sample(rng)
                seed = rng.random()
                for i in alive:
                    points, declared = moves[i](st.copy(), random.Random(seed))
                    totals[i] += self.value(points, declared)
                    counts[i] += 1
            if r < rounds - 1:
                alive.sort(key=lambda i: -totals[i] / counts[i])
                alive = alive[:max(keep, (len(alive) + 1) // 2)]
        out = [(totals[i] / counts[i], i) for i in alive]
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    # -- moves --------------------------------------------------------------------------------
    def card_move(self, t: int) -> Move:
        sim, me = self.sim, self.me

        def move(st: SimState, rnd: random.Random) -> tuple[list[int], int]:
            sim.play_card(st, me, t)
            if len(st.trick) == 2:
                winner = sim.end_trick(st)
                if sim.out(st, winner):
                    return sim.hand_points(st), winner
                who = sim.meld_turn(st, winner)
                if who >= 0:
                    return sim.hand_points(st), who
            return sim.finish(st, rnd)
        return move

    def turn_move(self, action: Action, may_meld: bool, may_dix: bool) -> Move:
        """A step of this seat's meld turn, then the rest of the turn by the greedy policy."""
        sim, me, rules = self.sim, self.me, self.view.rules

        def move(st: SimState, rnd: random.Random) -> tuple[list[int], int]:
            if isinstance(action, LayMeld):
                cand = sim.r.consts.by_action[st.trump].get(action)
                option = None if cand is None else option_for(rules, cand, st.hands[me],
                                                               st.tabled[me])
                assert option is not None, "a legal meld can be laid"
                sim.lay(st, me, option)
                if may_dix:
                    sim.dix_turn(st, me)
            elif isinstance(action, ExchangeDix | CountDix):
                sim.dix_turn(st, me, exchange=isinstance(action, ExchangeDix))
                if may_meld:
                    option2 = sim.choose_meld(st, me)
                    if option2 is not None:
                        sim.lay(st, me, option2)
            if sim.out(st, me):
                return sim.hand_points(st), me
            sim.draw(st, me)
            return sim.finish(st, rnd)
        return move


def card_candidates(search: StockSearch, view: PlayerView, width: int) -> list[PlayCard]:
    """The legal cards by type (a hidden copy before a tabled one, as the simulator plays),
    the ``width`` best by the greedy policy's own measure."""
    deck = view.rules.deck
    by_type: dict[int, PlayCard] = {}
    for a in view.legal:
        if isinstance(a, PlayCard):
            t = deck.type_of(a.card)
            if t not in by_type or (by_type[t].from_table and not a.from_table):
                by_type[t] = a
    if len(by_type) <= width:
        return list(by_type.values())
    st = search.base.copy()
    st.hands[search.me] = view.hand
    sim = search.sim
    if not st.trick:
        order = sorted(by_type, key=lambda t: (sim.keep_cost(st, search.me, t), t))
    else:
        led = st.trick[0][1]
        kern = sim.r.kern
        beats = [t for t in by_type if kern.beats(t, led, st.trump)]
        loses = [t for t in by_type if t not in beats]
        cost = sim.keep_cost
        beats.sort(key=lambda t: cost(st, search.me, t) - sim.r.pts[t])
        loses.sort(key=lambda t: cost(st, search.me, t) + sim.r.pts[t] * 0.5)
        order = []
        while beats or loses:  # the best winners and the best losers, alternately
            for group in (beats, loses):
                if group:
                    order.append(group.pop(0))
    return [by_type[t] for t in order[:width]]


def decide(view: PlayerView, rng: random.Random, samples: int, width: int,
           preferred: Action | None = None,
           game: bool = True, by_seat: bool = False) -> tuple[Action, str] | None:
    """The searched choice for a card or a meld-turn step of the stock phase; None when there
    is nothing to search (one sensible action). Among equally valued actions (a meld and the
    dix exchange in either order come to the same) the ``preferred`` one is taken.
    ``by_seat``: the simulated draws go by seat, not by the stock's order
    (:class:`~game.bots.stocksim.SimState`)."""
    search = StockSearch(view, game, by_seat)
    legal: list[Action] = [a for a in view.legal if not isinstance(a, DeclareOut)]
    if any(isinstance(a, PlayCard) for a in legal):
        cands: list[Action] = list(card_candidates(search, view, width))
        moves = [search.card_move(view.rules.deck.type_of(a.card)) for a in cands
                 if isinstance(a, PlayCard)]
    else:
        may_meld = any(isinstance(a, LayMeld) for a in legal)
        may_dix = any(isinstance(a, CountDix | ExchangeDix) for a in legal)
        cands = list(legal)
        moves = [search.turn_move(a, may_meld, may_dix) for a in cands]
    if len(cands) == 1:
        return None
    ranked = search.rank(moves, samples, rng)
    if preferred in cands:
        top = ranked[0][0]
        for i, (value, index) in enumerate(ranked):
            if cands[index] == preferred and value >= top - 1e-9:
                ranked.insert(0, ranked.pop(i))
                break
    best_value, best = ranked[0]
    second_value, second = ranked[1]
    action = cands[best]
    return action, (f"{_say(action)}: about {points_text(best_value - second_value)} more "
                    f"than {_say(cands[second], False)}, given the cards seen so far")


def _say(action: Action, verb: bool = True) -> str:
    if isinstance(action, PlayCard):
        return f"{'play ' if verb else ''}the {action.card.pretty}"
    if isinstance(action, LayMeld):
        return f"{'meld ' if verb else 'melding '}{action.kind.replace('_', ' ')}"
    if isinstance(action, ExchangeDix):
        return "exchange the dix" if verb else "exchanging the dix"
    if isinstance(action, CountDix):
        return "count the dix" if verb else "counting the dix"
    assert isinstance(action, EndTurn)
    return "draw without melding" if verb else "drawing at once"
