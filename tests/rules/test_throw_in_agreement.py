"""Throwing in by agreement (issue 19.3). 000: "If a partnership's meld is more than 250 points
below their bid ... They may, if they choose, 'throw in the hand' ... However, if they miss the
bid by 250 or less, then they must play out the hand unless everybody agrees to throw it in."
"""

from __future__ import annotations

import random

import pytest

from game.bots.registry import make_bot
from game.rules.actions import AgreeThrowIn, ProposeThrowIn, RefuseThrowIn, ThrowIn
from game.rules.auction_game.state import HandState, PlayState
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.errors import IllegalActionError
from game.rules.events import HandScored, ThrowInAnswered, ThrowInProposed
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset
from tests.helpers import cards, deal_pack, play_actions


def first_lead(bid, melds=(100, 0, 60, 20), name="racehorse", hands_seed=3, bidder=0):
    """Racehorse before the first card: ``bidder`` (South) bid ``bid`` and leads."""
    r = load_preset(name)
    hands, _ = deal_pack(r, hands_seed)
    counts = tuple(r.deck.counts_of(cards(h)) for h in hands)
    results = tuple(MeldResult(m, ()) for m in melds)
    play = PlayState(bidder, bidder, (), -1, 0, (0,) * 4, (0,) * 4, (), 0)
    side = (melds[0] + melds[2], melds[1] + melds[3])
    hand = HandState(Phase.TRICKS, 3, counts, play, bidder=bidder, bid=bid, trump=1,
                     melds=results, side_meld=side)
    return new_game(r, 0)._replace(hand=hand)


def test_within_the_margin_the_bidder_may_only_propose():
    state = first_lead(400)  # 240 short of the bid: within 250
    acts = legal_actions(state)
    assert ProposeThrowIn() in acts and ThrowIn() not in acts
    with pytest.raises(IllegalActionError, match="everybody agrees"):
        play_actions(state, "throw-in")


def test_over_the_margin_the_bidder_throws_in_alone():
    state = first_lead(420)  # 260 short: more than 250
    acts = legal_actions(state)
    assert ThrowIn() in acts and ProposeThrowIn() not in acts


def test_everybody_agrees_and_the_hand_is_thrown_in():
    # 000: "their meld doesn't count, their bid is subtracted from their score, the hand is
    # not played"; the other side scores its meld (VARIANTS.md's decision for a throw-in).
    state, events = play_actions(first_lead(400), "propose-throw-in")
    assert ThrowInProposed(0) in events and state.phase == Phase.THROW_IN_VOTE
    answers = []
    for _ in range(3):
        answers.append(actor(state))
        assert legal_actions(state) == (AgreeThrowIn(), RefuseThrowIn())
        state, events = apply(state, AgreeThrowIn())
    assert answers == [1, 2, 3]  # from the bidder's left, round the table
    result = next(e.result for e in events if isinstance(e, HandScored))
    assert result.outcome == "thrown in" and state.scores == (-400, 20)
    assert "thrown in by agreement" in result.notes


def test_one_refusal_and_the_hand_is_played_out():
    state, _ = play_actions(first_lead(400), "propose-throw-in", "agree-throw-in")
    state, events = play_actions(state, "refuse-throw-in")
    assert ThrowInAnswered(2, False) in events
    assert state.phase == Phase.TRICKS and actor(state) == 0
    acts = legal_actions(state)
    assert ProposeThrowIn() not in acts and ThrowIn() not in acts  # once per hand
    with pytest.raises(IllegalActionError):
        play_actions(state, "propose-throw-in")


@pytest.mark.parametrize("name", ["double-deck", "partnership-190", "partnership-150"])
def test_no_agreement_where_the_document_has_none(name):
    # 001 lets the bidding side throw in alone; 002 and 003 four-handed have no throw-in.
    r = load_preset(name)
    assert not r.throw_in.by_agreement
    state = first_lead(r.auction.min_bid + 100, name=name)
    assert ProposeThrowIn() not in legal_actions(state)


def test_bots_answer_in_their_interest():
    # The bidder's partner trusts the bidder; a defender refuses when it expects to take many
    # trick points and agrees when the bidders are likely to make it anyway.
    state, _ = play_actions(first_lead(400), "propose-throw-in")
    for level in ("easy", "medium", "hard"):
        bot = make_bot(level)
        view = observe(state, 1)
        s = bot.suggest(view, random.Random(1))
        assert s.action in (AgreeThrowIn(), RefuseThrowIn()) and s.reason
        partner = observe(state._replace(hand=state.hand._replace(votes=1)), 2)
        assert bot.suggest(partner, random.Random(1)).action == AgreeThrowIn()
    from game.bots.exchange import throw_in_vote

    easy = observe(play_actions(first_lead(260, melds=(100, 0, 60, 20)),
                                "propose-throw-in")[0], 1)
    assert throw_in_vote(easy)[0] == AgreeThrowIn()  # needs 100 of 250: they will make it
    hard = observe(play_actions(first_lead(400, melds=(100, 0, 60, 20)),
                                "propose-throw-in")[0], 1)
    assert throw_in_vote(hard)[0] == RefuseThrowIn()  # needs 240: they will not
