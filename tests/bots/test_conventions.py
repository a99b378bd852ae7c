"""Each document's bidding conventions, made and read (the issue: "002's jump bids that show
100 meld / aces / a run and its special 340 bid; 001's skip bids that show meld; partners read
and use them"), and choosing trump under 001."""

from __future__ import annotations

import random

import pytest

from game.bots import bidding
from game.bots.registry import make_bot
from game.rules.actions import Bid, NameTrump
from game.rules.cards import parse_cards
from game.rules.compiled import meld_table
from game.rules.engine import actor
from game.rules.meld import marriage_suits
from game.rules.view import observe
from game.store.content import load_preset
from tests.helpers import game_with_hands, play_actions, rest_of_pack


def _first_bid(name, hand, dealer, level="medium", before=()):
    r = load_preset(name)
    others = rest_of_pack(r, hand)
    seat = r.next_seat(dealer)
    for _ in before:
        seat = r.next_seat(seat)
    hands = others[:]
    hands.insert(seat, hand)
    state = game_with_hands(r, hands, dealer=dealer)
    state, _ = play_actions(state, *before)
    view = observe(state, actor(state))
    assert view.seat == seat
    opts = {"bid_samples": 16} if level == "hard" else {}
    return make_bot(level, **opts).suggest(view, random.Random(1)), view


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_002_a_run_is_shown_with_a_50_jump(level):
    """002: "A run would be a 50 point jump." The dealer holds 190; South jumps to 240."""
    s, view = _first_bid("partnership-190", "AS TS KS QS JS 9H 9C JD 9D KH QC JC", 3, level)
    assert view.high_bid == 190
    assert s.action == Bid(240), s.reason
    assert "run" in s.reason


def test_002_run_and_aces_make_the_special_340_bid():
    """002: "If you have a Run and Aces your first bid if your partner is still in the game
    regardless of any previous bids is 340"."""
    s, _ = _first_bid("partnership-190", "AS TS KS QS JS AH AC AD 9C JD 9D QC", 3)
    assert s.action == Bid(340), s.reason


def test_002_hundred_meld_is_a_20_jump_and_aces_a_30_jump():
    """002: "If you have 100 pts. or more in meld then a 20 pt. jump over the last bid is
    given. If you have Aces then a 30 point jump." """
    s, _ = _first_bid("partnership-190", "KS KH KC KD QS JD 9H 9C 9D JC TC TH", 3)
    assert s.action == Bid(210), s.reason  # kings 80 + pinochle 40
    s, _ = _first_bid("partnership-190", "AS AH AC AD 9S 9H 9C 9D JC JH TC TH", 3)
    assert s.action == Bid(220), s.reason


def test_002_partner_reads_the_jumps():
    """"Everyone knows the bidding and everyone knows what you are trying to convey": after
    partner's 50 jump this seat counts on a run, and it leaves partner to name trump."""
    r = load_preset("partnership-190")
    me = "9S JS 9H JH TC JC 9D JD TD QD KC TH"
    partner = "AS TS KS QS JS 9H 9C 9D KH QC JC AH"
    west, east = rest_of_pack(r, me, partner)
    state = game_with_hands(r, [partner, west, me, east], dealer=3)
    state, _ = play_actions(state, "bid 240", "pass")
    view = observe(state, actor(state))
    read = bidding.read_partners(view)
    assert read.partner_run and read.bonus >= 100, read
    s = make_bot("medium").suggest(view, random.Random(1))
    assert not isinstance(s.action, Bid), s.reason  # a weak hand lets partner play the run


def test_001_skip_bid_shows_meld():
    """001: "Opening 52 or more shows meld: 10 points for each point over 50"."""
    hand = "AS AH AC AD KS QS JD KH QH JC JH TS TC TD KC QD JS TH TS QC"
    r = load_preset("double-deck")
    meld = meld_table(r).total(r.deck.counts_of(parse_cards(hand)), None)
    assert meld >= 20
    s, _ = _first_bid("double-deck", hand, 3)
    assert s.action == Bid(50 + meld // 10), (meld, s.reason)


def test_001_partner_reads_a_skip():
    r = load_preset("double-deck")
    me = "AS AH KC QC JD JD TS TS TC JC JH QH KD KD QS JS TH TD JC QD"
    partner_hand = "AC AD KS QS KH JS JS TC TH AS AH AC AD KD QD JH QH TD QC KC"
    west, east = rest_of_pack(r, me, partner_hand)
    state = game_with_hands(r, [partner_hand, west, me, east], dealer=3)
    state, _ = play_actions(state, "bid 54", "pass")
    read = bidding.read_partners(observe(state, actor(state)))
    assert read.shows == "partner's skip to 54 shows 40 meld", read


def test_003_a_partner_who_passed_first_holds_no_meld():
    """003: "the first player is forced to bid when holding meld": a first pass shows none."""
    r = load_preset("partnership-150")
    me = "AS TS KS QS JS AH AC AD KD QD 9S KH"
    partner = "9S JH 9H TC JC 9C TD JD 9D TH 9H TC"
    west, east = rest_of_pack(r, me, partner)
    # dealer West (1) -> North (2), on its left, speaks first, then East, then South.
    state = game_with_hands(r, [me, west, partner, east], dealer=1)
    state, _ = play_actions(state, "pass")
    assert meld_table(r).total(r.deck.counts_of(parse_cards(partner)), None) == 0
    state, _ = play_actions(state, "bid 150")
    view = observe(state, actor(state))
    assert view.seat == 0
    read = bidding.read_partners(view)
    assert read.bonus < 0 and "no meld" in read.shows


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_001_trump_is_a_suit_holding_a_marriage(level):
    """001: "It must be a suit in which the bidder holds at least a marriage."""
    r = load_preset("double-deck")
    me = "AS AS TS JS KH QH AC TC JC JC AD TD KD JD JD TH JH AH AH TS"
    others = rest_of_pack(r, me)
    state = game_with_hands(r, [me, *others], dealer=3)
    state, _ = play_actions(state, "bid 50", "pass", "pass", "pass")
    view = observe(state, actor(state))
    s = make_bot(level).suggest(view, random.Random(2))
    assert isinstance(s.action, NameTrump)
    assert s.action.suit in marriage_suits(r, view.hand)


def test_bidding_styles_move_the_presets_measured_margin():
    """Style options: "bidding aggressiveness (conservative / normal / bold)". Each preset's
    normal margin is the one measured best (partnership-150 stops further below its value
    than racehorse); easy, with no fitted model, keeps the rough margin everywhere."""
    rh, p150 = load_preset("racehorse"), load_preset("partnership-150")
    for r in (rh, p150):
        z = [bidding.margin_z(r, a) for a in ("bold", "normal", "conservative")]
        assert z == sorted(z) and len(set(z)) == 3
    assert bidding.margin_z(p150, "normal") > bidding.margin_z(rh, "normal")
    assert bidding.margin_z(p150, "normal", "easy") == bidding.margin_z(rh, "normal", "easy")
