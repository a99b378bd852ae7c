"""Scoring a hand and ending the game, quoted from each document."""

import pytest

from game.rules.auction_game.scoring import score_hand
from game.rules.auction_game.state import HandState, PlayState
from game.rules.cards import Suit
from game.rules.compiled import best_meld
from game.rules.engine import new_game
from game.rules.events import GameWon, HandScored, TargetRaised
from game.rules.game_end import decide
from game.rules.meld import MeldResult
from game.rules.outcome import EndKind, HandEnd
from game.rules.phase import Phase
from tests.helpers import cards, rules


def fake_meld(total):
    return MeldResult(total, ())


def played_hand(r, bidder, bid, melds, taken, won, trump=Suit.HEARTS, side_meld=None,
                discards=0):
    """A finished hand: meld per seat (int or MeldResult), trick points and tricks per seat."""
    melds = tuple(m if isinstance(m, MeldResult) else fake_meld(m) for m in melds)
    if side_meld is None:
        side_meld = tuple(sum(melds[s].total for s in r.seats_of(side))
                          for side in range(r.n_sides))
    zeros = (0,) * r.players
    play = PlayState(0, 0, (), -1, 0, tuple(taken), tuple(won), (), 0)
    return HandState(Phase.TRICKS, 0, zeros, play, bidder=bidder, bid=bid, trump=int(trump),
                     discards=discards, melds=melds, side_meld=side_meld)


def score(name, hand, end=EndKind.PLAYED, scores=None):
    r = rules(name)
    game = new_game(r, 0)
    if scores is not None:
        game = game._replace(scores=scores)
    state, events = score_hand(r, game, hand, HandEnd(end))
    result = next(e.result for e in events if isinstance(e, HandScored))
    return state, events, result


class TestRacehorse000:
    def test_made_adds_everything_for_both_sides(self):
        # 000: "If the bidding team earns the amount bid (combined meld and trick score), then all
        # the earned points are added to the team's previous score."
        hand = played_hand(rules("racehorse"), 0, 250, (100, 40, 50, 0), (60, 70, 50, 70),
                           (3, 3, 3, 3))
        state, _, result = score("racehorse", hand)
        assert state.scores == (260, 180)
        assert result.outcome == "made"

    def test_set_subtracts_the_bid_and_scores_nothing_else(self):
        # 000: "If they do not, they 'go set:' they do not score any points melded, they score
        # no points taken in the tricks, and their previous score is reduced by the amount bid."
        hand = played_hand(rules("racehorse"), 0, 350, (100, 40, 50, 0), (60, 70, 50, 70),
                           (3, 3, 3, 3))
        state, _, result = score("racehorse", hand)
        assert state.scores == (-350, 180) and result.outcome == "set"

    def test_defenders_must_take_a_counter_or_the_last_trick_to_save_meld(self):
        # 000: "If the other team fails to earn points while taking tricks (that is, they pulled
        # no counters and failed to capture the final trick), they do not score any points that
        # were melded."
        hand = played_hand(rules("racehorse"), 0, 250, (100, 40, 50, 30), (150, 0, 100, 0),
                           (8, 2, 2, 0))
        state, _, _ = score("racehorse", hand)
        assert state.scores == (400, 0)

    def test_throw_in_scores_defenders_meld(self):
        # 000: "throw in the hand: their meld doesn't count, their bid is subtracted from their
        # score" (and by our decision the defenders score their meld)
        hand = played_hand(rules("racehorse"), 0, 500, (100, 40, 50, 30), (0,) * 4, (0,) * 4)
        state, _, result = score("racehorse", hand, EndKind.THROWN_IN)
        assert state.scores == (-500, 70) and result.outcome == "thrown in"

    def test_bidding_side_counts_first(self):
        # 000: "if both teams get more than 1500 points on the same hand, the partners that had
        # the bid on that hand win, even if the other team has a higher score."
        r = rules("racehorse")
        assert decide(r, (1510, 1600), 1500, 0, False, 5)[0] == 0
        assert decide(r, (1400, 1600), 1500, 0, False, 5)[0] == 1
        assert decide(r, (1400, 1400), 1500, 0, False, 5)[0] == -1


