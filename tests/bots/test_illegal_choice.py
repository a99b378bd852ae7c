"""A bot's illegal choice is a bug that must show: it raises wherever a test asks the bot, it is
counted in a match's ``illegal_actions`` and in the table's match, and it is never quietly
replaced by the first legal action (which made every legality test pass whatever a bot did)."""

from __future__ import annotations

import random

import pytest

from game.bots.base import IllegalChoiceError
from game.bots.levels import MediumBot
from game.match.controller import Match
from game.match.duplicate import MatchSpec, run_match
from game.rules.actions import Bid, Deal
from game.rules.engine import actor, apply, new_game
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset


@pytest.fixture
def wild_bidder(monkeypatch):
    """medium, but it always bids 99999: planted, as a bot bug would be."""
    monkeypatch.setattr(MediumBot, "bid", lambda self, view, rng: (Bid(99999), "too much"))


def _auction_view():
    rules = load_preset("racehorse")
    state, _ = apply(new_game(rules, 3), Deal())
    assert state.phase == Phase.AUCTION
    return observe(state, actor(state))


def test_an_illegal_choice_raises_when_a_test_asks_the_bot(wild_bidder):
    from game.bots.registry import make_bot

    with pytest.raises(IllegalChoiceError, match="medium bot chose bid 99999"):
        make_bot("medium").choose(_auction_view(), random.Random(1))


def test_a_match_counts_illegal_choices(wild_bidder):
    report = run_match(MatchSpec("racehorse", "medium", "easy", 1), deals=2)
    assert report.to_json()["illegal_actions"] > 0


def test_the_tables_match_counts_them_and_plays_on(wild_bidder):
    match = Match(load_preset("racehorse"), 5, ("medium",) * 4)
    for _ in range(12):
        match.step_bot()
    assert match.illegal_choices and "99999" in match.illegal_choices[0]
    assert match.state.phase != Phase.DEAL or match.actions
