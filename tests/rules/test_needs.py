"""What the table shows beside the meld during the play (issue 14, item 3: "the points still
needed to save it"), each side's meld after the minimum, and two-handed's running score; every
rule quoted from its document."""

from __future__ import annotations

from game.rules.auction_game.melding import side_meld_totals
from game.rules.auction_game.needs import still_needed
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.stock_game.score import scored_so_far
from game.rules.stock_game.state import StockHand
from tests.helpers import rules


def test_racehorse_bidders_need_the_rest_of_their_bid_and_defenders_a_counter():
    """000: "If the other team fails to earn points while taking tricks ... they do not score
    any points that were melded." North (side 0) bid 280 with 130 meld and has taken 90."""
    r = rules("racehorse")
    needs = still_needed(r, 2, 280, (130, 30), (90, 0), (3, 0))
    assert needs[0].points == 60 and "60 more in tricks to make 280" in needs[0].text
    assert needs[1].points == 1 and "a counter or the last trick" in needs[1].text
    saved = still_needed(r, 2, 280, (130, 30), (150, 10), (8, 1))
    assert saved[0].points == 0 and "made" in saved[0].text
    assert saved[1].points == 0 and "saved" in saved[1].text


def test_double_deck_sides_need_twenty_in_tricks():
    """001: "a team that does not take at least 20 points in the play cannot score anything for
    the hand" and "If the bidding team takes less than 20 points in tricks, the bid
    automatically fails (however much meld they had)"."""
    r = rules("double-deck")
    needs = still_needed(r, 0, 50, (60, 24), (5, 12), (1, 2))
    assert needs[0].points == 15  # the meld covers 50: only the 20 in tricks is missing
    assert needs[0].text == ("needs 15 more in tricks: its meld covers the bid of 50, but a "
                             "bid is made only with at least 20 in tricks")
    assert needs[1].points == 8 and "8 more in tricks to score its 24 meld" in needs[1].text
    short = still_needed(r, 0, 60, (50, 24), (0, 12), (0, 2))[0]  # 10 short, and no tricks yet
    assert short.points == 20 and short.text == (
        "needs 20 more in tricks to make 60 (a bid is made only with at least 20 in tricks)")
    bid_short = still_needed(r, 0, 80, (50, 24), (5, 12), (1, 2))[0]
    assert bid_short.points == 25 and bid_short.text == "needs 25 more in tricks to make 80"


def test_three_handed_players_need_a_trick():
    """003: "A player must take at least one trick to gain credit for his meld, even if that
    trick contains no points." """
    r = rules("cutthroat")
    needs = still_needed(r, 1, 300, (50, 120, 0), (0, 100, 0), (0, 5, 0))
    assert "a trick to keep its 50 meld" in needs[0].text
    assert needs[1].points == 80
    assert needs[2].text == "needs a trick to score"
    before_play = still_needed(r, 1, 300, (50, 340, 0), (0, 0, 0), (0, 0, 0))
    assert before_play[1].text == "needs a trick to keep its meld and make 300"


def test_a_side_under_twenty_meld_scores_none_of_it():
    """001: "Meld can only be scored by a side whose meld is worth at least 20 points"; the
    side's meld is its two partners' together."""
    r = rules("double-deck")
    melds = [MeldResult(12, ()), MeldResult(10, ()), MeldResult(6, ()), None]
    assert side_meld_totals(r, melds) == (0, 0)  # 12 + 6 and 10: both under 20
    melds[3] = MeldResult(12, ())
    assert side_meld_totals(r, melds) == (0, 22)
    assert side_meld_totals(rules("racehorse"), melds) == (18, 22)  # 000 has no minimum


def test_two_handed_meld_counts_as_it_is_laid():
    """004: "Melds are scored when they are made. Scores for cards taken in tricks are added
    after the play is complete"."""
    hand = StockHand(Phase.TRICKS, 0, meld_pts=(160, 40), taken=(87, 30))
    assert scored_so_far((500, 620), hand) == (660, 660)
    assert rules("two-handed").players == 2
