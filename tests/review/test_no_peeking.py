"""Issue 28: "Each decision is graded from what the player could see at that moment: the
expert's search on the player's own view, never on hidden cards ... (test: grades must not
change when the hidden cards are shuffled among the other seats consistently with what the
player saw)."

The analysis is handed the match harness's revealed view (every card, as the open level gets
it), so that a review which read the hidden cards would show it: each decision is analysed
again on a deal whose unseen cards are shuffled among the other seats, the widow and the stock,
and the player's own view is checked to be the same. The options, their values, the reason,
and so the grades must come out identical.
"""

from __future__ import annotations

import random

import pytest

from game.bots.analysis import analyse
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, legal_actions, new_game
from game.rules.view import observe
from game.store.content import load_preset, preset_names
from tests.bots.conftest import play_hand
from tests.bots.test_view_only import doctor

# The review's budget for these searches, as the other review tests run it: a search that read
# the hidden cards would value its options differently at any budget, and the samples it draws
# come from the view alone. (0.2, four times this, cost 33 s of CPU for the seven tables.)
BUDGET = 0.05

@pytest.mark.parametrize("name", preset_names())
def test_grades_do_not_change_when_the_hidden_cards_are_shuffled(name):
    rules = load_preset(name)
    rng = random.Random(5)
    compared = set()
    for deal in range(2):
        _, actions, _ = play_hand(rules, 33, ["medium"] * rules.players, deal=deal)
        st = apply(at_deal(new_game(rules, 33), deal, deal % rules.players), Deal())[0]
        for i, action in enumerate(actions):
            seat = actor(st)
            if i % 3 == 0 and seat >= 0 and len(legal_actions(st)) > 1:
                doctored = doctor(st, seat, rng)
                if doctored.hand != st.hand:
                    assert observe(st, seat) == observe(doctored, seat)
                    a = analyse(observe(st, seat, reveal=True), random.Random(i), BUDGET, action)
                    b = analyse(observe(doctored, seat, reveal=True), random.Random(i), BUDGET,
                                action)
                    assert a == b, (name, st.phase, action)
                    compared.add(a.kind)
            st, _ = apply(st, action)
    # Bids and cards at every table; the exchanges and two-handed's turns where they occur.
    assert len(compared) >= 2, compared
