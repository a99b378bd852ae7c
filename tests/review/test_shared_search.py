"""The review grades card play with the expert's own search (issue 35, item 8: a review's CPU):
the expert's pick read from that search must be the card the expert plays."""

from __future__ import annotations

import random

import pytest

from game.bots.analysis import analyse_with
from game.bots.knowledge import build
from game.bots.registry import make_bot
from game.bots.search import CardSearch
from game.rules.actions import Deal, PlayCard
from game.rules.engine import actor, apply, new_game
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset


def _states(rules, seed):
    """Every state of one hand the medium level plays."""
    bot = make_bot("medium")
    state, _ = apply(new_game(rules, seed), Deal())
    out = []
    for i in range(3_000):
        if state.phase == Phase.DEAL or actor(state) < 0:
            return out
        out.append(state)
        state, _ = apply(state, bot.choose(observe(state, actor(state)),
                                           random.Random(f"{seed}/{i}")))
    return out


@pytest.mark.parametrize("preset", ["racehorse", "cutthroat"])
def test_the_pick_read_from_the_shared_search_is_the_experts_own_card(preset):
    rules = load_preset(preset)
    states = [s for s in _states(rules, 3) if s.phase == Phase.TRICKS]
    checked = 0
    for i, state in enumerate(states[len(states) // 2::3]):  # later tricks: cheaper searches
        seat = actor(state)
        view = observe(state, seat)
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        if len({view.rules.deck.type_of(c.card) for c in cards}) < 2 or len(cards) != len(
                view.legal):
            continue
        shared = analyse_with(make_bot("expert"), view, random.Random(f"e{i}"), cards[-1])
        assert shared is not None
        analysis, pick = shared
        expert = make_bot("expert")
        assert pick == expert.choose(view, random.Random(f"e{i}"))
        # The grades are the same search valued in points: the deals and rollouts a search
        # for points alone draws from the same generator, to the point.
        deck = view.rules.deck
        types = sorted({deck.type_of(c.card) for c in cards})
        alone = CardSearch(view, build(view), infer=True, game=False).run(
            types, random.Random(f"e{i}"), expert.card_samples(view, len(types)))
        assert {deck.type_of(o.action.card): o.value for o in analysis.options
                if isinstance(o.action, PlayCard)} == {c.card_type: c.value for c in alone}
        assert analysis.kind == "card"
        checked += 1
        if checked == 3:
            break
    assert checked == 3
