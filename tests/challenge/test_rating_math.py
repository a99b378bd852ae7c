"""Issue 28, item 4: the rating on the levels' scale, with its uncertainty, and item 3's
difference per deal with a 95% interval, checked on inputs whose answers are worked out by
hand here (docs/rating.md says how they are made). Issue 35, item 4 made the rating a posterior
on a grid: its honesty is checked by simulation in tests/challenge/test_rating_honest.py."""

from __future__ import annotations

import math
import random

import pytest

from game.match.rating import (
    UNKNOWN_SD,
    WINDOW,
    leads,
    position,
    rate,
    rating_words,
    record,
    review_item,
    table_figures,
)
from game.rules.actions import Pass, parse_action
from game.store.challenge import Challenge, Item
from game.store.reviews import StoredDecision, StoredOption, StoredReview

LEVELS = ("easy", "medium", "hard", "expert")


def item(player: float, easy: float, medium: float, hard: float, expert: float,
         kind: str = "duplicate", hand: int = 0, table: str = "racehorse") -> Item:
    return Item(kind, table, 7, hand, player,
                tuple(zip(LEVELS, (easy, medium, hard, expert), strict=True)))


@pytest.mark.parametrize(("lead", "expected"), [
    # Ahead of easy and medium, behind hard: the leads 10 and -10 cross 0 half way: 2.5.
    ({"easy": 30, "medium": 10, "hard": -10, "expert": -30}, 2.5),
    # A quarter of the way from medium (lead 5) to hard (lead -15).
    ({"easy": 30, "medium": 5, "hard": -15, "expert": -30}, 2.25),
    ({"easy": -1, "medium": -2, "hard": -3, "expert": -4}, 1.0),  # behind every level
    ({"easy": 9, "medium": 5, "hard": 2, "expert": 0}, 4.0),  # level with the expert
    # Out of order (ahead of hard, behind medium): after the strongest level led, like the
    # game review's words; 3 + 5 / (5 + 40).
    ({"easy": 20, "medium": -20, "hard": 5, "expert": -40}, 3 + 5 / 45),
    ({}, 1.0),
])
def test_the_position_on_the_levels_scale(lead, expected):
    assert position(lead) == pytest.approx(expected)


def test_the_leads_are_the_mean_differences_over_the_items():
    items = [item(100, 80, 90, 110, 130), item(0, -20, 10, 10, 30)]
    assert leads(items) == {"easy": 20.0, "medium": 0.0, "hard": -10.0, "expert": -30.0}
    # Level with medium on average: the rating is about medium, and two hands say little.
    got = rate(items)
    assert got.words == "about medium" and 1.75 < got.value < 2.25 and got.sd > 0.3


def test_the_interval_per_deal_is_the_mean_and_1_96_standard_errors():
    deals = [item(p, 0, 0, 0, e) for p, e in [(110, 100), (20, 0), (-20, -50)]]  # 10 20 30
    fig = table_figures(deals)
    half = 1.96 * math.sqrt(100 / 3)  # sample variance 100 over 3 deals
    assert fig.deals == 3 and fig.mean == pytest.approx(20)
    assert fig.low == pytest.approx(20 - half) and fig.high == pytest.approx(20 + half)
    one = table_figures(deals[:1])
    assert one.deals == 1 and one.mean == 10 and one.low is None and one.high is None
    assert table_figures([]) is None


def test_one_item_of_evenly_spread_levels_says_almost_nothing():
    r = rate([item(5, -10, 10, 20, 30)])
    assert r.items == 1 and 0.6 < r.sd <= UNKNOWN_SD


def noisy(n: int, skill: float, seed: int) -> list[Item]:
    """``n`` deals by a player ``skill`` points a deal behind the expert, with the levels 20
    points a deal apart and every figure blurred by the luck of the deal."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        luck = rng.gauss(0, 100)
        out.append(item(luck + skill + rng.gauss(0, 15), luck - 60 + rng.gauss(0, 15),
                        luck - 40 + rng.gauss(0, 15), luck - 20 + rng.gauss(0, 15),
                        luck + rng.gauss(0, 15), hand=k))
    return out


def test_the_rating_moves_up_with_better_results_and_down_with_worse():
    ch = Challenge()
    for it in noisy(30, -30, 1):  # between medium (-40) and hard (-20)
        record(ch, it)
    middle = ch.history[-1].value
    assert 2.0 < middle < 3.5
    better, worse = Challenge(list(ch.items), list(ch.history)), Challenge(list(ch.items),
                                                                            list(ch.history))
    for k in range(10):
        record(better, item(50, 0, 10, 20, 30, hand=100 + k))  # ahead of the expert
        record(worse, item(-50, 0, 10, 20, 30, hand=100 + k))  # behind easy
    assert better.history[-1].value > middle > worse.history[-1].value
    assert len(better.history) == len(ch.history) + 10  # one point per item recorded


def test_the_uncertainty_shrinks_as_the_items_grow():
    few, many = rate(noisy(8, -30, 2)), rate(noisy(150, -30, 2))
    assert many.sd < few.sd
    assert rate(noisy(150, -30, 2)) == many  # the same items, the same figures


def test_the_rating_follows_the_most_recent_items():
    old = [item(-100, 0, 10, 20, 30, hand=k) for k in range(WINDOW)]
    new = [item(100, 0, 10, 20, 30, hand=WINDOW + k) for k in range(WINDOW)]
    assert rate(old).value < 1.05 and rate(old + new).value > 3.95


def test_a_hand_measured_again_replaces_its_item():
    ch = Challenge()
    record(ch, item(0, 10, 20, 30, 40))
    record(ch, item(50, 10, 20, 30, 40))
    assert len(ch.items) == 1 and ch.items[0].player == 50


@pytest.mark.parametrize(("value", "words"), [
    (1.0, "about easy"), (2.1, "about medium"), (2.5, "between medium and hard"),
    (3.8, "about expert"), (3.6, "between hard and expert")])
def test_the_rating_in_words(value, words):
    assert rating_words(value) == words


def test_a_review_becomes_an_item_of_points_lost():
    a, b, c = parse_action("bid 300"), parse_action("bid 310"), Pass()
    opts = (StoredOption(a, 50.0, "bid 300"), StoredOption(b, 30.0, "bid 310"),
            StoredOption(c, 0.0, "pass"))
    decisions = (
        StoredDecision(4, 0, "bid", b, opts, "why", 10,
                       (("easy", c), ("medium", b), ("hard", a), ("expert", a))),
        StoredDecision(9, 0, "bid", c, opts, "why", 10,
                       (("easy", c), ("medium", c), ("hard", b), ("expert", a))))
    it = review_item("racehorse", 5, StoredReview(2, 0, 1.0, decisions, None))
    # The player lost 20 then 50; easy 50 + 50, medium 20 + 50, hard 0 + 20, expert 0; but
    # two decisions worth 50 at best and 0 at worst change at most 50 (review.hand_lost).
    assert it.kind == "review" and it.hand_no == 2 and it.player == -50
    assert dict(it.levels) == {"easy": -50, "medium": -50, "hard": -20, "expert": 0}
    assert review_item("racehorse", 5, StoredReview(2, 0, 1.0, (), None)) is None
    # A level not compared at every decision of the hand is left out, not half counted.
    partial = (decisions[0], StoredDecision(9, 0, "bid", c, opts, "why", 10,
                                            (("easy", c), ("expert", a))))
    it = review_item("racehorse", 5, StoredReview(2, 0, 1.0, partial, None))
    assert dict(it.levels) == {"easy": -50, "expert": 0}
