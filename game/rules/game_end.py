"""The end of a hand for every table: who has won the game, whether the target moves on, and
the next deal.

Both state machines score their own hands (``auction_game.scoring``, ``stock_game.score``) and
then hand the new scores to :func:`finish_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.events import Event, GameWon, HandStarted, TargetRaised
from game.rules.phase import NewDeal, Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState


def side_name(rules: RuleSet, side: int) -> str:
    """A side's name at this table, the seating's ("South & North", or a player's seat)."""
    return rules.seating.side_name(side)



def decide(rules: RuleSet, scores: Sequence[int], target: int, bidder_side: int,
           bid_to_win: bool, hands_played: int, partners: Sequence[int] = ()
           ) -> tuple[int, int, str]:
    """(winner side or -1, the target from now on, the rule that decided or extended).
    ``partners`` are the columns of the bidder's partners found by a card this hand, who count
    next after the bidder ("the bidder, then the partner, then the highest")."""
    sc = rules.scoring
    if sc.game == "hands":
        return _after_hands(rules, scores, target, hands_played)
    over = [s for s in range(len(scores)) if scores[s] >= target]
    if not over:
        return -1, target, ""
    name = side_name
    if bid_to_win:
        if bidder_side in over:
            return bidder_side, target, (f"{name(rules, bidder_side)} reached {target} with "
                                         "the bid (bid-to-win: only the bidding side can win)")
        return -1, target, "bid-to-win is in effect: only a side that wins the bid can go out"
    if len(over) == 1:
        return over[0], target, f"{name(rules, over[0])} reached {target}"
    rule = sc.tie_rule
    if rule in ("bidder-first", "bid-and-out") and bidder_side in over:
        text = ("the bidding side counts first" if rule == "bidder-first"
                else "bid and out: of the players over the target, the bidder wins")
        return bidder_side, target, f"{name(rules, bidder_side)} reached {target}; {text}"
    partner = next((p for p in partners if p in over), -1)
    if rule == "bidder-first" and partner >= 0:
        return partner, target, (f"{name(rules, partner)} reached {target}; the bidder's "
                                 "partner counts next after the bidder")
    if rule == "bid-and-out" or rule == "bidder-first":
        rule = sc.tie_fallback
    return _tied_over(rules, scores, target, over, rule)


def _after_hands(rules: RuleSet, scores: Sequence[int], target: int, hands_played: int
                 ) -> tuple[int, int, str]:
    """A game of so many hands: the highest score once they are played."""
    hands = rules.scoring.hands
    if hands_played < hands:
        return -1, target, ""
    best = max(scores)
    leaders = [s for s in range(len(scores)) if scores[s] == best]
    if len(leaders) == 1:
        return leaders[0], target, f"highest score after {hands} hands"
    return -1, target, "tied after the last hand: one more hand decides"


def _tied_over(rules: RuleSet, scores: Sequence[int], target: int, over: list[int], rule: str
               ) -> tuple[int, int, str]:
    """More than one side over the target, the bidder's not deciding: the highest score, or
    the game goes on to a higher target."""
    if rule == "highest":
        best = max(scores[s] for s in over)
        leaders = [s for s in over if scores[s] == best]
        if len(leaders) == 1:
            leader = leaders[0]
            return leader, target, (f"{side_name(rules, leader)} has the highest score over "
                                    f"{target}")
        return -1, target, "tied over the target: another hand is played"
    new_target = target + rules.scoring.overtime_step
    return -1, new_target, f"more than one side passed {target}: the game goes on to {new_target}"


def finish_hand(rules: RuleSet, state: GameState, bidder_side: int, bid_to_win: bool,
                events: list[Event], partners: Sequence[int] = ()
                ) -> tuple[GameState, list[Event]]:
    """Decide the game after a scored hand, or set up the next deal."""
    winner, target, reason = decide(rules, state.scores, state.target, bidder_side, bid_to_win,
                                    state.hand_no + 1, partners)
    if winner >= 0 and rules.scoring.checks and "game" in rules.scoring.optional_checks:
        tallies = list(state.tallies)
        tallies[winner] += rules.scoring.game_checks
        state = state._replace(tallies=tuple(tallies))
    if target != state.target:
        events.append(TargetRaised(target, reason))
        state = state._replace(target=target)
    if winner >= 0:
        events.append(GameWon(winner, reason, state.scores))
        over_hand = state.hand._replace(phase=Phase.GAME_OVER)
        return state._replace(winner=winner, over_reason=reason, hand=over_hand), events
    dealer = rules.next_seat(state.dealer)
    nxt = NewDeal(Phase.DEAL, dealer)
    state = state._replace(hand_no=state.hand_no + 1, dealer=dealer, hand=nxt)
    events.append(HandStarted(state.hand_no, dealer))
    return state, events
