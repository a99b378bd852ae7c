"""Two-handed plays with melds on the table, against a slow reference.

004: "Once a card has been melded and placed on the table, it may be played to a trick as
though it were in the holder's hand" and, in the stock phase, "The leader may lead any card,
and the opponent may play any card. It is not necessary to follow suit."

The engine remembers each seat's tabled cards by identity and joins the plays from per-suit
pieces; the reference counts the cards one by one. Positions from several games are asked in
a shuffled order, so a memo that answered for the wrong tuple or seat would show.
"""

from __future__ import annotations

import random

from game.rules.actions import Action, DeclareOut, LayMeld, PlayCard
from game.rules.engine import apply, legal_actions, new_game
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand
from game.rules.tricks import explain_plays
from tests.helpers import rules

R = rules("two-handed")


def _reference(state: GameState) -> tuple[Action, ...]:
    hand = state.hand
    assert isinstance(hand, StockHand)
    deck = R.deck
    seat = hand.turn
    obligations = R.stock.playoff_obligations if hand.playoff else R.tricks.obligations
    held = deck.to_cards(hand.hands[seat])
    legal = set(explain_plays(R, held, [deck.types[t] for _, t in hand.trick], hand.trump,
                              obligations).legal)
    on_table = [tc.type for tc in hand.tabled[seat]]
    out: list[Action] = []
    for t, card in enumerate(deck.types):
        if card not in legal:
            continue
        tabled = on_table.count(t)
        if held.count(card) > tabled:
            out.append(PlayCard(card))
        if tabled:
            out.append(PlayCard(card, True))
    if legal_actions(state)[-1:] == (DeclareOut(),):
        out.append(DeclareOut())
    return tuple(out)


def _positions_with_melds_down(games: int, seed: int) -> list[GameState]:
    """Trick positions where the player to act has cards on the table: random games whose
    players lay every meld they can."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        state = new_game(R, seed * 1000 + game)
        state, _ = apply(state, legal_actions(state)[0])  # the deal
        while state.winner < 0 and state.hand_no == 0:
            acts = [a for a in legal_actions(state) if not isinstance(a, DeclareOut)]
            hand = state.hand
            assert isinstance(hand, StockHand)
            if hand.phase is Phase.TRICKS and hand.tabled[hand.turn]:
                found.append(state)
            lays = [a for a in acts if isinstance(a, LayMeld)]
            state, _ = apply(state, rng.choice(lays) if lays else rng.choice(acts))
    return found


def test_table_plays_match_a_card_by_card_count_in_any_order():
    positions = _positions_with_melds_down(games=40, seed=11)
    assert len(positions) > 200  # the walk really reaches melds on the table
    random.Random(5).shuffle(positions)
    from_table = 0
    for state in positions:
        expected = _reference(state)
        assert legal_actions(state) == expected
        for action in expected:
            if isinstance(action, PlayCard) and action.from_table:
                after, _ = apply(state, action)  # the play the engine offers, it accepts
                seat = state.hand.turn
                assert len(after.hand.tabled[seat]) == len(state.hand.tabled[seat]) - 1
                from_table += 1
    assert from_table > 200
