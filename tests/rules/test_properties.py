"""Properties of every preset over random games: cards are conserved, a legal action exists
until the game ends, trick points add up, a game replays from its actions, and a seat's view
never shows another seat's hidden cards."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match.simulate import conserved, legal_bot, simulate
from game.rules.auction_game.state import HandState
from game.rules.engine import actor, apply, legal_actions, new_game, replay
from game.rules.events import HandScored
from game.rules.facts import trick_points_taken
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset, preset_names

PRESETS = preset_names()


@pytest.mark.parametrize("name", PRESETS)
def test_simulated_hands_keep_every_invariant(name):
    report = simulate(load_preset(name), 500, seed=7)
    assert report.violations == []
    assert report.hands == 500


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_random_games_conserve_cards_and_replay(name, seed):
    r = load_preset(name)
    rng = random.Random(seed)
    state = new_game(r, seed)
    actions = []
    for _ in range(400):
        if state.over:
            break
        acts = legal_actions(state)
        assert acts, f"no legal action in {state.phase}"
        action = legal_bot(state, rng)
        assert action in acts
        state, events = apply(state, action)
        actions.append(action)
        assert conserved(state)
        for ev in events:
            if isinstance(ev, HandScored) and ev.result.outcome in ("made", "set", "played"):
                assert trick_points_taken(r, ev.result) == r.total_trick_points
    again, _ = replay(r, seed, actions)
    assert again == state


def _doctor(state, viewer, rng):
    """Swap one hidden card between two other seats: the viewer must not notice."""
    rules = state.rules
    deck = rules.deck
    hand = state.hand
    others = [s for s in range(rules.players) if s != viewer]
    a, b = rng.sample(others, 2) if len(others) >= 2 else (others[0], None)
    if b is None:
        return None
    known = 0
    for src, dst, counts in hand.passes:
        if viewer in (src, dst):
            known |= counts
    meld_cards = set()
    for m in hand.melds:
        if m is not None:
            meld_cards |= set(m.cards_used())
    def hidden(seat):
        return [c for c in deck.to_cards(hand.hands[seat])
                if c not in meld_cards and not deck.count(known, c)]

    ca, cb = hidden(a), hidden(b)
    if not ca or not cb:
        return None
    x, y = rng.choice(ca), rng.choice(cb)
    hands = list(hand.hands)
    hands[a] += deck.one[deck.type_of(y)] - deck.one[deck.type_of(x)]
    hands[b] += deck.one[deck.type_of(x)] - deck.one[deck.type_of(y)]
    return state._replace(hand=hand._replace(hands=tuple(hands)))


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from([p for p in PRESETS if p != "two-handed"]),
       seed=st.integers(0, 10**9))
def test_observation_never_reveals_a_hidden_card(name, seed):
    r = load_preset(name)
    rng = random.Random(seed)
    state = new_game(r, seed)
    checked = 0
    for _ in range(200):
        if state.over:
            break
        state, _ = apply(state, legal_bot(state, rng))
        hand = state.hand
        if not isinstance(hand, HandState) or not hand.hands or state.phase == Phase.DEAL:
            continue
        viewer = actor(state)
        if viewer < 0:  # the game is over: nobody acts, nobody's view to compare
            break
        doctored = _doctor(state, viewer, rng)
        if doctored is None:
            continue
        view = observe(state, viewer)
        assert view == observe(doctored, viewer)
        assert view.hand == hand.hands[viewer]
        checked += 1
    assert checked or state.over
