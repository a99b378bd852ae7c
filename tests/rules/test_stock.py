"""Two-handed Pinochle with a stock (004): melding after a won trick, the dix, drawing, the
playoff, rounding and declaring out."""

from game.rules.actions import CountDix, DeclareOut, EndTurn, ExchangeDix, LayMeld, PlayCard
from game.rules.cards import Card, Suit
from game.rules.engine import apply, legal_actions, new_game
from game.rules.events import CardDrawn, DeclaredOut, DixCounted, GameWon, PlayoffStarted
from game.rules.phase import Phase
from game.rules.stock_game.score import declared_total, declaring_out_wins, rounded
from game.rules.stock_game.state import StockHand
from tests.helpers import cards, play_actions, rules

R = rules("two-handed")


def position(hand0, hand1, stock="", turnup="9S", phase=Phase.MELD_TURN, turn=0, trump=None,
             scores=(0, 0)):
    deck = R.deck
    up = Card.parse(turnup)
    hand = StockHand(phase, 1, (deck.counts_of(cards(hand0)), deck.counts_of(cards(hand1))),
                     ((), ()), tuple(deck.type_of(c) for c in cards(stock)), deck.type_of(up),
                     int(up.suit if trump is None else trump), turn, turn)
    return new_game(R, 0)._replace(hand=hand, scores=scores)


def won_trick(state, seat):
    """Skip ahead to ``seat`` having won the next trick (the meld turn after it)."""
    return state._replace(hand=state.hand._replace(phase=Phase.MELD_TURN, turn=seat,
                                                   melded=False, dixed=False))


def melds(state):
    return [a for a in legal_actions(state) if isinstance(a, LayMeld)]


def test_royal_marriage_then_flush_reuses_king_and_queen():
    # 004: "A card once melded may be melded again, only in a different class, or in a
    # higher-scoring meld of the same class."
    state = position("AH TH KH QH JH 9C", "9D", stock="9S 9S", turnup="AS", trump=Suit.HEARTS)
    state, _ = play_actions(state, "meld royal_marriage KH QH", "draw")
    state = won_trick(state, 0)
    kinds = {a.kind for a in melds(state)}
    assert "run" in kinds and "royal_marriage" not in kinds
    state, events = play_actions(state, "meld run AH TH KH QH JH")
    assert state.hand.meld_pts[0] == 40 + 150
    assert [str(c) for c in events[0].from_hand] == ["AH", "TH", "JH"]


def test_no_reuse_for_an_equal_or_lower_meld_of_the_same_class():
    # Flush first: its K and Q may not then make a (lower) royal marriage.
    state = position("AH TH KH QH JH 9C", "9D", stock="9S 9S", turnup="AS", trump=Suit.HEARTS)
    state, _ = play_actions(state, "meld run AH TH KH QH JH", "draw")
    state = won_trick(state, 0)
    assert "royal_marriage" not in {a.kind for a in melds(state)}


def test_each_meld_needs_a_card_from_the_hand_and_other_classes_may_reuse():
    # 004: "For each meld, at least one card must be taken from the hand" and the K♠ Q♠ J♦
    # example: pinochle first, then the marriage adding the K♠.
    state = position("KS QS JD 9C", "9D", stock="9S 9S", turnup="AH", trump=Suit.HEARTS)
    assert {a.kind for a in melds(state)} == {"marriage", "pinochle"}
    state, _ = play_actions(state, "meld pinochle JD QS")
    assert melds(state) == []  # "Only one meld may be made in a turn."
    state, _ = play_actions(state, "draw")
    state = won_trick(state, 0)
    assert [a.kind for a in melds(state)] == ["marriage"]
    state, events = play_actions(state, "meld marriage KS QS")
    assert [str(c) for c in events[0].from_hand] == ["KS"]
    state = state._replace(hand=state.hand._replace(melded=False))
    assert melds(state) == []  # nothing new from the hand: every card is already down


def test_dix_may_be_counted_beside_the_turns_meld_and_exchanged():
    # 004: "They may count the dix and make another meld in the same turn. The holder of the dix
    # has the right to exchange it, upon winning a trick, for the trump card."
    state = position("9H KS QS 9C", "9D", stock="9S 9S", turnup="AH", trump=Suit.HEARTS)
    acts = legal_actions(state)
    assert CountDix() in acts and ExchangeDix() in acts
    state, _ = play_actions(state, "meld marriage KS QS", "exchange-dix")
    assert state.hand.meld_pts[0] == 30
    assert R.deck.count(state.hand.hands[0], Card.parse("AH")) == 1
    assert state.hand.turnup == R.deck.type_of(Card.parse("9H"))
    assert CountDix() not in legal_actions(state) and ExchangeDix() not in legal_actions(state)


