"""Every action the auction games refuse, with the rule it breaks; the action notation's round
trip; a playout from the middle of a trick (issue 16.5: every rule branch runs)."""

from __future__ import annotations

import random

import pytest

from game.rules.actions import (
    ActionParseError,
    AgreeThrowIn,
    Bid,
    CountDix,
    Deal,
    DeclareOut,
    Discard,
    EndTurn,
    ExchangeDix,
    LayMeld,
    NameTrump,
    Pass,
    PassCards,
    PlayCard,
    PlayHand,
    ProposeThrowIn,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
    parse_action,
)
from game.rules.cards import Card, Suit
from game.rules.compiled import kernel_for
from game.rules.engine import apply, legal_actions, new_game
from game.rules.errors import IllegalActionError
from game.rules.explain import rules_text
from game.store.content import load_preset, ruleset_from_text
from tests.helpers import deal_pack, game_with_hands, play_actions, rest_of_pack

BIDDER_RUN = "AH TH KH QH JH 9S 9S 9C 9C 9D JC JC"


def refused(state, text):
    with pytest.raises(IllegalActionError) as exc:
        play_actions(state, text)
    return str(exc.value)


def racehorse_after_trump():
    r = load_preset("racehorse")
    state = game_with_hands(r, [BIDDER_RUN, *rest_of_pack(r, BIDDER_RUN)], dealer=3)
    state, _ = play_actions(state, "bid 250", "pass", "pass", "pass", "trump H")
    return state


def test_each_phase_refuses_the_wrong_kind_of_action():
    state = racehorse_after_trump()
    assert "passed" in refused(state, "bid 300")  # PASS: cards must be passed
    assert "exactly 3 cards" in refused(state, "pass-cards " + rest_of_pack(
        load_preset("racehorse"), BIDDER_RUN)[1].split()[0])
    assert "cards you hold" in refused(state, "pass-cards AH TH KH")  # the bidder's, not N's
    r = load_preset("racehorse")
    fresh = game_with_hands(r, deal_pack(r, 1)[0], dealer=3)
    assert "bid or pass" in refused(fresh, "trump H")
    state, _ = play_actions(fresh, "bid 250", "pass", "pass", "pass")
    assert "name trump" in refused(state, "pass")


def test_the_widow_and_the_discard_refuse_other_actions():
    r = load_preset("cutthroat")
    hands, widow = deal_pack(r, 5)
    state = game_with_hands(r, hands, dealer=2, widow=widow)
    state, _ = play_actions(state, "bid 310", "pass", "pass")
    assert "Take the widow" in refused(state, "play-hand")
    state, _ = play_actions(state, "take-widow")
    assert "must now discard" in refused(state, "pass")
    assert "exactly 3 cards" in refused(state, "discard " + hands[0].split()[0])


def test_trick_play_refuses_cards_outside_the_pack_or_the_hand():
    r = load_preset("racehorse")
    hands, _ = deal_pack(r, 1)
    state = game_with_hands(r, hands, dealer=3)
    state, _ = play_actions(state, "bid 250", "pass", "pass", "pass", "trump H")
    for _ in range(2):  # the partner passes three cards, the bidder passes three back
        state, _ = apply(state, legal_actions(state)[0])
    assert state.phase.value == "tricks"
    assert "not in this pack" in refused(state, "play 8C")
    bidder = state.hand.hands[0]
    missing = next(c for c in r.deck.types if not r.deck.count(bidder, c))
    assert "only play a card you hold" in refused(state, f"play {missing}")
    assert "Play a card" in refused(state, "pass")


def test_the_throw_in_rule_is_stated_for_every_mode():
    for base, mode, agree, words in [
        ("partnership-190", "never", False, "no throw-in"),
        ("partnership-190", "never", True, "To throw in the hand the bidder may propose"),
        ("racehorse", "over-margin", False, "more than 250 points below its bid"),
    ]:
        r = ruleset_from_text(f'base = "{base}"\nname = "t"\ntitle = "t"\n[throw_in]\n'
                              f'mode = "{mode}"\nby_agreement = {str(agree).lower()}\n', "t")
        from game.rules.auction_game.flow import _throw_in_rule

        assert words in _throw_in_rule(r)


ALL_ACTIONS = [Deal(), Bid(250), Pass(), NameTrump(Suit.HEARTS),
               PassCards(tuple(sorted((Card.parse("AS"), Card.parse("TS"))))), TakeWidow(),
               Discard((Card.parse("9C"),)), PlayHand(), ThrowIn(), ProposeThrowIn(),
               AgreeThrowIn(), RefuseThrowIn(), PlayCard(Card.parse("AS")),
               PlayCard(Card.parse("KS"), True),
               LayMeld("marriage", tuple(sorted((Card.parse("KS"), Card.parse("QS"))))), CountDix(),
               ExchangeDix(), EndTurn(), DeclareOut(), DeclareOut(1)]


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_every_action_reads_back_from_its_text(action):
    # saves and golden replays store actions as text
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "bid", "bid x", "trump Z", "meld nothing AS",
                                  "play AS hand", "dance"])
def test_malformed_actions_are_refused_in_one_line(text):
    with pytest.raises(ActionParseError) as exc:
        parse_action(text)
    assert "\n" not in str(exc.value)


def test_a_random_playout_from_the_middle_of_a_trick():
    r = load_preset("partnership-150")
    kernel = kernel_for(r)
    pack = r.deck.cards()
    random.Random(4).shuffle(pack)
    hands = [r.deck.counts_of(pack[i * 12:(i + 1) * 12]) for i in range(4)]
    first = r.deck.type_of(pack[0])
    hands[0] -= r.deck.one[first]
    points = kernel.random_playout(hands, 1, 0, random.Random(1).random, trick=[(0, first)])
    assert sum(points) == r.total_trick_points


def test_explain_states_every_auction_and_scoring_option():
    text = rules_text(ruleset_from_text(
        'base = "partnership-150"\nname = "e"\ntitle = "e"\n[auction]\nskip_endings = [40, 90]\n'
        'all_pass_bid_with_meld = 190\n[table]\nfirst_lead = "eldest"\n[scoring]\n'
        'game = "hands"\nhands = 5\nbid_to_win_above = 400\n', "e"))
    assert "Bids ending in 40 and 90 are not allowed." in text
    assert "... or at 190 when the dealer holds meld." in text
    assert "The player after the dealer leads to the first trick." in text
    assert "The game is 5 hands; the highest score wins." in text
    assert "only the side that won the bid can win the game" in text
    deal = rules_text(ruleset_from_text('base = "two-handed"\nname = "d"\ntitle = "d"\n'
                                        '[scoring]\ngame = "deal"\n', "d"))
    assert "Every deal is a game: the higher score wins." in deal
    assert "declare out" not in deal


def test_a_new_game_deals_from_its_seed():
    state, _ = apply(new_game(load_preset("racehorse"), 9), Deal())
    again, _ = apply(new_game(load_preset("racehorse"), 9), Deal())
    assert state.hand.hands == again.hand.hands
