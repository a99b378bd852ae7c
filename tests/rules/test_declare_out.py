"""Declaring out at any time in two-handed, including on the opponent's turn (issue 19).

004: "At any time during the play, a player may 'declare out.' At that point, play stops and
his tricks are counted. If, in fact, the player has 1000 points or more, he wins the game even
if the opponent has more. If the claimant has fewer than 1,000 points, he loses the game."
"""

import pytest

from game.rules.actions import DeclareOut, parse_action
from game.rules.engine import declare_out, declared_total, may_declare_out, replay
from game.rules.errors import IllegalActionError
from game.rules.events import DeclaredOut, GameWon
from game.rules.phase import Phase
from game.store.content import ruleset_from_text
from tests.rules.test_stock import position


def opponents_turn(scores, meld=(0, 0), taken=(0, 0), phase=Phase.TRICKS):
    """North (seat 1) to act; South (seat 0) is not the player whose turn it is."""
    state = position("AS KS", "KH QH", phase=phase, turn=1, turnup="AH", scores=scores)
    return state._replace(hand=state.hand._replace(meld_pts=meld, taken=taken))


def test_declaring_out_on_the_opponents_turn_wins_with_the_target():
    # 004: "At any time during the play, a player may 'declare out.'" and "If, in fact, the
    # player has 1000 points or more, he wins the game even if the opponent has more."
    state = opponents_turn((930, 1200), meld=(40, 0), taken=(27, 0))
    assert may_declare_out(state, 0) and may_declare_out(state, 1)
    assert declared_total(state, 0) == 930 + 40 + 30  # 27 in tricks counts 30
    after, events = declare_out(state, 0)
    assert DeclaredOut(0, 1000, True) in events
    assert after.winner == 0 and after.phase == Phase.GAME_OVER


def test_declaring_out_on_the_opponents_turn_short_of_the_target_loses():
    # 004: "If the claimant has fewer than 1,000 points, he loses the game."
    state = opponents_turn((900, 300), meld=(40, 0), taken=(20, 0))
    after, events = declare_out(state, 0)
    assert DeclaredOut(0, 960, False) in events and after.winner == 1
    assert any(isinstance(e, GameWon) and e.side == 1 for e in events)


def test_declaring_out_during_the_opponents_meld_turn():
    # "At any time during the play": the opponent's meld turn after winning a trick included.
    state = opponents_turn((1000, 990), phase=Phase.MELD_TURN)
    after, _ = declare_out(state, 0)
    assert after.winner == 0


def test_declaring_out_raises_the_target_after_overtime():
    # 004: "If the game has been increased to 1,250 points ... a player may declare out at that
    # figure."
    state = opponents_turn((1200, 1100), meld=(40, 0), taken=(10, 0))._replace(target=1250)
    after, events = declare_out(state, 0)
    assert DeclaredOut(0, 1250, True) in events and after.winner == 0
    short = opponents_turn((1190, 1100), meld=(40, 0))._replace(target=1250)
    assert declare_out(short, 0)[0].winner == 1


def test_no_declaring_out_when_every_deal_is_a_game_or_after_the_end():
    one_deal = ruleset_from_text('base = "two-handed"\nname = "d"\ntitle = "d"\n[scoring]\n'
                                 'game = "deal"\n', "one deal")
    state = opponents_turn((0, 0))
    deal_state = state._replace(rules=one_deal, compiled=state.compiled.__class__(one_deal))
    assert not may_declare_out(deal_state, 0)
    with pytest.raises(IllegalActionError, match="match to a target"):
        declare_out(deal_state, 0)
    over, _ = declare_out(state, 1)
    assert not may_declare_out(over, 0)
    with pytest.raises(IllegalActionError, match="game is over"):
        declare_out(over, 0)
    assert not may_declare_out(state, 2)
    with pytest.raises(IllegalActionError, match="at the table"):
        declare_out(state, 5)


def test_a_declaration_by_either_seat_is_recorded_and_replays():
    assert str(DeclareOut(0)) == "declare-out 0" and parse_action("declare-out 1") == DeclareOut(1)
    assert parse_action("declare-out") == DeclareOut()
    from game.store.content import load_preset
    from tests.helpers import first_legal_until

    rules = load_preset("two-handed")
    actions = first_legal_until(rules, 3, lambda s: s.phase == Phase.TRICKS and s.hand.turn == 1
                                and s.hand.tricks)
    state, _ = replay(rules, 3, actions)
    after, _ = declare_out(state, 0)
    again, _ = replay(rules, 3, [*actions, DeclareOut(0)])
    assert again.winner == after.winner and again.scores == after.scores
