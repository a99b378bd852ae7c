"""Well-known plays the issue names: "cash the run's aces early; don't lead into a known void
of an opponent with a counter; keep the widow's meld"; and the hopeless bid thrown in."""

from __future__ import annotations

import random

import pytest

from game.bots.registry import make_bot
from game.rules.actions import Discard, PlayCard, ThrowIn
from game.rules.cards import Card, Rank, Suit, parse_cards
from game.rules.phase import Phase
from game.store.content import load_preset
from tests.bots.conftest import level_options, suggestion, trick_position
from tests.helpers import game_with_hands, play_actions


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_bidder_with_a_run_cashes_aces_first(level):
    """"Cash the run's aces early": the bidder holds the run in hearts and two side aces;
    the opening lead is an ace, before the opponents can shorten themselves and ruff."""
    r = load_preset("racehorse")
    hands = ["AH TH KH QH JH AS AC 9S JS QC 9D JD", None, None, None]
    state = trick_position(r, hands, Suit.HEARTS, bidder=0, leader=0)
    s, view = suggestion(state, level, **level_options(level))
    assert isinstance(s.action, PlayCard)
    assert s.action.card.rank == Rank.ACE, s.reason


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_no_counter_into_a_known_void(level):
    """"Don't lead into a known void of an opponent with a counter": East trumped a club, so
    the ace and king of clubs would only feed East's trump."""
    r = load_preset("partnership-150")  # right to left: 0 -> 3 -> 2 -> 1
    deck = r.deck
    south = "AC KC 9D JD QD 9S TS 9H JH QS"
    tricks = [[(0, "9C"), (3, "9H"), (2, "TC"), (1, "JC")],
              [(3, "JS"), (2, "QS"), (1, "KS"), (0, "AS")]]
    used = deck.counts_of(parse_cards(south + " 9C 9H TC JC JS QS KS AS"))
    # East showed out of clubs; it keeps trumps to ruff them.
    east = [c for c in deck.to_cards(deck.full() - used) if c.suit != Suit.CLUBS][:10]
    left = deck.to_cards(deck.full() - used - deck.counts_of(east))
    hands = [south, " ".join(map(str, left[:10])), " ".join(map(str, left[10:])),
             " ".join(map(str, east))]
    assert any(c.suit == Suit.HEARTS for c in east)
    state = trick_position(r, hands, Suit.HEARTS, bidder=2, leader=0, tricks=tricks)
    s, view = suggestion(state, level, **level_options(level))
    assert view.seat == 0 and not view.trick
    card = s.action.card
    assert not (card.suit == Suit.CLUBS and r.trick_points_by_type[r.deck.type_of(card)]), s.reason


def _widow_position():
    r = load_preset("cutthroat")
    bidder = "KH QH 9S 9S JS JC 9C 9D JD QC AS TS AC QS KD"
    widow = "AH TH JH"
    deck = r.deck
    rest = deck.to_cards(deck.full() - deck.counts_of(parse_cards(bidder + " " + widow)))
    random.Random(3).shuffle(rest)
    west = " ".join(str(c) for c in rest[:15])
    east = " ".join(str(c) for c in rest[15:])
    # dealer West: play runs right to left, so South (0) speaks first.
    state = game_with_hands(r, [bidder, west, east], dealer=1, widow=widow)
    actions = ["bid 300"]
    state, _ = play_actions(state, *actions)
    from game.rules.actions import Bid, Pass
    from game.rules.engine import apply, legal_actions

    while state.phase == Phase.AUCTION:
        acts = legal_actions(state)
        state, _ = apply(state, Pass() if Pass() in acts else next(a for a in acts
                                                                   if isinstance(a, Bid)))
    return state


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_keeps_the_widows_meld(level):
    """"Keep the widow's meld": the widow brings the ace, ten and jack of hearts to a king and
    queen in hand: a run. The discard keeps all five cards of it."""
    state = _widow_position()
    if state.hand.bidder != 0:
        pytest.skip("another seat outbid the test hand")
    state, _ = play_actions(state, "take-widow")
    s, view = suggestion(state, level, **level_options(level))
    assert isinstance(s.action, Discard)
    run = set(parse_cards("AH TH KH QH JH"))
    assert not run & set(s.action.cards), s.reason


def test_hopeless_racehorse_bid_is_thrown_in():
    """000: "If a partnership's meld is more than 250 points below their bid ... They may, if
    they choose, 'throw in the hand'" - and a bid that cannot be made should be."""
    r = load_preset("racehorse")
    hands = ["9S 9S JS JC 9C 9D JD QC TS QS KD 9H", None, None, None]
    state = trick_position(r, hands, Suit.HEARTS, bidder=0, leader=0, bid=600)
    bot = make_bot("medium")
    from game.rules.engine import actor
    from game.rules.view import observe

    view = observe(state, actor(state))
    assert ThrowIn() in view.legal
    assert bot.choose(view, random.Random(1)) == ThrowIn()


def test_suggestions_name_the_card_and_the_reason():
    """Hints: "lead the A♠: both tens are out" - the sentence names the card it suggests."""
    r = load_preset("racehorse")
    hands = ["AH TH KH QH JH AS AC 9S JS QC 9D JD", None, None, None]
    state = trick_position(r, hands, Suit.HEARTS, bidder=0, leader=0)
    for level in ("easy", "medium", "hard"):
        s, _ = suggestion(state, level, **level_options(level))
        assert s.action.card.pretty in s.reason, s.reason
    assert Card.parse("AS").pretty == "A♠"
