"""Two-handed rank order (issue 16.4): 004 writes "A (high), K, Q, J, 10, 9 (low)"; every other
document ranks the 10 second. The preset follows 004 and says so; the common order is a house
rule; trick winners, hints and bots follow whichever order is in force."""

from __future__ import annotations

import random

import pytest

from game.bots.registry import make_bot
from game.match.simulate import simulate
from game.rules.engine import legal_actions, new_game
from game.rules.events import TrickWon
from game.rules.explain import rules_text
from game.rules.phase import Phase
from game.rules.stock_game.state import StockHand
from game.rules.view import observe
from game.store.content import load_preset, ruleset_from_text
from tests.helpers import cards, play_actions

COMMON = ('base = "two-handed"\nname = "ten-high"\ntitle = "Two-handed, A-10-K-Q-J-9"\n'
          '[table]\nrank_order = "A-10-K-Q-J-9"\n')


def both():
    return [load_preset("two-handed"), ruleset_from_text(COMMON, "ten-high")]


def test_the_preset_says_it_ranks_as_004_writes():
    # 004: "A Pinochle pack consists of: A (high), K, Q, J, 10, 9 (low) in each of the four
    # suits"
    text = rules_text(load_preset("two-handed"))
    assert "ranks high to low: A K Q J 10 9." in text
    assert "This table ranks A-K-Q-J-10-9: the 10 below the jack, as document 004 writes" in text
    house = rules_text(ruleset_from_text(COMMON, "ten-high"))
    assert "ranks high to low: A 10 K Q J 9." in house
    assert "the common order, as a house rule" in house


@pytest.mark.parametrize(("order", "winner"), [("A-K-Q-J-10-9", 0), ("A-10-K-Q-J-9", 1)])
def test_trick_winners_follow_the_order_in_force(order, winner):
    # 004: "When any other suit is led, the card led wins unless the opponent plays a higher
    # card of the same suit or a trump."
    rules = {r.table.rank_order: r for r in both()}[order]
    deck = rules.deck
    hand = StockHand(Phase.TRICKS, 1, (deck.counts_of(cards("KS 9C")),
                                       deck.counts_of(cards("TS 9D"))),
                     ((), ()), (deck.type_of(cards("9S")[0]),) * 2,
                     deck.type_of(cards("AH")[0]), 1, 0, 0)
    state = new_game(rules, 0)._replace(hand=hand)
    state, events = play_actions(state, "play KS", "play TS")
    assert next(e for e in events if isinstance(e, TrickWon)).seat == winner


@pytest.mark.parametrize("rules", both(), ids=["004", "common"])
def test_both_orders_play_with_hints_and_every_bot_level(rules):
    report = simulate(rules, 40, seed=3)
    assert report.hands == 40 and report.violations == []
    from tests.bots.conftest import play_hand

    for deal, levels in enumerate([["hard", "easy"], ["medium", "random"]]):
        state, actions, _ = play_hand(rules, 12, levels, deal=deal)
        assert len(actions) > 20
    # the hint is the strongest bot's suggestion: a legal action with its reason
    from game.rules.actions import Deal
    from game.rules.engine import apply, new_game

    state, _ = apply(new_game(rules, 4), Deal())
    view = observe(state, 0)
    hint = make_bot("hard").suggest(view, random.Random(1))
    assert hint.action in legal_actions(state) and hint.reason
