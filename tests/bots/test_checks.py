"""``hard`` plays check pinochle for its checks (document 003, "3 player - check pinochle"):

    "It is the same as to 1000, except that you keep track of "checks". If you are playing $1
    stakes, each check you gain means that the other 2 players owe you a dollar."
    "Aces +1 check" / "Roundtable +2 checks (marriage in each suit)"
    "Note that checks for meld can be earned either by the bidder or non-bidder. Checks are kept
    even if you do not make your bid or "throw it in"."
    "Looking at the "talon" and losing the hand (either by conceding or playing) -1 check"
    "Not looking at the talon and conceding 300 points. - no gain or loss of checks (happens when
    forced to bid)"

and on conceding unseen: "Even when holding a hopeless hand, it pays to look when nobody is close
to winning, because the odds of drawing 2 to a flush is usually justified. (Not true when playing
"check pinochle".)"
"""

from __future__ import annotations

import random

import pytest

from game.bots.handscore import hand_meld_checks
from game.bots.registry import make_bot
from game.rules.actions import Bid, Pass, TakeWidow, ThrowIn
from game.rules.cards import Suit, parse_cards
from game.rules.engine import actor, apply, legal_actions
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset
from tests.helpers import game_with_hands, play_actions

# Marriages in all four suits, nothing else of use: a roundtable, and no way to take 200 of
# the 250 trick points the 300 bid needs beside its 100 meld.
ROUNDTABLE = "KS QS KH QH KD QD KC QC 9S 9H 9D 9C JS JH JC"


def _forced_widow(preset: str, seed: int):
    """South holds meld, so it must open at 300; the others pass: the widow decision."""
    r = load_preset(preset)
    deck = r.deck
    widow = "AS TS AH"
    rest = deck.to_cards(deck.full() - deck.counts_of(parse_cards(ROUNDTABLE + " " + widow)))
    random.Random(seed).shuffle(rest)
    hands = [ROUNDTABLE, " ".join(map(str, rest[:15])), " ".join(map(str, rest[15:]))]
    dealer = next(d for d in range(3) if r.next_seat(d) == 0)  # South speaks first
    state = game_with_hands(r, hands, dealer=dealer, widow=widow)
    state, _ = play_actions(state, "bid 300")
    while state.phase == Phase.AUCTION:
        acts = legal_actions(state)
        state, _ = apply(state, Pass() if Pass() in acts else
                         next(a for a in acts if isinstance(a, Bid)))
    assert state.phase == Phase.WIDOW and state.hand.bidder == 0
    return observe(state, actor(state))


@pytest.mark.parametrize("seed", [0, 1])
def test_the_roundtable_is_worth_looking_for_in_check_but_not_a_hopeless_look(seed):
    cut = _forced_widow("cutthroat", seed)
    check = _forced_widow("check", seed)
    assert set(check.legal) == {TakeWidow(), ThrowIn()}
    hard, blind = make_bot("hard"), make_bot("hard", checks="off")
    # Cutthroat: nobody is near 1000, so it pays to look.
    assert hard.choose(cut, random.Random(1)) == TakeWidow()
    # Check pinochle, counting only the check lost by looking and losing: concede unseen.
    assert blind.choose(check, random.Random(1)) == ThrowIn()
    # Counting the roundtable's two checks, which only looking keeps: look.
    assert hard.choose(check, random.Random(1)) == TakeWidow()


def test_the_meld_checks_the_search_counts_are_the_engines():
    r = load_preset("check")
    hand = r.deck.counts_of(parse_cards(ROUNDTABLE))
    assert hand_meld_checks(r, hand, int(Suit.HEARTS)) == 2  # "Roundtable +2 checks"
    flush = r.deck.counts_of(parse_cards("AH TH KH QH JH AS AD AC 9S 9D JC QC TS KS 9C"))
    # "Flush +1 check" (in trump only) and "Aces +1 check"
    assert hand_meld_checks(r, flush, int(Suit.HEARTS)) == 2
    assert hand_meld_checks(r, flush, int(Suit.SPADES)) == 1
    # cutthroat keeps no checks
    assert hand_meld_checks(load_preset("cutthroat"), flush, int(Suit.HEARTS)) == 0
