"""Scoring the two-handed game (document 004): rounded trick points, declaring out, and the
end of a deal."""

from __future__ import annotations

from game.rules.cards import Suit
from game.rules.events import (
    DeclaredOut,
    Event,
    GameWon,
    HandResult,
    HandScored,
    Outcome,
    SideResult,
)
from game.rules.game_end import finish_hand
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand

ROUNDING = "In this count, 7 points or more count as 10."  # 004, quoted


def rounded(rules: RuleSet, points: int) -> int:
    """004: "In this count, 7 points or more count as 10." 87 -> 90; 126 and 124 -> 120."""
    if not rules.stock.round_tricks:
        return points
    tens, units = divmod(points, 10)
    return (tens + (1 if units >= 7 else 0)) * 10


def rounding_note(raw: int, counted: int) -> str:
    """Why a seat's tricks score other than what it took: "62 in tricks count as 60 (004: ...)"
    -- empty when nothing was rounded."""
    if raw < 0 or raw == counted:
        return ""
    return f"{raw} in tricks count as {counted} ({ROUNDING[0].lower()}{ROUNDING[1:]})"


def hand_points(rules: RuleSet, hand: StockHand, seat: int) -> int:
    """What ``seat`` has counted in this hand so far: its meld and its trick points, rounded
    as the table rounds them."""
    return hand.meld_pts[seat] + rounded(rules, hand.taken[seat])


def scored_so_far(scores: tuple[int, ...], hand: StockHand) -> tuple[int, ...]:
    """Each player's score with the meld laid this deal. 004: "Melds are scored when they are
    made. Scores for cards taken in tricks are added after the play is complete"."""
    return tuple(scores[seat] + hand.meld_pts[seat] for seat in range(len(scores)))


def declared_total(state: GameState, seat: int = -1) -> int:
    """What ``seat`` (by default the player to act) would have if they declared out now: "play
    stops and his tricks are counted" (004), with the meld already scored."""
    hand = state.hand
    assert isinstance(hand, StockHand)
    if seat < 0:
        seat = hand.turn
    return state.scores[seat] + hand.meld_pts[seat] + rounded(state.rules, hand.taken[seat])


def declaring_out_wins(state: GameState) -> bool:
    """Whether the player to act would win the match by declaring out now. Rounding adds at
    most 3 to the trick points, so the exact total is needed only near the target (a
    legal-move bot asks this on every turn)."""
    hand = state.hand
    assert isinstance(hand, StockHand)
    seat = hand.turn
    target = state.target
    if state.scores[seat] + hand.meld_pts[seat] + hand.taken[seat] + 3 < target:
        return False
    return declared_total(state) >= target


def declare_out(state: GameState, hand: StockHand, seat: int) -> tuple[GameState, list[Event]]:
    """004: "If, in fact, the player has 1000 points or more, he wins the game even if the
    opponent has more. If the claimant has fewer than 1,000 points, he loses the game." Any
    seat may declare, whoever's turn it is."""
    rules = state.rules
    total = declared_total(state, seat)
    won = total >= state.target
    winner = seat if won else rules.next_seat(seat)
    reason = (f"declared out with {total}, at least {state.target}" if won else
              f"declared out with only {total}, under {state.target}: the claim loses")
    scores = list(state.scores)
    scores[seat] = total
    state = state._replace(scores=tuple(scores), winner=winner, over_reason=reason,
                           hand=hand._replace(phase=Phase.GAME_OVER))
    return state, [DeclaredOut(seat, total, won), GameWon(winner, reason, state.scores)]


def score(state: GameState, hand: StockHand, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The game after the stock hand is scored (each player's meld and rounded trick
    points added), with ``events`` and the scoring's own."""
    rules = state.rules
    sides = []
    deltas = []
    for seat in range(2):
        r = rounded(rules, hand.taken[seat])
        delta = hand.meld_pts[seat] + r
        deltas.append(delta)
        sides.append(SideResult(seat, hand.meld_pts[seat], hand.meld_pts[seat], hand.taken[seat],
                                r, delta, raw_tricks=hand.taken[seat]))
    scores = tuple(state.scores[i] + deltas[i] for i in range(2))
    result = HandResult(state.hand_no, hand.dealer, -1, 0, Suit(hand.trump), tuple(sides), scores,
                        outcome=Outcome.PLAYED)
    events.append(HandScored(result))
    state = state._replace(scores=scores, records=state.records + (result,), hand=hand)
    if rules.scoring.game == "deal" and deltas[0] != deltas[1]:
        winner = 0 if deltas[0] > deltas[1] else 1
        reason = "every deal is a game: the higher score wins"
        events.append(GameWon(winner, reason, scores))
        return state._replace(winner=winner, over_reason=reason,
                              hand=hand._replace(phase=Phase.GAME_OVER)), events
    return finish_hand(rules, state, -1, False, events)
