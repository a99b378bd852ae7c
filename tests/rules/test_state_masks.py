"""The legal masks a state carries for the next decision (PlayState.mask, StockHand.follow_mask)
and the two-handed counts of tabled cards (StockHand.on_table) always equal what the kernel and
the tabled list give when asked afresh, at every step of random games on every preset."""

import random

import pytest

from game.match.simulate import legal_bot
from game.rules.auction_game.state import HandState
from game.rules.engine import apply, new_game
from game.rules.phase import Phase
from game.rules.stock_game.state import StockHand
from game.store.content import load_preset, preset_names


def _check(state) -> int:
    hand = state.hand
    kernel = state.compiled.kernel
    if isinstance(hand, HandState) and hand.phase == Phase.TRICKS and hand.play.trick:
        ps = hand.play
        fresh = kernel.legal(hand.hands[ps.turn], ps.trick, ps.win_type, hand.trump)
        assert ps.mask == fresh
        return 1
    if isinstance(hand, StockHand) and hand.hands:
        deck = state.rules.deck
        for seat in range(2):
            assert hand.on_table[seat] == sum(deck.one[tc.type] for tc in hand.tabled[seat])
        if hand.trick and hand.phase == Phase.TRICKS:
            k = state.compiled.stock.kernels[hand.playoff]
            led = hand.trick[0][1]
            assert hand.follow_mask == k.legal(hand.hands[hand.turn], hand.trick, led,
                                               hand.trump)
        return 1
    return 0


@pytest.mark.parametrize("name", preset_names())
def test_carried_masks_match_fresh_ones(name):
    rules = load_preset(name)
    rng = random.Random(name)
    checked = 0
    for seed in range(6):
        state = new_game(rules, seed)
        while not state.over and state.hand_no < 2:
            state, _ = apply(state, legal_bot(state, rng))
            checked += _check(state)
    assert checked > 50
