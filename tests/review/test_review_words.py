"""Wording (issue 25: cutthroat said "the bidding side"): a review speaks of "your side" only
at tables of partners."""

from __future__ import annotations

import pytest

from game.match.reviewread import score_words
from game.rules.gamehands import game_hands
from tests.store.test_hand_history import golden


@pytest.mark.parametrize(("preset", "start"), [
    ("cutthroat", "You scored"), ("two-handed", "You scored"),
    ("racehorse", "Your side scored"), ("partnership-190", "Your side scored")])
def test_a_side_only_where_there_are_partners(preset, start):
    saved = golden(preset)
    hand = game_hands(saved.rules(), saved.seed, saved.actions)[0]
    assert score_words(hand, -40.0).startswith(f"{start} -40 this hand")
