"""The searches score their rollouts with the engine's own scoring: ``side_results`` must give
every side the score ``score_hand`` gives, hand after hand, on every auction table."""

import random

import pytest

from game.bots.handscore import side_results
from game.match.simulate import legal_bot
from game.rules.auction_game.state import HandState
from game.rules.engine import apply, new_game
from game.rules.events import HandScored, Outcome, TrickWon
from game.rules.phase import Phase
from game.store.content import load_preset

AUCTION_PRESETS = ("racehorse", "double-deck", "partnership-190", "partnership-150",
                   "cutthroat", "check")


@pytest.mark.parametrize("name", AUCTION_PRESETS)
def test_side_scores_agree_with_score_hand(name):
    rules = load_preset(name)
    rng = random.Random(name)
    compared = 0
    for seed in range(12):
        state = new_game(rules, seed)
        while not state.over and state.hand_no < 2:
            before = state
            state, events = apply(state, legal_bot(state, rng))
            scored = [e for e in events if isinstance(e, HandScored)]
            hand = before.hand
            if not scored or not isinstance(hand, HandState) or hand.phase != Phase.TRICKS:
                continue
            result = scored[0].result
            if result.outcome not in (Outcome.MADE, Outcome.SET):
                continue
            last = next(e for e in events if isinstance(e, TrickWon))
            assert hand.play is not None
            taken, won = list(hand.play.taken), list(hand.play.won)
            taken[last.seat] += last.points
            won[last.seat] += 1
            deck = rules.deck
            banked = sum(rules.trick_points_by_type[t] * deck.count(hand.discards, c)
                         for t, c in enumerate(deck.types))
            scores, _, _ = side_results(rules, hand.bidder, hand.bid, hand.side_meld, taken, won,
                                        banked)
            assert scores == [s.score for s in result.sides], (name, seed)
            compared += 1
    assert compared >= 5
