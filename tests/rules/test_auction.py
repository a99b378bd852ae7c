"""The auction of every preset, quoted from its document."""

import pytest

from game.rules.actions import Bid, Pass
from game.rules.auction_game.auction import bid_amounts
from game.rules.engine import legal_actions
from game.rules.errors import IllegalActionError
from game.rules.events import AuctionWon, BidMade, HandNotPlayed, HandScored
from game.rules.phase import Phase
from game.store.content import ruleset_from_text
from tests.helpers import deal_pack, game_with_hands, play_actions, rest_of_pack, rules

NO_MELD = "AS AS TS TS JS JS 9S 9S AH AH TH TH"  # no marriage, pinochle or around
NO_MELD_B = "AC AC TC TC JC JC 9C 9C AD AD TD TD"
NO_MELD_C = "KS KS 9H 9H JH JH KC KC 9D 9D JD JD"  # kings without queens: no meld
MELD = "QS QS QH QH KH KH QC QC KD KD QD QD"


def racehorse_game():
    hands, _ = deal_pack(rules("racehorse"), 1)
    return game_with_hands("racehorse", hands, dealer=3)


def test_000_bids_are_multiples_of_ten_from_250():
    # 000: "the minimum bid is 250 points ... Bids must be in multiples of ten. You can't bid
    # 'two sixty-five.'"
    state = racehorse_game()
    acts = legal_actions(state)
    assert acts[0] == Pass() and acts[1] == Bid(250) and acts[2] == Bid(260)
    with pytest.raises(IllegalActionError):
        play_actions(state, "bid 265")
    with pytest.raises(IllegalActionError):
        play_actions(state, "bid 240")


def test_000_dealer_is_stuck_when_nobody_bids():
    # 000: "If nobody else bids, then the dealer is required to bid at least the minimum bid."
    state, events = play_actions(racehorse_game(), "pass", "pass", "pass")
    assert state.hand.auction.turn == 3 and state.phase == Phase.AUCTION
    acts = legal_actions(state)
    assert Pass() not in acts and acts[:3] == (Bid(250), Bid(260), Bid(270))
    with pytest.raises(IllegalActionError, match="at least 250"):
        play_actions(state, "pass")
    state, events = play_actions(state, "bid 250")
    assert AuctionWon(3, 250, True) in events
    assert state.hand.bidder == 3 and state.hand.bid == 250 and state.phase == Phase.TRUMP


