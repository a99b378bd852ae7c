"""The two-handed search's simulator plays the stock game by the engine's rules.

``hard`` searches the two-handed stock phase with :mod:`game.bots.stocksim`, a fast copy of
the game (004: "After each trick the winner may meld one combination ... then both draw,
winner first"; "A card once melded may be melded again, only in a different class, or in a
higher-scoring meld of the same class"; the dix "may be exchanged ... for the trump card").
Driven by the same choices, the engine and the simulator must reach the same playoff: the same
hands, melds scored, trick points, tricks and leader.
"""

from __future__ import annotations

import random

import pytest

from game.bots.stocksim import SimState, Simulator
from game.rules.actions import CountDix, Deal, EndTurn, ExchangeDix, PlayCard
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.phase import Phase
from game.rules.stock_game.state import StockHand
from game.store.content import load_preset, ruleset_from_text


class NoSlips(random.Random):
    """The simulator's policy without its random cards."""

    def random(self) -> float:
        return 0.999


def sim_state(hand: StockHand) -> SimState:
    return SimState(list(hand.hands), list(hand.tabled), list(hand.on_table), list(hand.stock),
                    hand.turnup, hand.trump, hand.leader, list(hand.meld_pts),
                    list(hand.taken), list(hand.won), hand.exchanged, list(hand.dix_counted),
                    list(hand.trick))


def drive_engine(rules, state, sim: Simulator):
    """Play the stock phase through the engine with the simulator's own choices."""
    rnd = NoSlips()
    deck = rules.deck
    while True:
        hand = state.hand
        if not isinstance(hand, StockHand) or hand.playoff or hand.phase == Phase.GAME_OVER:
            return state
        seat = actor(state)
        st = sim_state(hand)
        if hand.phase == Phase.TRICKS:
            t = sim.choose_card(st, seat, rnd)
            hidden = ((hand.hands[seat] - hand.on_table[seat]) >> (t * deck.bits)) & deck.field_mask
            state, _ = apply(state, PlayCard(deck.types[t], from_table=not hidden))
            continue
        option = sim.choose_meld(st, seat) if not hand.melded else None
        if option is not None:
            state, _ = apply(state, option.action)
            continue
        before = st.meld_pts[seat], st.turnup
        if not hand.dixed:
            sim.dix_turn(st, seat)
        if st.turnup != before[1]:
            state, _ = apply(state, ExchangeDix())
        elif st.meld_pts[seat] != before[0]:
            state, _ = apply(state, CountDix())
        else:
            state, _ = apply(state, EndTurn())


TABLES = {
    "two-handed": None,
    # the 64-card pack: the dix is the 7, and 8s and 7s are dealt
    "sixty-four": 'base = "two-handed"\nname = "sixty-four"\ntitle = "64 cards"\n'
                  '[table]\ndeck = 64\n',
}


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("deal", range(6))
def test_the_simulator_reaches_the_engines_playoff(name, deal):
    text = TABLES[name]
    rules = load_preset(name) if text is None else ruleset_from_text(text, name)
    state = at_deal(new_game(rules, 40 + deal), deal, deal % 2)
    state, _ = apply(state, Deal())
    sim = Simulator(rules, state.scores, state.target)
    st = sim_state(state.hand)
    declared = sim.stock_phase(st, NoSlips())
    assert declared == -1  # nobody reaches 1000 in one hand from 0
    end = drive_engine(rules, state, sim).hand
    assert end.playoff and not st.stock
    assert st.hands == list(end.hands)
    assert st.meld_pts == list(end.meld_pts)
    assert st.taken == list(end.taken) and st.won == list(end.won)
    assert st.leader == end.leader
    # and the deal was not trivial: melds were laid and the dix changed hands or counted
    assert sum(st.meld_pts) > 0


def test_the_stock_search_lays_every_meld_the_rules_allow():
    """Found by a 2,000-deal strength run (deal 123, seed 1): the search rebuilt each tabled
    card's melds from the melds laid, crediting a copy with every meld of its type, so after a
    K♥ had served a marriage and been played, the other K♥ on the table counted as married too;
    the engine offered a new marriage the search could not lay ("a legal meld can be laid").
    The view now carries the engine's own records of the tabled cards."""
    from game.match.duplicate import MatchSpec, play_deals

    results = play_deals(MatchSpec("two-handed", "hard", "medium", 1), [123])
    assert len(results) == 2 and all(r.deal == 123 for r in results)
