"""The rules engine's one entry point: ``new_game``, ``actor``, ``legal_actions``, ``apply`` and
``replay``, for every table.

Two state machines play the hands: :mod:`game.rules.auction_game` (every preset with an auction)
and :mod:`game.rules.stock_game` (two-handed, document 004). This facade picks one by the type of
the hand in the state; neither knows the other. Between hands the state holds a
:class:`NewDeal`, and dealing it starts the machine the rule set asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.actions import Action, Deal, DeclareOut, PlayCard
from game.rules.auction_game import flow as auction_flow
from game.rules.auction_game import play
from game.rules.auction_game.state import HandState
from game.rules.auction_game.state import hand_sides as _auction_sides
from game.rules.cards import Card
from game.rules.compiled import compile_rules
from game.rules.deal import deal, scattered
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import NewDeal, Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.state import GameState
from game.rules.stock_game import flow as stock_flow
from game.rules.stock_game import score as stock_score
from game.rules.stock_game.state import StockHand

_DEAL = (Deal(),)
# Module constants compared by identity: enum attribute lookups cost on the hot path.
_TRICKS, _GAME_OVER = Phase.TRICKS, Phase.GAME_OVER


def first_dealer(rules: RuleSet) -> int:
    """The dealer of the first hand: the seat on south's right, so that the human, on the
    dealer's left, speaks first whatever the direction of play."""
    return rules.players - 1


def new_game(rules: RuleSet, seed: int) -> GameState:
    """A game of ``rules`` before its first deal: scores at zero, the first dealer chosen,
    every deal of it fixed by ``seed``."""
    dealer = first_dealer(rules)
    n = rules.n_sides
    tallies = (0,) * (n if (rules.scoring.stars or rules.scoring.checks) else 0)
    return GameState(rules, seed, 0, dealer, (0,) * n, tallies, rules.scoring.target, (),
                     NewDeal(Phase.DEAL, dealer), compile_rules(rules))


def at_deal(state: GameState, hand_no: int, dealer: int) -> GameState:
    """``state`` moved to the start of deal ``hand_no`` with ``dealer`` dealing (duplicate
    matches replay the same deal at every table)."""
    return state._replace(hand_no=hand_no, dealer=dealer, hand=NewDeal(Phase.DEAL, dealer))


def actor(state: GameState) -> int:
    """The seat whose decision the game waits for (the dealer deals); -1 when it is over."""
    hand = state.hand
    if hand.phase == Phase.GAME_OVER:
        return -1
    if isinstance(hand, StockHand):
        return stock_flow.actor(hand)
    if isinstance(hand, HandState):
        return auction_flow.actor(state.rules, hand)
    return hand.dealer


def hand_sides(state: GameState) -> Sides:
    """Who plays with whom in the hand now: the table's sides, or, where a card finds the
    bidder's partner, the bidding side against the rest once trump has found it."""
    hand = state.hand
    if isinstance(hand, HandState):
        return _auction_sides(state.rules.seating, hand)
    return state.rules.seating.sides


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the game waits for now, of the seat to act (empty when it is over)."""
    hand = state[8]  # state.hand, by position: this runs for every card of every playout
    if hand[0] is _GAME_OVER:
        return ()
    if isinstance(hand, HandState):
        if hand[0] is _TRICKS:
            return play.legal(state[9], hand)
        return auction_flow.legal(state[9], hand)
    if isinstance(hand, StockHand):
        return stock_flow.legal(state[9], hand)
    return _DEAL


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply one action for the seat whose turn it is; raise IllegalActionError if the rules
    forbid it (the message names the rule)."""
    hand = state[8]  # state.hand, by position: this runs for every card of every playout
    if hand[0] is _GAME_OVER:
        raise IllegalActionError("The game is over.")
    if isinstance(hand, HandState):
        if hand[0] is _TRICKS and isinstance(action, PlayCard):
            return play.apply(state, hand, action)
        return auction_flow.apply(state, hand, action)
    if isinstance(hand, StockHand):
        return stock_flow.apply(state, hand, action)
    if not isinstance(action, Deal):
        raise IllegalActionError("The dealer must deal first.")
    return _deal(state)


def may_declare_out(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may declare out now, whoever's turn it is (two-handed, 004: "At any
    time during the play, a player may 'declare out.'")."""
    return (isinstance(state.hand, StockHand) and 0 <= seat < state.rules.players
            and stock_flow.can_declare_out(state.rules, state))


def declare_out(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """``seat`` declares out, on its own turn or the opponent's: play stops, its points are
    counted, and it wins the match with the target or more, else loses it. Raises
    IllegalActionError when declaring out is not possible now."""
    if not isinstance(state.hand, StockHand):
        raise IllegalActionError("Declaring out is a two-handed rule, during the play.")
    return apply(state, DeclareOut(seat))


def declared_total(state: GameState, seat: int) -> int:
    """What ``seat`` would have if it declared out now (two-handed)."""
    return stock_score.declared_total(state, seat)


def _plan(state: GameState) -> tuple[tuple[int, int], ...]:
    """This deal's packets: the preset's, with a scattered widow placed by the deal's seed."""
    plan = state.compiled.packets[state.dealer]
    if state.rules.widow.dealt == "scattered":
        return scattered(plan, state.seed, state.hand_no)
    return plan


def _deal(state: GameState) -> tuple[GameState, list[Event]]:
    hands, widow, rest = deal(state.rules, state.seed, state.hand_no, _plan(state))
    return deal_cards(state, hands, widow, rest)


def deal_cards(state: GameState, hands: Sequence[Sequence[Card]], widow: Sequence[Card],
               rest: Sequence[Card]) -> tuple[GameState, list[Event]]:
    """Deal these cards instead of the seed's shuffle: ``hands`` per seat, the ``widow`` (the
    turn-up card, two-handed) and the ``rest`` of the pack (the stock, top card first). The
    caller vouches that they make up the pack (the position notation checks it)."""
    rules = state.rules
    plan = _plan(state)
    hand_lists = [list(h) for h in hands]
    if rules.stock.enabled:
        return stock_flow.start(state, hand_lists, widow[0], list(rest), plan)
    return auction_flow.start(state, hand_lists, list(widow), plan)


def replay(rules: RuleSet, seed: int, actions: Sequence[Action]) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its rules, seed and action list."""
    state = new_game(rules, seed)
    events: list[Event] = []
    for action in actions:
        state, evs = apply(state, action)
        events.extend(evs)
    return state, events
