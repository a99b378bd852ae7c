"""Playing for the game: a hand's result is valued by what it does to the chance of winning.

The issue: "a set that loses the game is worse than one that does not, and a made bid that wins
the game is worth more"; "001 bid-to-win, 002 stars, 003 checks and two-handed declaring out
are all valued by what they do to the chance of winning the game."
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.bots.gamevalue import GameValue
from game.store.content import load_preset, preset_names


def value_at(name, scores, seat=0, tallies=None):
    rules = load_preset(name)
    n = rules.n_sides
    view = SimpleNamespace(rules=rules, seat=seat, scores=tuple(scores),
                           tallies=tuple(tallies or (0,) * n), target=rules.scoring.target,
                           hand_no=3)
    return GameValue.of(view)


@pytest.mark.parametrize("name", [p for p in preset_names()])
def test_at_the_start_a_point_is_worth_a_point(name):
    """Far from the target the value ranks hands as their points do: it is scaled so that one
    point at the start is worth one, and it only grows with this side's score."""
    rules = load_preset(name)
    gv = value_at(name, (0,) * rules.n_sides)
    zero = [0] * rules.n_sides
    small = rules.total_trick_points // 5
    up, down = list(zero), list(zero)
    up[0], down[0] = small, -small
    assert gv.value(up) - gv.value(zero) == pytest.approx(small, rel=0.15)
    assert gv.value(down) - gv.value(zero) == pytest.approx(-small, rel=0.15)
    other = list(zero)
    other[1] = small
    assert gv.value(other) < gv.value(zero) < gv.value(up)


def test_a_made_bid_that_wins_the_game_is_worth_more_than_its_points():
    """000: the game is to 1500. At 1400 to 1400, the 120 that reach 1500 are worth far more
    than the 90 that do not; at the start the two differ by their 30 points."""
    end = value_at("racehorse", (1400, 1400))
    start = value_at("racehorse", (0, 0))
    gap_end = end.value([120, 0], bidder_side=0) - end.value([90, 0], bidder_side=0)
    gap_start = start.value([120, 0], bidder_side=0) - start.value([90, 0], bidder_side=0)
    assert gap_start == pytest.approx(30, rel=0.2)
    assert gap_end > 5 * gap_start


def test_a_set_that_loses_the_game_is_worse_than_one_that_does_not():
    """The opponents at 1450 with the defence's 60 to go out: a set (our -300, their 60) ends
    the game; the same set at the start costs only its points."""
    end = value_at("racehorse", (1300, 1450))
    start = value_at("racehorse", (0, 0))
    loss_end = end.value([-300, 60], bidder_side=0)
    assert loss_end == 0.0  # the game is lost: nothing is worth less
    assert end.value([-300, 40], bidder_side=0) > loss_end
    assert start.value([-300, 60], bidder_side=0) - start.value([0, 0]) == pytest.approx(
        -360, rel=0.2)


def test_bid_to_win_only_the_bidding_side_goes_out():
    """001: once both sides are over 400, only a side that won the bid can win: reaching 500
    as the defenders wins nothing yet."""
    gv = value_at("double-deck", (480, 470))
    defend = gv.value([30, 10], bidder_side=1)  # we reach 510 without the bid
    declare = gv.value([30, 10], bidder_side=0)  # we reach 510 with the bid: the game
    assert declare == pytest.approx(gv.scale)
    assert defend < 0.9 * gv.scale


def test_checks_count_beside_the_game():
    """003 check pinochle: a check is money, and the game itself is worth ``game_checks``
    checks; losing a check costs a fifth of a game."""
    gv = value_at("check", (0, 0, 0))
    base = gv.value([0, 0, 0], tally_deltas=[0, 0, 0])
    lost = gv.value([0, 0, 0], tally_deltas=[-1, 0, 0])
    assert base - lost == pytest.approx(gv.scale / load_preset("check").scoring.game_checks)
    plain = value_at("cutthroat", (0, 0, 0))
    assert plain.value([0, 0, 0], tally_deltas=[-1, 0, 0]) == plain.value([0, 0, 0])


@pytest.mark.parametrize("name", ["racehorse", "partnership-150", "double-deck", "two-handed"])
def test_a_result_and_its_opposite_weigh_the_same_at_the_start(name):
    """At 0 to 0 a gain and the same loss move the chance of winning equally: a value that
    rewarded gains more than it punished losses would make the search gamble for points."""
    gv = value_at(name, (0, 0))
    mid = gv.value([0, 0])
    target = load_preset(name).scoring.target
    for d in (target // 15, target // 5, target // 2.5):  # none reaches the target
        assert gv.value([d, 0]) - mid == pytest.approx(mid - gv.value([-d, 0]), rel=1e-9)
        assert gv.value([d, 0]) - mid <= d * 1.05  # no more than its points (S-shaped)