class TestDoubleDeck001:
    def test_side_under_20_meld_scores_no_meld(self):
        # 001: "Meld can only be scored by a side whose meld is worth at least 20 points."
        r = rules("double-deck")
        hand = played_hand(r, 0, 50, (20, 10, 15, 5), (25, 10, 5, 10), (5, 5, 5, 5),
                           side_meld=(35, 0))
        state, _, _ = score("double-deck", hand)
        assert state.scores == (65, 20)

    def test_side_under_20_in_tricks_scores_nothing(self):
        # 001: "a team that does not take at least 20 points in the play cannot score anything
        # for the hand – their meld is disregarded."
        r = rules("double-deck")
        hand = played_hand(r, 0, 50, (20, 30, 15, 0), (20, 10, 18, 2), (5, 5, 5, 5))
        state, _, _ = score("double-deck", hand)
        assert state.scores == (73, 0)

    def test_bidder_under_20_in_tricks_is_set(self):
        # 001: "If the bidding team takes less than 20 points in tricks, the bid automatically
        # fails (however much meld they had)"
        r = rules("double-deck")
        hand = played_hand(r, 0, 50, (60, 0, 40, 0), (10, 20, 9, 11), (5, 5, 5, 5))
        state, _, result = score("double-deck", hand)
        assert state.scores[0] == -50 and result.outcome == "set"

    def test_bidding_side_under_minimum_loses_bid_others_score_meld(self):
        # 001: "If the bidding side fails to reach 20 in meld they automatically lose the bid
        # without playing ... the opposing team score their meld provided that it is worth at
        # least 20, without the requirement to take at least 20 in tricks."
        r = rules("double-deck")
        hand = played_hand(r, 0, 50, (10, 20, 5, 8), (0,) * 4, (0,) * 4, side_meld=(0, 28))
        state, _, _ = score("double-deck", hand, EndKind.UNDER_MINIMUM)
        assert state.scores == (-50, 28)

    def test_both_reach_500_bidding_side_wins_and_bid_to_win_over_400(self):
        # 001: "If both sides reach 500 on the same hand, the bidding side wins. If both teams
        # have a score over 400, a bid-to-win situation is in effect."
        r = rules("double-deck")
        assert decide(r, (510, 520), 500, 0, False, 9)[0] == 0
        assert decide(r, (450, 505), 500, 0, True, 9)[0] == -1
        assert decide(r, (505, 450), 500, 0, True, 9)[0] == 0


class TestStars002:
    def test_made_450_with_a_run_is_17_stars(self):
        # 002: "The bid is 450 ... For the run one star * and 16 stars for the 450 bid; a total
        # of 17 Stars"
        r = rules("partnership-190")
        run = best_meld(r, cards("AD TD KD QD JD"), Suit.DIAMONDS)
        hand = played_hand(r, 0, 450, (run, fake_meld(0), fake_meld(240), fake_meld(0)),
                           (60, 60, 65, 65), (3, 3, 3, 3), trump=Suit.DIAMONDS)
        state, _, result = score("partnership-190", hand)
        assert result.tallies == (17, 0) and state.tallies == (17, 0)

    def test_set_gives_the_other_side_double_plus_one(self):
        # 002: "You lose your Stars and the other team get double what you would have made or in
        # this case 17 x 2 or 34 Stars plus one Star for setting your team for a total of 35."
        r = rules("partnership-190")
        run = best_meld(r, cards("AD TD KD QD JD"), Suit.DIAMONDS)
        hand = played_hand(r, 0, 450, (run, fake_meld(0), fake_meld(240), fake_meld(0)),
                           (10, 100, 40, 100), (1, 5, 1, 5), trump=Suit.DIAMONDS)
        _, _, result = score("partnership-190", hand)
        assert result.tallies == (0, 35)


