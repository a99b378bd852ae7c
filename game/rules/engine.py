"""The state machine: ``new_game``, ``legal_actions``, ``apply`` and ``replay``.

Phases: deal -> auction -> (widow -> discard) -> trump -> (pass -> pass back) -> meld -> tricks
-> score -> next deal or game over; the two-handed stock game has its own flow in
:mod:`game.rules.stock`. ``apply`` returns the new state and the events the table animates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import auction, melding, passing, play, stock
from game.rules.actions import Action, Deal, NameTrump, PlayCard, PlayHand, ThrowIn
from game.rules.cards import Suit
from game.rules.deal import deal
from game.rules.errors import IllegalActionError
from game.rules.events import (
    BidMade,
    CardsDealt,
    Event,
    HandConceded,
    HandNotPlayed,
    MeldShown,
    TrumpNamed,
)
from game.rules.meld import marriage_suits
from game.rules.outcome import EndKind, HandEnd
from game.rules.ruleset import RuleSet
from game.rules.scoring import score_hand
from game.rules.state import GameState, HandState, Phase
from game.rules.stock import StockHand

_DEAL = (Deal(),)
# Module constants compared by identity: enum attribute lookups cost on the hot path.
_TRICKS, _GAME_OVER, _DEAL_PHASE = Phase.TRICKS, Phase.GAME_OVER, Phase.DEAL
_TRUMPS = tuple(NameTrump(s) for s in Suit)


def first_dealer(rules: RuleSet) -> int:
    """The dealer of the first hand: the seat before south, so the human speaks first."""
    step = 1 if rules.table.direction == "clockwise" else -1
    return (-step) % rules.players


def new_game(rules: RuleSet, seed: int) -> GameState:
    dealer = first_dealer(rules)
    n = rules.n_sides
    tallies = (0,) * (n if (rules.scoring.stars or rules.scoring.checks) else 0)
    return GameState(rules, seed, 0, dealer, (0,) * n, tallies, rules.scoring.target, (),
                     HandState(Phase.DEAL, dealer, ()))


def actor(state: GameState) -> int:
    """The seat whose decision the game waits for (the dealer deals); -1 when it is over."""
    hand = state.hand
    phase = state.phase
    if phase == Phase.GAME_OVER:
        return -1
    if state.rules.stock.enabled:
        return stock.actor(state.rules, hand)  # type: ignore[arg-type]
    assert isinstance(hand, HandState)
    if phase == Phase.DEAL:
        return hand.dealer
    if phase == Phase.AUCTION:
        assert hand.auction is not None
        return hand.auction.turn
    if phase == Phase.PASS:
        return passing.passer(state.rules, hand)
    if phase == Phase.TRICKS:
        assert hand.play is not None
        return hand.play.turn
    return hand.bidder


def legal_actions(state: GameState) -> tuple[Action, ...]:
    hand = state[8]  # state.hand, by position: this runs for every card of every playout
    if hand.__class__ is HandState and hand[0] is _TRICKS:
        return play.legal(state[0], hand)  # type: ignore[arg-type]
    if hand.__class__ is StockHand and hand[0] is not _GAME_OVER:
        return stock.legal(state[0], hand)  # type: ignore[arg-type]
    rules = state.rules
    phase = hand.phase  # type: ignore[attr-defined]
    if phase is _GAME_OVER:
        return ()
    if phase is _DEAL_PHASE:
        return _DEAL
    assert isinstance(hand, HandState)
    if phase == Phase.AUCTION:
        return auction.legal(rules, hand)
    if phase == Phase.TRUMP:
        return _legal_trumps(rules, hand)
    if phase in (Phase.PASS, Phase.PASS_BACK):
        return passing.legal_pass(rules, hand)
    if phase == Phase.WIDOW:
        return passing.legal_widow(rules, hand)
    if phase == Phase.DISCARD:
        return passing.legal_discard(rules, hand)
    if phase == Phase.DECIDE:
        return _legal_decide(rules, hand)
    raise AssertionError(f"no legal actions for phase {phase}")


def _legal_trumps(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    if rules.auction.trump_needs_marriage:
        suits = marriage_suits(rules, hand.hands[hand.bidder])
        if suits:
            return tuple(NameTrump(s) for s in suits)
    return _TRUMPS


def _must_concede(rules: RuleSet, hand: HandState) -> bool:
    margin = rules.widow.forced_concede_margin
    meld = hand.melds[hand.bidder]
    return bool(margin and meld is not None and hand.bid - meld.total > margin)


def _legal_decide(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    if _must_concede(rules, hand):
        return (ThrowIn(),)
    return (PlayHand(), ThrowIn())


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply one action for the seat whose turn it is; raise IllegalActionError if the rules
    forbid it (the message names the rule)."""
    hand = state[8]  # state.hand, by position: this runs for every card of every playout
    if hand.__class__ is HandState and hand[0] is _TRICKS and action.__class__ is PlayCard:
        return play.apply(state, hand, action)  # type: ignore[arg-type]
    if hand.__class__ is StockHand and hand[0] is not _GAME_OVER:
        return stock.apply(state, action)
    rules = state.rules
    phase = hand.phase  # type: ignore[attr-defined]
    if phase is _GAME_OVER:
        raise IllegalActionError("The game is over.")
    if phase is _DEAL_PHASE:
        if not isinstance(action, Deal):
            raise IllegalActionError("The dealer must deal first.")
        return _deal(state)
    assert isinstance(hand, HandState)
    if phase == Phase.TRICKS:
        if isinstance(action, ThrowIn):
            if not play.may_throw_in(rules, hand):
                raise IllegalActionError(_throw_in_rule(rules))
            return _end(state, hand, [HandConceded(hand.bidder)], HandEnd(EndKind.THROWN_IN))
        return play.apply(state, hand, action)
    if phase == Phase.AUCTION:
        new_hand, events = auction.apply(rules, hand, action)
        if new_hand.bidder >= 0:
            new_hand = new_hand._replace(phase=Phase.WIDOW if rules.widow.size else Phase.TRUMP)
        return state._replace(hand=new_hand), events
    if phase == Phase.TRUMP:
        return _name_trump(state, hand, action)
    if phase in (Phase.PASS, Phase.PASS_BACK):
        new_hand, events = passing.apply_pass(rules, hand, action)
        if phase == Phase.PASS_BACK:
            return _meld_and_play(state, new_hand, events, range(rules.players))
        return state._replace(hand=new_hand), events
    if phase == Phase.WIDOW:
        if isinstance(action, ThrowIn) and ThrowIn() in passing.legal_widow(rules, hand):
            return _end(state, hand, [HandConceded(hand.bidder, True)],
                        HandEnd(EndKind.CONCEDED_UNSEEN, "conceded without looking at the widow"))
        new_hand, events = passing.apply_widow(rules, hand, action)
        return state._replace(hand=new_hand), events
    if phase == Phase.DISCARD:
        new_hand, events = passing.apply_discard(rules, hand, action)
        return state._replace(hand=new_hand), events
    if phase == Phase.DECIDE:
        return _decide(state, hand, action)
    raise AssertionError(f"unhandled phase {phase}")


