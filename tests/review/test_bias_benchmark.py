"""The bias benchmark (benchmarks/review_bias, issue 35 item 2) can see what it is there to see.

Its estimator must sample only deals the player could be in (or it measures another hand), must
sample more than the true deal (or it peeks), and its table must flag a review that grades a
harmless action a blunder (or it cannot see the bias the issue found).
"""

from __future__ import annotations

import random

import pytest

from benchmarks.review_bias.check import Tally, replay
from benchmarks.review_bias.estimate import Sampler, estimate
from benchmarks.review_bias.positions import EXAMPLE, positions
from benchmarks.review_bias.record import record
from benchmarks.review_bias.report import TARGETS, markdown, table
from game.rules.view import observe


def _hidden(state, seat):
    return tuple(h for s, h in enumerate(state.hand.hands) if s != seat)


@pytest.mark.parametrize("position", positions(35, 8), ids=lambda p: p.key)
def test_the_estimators_deals_look_to_the_player_as_the_true_deal_and_differ_from_it(position):
    rec = record(position)
    truth = position.state()
    sampler = Sampler(rec, position.policy)
    rng = random.Random(f"test {position.key}")
    drawn = [sampler.draw(rng, 20_000) for _ in range(6)]
    drawn = [s for s in drawn if s is not None]
    assert drawn, f"{position.key}: no deal kept ({sampler.tally})"
    for state in drawn:
        assert observe(state, position.seat) == observe(truth, position.seat)
    if any(_hidden(truth, position.seat)):
        assert any(_hidden(s, position.seat) != _hidden(truth, position.seat) for s in drawn)


def test_a_deal_the_player_could_not_be_in_is_refused():
    """The engine's check, not the proposals, keeps the sample honest: a world with the
    player's hand swapped for another seat's is never a kept deal."""
    rec = record(EXAMPLE)
    sampler = Sampler(rec)
    world = None
    while world is None:
        world = sampler.proposals.propose(random.Random(1))
    swapped = list(world.hands)
    other = next(s for s in range(len(swapped)) if s != rec.seat)
    swapped[rec.seat], swapped[other] = swapped[other], swapped[rec.seat]
    bad = type(world)(tuple(swapped), world.widow, world.rest, world.hidden)
    tally = Tally()
    assert replay(rec, bad, tally) is None  # refused, and counted: not a fault raised
    assert tally.unseen + tally.illegal == 1


def test_the_same_action_differs_from_itself_by_nothing():
    rec = record(EXAMPLE)
    est = estimate(rec, [EXAMPLE.chosen], EXAMPLE.chosen, "self", least=4, most=4, step=4)
    assert est.deals == 4 and est.diffs[0] == (0.0, 0.0)


def _line(review: list[float], est: list[float]) -> dict:
    """A checkpoint line: options a, b, c with the review's values and the estimator's
    differences from the review's best (a)."""
    names = ["a", "b", "c"]
    return {"key": "k", "preset": "racehorse", "kind": "bid", "src": "easy", "chosen": "b",
            "best": "a", "b2": review[0], "n": 200, "starved": False,
            "o": [[n, v, v, d, 2.0] for n, v, d in zip(names, review, est, strict=True)]}


def test_the_table_flags_a_harmless_action_graded_a_blunder():
    """The issue's case: a call graded a blunder that costs nothing when played out."""
    honest = table([_line([0.0, -120.0, -40.0], [0.0, -118.0, -41.0])])["all"][0]
    biased = table([_line([0.0, -120.0, -40.0], [0.0, 1.0, -41.0])])["all"][0]
    assert honest.sign == 100.0 and honest.band == 100.0
    assert biased.sign == 50.0 and biased.sign < TARGETS["sign"]
    assert "✗" in markdown(table([_line([0.0, -120.0, -40.0], [0.0, 1.0, -41.0])]))
