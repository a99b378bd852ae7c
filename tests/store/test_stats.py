"""Statistics read the engine's hand results, not their wording: a renege by the defenders is
a made bid for the bidders (002), and one by the bidders a set."""

from __future__ import annotations

from game.rules.events import HandResult, Outcome, SideResult
from game.store.content import load_preset
from game.store.stats import Stats, record_game, record_hand


def _renege(bidders_made: bool) -> HandResult:
    # South (seat 0, side 0) bid 250; the side that reneged loses the bid.
    bid_side = SideResult(0, 100, 100 if bidders_made else 0, 90, 250 if bidders_made else 0,
                          350 if bidders_made else -250, 250, bidders_made)
    other = SideResult(1, 60, 0 if bidders_made else 60, 160, 0 if bidders_made else 250,
                       -250 if bidders_made else 310)
    return HandResult(0, 3, 0, 250, None, (bid_side, other), (bid_side.score, other.score),
                      outcome=Outcome.RENEGE)


def test_a_renege_by_the_defenders_counts_as_a_made_bid():
    rules = load_preset("partnership-190")
    stats = Stats()
    record_hand(stats, "partnership-190", rules, 0, _renege(bidders_made=True))
    one = stats.of("partnership-190")
    assert (one.bids_won, one.bids_made, one.bids_set, one.hands_won) == (1, 1, 0, 1)
    record_hand(stats, "partnership-190", rules, 0, _renege(bidders_made=False))
    assert (one.bids_won, one.bids_made, one.bids_set) == (2, 1, 1)
    assert one.average_bid == 250 and one.best_meld == 100


def test_streaks_and_per_table_totals():
    stats = Stats()
    for won in (True, True, False, True):
        record_game(stats, "racehorse", won)
    record_game(stats, "cutthroat", True)
    race = stats.of("racehorse")
    assert (race.games_played, race.games_won, race.streak, race.best_streak) == (4, 3, 1, 2)
    assert stats.totals().games_won == 4