def _throw_in_rule(rules: RuleSet) -> str:
    if rules.throw_in.mode == "over-margin":
        return (f"A side may throw in the hand only when its meld is more than "
                f"{rules.throw_in.margin} points below its bid, before the first card.")
    if rules.throw_in.mode == "before-play":
        return "Only the bidder may throw in, before leading the first card."
    return "This preset has no throw-in."


def _deal(state: GameState) -> tuple[GameState, list[Event]]:
    rules = state.rules
    dealer = state.dealer
    hands, widow, rest, plan = deal(rules, state.seed, state.hand_no, dealer)
    if rules.stock.enabled:
        return stock.start(state, hands, widow[0], rest, plan)
    deck = rules.deck
    counts = tuple([deck.dealt_counts(h) for h in hands])
    bid_to_win = bool(rules.scoring.bid_to_win_above) and all(
        s > rules.scoring.bid_to_win_above for s in state.scores)
    hand = HandState(Phase.AUCTION, dealer, counts, widow=deck.dealt_counts(widow),
                     auction=auction.start(rules, dealer), bid_to_win=bid_to_win)
    events: list[Event] = [CardsDealt(dealer, tuple(plan), tuple(tuple(h) for h in hands))]
    if rules.auction.dealer_opens_at:
        events.append(BidMade(dealer, rules.auction.dealer_opens_at, True))
    return state._replace(hand=hand), events


