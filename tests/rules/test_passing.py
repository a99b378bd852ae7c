"""Racehorse passing (000) and the three-handed widow (003)."""

import pytest

from game.rules.actions import PassCards, PlayHand, TakeWidow, ThrowIn
from game.rules.engine import legal_actions
from game.rules.errors import IllegalActionError
from game.rules.events import CardsPassed, Discarded, MeldShown, WidowShown
from game.rules.phase import Phase
from game.rules.view import observe, redact
from game.store.content import ruleset_from_text
from tests.helpers import (
    cards,
    deal_pack,
    game_with_hands,
    play_actions,
    rest_of_pack,
    rules,
    strs,
)

BIDDER = "AH TH KH QH JH 9S 9S 9C 9C 9D JC JC"  # a heart run and little else


def racehorse_after_trump(r="racehorse"):
    hands = [BIDDER, *rest_of_pack(rules(r) if isinstance(r, str) else r, BIDDER)]
    state = game_with_hands(r, hands, dealer=3)
    state, _ = play_actions(state, "bid 250", "pass", "pass", "pass", "trump H")
    return state


def test_partner_passes_three_then_bidder_melds_first():
    # 000: "Once somebody gets the bid, they name a trump suit, and their partner passes them
    # *three* cards." ... "the winning bidder should lay down their meld first."
    state = racehorse_after_trump()
    assert state.phase == Phase.PASS and state.hand.play is None
    acts = legal_actions(state)
    assert all(isinstance(a, PassCards) and len(a.cards) == 3 for a in acts)
    state, events = play_actions(state, str(acts[0]))
    assert isinstance(events[0], CardsPassed) and events[0].source == 2 and events[0].target == 0
    shown = [e for e in events if isinstance(e, MeldShown)]
    assert [e.seat for e in shown] == [0]
    assert state.phase == Phase.PASS_BACK and state.hand.melds[1] is None


def test_bidder_may_not_pass_back_laid_meld():
    # 000: "While those cards are on the table, they pass three cards back to their partner.
    # This ensures that meld isn't counted but then passed back."
    state = racehorse_after_trump()
    state, _ = play_actions(state, str(legal_actions(state)[0]))
    deck = rules("racehorse").deck
    run = deck.counts_of(cards("AH TH KH QH JH"))
    for act in legal_actions(state):
        kept = state.hand.hands[0] - deck.counts_of(act.cards)
        assert all(deck.count(kept, c) >= 1 for c in deck.to_cards(run))
    with pytest.raises(IllegalActionError, match="meld"):
        play_actions(state, "pass-cards AH 9S 9C")
    state, events = play_actions(state, "pass-cards 9S 9S 9C")
    assert state.phase == Phase.TRICKS
    assert sorted(e.seat for e in events if isinstance(e, MeldShown)) == [1, 2, 3]
    assert state.hand.melds[0].total >= 150


def test_four_card_passing_option():
    # 000: "Four is a commonly passed amount"
    house = ruleset_from_text('base = "racehorse"\nname = "p4"\ntitle = "p4"\n[passing]\n'
                              'count = 4\n', "p4.toml")
    state = racehorse_after_trump(house)
    assert all(len(a.cards) == 4 for a in legal_actions(state))


def test_passed_cards_are_seen_only_by_the_partners():
    state = racehorse_after_trump()
    state, events = play_actions(state, str(legal_actions(state)[0]))
    passed = events[0]
    assert redact(passed, 1).cards == () and redact(passed, 0).cards == passed.cards
    assert observe(state, 0).received == observe(state, 2).passed != 0
    assert observe(state, 1).received == 0


def cutthroat_won(bid="bid 310", hands_seed=5, forced=False):
    r = rules("cutthroat")
    hands, widow = deal_pack(r, hands_seed)
    state = game_with_hands(r, hands, dealer=2, widow=widow)  # seat 0, on its left, is first
    if forced:
        state = state._replace(hand=state.hand._replace(forced=True))
    return play_actions(state, bid, "pass", "pass")[0]


def test_widow_shown_taken_and_three_discarded():
    # 003: "He turns up the 3 cards in the middle for all to see. Then, he adds those 3 cards to
    # his hand and discards any 3 of his 18 cards. Then, he names trump and lays down his meld."
    state = cutthroat_won()
    assert state.phase == Phase.WIDOW and legal_actions(state) == (TakeWidow(),)
    state, events = play_actions(state, "take-widow")
    assert isinstance(events[0], WidowShown) and len(events[0].cards) == 3
    assert observe(state, 1).widow == state.hand.widow  # for all to see
    assert state.phase == Phase.DISCARD
    assert rules("cutthroat").deck.size_of(state.hand.hands[0]) == 18
    discard = legal_actions(state)[0]
    state, events = play_actions(state, str(discard))
    assert isinstance(events[0], Discarded) and redact(events[0], 1).cards == ()
    assert state.phase == Phase.TRUMP


