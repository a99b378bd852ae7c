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
from game.bots.playmodel import READING, PlayModel
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

READ = READING


def _log_softmax(w, chosen, vecs):
    scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in vecs]
    top = max(scores)
    return scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))


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
    """Every read card's legal types are the engine's at that moment, and the remembered
    log-likelihood (a factor per card and holding) is the sum of the cards' log-softmax, also
    after other deals have filled the memo."""
    rules = load_preset(preset)
    pol = policy_for(rules)
    checked = 0
    for deal in range(2):
        for view, full, past in _hand_positions(preset, deal):
            k = build(view)
            model = PlayModel(view, k, pol, READ)
            assert len(past) == len(model.steps)
            truth = list(full.all_hands)
            decisions = model.decisions(truth)
            engine = [(seat == view.seat, n, t) for seat, t, _, n in past]
            read = [(n, t) for mine, n, t in engine if not mine and n > 1]
            assert [len(v) for _, _, v in decisions] == [n for n, _ in read]
            want = sum(_log_softmax(READ.lead if lead else READ.follow, c, v)
                       for lead, c, v in decisions)
            rng = random.Random(checked)
            sampler = PlaySampler(k)
            for _ in range(5):
                model.log_likelihood(sampler.sample(rng)[0])
            assert model.log_likelihood(truth) == pytest.approx(want, abs=1e-9)
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
