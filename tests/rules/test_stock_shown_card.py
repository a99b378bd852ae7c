"""Two-handed, the playoff's draw is seen by both players (004): "The winner of the twelfth
trick may meld if possible, and then must draw the last face-down card of the stock. They show
this card to their opponent, who draws the trump card (or the dix, if the exchange has been
made)." The opponent's view knows that card; the winner's view knows the trump card drawn."""

from __future__ import annotations

import pytest

from game.rules.actions import DeclareOut
from game.rules.engine import apply, legal_actions, new_game
from game.rules.events import CardDrawn, PlayoffStarted
from game.rules.view import observe, redact
from tests.helpers import rules


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_last_stock_card_is_known_to_the_opponent(seed):
    r = rules("two-handed")
    state = new_game(r, seed)
    last = turnup = None
    for _ in range(400):  # until the playoff's draw, keeping the events
        action = next(a for a in legal_actions(state) if not isinstance(a, DeclareOut))
        before = state
        state, events = apply(state, action)
        if any(isinstance(e, PlayoffStarted) for e in events):
            drawn = [e for e in events if isinstance(e, CardDrawn)]
            winner, loser = drawn[0].seat, drawn[1].seat
            last, turnup = drawn[0].card, drawn[1].card
            assert before.hand.stock and last == r.deck.types[before.hand.stock[0]]
            assert turnup == r.deck.types[before.hand.turnup]
            break
    else:
        pytest.fail("the playoff never began")
    assert winner != loser
    # "They show this card to their opponent": the opponent's view has it ...
    assert (winner, last) in observe(state, loser).shown_draws
    # ... "who draws the trump card": which the winner saw turned up, and sees drawn.
    assert (loser, turnup) in observe(state, winner).shown_draws
    # The events say so to each seat too (the table animates from them).
    for e in drawn:
        assert redact(e, 1 - e.seat).card == e.card
    # Before the playoff nobody has been shown a draw.
    assert observe(before, loser).shown_draws == ()
