"""Issue 40, item 5, "A score by phase": "Points lost and accuracy per phase (auction, exchange,
meld and draws, play) for the hand, the game, and in Statistics per table over time", and from
its Done when: "the phase figures add up to the hand's"."""

from __future__ import annotations

import math

import pytest

from game.match.phases import (
    PHASES,
    game_phases,
    hand_phases,
    phase_of,
    record_of,
    shown,
)
from game.match.review import Graded, hand_lost
from game.rules.actions import (
    Bid,
    Discard,
    EndTurn,
    NameTrump,
    Pass,
    PassCards,
    PlayCard,
    TakeWidow,
    parse_action,
)
from game.rules.cards import Suit
from game.store.learning import Learning, learning_from_json
from game.store.reviews import StoredDecision, StoredOption, StoredReview
from tests.review.test_retry import HANDS, reviewed


def test_each_decision_belongs_to_its_phase():
    card = parse_action("play AS")
    assert phase_of(Bid(250)) == phase_of(Pass()) == "auction"
    for action in (NameTrump(Suit(0)), TakeWidow(), parse_action("discard AS KS QS"),
                   parse_action("pass-cards AS KS QS JS")):
        assert phase_of(action) == "exchange", action
    assert phase_of(EndTurn()) == "meld and draws"
    assert phase_of(card) == "play" and isinstance(card, PlayCard)
    assert isinstance(parse_action("discard AS KS QS"), Discard)
    assert isinstance(parse_action("pass-cards AS KS QS JS"), PassCards)
    assert {phase_of(a) for a in (Bid(250), TakeWidow(), EndTurn(), card)} == set(PHASES)


@pytest.mark.parametrize(("preset", "seed"), HANDS)
def test_the_phase_figures_add_up_to_the_hand_s(preset, seed):
    _, _, review = reviewed(preset, seed)
    graded = [Graded(d) for d in review.decisions]
    figures = hand_phases(graded)
    total = hand_lost(graded) or 0.0
    assert [f.phase for f in figures] == list(PHASES)
    assert math.isclose(sum(f.lost for f in figures), total, abs_tol=1e-9)
    assert sum(f.decisions for f in figures) == len(graded)
    assert sum(f.good for f in figures) == sum(g.grade == "good" for g in graded)
    # in the whole points a player reads, too
    assert sum(shown([f.lost for f in figures], total)) == round(total)
    # a phase where nothing was lost, or no decision made, shows none lost
    for f in figures:
        if not any(phase_of(g.decision.chosen) == f.phase and g.lost for g in graded):
            assert f.lost == 0


def test_when_the_hand_s_bound_cuts_the_sum_each_phase_keeps_its_share():
    """hand_lost never charges more than the choices could change: a raise that lost 60 and a
    card that lost 60 in a hand whose prospects spanned 90 share the 90, 45 each."""
    def decision(index: int, chosen, other, best: float, value: float) -> StoredDecision:
        return StoredDecision(index, 0, "x", chosen, (StoredOption(other, best, "b"),
                                                      StoredOption(chosen, value, "c")), "r", 1)

    graded = [Graded(decision(0, Bid(260), Pass(), 100.0, 40.0)),
              Graded(decision(9, parse_action("play AS"), parse_action("play KS"), 70.0, 10.0))]
    assert hand_lost(graded) == 90.0
    figures = {f.phase: f for f in hand_phases(graded)}
    assert figures["auction"].lost == pytest.approx(45.0)
    assert figures["play"].lost == pytest.approx(45.0)
    assert shown([1.5, 1.5, 0.0], 3.0) == [2, 1, 0] or shown([1.5, 1.5, 0.0], 3.0) == [1, 2, 0]
    assert sum(shown([0.4, 0.4, 0.4], 1.2)) == 1


def test_the_game_adds_its_hands_and_statistics_keep_each_hand_over_time():
    reviews = [reviewed(p, s)[2] for p, s in HANDS]
    renumbered = [StoredReview(i, r.seat, r.budget, r.decisions, r.ceiling) for i, r in
                  enumerate(reviews)]
    game, hands = game_phases(renumbered)
    assert hands == len(reviews)
    per_hand = [hand_phases([Graded(d) for d in r.decisions]) for r in renumbered]
    for i, f in enumerate(game):
        assert f.lost == pytest.approx(sum(h[i].lost for h in per_hand))
        assert f.decisions == sum(h[i].decisions for h in per_hand)
    total = sum(hand_lost([Graded(d) for d in r.decisions]) or 0.0 for r in renumbered)
    assert sum(f.lost for f in game) == pytest.approx(total)
    # a hand played with Hint is in none of the figures
    left, n = game_phases(renumbered, hinted={0})
    assert n == len(reviews) - 1
    assert sum(f.decisions for f in left) == sum(f.decisions for f in game) - \
        len(renumbered[0].decisions)
    learning = Learning()
    for r in renumbered:
        learning.record(record_of("racehorse", 7, r, r.hand_no == 0))
    learning.record(record_of("racehorse", 7, renumbered[1], False))  # reviewed again
    back, errors = learning_from_json(learning.to_json())
    assert not errors and len(back.phases) == len(renumbered)
    assert [r.hand_no for r in back.phases] == [0, 2, 3, 1]
    assert back.phases[0].hint and not back.phases[1].hint