class TestThreeHanded003:
    def test_must_take_a_trick_to_keep_meld(self):
        # 003: "A player must take at least one trick to gain credit for his meld, even if that
        # trick contains no points."
        r = rules("cutthroat")
        hand = played_hand(r, 0, 300, (200, 60, 40), (150, 0, 100), (10, 1, 4))
        state, _, _ = score("cutthroat", hand)
        assert state.scores == (350, 60, 140)
        hand = played_hand(r, 0, 300, (200, 60, 40), (150, 0, 100), (11, 0, 4))
        state, _, _ = score("cutthroat", hand)
        assert state.scores == (350, 0, 140)

    def test_discards_count_for_the_bidder(self):
        # 003: "The 3 cards discarded by the high bidder count towards his score for the hand"
        r = rules("cutthroat")
        discards = r.deck.counts_of(cards("AS TS KS"))  # 10 + 10 + 5
        hand = played_hand(r, 0, 300, (200, 0, 0), (75, 100, 50), (5, 5, 5), discards=discards)
        state, _, _ = score("cutthroat", hand)
        assert state.scores[0] == 300

    def test_conceding_after_looking_lets_others_score_meld(self):
        # 003: "the high bidder may concede the hand and take a negative score for the amount of
        # his bid. However, he still must name trump and the other 2 players get to score their
        # meld."
        r = rules("cutthroat")
        hand = played_hand(r, 0, 350, (80, 60, 40), (0,) * 3, (0,) * 3)
        state, _, _ = score("cutthroat", hand, EndKind.THROWN_IN)
        assert state.scores == (-350, 60, 40)

    def test_concede_without_looking(self):
        # 003: "He goes back 300 points and the opponents do not score anything for the hand."
        r = rules("cutthroat")
        hand = played_hand(r, 0, 300, (0, 60, 40), (0,) * 3, (0,) * 3)
        state, _, _ = score("cutthroat", hand, EndKind.CONCEDED_UNSEEN)
        assert state.scores == (-300, 0, 0)

    def test_checks_flush_aces_roundtable_and_losing(self):
        # 003: "Flush +1 check, Aces +1 check, Roundtable +2 checks ... Looking at the 'talon'
        # and losing the hand (either by conceding or playing) -1 check"
        r = rules("check")
        flush_aces = best_meld(r, cards("AH TH KH QH JH AS AC AD"), Suit.HEARTS)
        roundtable = best_meld(r, cards("KS QS KH QH KC QC KD QD"), Suit.HEARTS)
        hand = played_hand(r, 0, 400, (flush_aces, roundtable, fake_meld(0)), (100, 100, 50),
                           (5, 5, 5))._replace(looked=True)
        _, _, result = score("check", hand)
        assert result.outcome == "set"
        assert result.tallies == (1 + 1 - 1, 2, 0)

    @pytest.mark.parametrize("rule,expected", [("overtime", -1), ("bid-and-out", 1)])
    def test_tie_rules(self, rule, expected):
        # 003: "Method #2. 'Overtime rule' The game is extended and is now a contest to 1250
        # points ... Method #3 'bid and out rule' If 2 players go over 1000 on the same hand,
        # then whichever of them took the bid wins."
        from dataclasses import replace

        r = rules("cutthroat")
        r = replace(r, scoring=replace(r.scoring, tie_rule=rule))
        winner, target, _ = decide(r, (1010, 1100, 500), 1000, 1, False, 9)
        assert winner == (1 if rule == "bid-and-out" else -1)
        assert target == (1250 if rule == "overtime" else 1000)
        del expected


def test_overtime_raises_the_target_in_a_played_game():
    r = rules("two-handed")
    game = new_game(r, 0)._replace(scores=(990, 995))
    from game.rules.game_end import finish_hand

    state, events = finish_hand(r, game._replace(scores=(1010, 1020)), -1, False, [])
    assert TargetRaised(1250, state.over_reason or events[0].reason) == events[0]
    assert state.target == 1250 and not state.over
    state, events = finish_hand(r, state._replace(scores=(1260, 1100)), -1, False, [])
    assert any(isinstance(e, GameWon) and e.side == 0 for e in events)


class TestStarLevels002:
    """002: close-out levels "at 50 point increments starting at 250; 250, 300, 350, etc." and
    "Stars are assigned for Runs, Aces and at each close out; which double starting at 250"
    (issue 16.2: no upper end)."""

    def test_the_chart(self):
        # 002's chart: 250 1*, 300 2*, 350 4*, 400 8*, 450 16*, 500 32*, 550 64*
        r = rules("partnership-190")
        chart = {240: 0, 250: 1, 300: 2, 350: 4, 400: 8, 450: 16, 500: 32, 550: 64}
        assert {bid: r.scoring.level_stars(bid) for bid in chart} == chart
        assert r.scoring.level_stars(340) == 2  # between levels: the level reached

    def test_levels_keep_doubling_past_700(self):
        r = rules("partnership-190")
        assert r.scoring.level_stars(700) == 512
        assert r.scoring.level_stars(750) == 1024
        assert r.scoring.level_stars(800) == 2048
        assert r.scoring.level_stars(1000) == 32768
