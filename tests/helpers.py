"""Helpers for building exact positions in rules tests."""

from __future__ import annotations

from game.rules.cards import Card, parse_cards
from game.rules.ruleset import RuleSet
from game.store.content import load_preset


def rules(name: str) -> RuleSet:
    return load_preset(name)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def strs(items: object) -> list[str]:
    return [str(c) for c in items]  # type: ignore[attr-defined]


def game_with_hands(name_or_rules, hands, dealer=None, widow="", seed=0):
    """A game at the start of an auction with the given hands (one string per seat)."""
    from game.rules.compose import auction_hand
    from game.rules.engine import new_game

    r = rules(name_or_rules) if isinstance(name_or_rules, str) else name_or_rules
    state = new_game(r, seed)
    if dealer is None:
        dealer = state.dealer
    counts = tuple(r.deck.counts_of(parse_cards(h)) for h in hands)
    hand = auction_hand(r, dealer, counts, r.deck.counts_of(parse_cards(widow)))
    return state._replace(dealer=dealer, hand=hand)


def play_actions(state, *texts):
    """Apply actions given as text; returns the final state and all events."""
    from game.rules.actions import parse_action
    from game.rules.engine import apply

    events = []
    for text in texts:
        state, evs = apply(state, parse_action(text))
        events.extend(evs)
    return state, events


def deal_pack(r, seed=0):
    """A full random deal as hand strings, for tests that need legal full hands."""
    import random

    pack = r.deck.cards()
    random.Random(seed).shuffle(pack)
    n = r.hand_size
    hands = [" ".join(str(c) for c in pack[i * n:(i + 1) * n]) for i in range(r.players)]
    widow = " ".join(str(c) for c in pack[r.players * n:r.players * n + r.widow.size])
    return hands, widow


def rest_of_pack(r, *given):
    """The cards not in ``given``, dealt evenly to the remaining seats (as hand strings)."""
    used = sum(r.deck.counts_of(parse_cards(h)) for h in given)
    left = r.deck.to_cards(r.deck.full() - used)
    seats = r.players - len(given)
    n = len(left) // seats
    return [" ".join(str(c) for c in left[i * n:(i + 1) * n]) for i in range(seats)]


def first_legal_until(r, seed, done, limit=3000):
    """Actions from a new game, always the first legal one that does not declare out, until
    ``done(state)`` holds; fails the test if it never does."""
    from game.rules.actions import DeclareOut
    from game.rules.engine import apply, legal_actions, new_game

    state = new_game(r, seed)
    actions = []
    for _ in range(limit):
        if done(state):
            return actions
        action = next(a for a in legal_actions(state) if not isinstance(a, DeclareOut))
        state, _ = apply(state, action)
        actions.append(action)
    raise AssertionError("the position was never reached")
