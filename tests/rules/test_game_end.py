"""Ending a game at every table, one scenario per rule (issue 16.5: "Scenario tests for
seven-nines, 'highest', overtime to 1250 and 1500, bid-and-out, every cutthroat tie rule")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.auction_game.state import PlayState
from game.rules.engine import new_game
from game.rules.events import GameWon, TargetRaised
from game.rules.game_end import decide, finish_hand
from game.store.content import ruleset_from_text
from tests.helpers import cards, rules
from tests.rules.test_scoring import played_hand


def cutthroat(rule, fallback="overtime"):
    r = rules("cutthroat")
    return replace(r, scoring=replace(r.scoring, tie_rule=rule, tie_fallback=fallback))


class TestCutthroatTieRules003:
    """003: "There are 3 methods of resolving ties"."""

    def test_method_1_highest_score_wins(self):
        # "Method #1. Highest score wins. If there's a tie, play another hand."
        r = cutthroat("highest")
        assert decide(r, (1010, 1100, 500), 1000, 0, False, 9) == (
            1, 1000, "West has the highest score over 1000")
        winner, target, why = decide(r, (1100, 1100, 500), 1000, 0, False, 9)
        assert (winner, target) == (-1, 1000) and "another hand" in why

    def test_method_2_overtime_to_1250_then_1500(self):
        # "Method #2. 'Overtime rule' The game is extended and is now a contest to 1250 points.
        # If 2 player go over 1250 on the same hand, the contest is now to 1500 points. This
        # holds even if people go minus and everyone falls below 1000 points."
        r = cutthroat("overtime")
        assert decide(r, (1010, 1100, 500), 1000, 2, False, 9)[:2] == (-1, 1250)
        assert decide(r, (1260, 1300, 500), 1250, 2, False, 9)[:2] == (-1, 1500)
        assert decide(r, (900, 800, 500), 1250, 2, False, 9)[:2] == (-1, 1250)  # below 1000
        assert decide(r, (1260, 1200, 500), 1250, 2, False, 9)[:2] == (0, 1250)

    def test_method_3_bid_and_out(self):
        # "Method #3 'bid and out rule' If 2 players go over 1000 on the same hand, then
        # whichever of them took the bid wins."
        r = cutthroat("bid-and-out")
        winner, _, why = decide(r, (1010, 1100, 500), 1000, 0, False, 9)
        assert winner == 0 and "bid and out" in why

    @pytest.mark.parametrize(("fallback", "expected"), [("overtime", (-1, 1250)),
                                                          ("highest", (1, 1000))])
    def test_method_3_falls_back_when_two_non_bidders_go_over(self, fallback, expected):
        # "If 2 non-bidders go over 1000 on the same hand (extremely rare), then it reverts to
        # Method #2 or Method #1."
        r = cutthroat("bid-and-out", fallback)
        assert decide(r, (1010, 1100, 500), 1000, 2, False, 9)[:2] == expected


def test_004_overtime_to_1250_and_1500_in_a_played_match():
    # 004: "If at the end of the play of any hand each player has 1,000 or more, play continues
    # for a game of 1,250 ... If both players go over 1,250 at the end of the hand, the play
    # continues for a 1,500-point game, and so on."
    r = rules("two-handed")
    state = new_game(r, 0)
    state, events = finish_hand(r, state._replace(scores=(1010, 1130)), -1, False, [])
    assert TargetRaised(1250, events[0].reason) in events and state.target == 1250
    state, events = finish_hand(r, state._replace(scores=(1300, 1260)), -1, False, [])
    assert state.target == 1500 and not state.over
    state, events = finish_hand(r, state._replace(scores=(1500, 1490)), -1, False, [])
    assert any(isinstance(e, GameWon) and e.side == 0 for e in events)


def test_playing_a_number_of_hands_ties_play_one_more():
    r = ruleset_from_text('base = "racehorse"\nname = "h"\ntitle = "h"\n[scoring]\n'
                          'game = "hands"\nhands = 4\n', "h.toml")
    assert decide(r, (300, 300), 1500, 0, False, 4) == (
        -1, 1500, "tied after the last hand: one more hand decides")


class TestChecks003:
    def test_seven_nines_counts_the_nines_held_in_the_hand(self):
        # 003: "7 nines +5 or +10 checks (optional) (do not need to win the bid to get credit)"
        r = ruleset_from_text('base = "check"\nname = "n"\ntitle = "n"\n[scoring]\n'
                              'optional_checks = ["seven-nines"]\nseven_nines_checks = 10\n',
                              "n.toml")
        deck = r.deck
        nines = cards("9S 9S 9H 9H 9C 9C 9D")
        hand = played_hand(r, 0, 300, (200, 0, 0), (200, 50, 0), (10, 5, 0))
        # West (not the bidder) held seven nines: four still in hand, three played
        played = ((1, deck.type_of(nines[0])), (0, deck.type_of(cards("AS")[0])),
                  (2, deck.type_of(cards("KS")[0])))
        play = PlayState(0, 0, (), -1, 0, (200, 50, 0), (10, 5, 0),
                         (played, ((1, deck.type_of(nines[1])), (0, 0), (2, 0)),
                          ((1, deck.type_of(nines[2])), (0, 0), (2, 0))), 0)
        hand = hand._replace(hands=(0, deck.counts_of(nines[3:]), 0), play=play)
        state, _, result = score_with(r, hand)
        assert result.tallies[1] == 10
        assert result.tallies[2] == 0

    def test_winning_the_game_earns_checks(self):
        # 003: "Winning the game +5 checks or +10 checks"
        r = ruleset_from_text('base = "check"\nname = "g"\ntitle = "g"\n[scoring]\n'
                              'optional_checks = ["game"]\ngame_checks = 10\n', "g.toml")
        state = new_game(r, 0)._replace(scores=(1010, 400, 300))
        state, events = finish_hand(r, state, 0, False, [])
        assert state.winner == 0 and state.tallies[0] == 10

    def test_the_optional_doubles(self):
        # 003: "Double marriage (2 marriages in same suit) +1 check (optional) / Double
        # pinochle +1 check (optional) / Double Aces, Double Kings, Double Queens, or Double
        # Jacks +2 checks (optional)"
        from game.rules.auction_game.tallies import meld_checks
        from game.rules.compiled import best_meld

        r = ruleset_from_text('base = "check"\nname = "d"\ntitle = "d"\n[scoring]\n'
                              'optional_checks = ["double-marriage", "double-pinochle", '
                              '"double-arounds"]\n', "d.toml")
        doubles = best_meld(r, cards("KS KS QS QS JD JD AS AS AH AH AC AC AD AD"), 1)
        # two spade marriages (+1), double pinochle (+1), double aces (+1 aces, +2 double)
        assert meld_checks(r, doubles, 0) == 1 + 1 + 1 + 2
        plain = rules("check")  # without the options: aces +1 only
        hand = cards("KS KS QS QS JD JD AS AS AH AH AC AC AD AD")
        assert meld_checks(plain, best_meld(plain, hand, 1), 0) == 1


def score_with(r, hand):
    from game.rules.auction_game.scoring import score_hand
    from game.rules.events import HandScored
    from game.rules.outcome import EndKind, HandEnd

    state, events = score_hand(r, new_game(r, 0), hand, HandEnd(EndKind.PLAYED))
    return state, events, next(e.result for e in events if isinstance(e, HandScored))


def test_no_save_meld_rule_keeps_every_meld():
    # (scoring.save_meld = "none": two-handed scores meld when it is laid.)
    r = ruleset_from_text('base = "partnership-150"\nname = "s"\ntitle = "s"\n[scoring]\n'
                          'save_meld = "none"\n', "s.toml")
    hand = played_hand(r, 0, 150, (100, 60, 50, 20), (250, 0, 0, 0), (12, 0, 0, 0))
    _, _, result = score_with(r, hand)
    assert [s.meld_counted for s in result.sides] == [150, 80]


@pytest.mark.parametrize("preset", ["racehorse", "double-deck", "partnership-150", "cutthroat",
                                    "five-handed", "six-handed"])
def test_a_game_that_ends_on_the_last_trick_leaves_no_card_in_any_hand(preset):
    # 001: "A trick consists of one card from each player and if it contains no trumps it is
    # won by the highest card played of the suit led", so the last trick takes every
    # player's last card. At the game's end the engine kept the hand as it stood before the
    # last card was played: the last player's view still held that card, and the table drew
    # it face down in front of the player behind the game-over screen (five-handed, seed 3).
    from game.match.controller import Match
    from game.rules.phase import Phase
    from game.store.content import load_preset

    r = load_preset(preset)
    for seed in range(1, 6):
        match = Match(r, seed, ("random",) * r.players)
        steps = 0
        while not match.over and steps < 50_000:
            match.step_bot(0)
            steps += 1
        assert match.over
        if str(match.actions[-1]).startswith("play"):  # ended on a trick, not a throw-in
            break
    else:
        pytest.fail(f"no game of {preset} ended on its last trick in five seeds")
    assert match.state.phase == Phase.GAME_OVER
    held = {seat: match.view(seat).hidden_cards for seat in range(r.players)}
    assert all(not cards_ for cards_ in held.values()), held