def test_000_stuck_dealer_may_bid_more_than_the_minimum():
    # 000: "the dealer is required to bid at least the minimum bid" (issue 19: "A stuck dealer
    # may bid more than the minimum").
    state, _ = play_actions(racehorse_game(), "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="at least 250"):
        play_actions(state, "bid 265")
    state, events = play_actions(state, "bid 350")
    assert BidMade(3, 350, True) in events and AuctionWon(3, 350, True) in events
    assert state.hand.bid == 350


def test_passed_player_never_reenters():
    # 001: "Once you passed you cannot re-enter the bidding on a later turn."
    state, _ = play_actions(racehorse_game(), "pass", "bid 250", "bid 260", "bid 270")
    assert state.hand.auction.turn == 1  # seat 0 passed, so seat 1 speaks next
    state, events = play_actions(state, "pass", "pass")
    assert AuctionWon(3, 270, False) in events


def test_001_bids_by_ones_to_60_then_fives():
    # 001: "You may bid by ones until you reach 60; bids above 60 must be multiples of 5"
    r = rules("double-deck")
    assert bid_amounts(r, 57)[:5] == (58, 59, 60, 65, 70)
    assert bid_amounts(r, 0)[0] == 50


def test_001_dealer_forced_to_50():
    # 001: "If the first three players all pass, the dealer is forced to bid 50."
    hands, _ = deal_pack(rules("double-deck"), 2)
    state = game_with_hands("double-deck", hands, dealer=3)
    state, events = play_actions(state, "pass", "pass", "pass")
    assert AuctionWon(3, 50, True) in events


def test_001_trump_must_be_a_suit_with_a_marriage():
    # 001: "It must be a suit in which the bidder holds at least a marriage."
    r = rules("double-deck")
    bidder = "KH QH AS AS TS TS JS JS AC AC TC TC JC JC AD AD TD TD JD JD"
    state = game_with_hands(r, [bidder, *rest_of_pack(r, bidder)], dealer=3)
    state, _ = play_actions(state, "bid 50", "pass", "pass", "pass")
    assert [str(a) for a in legal_actions(state)] == ["trump H"]
    with pytest.raises(IllegalActionError, match="marriage"):
        play_actions(state, "trump S")


def test_001_no_marriage_hand_not_played_bid_lost_no_meld():
    # 001: "If the bidder does not have a marriage, the hand is not played; in this case the
    # bidding side automatically lose the amount of their bid and neither side counts anything
    # for meld."
    r = rules("double-deck")
    bidder = "AH AH TH TH JH JH AS AS TS TS JS JS AC AC TC TC JC JC AD AD"
    state = game_with_hands(r, [bidder, *rest_of_pack(r, bidder)], dealer=3)
    state, _ = play_actions(state, "bid 55", "pass", "pass", "pass")
    state, events = play_actions(state, "trump S")
    assert any(isinstance(e, HandNotPlayed) for e in events)
    result = next(e.result for e in events if isinstance(e, HandScored))
    assert state.scores == (-55, 0)
    assert all(s.meld_counted == 0 for s in result.sides)


def test_002_dealer_opens_at_190_and_jumps_count_from_it():
    # 002: "The starting bid of the dealer is 190 pts." and "the dealer starts at 190 and your
    # partner has 100 in meld so their bid should be a 20 jump over the 190 or 210."
    hands, _ = deal_pack(rules("partnership-190"), 4)
    state = game_with_hands("partnership-190", hands, dealer=3)
    acts = legal_actions(state)
    assert Bid(190) not in acts and acts[1] == Bid(200) and Bid(210) in acts
    state, events = play_actions(state, "pass", "pass", "pass")
    assert legal_actions(state)[:2] == (Bid(190), Bid(200))
    state, events = play_actions(state, "bid 190")
    assert AuctionWon(3, 190, True) in events


def test_002_stuck_dealer_may_bid_up_to_a_star_level():
    # 002: "the dealer is 'stuck' with the deal (if everyone passes) for a minimum of 190
    # points" -- a minimum: VARIANTS.md, "e.g. to reach a star level".
    hands, _ = deal_pack(rules("partnership-190"), 4)
    state = game_with_hands("partnership-190", hands, dealer=3)
    state, _ = play_actions(state, "pass", "pass", "pass")
    state, events = play_actions(state, "bid 250")
    assert AuctionWon(3, 250, True) in events and state.hand.bid == 250


def test_003_player_holding_meld_must_open():
    # 003: "A player that has meld (not including 9s) must open the bidding. If the first player
    # to bid has no meld, he may pass or bid. If he passes, the obligation to bid (if holding
    # meld) passes to the next player."
    state = game_with_hands("partnership-150", [NO_MELD, MELD, NO_MELD_B, NO_MELD_C], dealer=3)
    assert Pass() in legal_actions(state)
    state, _ = play_actions(state, "pass")
    assert Pass() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="must open"):
        play_actions(state, "pass")
    state, events = play_actions(state, "bid 150")
    assert BidMade(1, 150, True) in events
    assert Pass() in legal_actions(state)


def test_003_dealer_takes_it_one_under_the_minimum():
    # 003: "If all players other than the dealer pass, the dealer names trump at a 'price'
    # usually one less than the minimum bid."
    state = game_with_hands("partnership-150", [NO_MELD, NO_MELD_B, NO_MELD_C, NO_MELD],
                            dealer=3)
    # (four such hands cannot all come from one pack; the auction only reads meld)
    state, events = play_actions(state, "pass", "pass", "pass")
    assert AuctionWon(3, 149, True) in events


