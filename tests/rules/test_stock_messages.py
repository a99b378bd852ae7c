"""Every illegal move of the two-handed game is refused with its rule (issue 16.5: "every
two-handed illegal-move message")."""

from __future__ import annotations

import pytest

from game.rules.errors import IllegalActionError
from game.rules.phase import Phase
from tests.helpers import play_actions
from tests.rules.test_stock import position


def refused(state, action):
    """The one-line message of an illegal action (the card or what is wrong, then the rule)."""
    with pytest.raises(IllegalActionError) as exc:
        play_actions(state, action)
    message = str(exc.value)
    assert "\n" not in message
    return message


def meld_turn():
    return position("KS QS JD 9C", "9D", stock="9S 9S", turnup="AH")


def test_a_second_meld_in_one_turn():
    # 004: "1) Only one meld may be made in a turn."
    state, _ = play_actions(meld_turn(), "meld pinochle JD QS")
    assert "Only one meld may be made in a turn" in refused(state, "meld marriage KS QS")


def test_a_meld_not_in_hand():
    # 004: "2) For each meld, at least one card must be taken from the hand"
    assert "at least one card from the hand" in refused(meld_turn(), "meld kings KS KH KC KD")


def test_counting_a_dix_not_held():
    # 004: "a player holding a dix may count it merely by showing it upon winning a trick"
    message = refused(meld_turn(), "count-dix")
    assert "After winning a trick you may meld, count or exchange the dix, then draw." in message


def test_playing_a_card_in_the_meld_turn():
    assert "After winning a trick" in refused(meld_turn(), "play KS")


def test_melding_when_it_is_time_to_play():
    state = position("KS QS", "9D", phase=Phase.TRICKS, turnup="AH")
    assert "Play a card." in refused(state, "meld marriage KS QS")


def test_a_card_not_held():
    state = position("KS QS", "9D", phase=Phase.TRICKS, turnup="AH")
    assert "You can only play a card you hold." in refused(state, "play AC")
    assert "You can only play a card you hold." in refused(state, "play 8C")


def test_a_card_from_the_table_that_is_not_there():
    # 004: "Once a card has been melded and placed on the table, it may be played to a trick
    # as though it were in the holder's hand"
    state = position("KS QS 9C", "9D", phase=Phase.TRICKS, turnup="AH")
    assert "That card is not on the table." in refused(state, "play 9C table")


def test_a_melded_card_played_as_if_from_the_hand():
    state, _ = play_actions(position("KS QS 9C", "9D", stock="9S 9S", turnup="AH"),
                            "meld marriage KS QS", "draw")
    assert "All your copies of that card are on the table." in refused(state, "play KS")
    state, _ = play_actions(state, "play KS table")  # from the table it plays


def test_the_playoff_obligations_name_their_rule():
    # 004: "each player must follow suit to the card led if possible, and must try to win when
    # a trump is led (by playing a higher trump). A player who cannot follow suit must trump"
    state = position("AS 9C", "KS", phase=Phase.TRICKS, turn=1, turnup="AH")
    state = state._replace(hand=state.hand._replace(playoff=True, stock=(), turnup=-1))
    state, _ = play_actions(state, "play KS")
    message = refused(state, "play 9C")
    assert "Rule 2: Each player must follow suit to the card led" in message
    trump = position("AH 9H 9C", "KH", phase=Phase.TRICKS, turn=1, turnup="AS", trump=1)
    trump = trump._replace(hand=trump.hand._replace(playoff=True, stock=(), turnup=-1))
    trump, _ = play_actions(trump, "play KH")
    assert "Rule 3: When a trump is led you must try to win it" in refused(trump, "play 9H")
    void = position("AH 9C", "KS", phase=Phase.TRICKS, turn=1, turnup="AD", trump=1)
    void = void._replace(hand=void.hand._replace(playoff=True, stock=(), turnup=-1))
    void, _ = play_actions(void, "play KS")
    assert "Rule 4: A player who cannot follow suit must trump" in refused(void, "play 9C")
