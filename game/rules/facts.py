"""The facts about a hand that the upper floors show a player or check, asked through the facade.

The window, the tutorial and the match harness read what each side may score, what it still
needs, the stars or checks a bid or a meld earns, the two-handed rounding, the cards a pass or a
discard chooses from, and whether every card is where it should be, from here. These are the
facade's own functions, typed in the shared vocabulary (cards, rule sets, melds, ``SideNeed``):
the state machines (``auction_game/``, ``stock_game/``) answer them privately and may change
behind them (``tests/test_architecture.py`` holds the upper floors to this door, re-exports
included: a machine's own function passed on under this module's name would not do).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.auction_game import melding, needs, tallies
from game.rules.auction_game.state import HandState, hand_sides
from game.rules.cards import Card
from game.rules.events import HandResult
from game.rules.meld import MeldResult
from game.rules.outcome import SideNeed
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.state import GameState
from game.rules.stock_game import score
from game.rules.stock_game.state import StockHand

__all__ = ["SideNeed", "auction_calls", "card_choice", "cards_conserved",
           "declaring_out_wins", "level_stars", "meld_checks", "rounding_note",
           "side_meld_totals", "stock_hand", "still_needed", "trick_on_table",
           "trick_points_taken", "trump_of"]


def trump_of(state: GameState) -> int | None:
    """The trump suit of the hand in play (a ``Suit`` value), or None while none is named
    (and between deals)."""
    trump = getattr(state.hand, "trump", -1)  # a hand not yet dealt has none
    return None if trump < 0 else int(trump)


def stock_hand(state: GameState) -> bool:
    """Whether a two-handed hand (a stock and a playoff) is in progress."""
    return isinstance(state.hand, StockHand)


def trick_on_table(state: GameState) -> tuple[Card, ...] | None:
    """The cards of the trick being played, in the order played (empty when a trick is to be
    led), or None while no trick play is under way (the auction, the exchanges, between
    deals). Two-handed, the stock's tricks count as trick play."""
    hand = state.hand
    if isinstance(hand, HandState):
        if hand.play is None:
            return None
        return tuple(state.rules.deck.types[t] for _, t in hand.play.trick)
    if isinstance(hand, StockHand):
        return tuple(state.rules.deck.types[t] for _, t in hand.trick)
    return None


def auction_calls(state: GameState) -> tuple[tuple[int, int], ...] | None:
    """The calls made so far, (seat, amount) with 0 for a pass, while an auction hand has an
    auction; None otherwise (two-handed, between deals)."""
    hand = state.hand
    if isinstance(hand, HandState) and hand.auction is not None:
        return hand.auction.history
    return None


def side_meld_totals(rules: RuleSet, melds: Sequence[MeldResult | None],
                     sides: Sides | None = None) -> tuple[int, ...]:
    """The meld each side of the hand (``sides``, the table's own by default) may score from
    each seat's shown meld (None: not shown yet), with any minimum the rules set (001: "Meld
    can only be scored by a side whose meld is worth at least 20 points")."""
    return melding.side_meld_totals(rules, melds, sides)


def still_needed(rules: RuleSet, bidder: int, bid: int, side_meld: tuple[int, ...],
                 taken: tuple[int, ...], won: tuple[int, ...], sides: Sides | None = None
                 ) -> tuple[SideNeed, ...]:
    """Per side of the hand (``sides``, the table's own by default), what it still needs from
    the tricks: the bidders to make ``bid``, the others to keep their meld. ``side_meld`` is
    the meld each side may score, ``taken`` and ``won`` the counters and tricks each side has
    taken so far."""
    return needs.still_needed(rules, bidder, bid, side_meld, taken, won, sides)


def trick_points_taken(rules: RuleSet, result: HandResult) -> int:
    """The trick points taken in a scored hand, every side's once. Where a card finds the
    partner each player's column shows its side's tricks (the bidder and the partner the
    bidding side's, each defender the defenders'): those count once per side."""
    if not rules.seating.by_card:
        return sum(s.tricks for s in result.sides)
    bidding = result.bidding_columns
    ours = next((s.tricks for s in result.sides if s.side in bidding), 0)
    theirs = next((s.tricks for s in result.sides if s.side not in bidding), 0)
    return ours + theirs


def level_stars(rules: RuleSet, bid: int) -> int:
    """The stars a contract of ``bid`` is worth at a star-scored table (002's close-out
    levels: 250 is one star, 300 two, 350 four...)."""
    return tallies.level_stars(rules, bid)


def meld_checks(rules: RuleSet, meld: MeldResult | None, nines: int) -> int:
    """The checks a player's shown meld earns at check pinochle (003: flush +1, aces +1,
    roundtable +2, and the table's options), ``nines`` the nines of trump held."""
    return tallies.meld_checks(rules, meld, nines)


def rounding_note(raw: int, counted: int) -> str:
    """Why a seat's tricks score other than what it took at the two-handed table: "62 in
    tricks count as 60 (in this count, 7 points or more count as 10.)"; empty when nothing
    was rounded."""
    return score.rounding_note(raw, counted)


def declaring_out_wins(state: GameState) -> bool:
    """Whether the player to act at the two-handed table would win the match by declaring out
    now (004: "play stops and his tricks are counted")."""
    return isinstance(state.hand, StockHand) and score.declaring_out_wins(state)


def card_choice(state: GameState) -> tuple[list[Card], int] | None:
    """The cards the player to act chooses from in a pass, a pass back or a discard, and how
    many they choose; None in any other phase. (The legal actions list every choice of cards;
    a harness that wants one at random draws from these instead.)"""
    hand, rules = state.hand, state.rules
    if not isinstance(hand, HandState) or not hand.hands:
        return None
    if hand.phase == Phase.PASS:
        # Passing is between the two seats of a side of two.
        (partner,) = hand_sides(rules.seating, hand).partners(hand.bidder)
        pool, k = hand.hands[partner], rules.passing.count
    elif hand.phase == Phase.PASS_BACK:
        pool, k = hand.hands[hand.bidder] - hand.keep, rules.passing.count  # laid meld kept
    elif hand.phase == Phase.DISCARD:
        pool, k = hand.hands[hand.bidder], rules.widow.size
    else:
        return None
    return rules.deck.to_cards(pool), k


def cards_conserved(state: GameState) -> bool:
    """Whether every card of the pack is in exactly one place: the hands, the widow, the
    discards, the cards set aside in an exchange, the tricks, the stock and its turn-up."""
    rules, hand = state.rules, state.hand
    deck = rules.deck
    full = deck.full()
    if isinstance(hand, StockHand):
        if not hand.hands:
            return True
        total = sum(hand.hands) + hand.played + sum(deck.one[t] for t in hand.stock)
        if hand.turnup >= 0:
            total += deck.one[hand.turnup]
        return total == full
    if not isinstance(hand, HandState) or not hand.hands:
        return True
    total = sum(hand.hands) + hand.discards + (hand.play.played if hand.play else 0)
    total += hand.pending  # a simultaneous exchange: the partner's cards set aside
    if not hand.looked:
        total += hand.widow
    return total == full
