"""Who deals, bids first, leads and passes, at every preset, against its document (issue 16.1:
"Every preset plays clockwise, and the seat on the dealer's left bids first and, where the
document says so, leads."). Seats are numbered clockwise from South: the seat on a player's
left is the next number."""

from __future__ import annotations

import random

import pytest

from game.bots.registry import make_bot
from game.rules.actions import Bid, Deal, Pass, PlayHand, TakeWidow
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.events import CardsDealt, CardsPassed, HandStarted
from game.rules.explain import rules_text
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset, preset_names, ruleset_from_text
from tests.helpers import game_with_hands, play_actions, rest_of_pack

QUOTES = {
    "racehorse": ("000 is silent on who bids first; it leaves the dealer last: 'If nobody else "
                  "bids, then the dealer is required to bid' (VARIANTS.md: the dealer's left "
                  "bids first, the bidder leads); 'their partner passes them three cards'"),
    "double-deck": ("001: 'The person to the left of the dealer bids first.' 'Turn to bid "
                    "proceeds clockwise.' 'Deal and play are clockwise.' 'The person who won "
                    "the bid begins the play by leading the first trick'"),
    "partnership-190": ("002: 'The bid for the current hand is started with the person to the "
                        "left of the dealer.' 'the dealer ... gives it to the person to the "
                        "left of the current dealer.'"),
    "partnership-150": "003: 'Bidding starts to the dealer's left.' 'The high bidder leads to "
                       "the first trick.'",
    "cutthroat": "003: 'The player to the left of the dealer bids first.' 'The high bidder "
                 "leads to the first trick.'",
    "check": "003: 'It is the same as to 1000' -- 'The player to the left of the dealer bids "
             "first.'",
    "two-handed": "004: 'Deal 12 cards to each player, starting from the left' ... 'The "
                  "non-dealer leads'",
    "five-handed": "VARIANTS.md, five-handed: 'Auction: 003's general auction in 001's scale: "
                   "it starts to the dealer's left'",
    "six-handed": "VARIANTS.md, six-handed: 'Auction: 001's' -- 001: 'The person to the left "
                  "of the dealer bids first.' 'Deal and play are clockwise.'",
}


def _dealt(rules, dealer):
    state = new_game(rules, 7)._replace(dealer=dealer)
    state = state._replace(hand=state.hand._replace(dealer=dealer))
    return apply(state, Deal())


def quote_for(name: str) -> str:
    """The document's words for a preset: its own above, or those of the documents' table it
    plays (same document, same players: a preset built on racehorse quotes 000's). A table of
    a document no preset here plays has none, and the test asks for its quotation."""
    rules = load_preset(name)
    if name in QUOTES:
        return QUOTES[name]
    same = [QUOTES[n] for n in QUOTES if (load_preset(n).document, load_preset(n).players)
            == (rules.document, rules.players)]
    assert same, f"{name}: quote its document's words on the deal and the bidding in QUOTES"
    return same[0]


@pytest.mark.parametrize("name", preset_names())
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_every_preset_plays_clockwise_from_the_dealers_left(name, dealer):
    rules = load_preset(name)
    assert quote_for(name)
    dealer %= rules.players
    left = (dealer + 1) % rules.players
    assert rules.table.direction == "clockwise"
    state, events = _dealt(rules, dealer)
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert dealt.packets[0][0] == left  # the deal starts on the dealer's left
    assert actor(state) == left  # who bids first (two-handed: who leads)
    if rules.stock.enabled:
        assert state.phase == Phase.TRICKS and state.hand.leader == left
        return
    # the auction goes round to the left; the high bidder leads
    seats = []
    while state.phase == Phase.AUCTION:
        seats.append(actor(state))
        acts = legal_actions(state)
        state, _ = apply(state, Bid(acts[1].amount) if not seats[1:] and Pass() in acts
                         else acts[0])
    assert seats[:rules.players] == [(left + i) % rules.players for i in range(rules.players)]


@pytest.mark.parametrize("name", [n for n in preset_names() if n != "two-handed"])
def test_the_high_bidder_leads(name):
    rules = load_preset(name)
    bot = make_bot("medium")  # sensible discards and trump, so that some hands are played
    played = 0
    for seed in range(6):  # some hands are conceded or not played: find ones that are
        state = new_game(rules, seed)
        state, _ = apply(state, Deal())
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Bid)))
        bidder = state.hand.auction.high_bidder
        for _ in range(400):
            if state.phase in (Phase.TRICKS, Phase.DEAL) or state.over:
                break
            acts = legal_actions(state)
            keep_on = [a for a in acts if isinstance(a, (Pass, PlayHand, TakeWidow))]
            state, _ = apply(state, keep_on[0] if keep_on else bot.choose(
                observe(state, actor(state)), random.Random(seed)))
        if state.phase == Phase.TRICKS:
            assert state.hand.play.leader == bidder == state.hand.bidder
            played += 1
    assert played >= 2