def test_dix_turned_up_scores_for_the_dealer():
    # 004: "If the dealer turns a dix ... as the trump card, they score 10 points immediately."
    for seed in range(200):
        state, events = apply(new_game(R, seed), legal_actions(new_game(R, seed))[0])
        if state.hand.turnup >= 0 and R.deck.types[state.hand.turnup].rank.letter == "9":
            assert DixCounted(state.dealer, 10) in events
            assert state.hand.meld_pts[state.dealer] == 10
            return
    raise AssertionError("no dix turned up in 200 deals")


def test_last_stock_card_and_turnup_are_shown_then_playoff_with_melds_back_in_hand():
    # 004: "must draw the last face-down card of the stock. They show this card to their
    # opponent, who draws the trump card"
    state = position("KS QS", "9D", stock="AC", turnup="AH", trump=Suit.HEARTS)
    state, _ = play_actions(state, "meld marriage KS QS")
    state, events = play_actions(state, "draw")
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn[0].seat == 0 and drawn[0].public and str(drawn[0].card) == "AC"
    assert drawn[1].seat == 1 and drawn[1].public and str(drawn[1].card) == "AH"
    assert PlayoffStarted(0) in events
    assert state.hand.playoff and state.hand.tabled == ((), ())
    assert PlayCard(Card.parse("KS")) in legal_actions(state)


def test_melded_cards_are_playable_from_the_table():
    # 004: "Once a card has been melded and placed on the table, it may be played to a trick as
    # though it were in the holder's hand"
    state = position("KS QS 9C", "9D", stock="9S 9S", turnup="AH", trump=Suit.HEARTS)
    state, _ = play_actions(state, "meld marriage KS QS", "draw")
    acts = legal_actions(state)
    assert PlayCard(Card.parse("KS"), True) in acts and PlayCard(Card.parse("KS")) not in acts


def test_playoff_rules_refuse_an_off_suit_card():
    state = position("AS 9C", "KS", phase=Phase.TRICKS, turn=1, turnup="AH", trump=Suit.HEARTS)
    state = state._replace(hand=state.hand._replace(playoff=True, stock=(), turnup=-1))
    state, _ = play_actions(state, "play KS")
    assert [str(a) for a in legal_actions(state) if isinstance(a, PlayCard)] == ["play AS"]


def test_rounding_examples():
    # 004: "In this count, 7 points or more count as 10. Example: 87 points count as 90. If one
    # player scores 126 and the other 124, or if each scores 125, they count only 120 each"
    assert rounded(R, 87) == 90
    assert rounded(R, 126) == 120 and rounded(R, 124) == 120 and rounded(R, 125) == 120


def test_declaring_out_wins_with_enough_and_loses_without():
    # 004: "If, in fact, the player has 1000 points or more, he wins the game even if the
    # opponent has more. If the claimant has fewer than 1,000 points, he loses the game."
    state = position("AS", "KS", phase=Phase.TRICKS, turnup="AH", scores=(960, 1100))
    state = state._replace(hand=state.hand._replace(meld_pts=(40, 0)))
    assert DeclareOut() in legal_actions(state)
    won, events = play_actions(state, "declare-out")
    assert DeclaredOut(0, 1000, True) in events and won.winner == 0
    lost, events = play_actions(state._replace(scores=(900, 1100)), "declare-out")
    assert lost.winner == 1 and any(isinstance(e, GameWon) for e in events)


def test_the_quick_declare_out_test_agrees_with_the_rounded_total():
    # 004: "In this count, 7 points or more count as 10." The quick test skips the rounding
    # far from the target; near it (every trick count from 0 to 250) it must agree exactly.
    state = position("AS", "KS", phase=Phase.TRICKS, turnup="AH")
    for score in (700, 750, 780):
        for taken in range(0, 251):
            s = state._replace(scores=(score, 0), hand=state.hand._replace(
                meld_pts=(30, 0), taken=(taken, 0)))
            assert declaring_out_wins(s) == (declared_total(s) >= s.target), (score, taken)


def test_every_deal_a_game_option_has_no_declaring_out():
    from game.store.content import ruleset_from_text

    house = ruleset_from_text('base = "two-handed"\nname = "d"\ntitle = "d"\n[scoring]\n'
                              'game = "deal"\n', "d.toml")
    state, _ = apply(new_game(house, 1), legal_actions(new_game(house, 1))[0])
    assert DeclareOut() not in legal_actions(state)


def test_winner_may_skip_melding_and_both_draw_winner_first():
    # 004: "After each trick, each player draws a card from the top of the stock to restore
    # their hand to 12 cards; the winner draws first."
    state = position("KS QS", "9D", stock="AC TC 9S", turnup="AH", trump=Suit.HEARTS, turn=1)
    assert legal_actions(state)[-2:] == (EndTurn(), DeclareOut())
    state, events = play_actions(state, "draw")
    assert [(e.seat, str(e.card)) for e in events] == [(1, "AC"), (0, "TC")]