def test_003_option_dealer_forced_to_190_with_meld():
    # 003: "Optional rule: when there are 3 initial passes ... the dealer is forced to bid 190
    # if he has meld."
    house = ruleset_from_text('base = "partnership-150"\nname = "o"\ntitle = "o"\n'
                              '[auction]\nall_pass_bid_with_meld = 190\n', "o.toml")
    state = game_with_hands(house, [NO_MELD, NO_MELD_B, NO_MELD_C, MELD], dealer=3)
    state, events = play_actions(state, "pass", "pass", "pass")
    assert AuctionWon(3, 190, True) in events


def test_003_option_no_bids_ending_in_40_or_90():
    # 003: "An optional rule is that bids ending in 40 and 90 are not allowed, so after 330 the
    # next bid is 350."
    house = ruleset_from_text('base = "cutthroat"\nname = "o"\ntitle = "o"\n'
                              '[auction]\nskip_endings = [40, 90]\n', "o.toml")
    assert bid_amounts(house, 330)[:3] == (350, 360, 370)
    assert bid_amounts(rules("cutthroat"), 330)[0] == 340


def test_003_three_handed_starts_at_300():
    # 003: "The bidding starts at 300 (250 for an easier game)."
    assert bid_amounts(rules("cutthroat"), 0)[0] == 300
    assert bid_amounts(rules("check"), 0)[0] == 300


def test_a_dealer_holding_an_opening_and_meld_must_still_open_with_a_bid():
    # 003: "A player that has meld (not including 9s) must open the bidding." Mixed with 002's
    # "The starting bid of the dealer is 190" (a house table), the dealer's hold is not a bid:
    # holding meld when everyone else has passed, the dealer must bid (found by issue 18's
    # combination test, where this looped forever).
    house = ruleset_from_text('base = "partnership-190"\nname = "o"\ntitle = "o"\n'
                              '[auction]\nforced_open_with_meld = true\n'
                              'stuck_dealer_may_raise = false\n', "o.toml")
    state = game_with_hands(house, [NO_MELD, NO_MELD_B, NO_MELD_C, MELD], dealer=3)
    state, _ = play_actions(state, "pass", "pass", "pass")
    assert state.hand.auction.turn == 3 and Pass() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="must open"):
        play_actions(state, "pass")
    state, events = play_actions(state, "bid 200")
    assert AuctionWon(3, 200, True) in events


def test_001_a_bid_above_400_is_allowed():
    # 001: "The opening bid must be at least 50, but may be higher ... Each bid must be higher
    # than the previous one." (issue 19: after a bid of 400 the only legal action was pass)
    r = rules("double-deck")
    hands, _ = deal_pack(r, 2)
    state = game_with_hands(r, hands, dealer=3)
    state, _ = play_actions(state, "bid 400")
    assert Bid(405) in legal_actions(state) and Bid(410) in legal_actions(state)
    state, events = play_actions(state, "bid 410", "pass", "pass", "pass")
    assert AuctionWon(1, 410, False) in events


@pytest.mark.parametrize("name", ["racehorse", "double-deck", "partnership-190",
                                  "partnership-150", "cutthroat", "check"])
def test_no_preset_caps_bids_below_what_a_side_can_score(name):
    # No document sets a ceiling: 000 "Bids must be in multiples of ten", 001 "Each bid must be
    # higher than the previous one", 002 "bid hands to close out levels ... 250, 300, 350,
    # etc.", 003 "A player who has not yet 'passed' has the option of exceeding the current
    # highest bid". The ladder stops only where no side could make the bid: the meld of the
    # whole pack under its best trump plus every trick point.
    from game.rules.compiled import compile_rules, meld_total

    r = rules(name)
    full = r.deck.full()
    reachable = max(meld_total(r, full, t) for t in range(4)) + r.total_trick_points
    ladder = compile_rules(r).bids
    assert ladder.ceiling >= reachable - r.auction.step
    if r.table.deck == 48:
        assert ladder.next_above(2000) is not None  # the old cap of 2000 is gone
