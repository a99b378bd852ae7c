"""Throwing a hand in by agreement (000): "if they miss the bid by 250 or less, then they must
play out the hand unless everybody agrees to throw it in."

Before the first card, a bidder who may not throw in alone may propose it once; every other
player, in turn from the bidder's left, agrees or refuses. One refusal and the bidder leads; if
all agree the hand is thrown in and scored like any throw-in.
"""

from __future__ import annotations

from game.rules.actions import Action, AgreeThrowIn, RefuseThrowIn
from game.rules.auction_game.state import HandState
from game.rules.errors import IllegalActionError
from game.rules.events import Event, ThrowInAnswered, ThrowInProposed
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet

VOTES: tuple[Action, ...] = (AgreeThrowIn(), RefuseThrowIn())


def may_propose(rules: RuleSet, hand: HandState) -> bool:
    """Before the first card, the bidder to lead, once per hand (the caller checks that a
    throw-in alone is not allowed)."""
    ps = hand.play
    return (rules.throw_in.by_agreement and not hand.throw_in_asked and ps is not None
            and not ps.tricks and not ps.trick and ps.turn == hand.bidder)


def propose(rules: RuleSet, hand: HandState) -> tuple[HandState, list[Event]]:
    """The hand after the bidder proposes throwing it in: the others vote in turn."""
    new = hand._replace(phase=Phase.THROW_IN_VOTE, throw_in_asked=True, votes=0)
    return new, [ThrowInProposed(hand.bidder)]


def voter(rules: RuleSet, hand: HandState) -> int:
    """The player whose answer is awaited: the bidder's left first, then round the table."""
    seat = rules.seating.next_in_hand(hand.bidder, hand.dealer)
    for _ in range(hand.votes):
        seat = rules.seating.next_in_hand(seat, hand.dealer)
    return seat


def vote(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event], bool]:
    """(the hand after an answer, its events, whether everybody has now agreed)."""
    seat = voter(rules, hand)
    if isinstance(action, AgreeThrowIn):
        new = hand._replace(votes=hand.votes + 1)
        return new, [ThrowInAnswered(seat, True)], new.votes == rules.hand_players - 1
    if isinstance(action, RefuseThrowIn):
        return (hand._replace(phase=Phase.TRICKS, votes=0), [ThrowInAnswered(seat, False)],
                False)
    raise IllegalActionError("The bidder asks to throw the hand in: agree or refuse.",
                             f"{action} is not an answer")