def test_000_partner_passes_to_the_bidder_and_the_bidder_back():
    # 000: "their partner passes them *three* cards" ... "they pass three cards back to their
    # partner"
    rules = load_preset("racehorse")
    bidder = "AH TH KH QH JH 9S 9S 9C 9C 9D JC JC"
    state = game_with_hands(rules, [bidder, *rest_of_pack(rules, bidder)], dealer=3)
    state, _ = play_actions(state, "bid 250", "pass", "pass", "pass", "trump H")
    state, events = apply(state, legal_actions(state)[0])
    state, more = apply(state, legal_actions(state)[0])
    passes = [(e.source, e.target) for e in events + more if isinstance(e, CardsPassed)]
    assert passes == [(2, 0), (0, 2)]


def test_002_the_deal_passes_to_the_left():
    # 002: "At the end of the hand the dealer shuffles the deck and gives it to the person to
    # the left of the current dealer."
    rules = load_preset("partnership-190")
    state, _ = _dealt(rules, 1)
    for _ in range(2000):
        acts = legal_actions(state)
        state, events = apply(state, acts[0] if acts[0] != Pass() or len(acts) == 1
                              else acts[1])
        started = [e for e in events if isinstance(e, HandStarted)]
        if started:
            assert started[0].dealer == 2
            return
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("name", ["partnership-150", "cutthroat"])
def test_the_rules_text_says_who_bids_first(name):
    # Issue 16: "`pinochle rules --variant partnership-150` and `--variant cutthroat` state who
    # bids first."
    text = rules_text(load_preset(name))
    assert "The player on the dealer's left bids first." in text
    assert "The high bidder leads to the first trick." in text
    assert "each turn passes to the player on the left" in text


CCW = ('base = "partnership-150"\nname = "ccw"\ntitle = "ccw"\n[table]\n'
       'direction = "counterclockwise"\n')


def test_counterclockwise_house_option_still_starts_on_the_dealers_left():
    # Issue 16: "Counter-clockwise remains a house-rules option, and with it the dealer's left
    # still bids first wherever the document says so." 003: "Bidding starts to the dealer's
    # left."
    rules = ruleset_from_text(CCW, "ccw.toml")
    state, events = _dealt(rules, 3)
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert dealt.packets[0][0] == 2  # dealing goes right to left: the dealer's right first
    assert actor(state) == 0  # the dealer's left bids first ...
    state, _ = apply(state, legal_actions(state)[0])
    assert actor(state) == 3  # ... then the turn goes to the right: the dealer
    assert "the player on the dealer's left still bids first" in rules_text(rules)


def test_counterclockwise_dealer_who_passed_early_is_still_stuck():
    # 003: "If all players other than the dealer pass, the dealer names trump at a 'price'
    # usually one less than the minimum bid." With play to the right the dealer speaks second.
    from tests.rules.test_auction import NO_MELD, NO_MELD_B, NO_MELD_C

    rules = ruleset_from_text(CCW, "ccw.toml")
    state = game_with_hands(rules, [NO_MELD, NO_MELD_B, NO_MELD_C, NO_MELD], dealer=3)
    order = []
    for _ in range(4):
        if state.phase != Phase.AUCTION:
            break
        order.append(actor(state))
        state, events = apply(state, Pass())
    assert order == [0, 3, 2, 1]
    assert state.hand.bidder == 3 and state.hand.bid == 149


def test_002_counterclockwise_dealer_never_bids_against_its_own_opening():
    # 002: "The starting bid of the dealer is 190 pts." The dealer holds the high bid: with
    # play to the right it would speak second, so its turn is skipped while it holds the bid.
    house = ('base = "partnership-190"\nname = "c"\ntitle = "c"\n[table]\n'
             'direction = "counterclockwise"\n')
    rules = ruleset_from_text(house, "c.toml")
    state, _ = _dealt(rules, 3)
    assert actor(state) == 0
    state, _ = apply(state, Pass())
    assert actor(state) == 2  # not the dealer (3), who holds 190
    state, _ = apply(state, Bid(200))
    assert actor(state) == 1
    state, _ = apply(state, Pass())
    assert actor(state) == 3  # now the dealer may bid over 200
