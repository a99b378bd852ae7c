"""Bots see only what their seat may know.

The issue: "a bot sees only what its seat may know ... bots never read hidden state. A test
proves it (a bot handed a doctored full state behaves exactly as with the observation)." We
shuffle every card the seat cannot see (the other hands, the widow, the stock) into a different
deal that agrees with everything the seat has seen, and the bot must answer exactly as before.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.bots.registry import make_bot
from game.rules.engine import actor, apply, at_deal
from game.rules.stock_game.state import StockHand
from game.rules.view import observe
from game.store.content import load_preset, preset_names
from tests.bots.conftest import play_hand

ROOT = Path(__file__).resolve().parents[2]


def _known_to(state, seat):
    """Cards of other seats the viewer can see: laid meld, cards it passed, tabled cards."""
    rules = state.rules
    deck = rules.deck
    hand = state.hand
    known = [0] * rules.players
    if isinstance(hand, StockHand):
        for s in range(rules.players):
            known[s] = deck.counts_of([deck.types[tc.type] for tc in hand.tabled[s]])
        return known
    for s in range(rules.players):
        if hand.melds and hand.melds[s] is not None:
            from game.bots.knowledge import meld_counts

            known[s] = meld_counts(rules, hand.melds[s].cards_used())
    for src, dst, counts in hand.passes:
        if src == seat:
            known[dst] = _max(deck, known[dst], counts)
    if hand.looked and seat != hand.bidder:
        known[hand.bidder] = _max(deck, known[hand.bidder], hand.widow)
    return known


def _max(deck, a, b):
    out = 0
    for t in range(deck.n_types):
        sh = t * deck.bits
        out |= max((a >> sh) & deck.field_mask, (b >> sh) & deck.field_mask) << sh
    return out


def doctor(state, seat, rng):
    """A state that differs from ``state`` only in cards ``seat`` cannot see."""
    rules = state.rules
    deck = rules.deck
    hand = state.hand
    known = _known_to(state, seat)
    others = [s for s in range(rules.players) if s != seat]
    pool = []
    keep = {}
    for s in others:
        k = min_counts(deck, known[s], hand.hands[s])
        keep[s] = k
        pool += deck.to_cards(hand.hands[s] - k)
    extra = []
    if isinstance(hand, StockHand):
        extra = [deck.types[t] for t in hand.stock]
    elif hand.widow and not hand.looked:
        extra = deck.to_cards(hand.widow)
    sizes = {s: deck.size_of(hand.hands[s] - keep[s]) for s in others}
    cards = pool + extra
    rng.shuffle(cards)
    hands = list(hand.hands)
    pos = 0
    for s in others:
        hands[s] = keep[s] + deck.counts_of(cards[pos:pos + sizes[s]])
        pos += sizes[s]
    rest = cards[pos:]
    if isinstance(hand, StockHand):
        new = hand._replace(hands=tuple(hands), stock=tuple(deck.type_of(c) for c in rest))
    elif hand.widow and not hand.looked:
        new = hand._replace(hands=tuple(hands), widow=deck.counts_of(rest))
    else:
        new = hand._replace(hands=tuple(hands))
    return state._replace(hand=new)


def min_counts(deck, a, b):
    out = 0
    for t in range(deck.n_types):
        sh = t * deck.bits
        out |= min((a >> sh) & deck.field_mask, (b >> sh) & deck.field_mask) << sh
    return out


@pytest.mark.parametrize("name", preset_names())
def test_bots_decide_the_same_on_a_doctored_deal(name):
    rules = load_preset(name)
    small = {"samples": 6, "bid_samples": 4, "exchange_samples": 6}
    levels = {"easy": {}, "medium": {}, "hard": small, "expert": small}
    rng = random.Random(11)
    compared = 0
    for deal in range(3):
        state, actions, _ = play_hand(rules, 21, ["medium"] * rules.players, deal=deal)
        # Replay the hand and test the decision at a spread of its positions.
        from game.rules.actions import Deal
        from game.rules.engine import new_game

        st = new_game(rules, 21)
        dealer = rules.seating.wrapped(deal)
        st = at_deal(st, deal, dealer)
        st, _ = apply(st, Deal())
        for i, action in enumerate(actions):
            seat = actor(st)
            if i % 5 == 0 and seat >= 0:
                doctored = doctor(st, seat, rng)
                if doctored.hand != st.hand:
                    view = observe(st, seat)
                    view2 = observe(doctored, seat)
                    assert view == view2
                    for level, opts in levels.items():
                        a = make_bot(level, **opts).suggest(view, random.Random(i))
                        b = make_bot(level, **opts).suggest(view2, random.Random(i))
                        assert a == b, (name, level, st.phase)
                    compared += 1
            st, _ = apply(st, action)
    assert compared >= 5


FORBIDDEN = {"game.rules.engine", "game.rules.deal", "game.match.simulate", "game.match",
             "game.match.duplicate", "game.store.content", "game.persist"}
# The review's yardstick plays the rest of an auction out on deals it samples from a view, and
# drives the engine for it so that every auction rule holds; it is handed a view, never a state
# (tests/review/test_no_peeking.py shuffles the hidden cards under it). No other bot may.
ENGINE_ON_SAMPLED_DEALS = {"continuation.py": {"game.rules.engine"}}


def test_bot_modules_cannot_reach_the_engine_state_or_the_deal():
    """Bots import the rules' vocabulary (cards, meld, kernel, view) but never the engine that
    holds the state, the dealer, or anything that reads files."""
    for path in (ROOT / "game" / "bots").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        forbidden = FORBIDDEN - ENGINE_ON_SAMPLED_DEALS.get(path.name, set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module not in forbidden, f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name not in forbidden, f"{path.name} imports {alias.name}"


def test_the_continuation_builds_its_states_from_a_view_and_sampled_cards_only():
    """The one bot module allowed the engine takes a view and the cards it sampled, never a
    state: no function of it has a parameter typed as a game state."""
    tree = ast.parse((ROOT / "game" / "bots" / "continuation.py").read_text(encoding="utf-8"))
    inputs = [a for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
              and not node.name.startswith("_")
              for a in node.args.args if a.annotation is not None
              and "GameState" in ast.unparse(a.annotation)]
    assert inputs == []
