"""The composing door (game.rules.compose) builds the same hand the engine deals, so a lesson's
position put straight at a later phase starts from the engine's own state."""

from __future__ import annotations

import pytest

from game.rules.actions import PlayCard
from game.rules.auction_game.state import HandState
from game.rules.compiled import best_meld
from game.rules.compose import auction_hand, in_play
from game.rules.engine import actor, hand_sides, legal_actions
from game.rules.facts import side_meld_totals
from game.rules.notation import dealt
from game.store.content import load_preset, preset_names

AUCTION_PRESETS = [n for n in preset_names() if not load_preset(n).stock.enabled]


@pytest.mark.parametrize("name", AUCTION_PRESETS)
def test_an_auction_hand_is_the_hand_the_engine_deals(name):
    rules = load_preset(name)
    for seed in (1, 2):
        state = dealt(rules, seed)
        hand = state.hand
        assert isinstance(hand, HandState)
        composed = auction_hand(rules, hand.dealer, hand.hands, hand.widow)
        assert composed == hand._replace(bid_to_win=False)
        if not rules.auction.dealer_opens_at:  # 002's dealer has already bid when dealt
            assert actor(state._replace(hand=composed)) == rules.seating.next(hand.dealer)


@pytest.mark.parametrize("name", AUCTION_PRESETS)
def test_a_hand_put_in_play_waits_for_its_leader_with_every_card_legal(name):
    rules = load_preset(name)
    state = dealt(rules, 3)
    hand = state.hand
    assert isinstance(hand, HandState)
    bidder = rules.seating.next(hand.dealer)
    melds = tuple(best_meld(rules, h, 0) for h in hand.hands)
    ready = hand._replace(bidder=bidder, bid=rules.auction.min_bid, trump=0, melds=melds)
    playing = state._replace(hand=in_play(rules, ready, bidder))
    assert actor(playing) == bidder
    held = set(rules.deck.to_cards(hand.hands[bidder]))
    assert {a.card for a in legal_actions(playing) if isinstance(a, PlayCard)} == held
    assert playing.hand.side_meld == side_meld_totals(rules, melds, hand_sides(playing))
