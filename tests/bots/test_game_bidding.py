"""Bidding for the game: near the target, and under 001's bid-to-win, the auction is decided by
the chance of winning the game (issue 17: "pushing a bid to go out"; 001: "once both sides have
over 400 only a side that won the bid can win")."""

from __future__ import annotations

import random

import pytest

from game.bots import gamebid
from game.bots.gamevalue import GameValue
from game.bots.registry import make_bot
from game.rules.engine import actor
from game.rules.view import observe
from game.store.content import load_preset
from tests.helpers import deal_pack, game_with_hands, play_actions


def _auction(name, scores, *bids, seed=5):
    rules = load_preset(name)
    hands, _ = deal_pack(rules, seed)
    state = game_with_hands(rules, hands, dealer=3)._replace(scores=scores)
    state, _ = play_actions(state, *bids)
    return observe(state, actor(state))


@pytest.mark.parametrize("level", ("hard", "expert"))
def test_near_the_target_the_auction_is_about_the_game(level):
    """000, to 1500: at 1330 to 1440 any contract can end the game, so the bid is chosen by
    the chance of winning it; at 0 to 0 by the calibrated ceiling."""
    view = _auction("racehorse", (1330, 1440), "bid 250")
    s = make_bot(level, bid_samples=24).suggest(view, random.Random(3))
    assert "the game is at stake" in s.reason, s.reason
    start = _auction("racehorse", (0, 0), "bid 250")
    s = make_bot(level, bid_samples=24).suggest(start, random.Random(3))
    assert "the game is at stake" not in s.reason, s.reason


def test_a_bid_that_goes_out_is_worth_the_game():
    """With 1440 against 1330 (we are seats 1 and 3), a made contract takes us out (000: the
    bidding side counts first): it is worth the whole game, whatever its points; the same
    contract set is worth less than the game as it stands."""
    from game.bots.wholehand import Outcome

    view = _auction("racehorse", (1440, 1330), "bid 250")
    gv = GameValue.of(view)
    assert gamebid.critical(view, gv)
    me = view.seat
    assert me == 1  # East opened; South (1) is to bid, its side has 1440
    sides, melds = view.rules.seating.sides, [0, 60, 40, 40]
    made = Outcome(me, 0, [40, 100], [50, 90, 40, 70], [3, 4, 2, 3], 0, sides,
                   melds)  # 100 + 160 >= 250
    set_ = Outcome(me, 0, [40, 100], [100, 40, 80, 30], [4, 2, 3, 3], 0, sides,
                   melds)  # 100 + 70 < 250
    assert gamebid._value(view, gv, made, 250, [0] * 4) == pytest.approx(gv.scale)
    assert gamebid._value(view, gv, set_, 250, [0] * 4) < gv.current()


def test_bid_to_win_makes_every_auction_count():
    """001: both sides over 400, so only the bidding side can go out."""
    view = _auction("double-deck", (410, 420))
    gv = GameValue.of(view)
    assert gv.bid_to_win and gamebid.critical(view, gv)
    s = make_bot("hard", bid_samples=16).suggest(view, random.Random(1))
    assert "the game is at stake" in s.reason, s.reason
    low = _auction("double-deck", (410, 120))
    assert not GameValue.of(low).bid_to_win
