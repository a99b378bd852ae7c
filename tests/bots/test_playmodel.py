"""Reading the play (issue 39): the play model scores the cards the others really played, and
the card search resamples its deals by that score.

The model rebuilds every hand as it was at each past card from a sampled deal of the hands
*now*; on the true deal that must be exactly the engine's hands at that moment, and the number
of legal card types the engine's: the tests replay whole hands through the engine and compare.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from game.bots.knowledge import build
from game.bots.playmodel import PlayModel, Reading
from game.bots.registry import make_bot
from game.bots.rollout import policy_for
from game.bots.sampler import PlaySampler
from game.bots.search import resample
from game.rules.actions import Deal, PlayCard
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset
from tests.bots.conftest import play_hand

READ = Reading(eps_lead=0.6, eps_follow=0.3)


def _hand_positions(preset: str, deal: int):
    """(view, revealed view, the engine's record of every card so far: (seat, type, hands
    then, legal types then)) at every card decision of one hand played by medium."""
    rules = load_preset(preset)
    bot = make_bot("medium")
    deck = rules.deck
    state = at_deal(new_game(rules, 5), deal, deal % rules.players)
    state, _ = apply(state, Deal())
    past: list[tuple[int, int, tuple[int, ...], int]] = []
    i = 0
    while (seat := actor(state)) >= 0:
        view = observe(state, seat)
        if view.phase == Phase.TRICKS:
            yield view, observe(state, seat, reveal=True), list(past)
        action = bot.choose(view, random.Random(f"pm/{deal}/{i}"))
        i += 1
        if isinstance(action, PlayCard):
            hands = observe(state, seat, reveal=True).all_hands
            types = {deck.type_of(a.card) for a in view.legal if isinstance(a, PlayCard)}
            past.append((seat, deck.type_of(action.card), hands, len(types)))
        state, events = apply(state, action)
        if any(isinstance(e, HandScored) for e in events):
            return


@pytest.mark.parametrize("preset", ["racehorse", "partnership-150", "cutthroat"])
def test_the_true_deal_is_scored_card_by_card_as_the_engine_played_it(preset):
    rules = load_preset(preset)
    pol = policy_for(rules)
    checked = 0
    for deal in range(2):
        for view, full, past in _hand_positions(preset, deal):
            model = PlayModel(view, build(view), pol, READ)
            team = list(rules.seating.teams_against(view.bidder))
            bt = team[view.bidder]
            want = 0.0
            trick: list[tuple[int, int]] = []
            assert len(past) == len(model.steps)
            for seat, t, hands, n in past:
                if len(trick) == rules.players:
                    trick = []
                if seat != view.seat and n > 1:
                    pick, n2 = pol.choice(hands, seat, view.trump, team, trick, bt)
                    assert n2 == n  # the model's legal types are the engine's
                    eps = READ.eps_follow if trick else READ.eps_lead
                    want += math.log(1 - eps + eps / n) if pick == t else math.log(eps / n)
                trick.append((seat, t))
            got = model.log_likelihood(list(full.all_hands))
            assert got == pytest.approx(want, abs=1e-9)
            checked += 1
    assert checked > 40


def test_a_deal_that_explains_the_play_scores_higher_on_average():
    """Over many positions the true deal is likelier under the model than the sampled deals
    the search would otherwise use: the model reads something real (racehorse, medium)."""
    rules = load_preset("racehorse")
    pol = policy_for(rules)
    better = 0.0
    n = 0
    for deal in range(4):
        for view, full, _ in _hand_positions("racehorse", deal):
            k = build(view)
            model = PlayModel(view, k, pol, READ)
            if model.observed < 8:
                continue
            rng = random.Random(n)
            sampler = PlaySampler(k)
            samples = [model.log_likelihood(sampler.sample(rng)[0]) for _ in range(40)]
            top = max(samples)
            better += model.log_likelihood(list(full.all_hands)) - (
                top + math.log(sum(math.exp(x - top) for x in samples) / len(samples)))
            n += 1
    assert n > 20
    assert better / n > 0.5  # nats a position


def test_systematic_resampling_keeps_the_weights():
    logw = [0.0, math.log(3.0), -50.0, math.log(4.0)]
    counts: Counter[int] = Counter()
    for j in range(200):
        counts.update(resample(logw, 8, (j + 0.5) / 200))
    assert counts[2] == 0
    assert counts[0] + counts[1] + counts[3] == 1600
    assert counts[1] / counts[0] == pytest.approx(3.0, rel=0.05)
    assert counts[3] / counts[0] == pytest.approx(4.0, rel=0.05)
    assert resample([0.0, -1e6, -1e6], 5, 0.99) == [0] * 5


def test_the_reading_expert_plays_legal_cards_and_replays_exactly():
    rules = load_preset("racehorse")
    trial = {"expert": {"samples": 24, "generation": 3}}
    a = play_hand(rules, 3, ["expert", "medium"] * 2, options=trial)
    b = play_hand(rules, 3, ["expert", "medium"] * 2, options=trial)
    assert a[1] == b[1]