def _name_trump(state: GameState, hand: HandState, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    if not isinstance(action, NameTrump):
        raise IllegalActionError("The bidder must name trump now.")
    legal = _legal_trumps(rules, hand)
    if action not in legal:
        raise IllegalActionError("The trump suit must be a suit in which the bidder holds at "
                                 "least a marriage.", f"no marriage in {action.suit.plural}")
    hand = hand._replace(trump=int(action.suit))
    events: list[Event] = [TrumpNamed(hand.bidder, action.suit)]
    if rules.auction.trump_needs_marriage and action.suit not in marriage_suits(
            rules, hand.hands[hand.bidder]):
        events.append(HandNotPlayed("the bidder holds no marriage: the hand is not played and "
                                    "the bidding side loses its bid"))
        return _end(state, hand, events, HandEnd(EndKind.NO_MARRIAGE,
                                                 "no marriage in any suit"))
    if rules.passing.count:
        return state._replace(hand=hand._replace(phase=Phase.PASS)), events
    if rules.widow.size:
        hand, _ = melding.show(rules, hand, [hand.bidder])
        events += melding.shown_events(rules, hand, [hand.bidder])
        return state._replace(hand=hand._replace(phase=Phase.DECIDE)), events
    return _meld_and_play(state, hand, events, range(rules.players))


def _decide(state: GameState, hand: HandState, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    if action not in _legal_decide(rules, hand):
        raise IllegalActionError("A player may not attempt to play the hand for more than 250 "
                                 "points: the bid exceeds meld by more than 250, so you must "
                                 "concede.")
    others = [s for s in range(rules.players) if s != hand.bidder]
    hand, _ = melding.show(rules, hand, others)
    if isinstance(action, ThrowIn):
        events: list[Event] = [HandConceded(hand.bidder)]
        events += melding.shown_events(rules, hand, others)
        hand = hand._replace(side_meld=melding.side_melds(rules, hand))
        return _end(state, hand, events, HandEnd(EndKind.THROWN_IN, "conceded after the widow"))
    events = melding.shown_events(rules, hand, others)
    hand = hand._replace(side_meld=melding.side_melds(rules, hand), phase=Phase.TRICKS,
                         play=play.start(rules, hand, _leader(rules, hand)))
    return state._replace(hand=hand), events


def _leader(rules: RuleSet, hand: HandState) -> int:
    if rules.table.first_lead == "bidder":
        return hand.bidder
    return rules.next_seat(hand.dealer)


def _meld_and_play(state: GameState, hand: HandState, events: list[Event],
                   seats: Iterable[int]) -> tuple[GameState, list[Event]]:
    rules = state.rules
    seats = list(seats)
    before = hand.melds[hand.bidder] if hand.melds else None
    hand, _ = melding.show(rules, hand, seats)
    shown = [s for s in seats if not (s == hand.bidder and before is not None)]
    after = hand.melds[hand.bidder]
    events = list(events)
    if before is not None and after is not None and after.total != before.total:
        events.append(MeldShown(hand.bidder, after, True, "meld cards had to be passed back"))
    events += melding.shown_events(rules, hand, shown)
    hand = hand._replace(side_meld=melding.side_melds(rules, hand))
    short = melding.bidding_side_short(rules, hand)
    if short is not None:
        events.append(HandNotPlayed(short.note + ": the bid is lost without playing"))
        return _end(state, hand, events, short)
    hand = hand._replace(phase=Phase.TRICKS, play=play.start(rules, hand, _leader(rules, hand)))
    return state._replace(hand=hand), events


def _end(state: GameState, hand: HandState, events: list[Event], end: HandEnd
         ) -> tuple[GameState, list[Event]]:
    new_state, more = score_hand(state.rules, state, hand, end)
    return new_state, events + more


def replay(rules: RuleSet, seed: int, actions: Sequence[Action]) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its rules, seed and action list."""
    state = new_game(rules, seed)
    events: list[Event] = []
    for action in actions:
        state, evs = apply(state, action)
        events.extend(evs)
    return state, events