def test_bidder_decides_before_seeing_opponents_meld():
    # 003: "Remember that the decision to concede a hand must be made before seeing the
    # opponents' meld."
    state = cutthroat_won()
    state, _ = play_actions(state, "take-widow")
    state, _ = play_actions(state, str(legal_actions(state)[0]))
    state, events = play_actions(state, "trump S")
    assert state.phase == Phase.DECIDE
    assert [e.seat for e in events if isinstance(e, MeldShown)] == [0]
    assert state.hand.melds[1] is None and state.hand.melds[2] is None


def test_forced_concession_over_250_under_bid():
    # 003: "A player may not attempt to play the hand for more than 250 points. For example, if
    # the bid is 350 and a player has only 80 points in meld, that player is forced to concede."
    state = cutthroat_won("bid 600")
    state, _ = play_actions(state, "take-widow")
    state, _ = play_actions(state, str(legal_actions(state)[0]))
    state, _ = play_actions(state, "trump S")
    meld = state.hand.melds[0].total
    assert 600 - meld > 250
    assert legal_actions(state) == (ThrowIn(),)
    with pytest.raises(IllegalActionError, match="250"):
        play_actions(state, "play-hand")
    assert PlayHand() not in legal_actions(state)


def test_concede_without_looking_only_when_forced():
    # 003: "A player who was forced to take the bid for 300 points may choose to concede
    # 'without looking' at the 'talon'."
    assert ThrowIn() not in legal_actions(cutthroat_won())
    state = cutthroat_won("bid 300", forced=True)
    assert state.hand.bid == 300
    assert ThrowIn() in legal_actions(state)
    state, _ = play_actions(state, "throw-in")
    assert state.scores == (-300, 0, 0)


SIMULTANEOUS = ('base = "racehorse"\nname = "sim"\ntitle = "sim"\n[passing]\n'
                'exchange = "simultaneous"\n')


def test_simultaneous_exchange_bidder_returns_cards_of_its_own_hand_unseen():
    # Issue 18: "A simultaneous exchange. The bidder chooses the cards to return from its own
    # 12, before seeing partner's pass, as many kitchen tables do."
    house = ruleset_from_text(SIMULTANEOUS, "sim.toml")
    state = racehorse_after_trump(house)
    deck = house.deck
    own = state.hand.hands[0]
    partner_cards = rest_of_pack(house, BIDDER)[1].split()[:3]
    state, events = play_actions(state, "pass-cards " + " ".join(partner_cards))
    assert events == [] and state.phase == Phase.PASS_BACK and state.hand.melds == ()
    # the bidder's view holds its own twelve only: nothing of the partner's pass
    view = observe(state, 0)
    assert view.hand == own and view.received == 0
    backs = {a.cards for a in legal_actions(state)}
    assert {"AH", "KH", "QH"} in [set(strs(b)) for b in backs]  # meld cards too
    state, events = play_actions(state, "pass-cards AH KH QH")
    passed = [e for e in events if isinstance(e, CardsPassed)]
    assert [(e.source, e.target) for e in passed] == [(2, 0), (0, 2)]
    assert state.phase == Phase.TRICKS
    assert deck.count(state.hand.hands[2], cards("AH")[0]) == 1
    assert sorted(e.seat for e in events if isinstance(e, MeldShown)) == [0, 1, 2, 3]
    assert deck.size_of(state.hand.hands[0]) == 12
    # the defenders never see the passed cards
    assert redact(passed[0], 1).cards == () and redact(passed[1], 3).cards == ()


def test_simultaneous_exchange_refuses_cards_the_bidder_does_not_hold():
    house = ruleset_from_text(SIMULTANEOUS, "sim.toml")
    state = racehorse_after_trump(house)
    partner_cards = [c for c in rest_of_pack(house, BIDDER)[1].split() if c not in BIDDER][:3]
    state, _ = play_actions(state, "pass-cards " + " ".join(partner_cards))
    with pytest.raises(IllegalActionError, match="only pass back cards you hold"):
        play_actions(state, "pass-cards " + " ".join(partner_cards))  # not yet the bidder's
