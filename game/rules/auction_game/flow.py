"""The state machine of the auction games (every preset but two-handed).

Phases: auction -> (widow -> discard) -> trump -> (pass -> pass back | decide) -> meld -> tricks
-> score. :mod:`game.rules.engine` dispatches here for a :class:`HandState`; each phase's rules
live in its own module (auction, passing, melding, play, scoring).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules import partner
from game.rules.actions import Action, NameTrump, PlayHand, ProposeThrowIn, ThrowIn
from game.rules.auction_game import auction, melding, passing, play, throwin
from game.rules.auction_game.scoring import score_hand
from game.rules.auction_game.state import HandState
from game.rules.cards import Card, Suit
from game.rules.compiled import CompiledRules
from game.rules.errors import IllegalActionError
from game.rules.events import (
    BidMade,
    CardsDealt,
    Event,
    HandConceded,
    HandNotPlayed,
    MeldShown,
    PartnerFound,
    TrumpNamed,
)
from game.rules.meld import marriage_suits
from game.rules.outcome import EndKind, HandEnd
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState

_TRUMPS = tuple(NameTrump(s) for s in Suit)


def start(state: GameState, hands: list[list[Card]], widow: list[Card],
          plan: tuple[tuple[int, int], ...]) -> tuple[GameState, list[Event]]:
    """The dealt hand: the auction begins (002's dealer already holds the opening bid)."""
    rules = state.rules
    dealer = state.dealer
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


def actor(rules: RuleSet, hand: HandState) -> int:
    """The seat whose decision the hand waits for."""
    phase = hand.phase
    if phase == Phase.AUCTION:
        assert hand.auction is not None
        return hand.auction.turn
    if phase == Phase.PASS:
        return passing.passer(rules, hand)
    if phase == Phase.TRICKS:
        assert hand.play is not None
        return hand.play.turn
    if phase == Phase.THROW_IN_VOTE:
        return throwin.voter(rules, hand)
    return hand.bidder


def legal(compiled: CompiledRules, hand: HandState) -> tuple[Action, ...]:
    """Every legal action of the auction game's hand in its current phase, from the bids
    to the cards of a trick."""
    rules = compiled.rules
    phase = hand.phase
    if phase == Phase.TRICKS:
        return play.legal(compiled, hand)
    if phase == Phase.AUCTION:
        return auction.legal(compiled, hand)
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
    if phase == Phase.THROW_IN_VOTE:
        return throwin.VOTES
    raise AssertionError(f"no legal actions for phase {phase}")


def apply(state: GameState, hand: HandState, action: Action) -> tuple[GameState, list[Event]]:
    """The game after ``action`` in the auction game's hand, and its events: each phase's
    own rules, then the hand scored at its end. IllegalActionError naming the rule otherwise."""
    rules = state.rules
    phase = hand.phase
    if phase == Phase.TRICKS:
        if isinstance(action, ThrowIn):
            if not play.may_throw_in(rules, hand):
                raise IllegalActionError(_throw_in_rule(rules))
            return _end(state, hand, [HandConceded(hand.bidder)], HandEnd(EndKind.THROWN_IN))
        if isinstance(action, ProposeThrowIn):
            if ProposeThrowIn() not in play.first_lead_extras(rules, hand):
                raise IllegalActionError(_throw_in_rule(rules))
            new_hand, events = throwin.propose(rules, hand)
            return state._replace(hand=new_hand), events
        return play.apply(state, hand, action)
    if phase == Phase.THROW_IN_VOTE:
        new_hand, events, agreed = throwin.vote(rules, hand, action)
        if agreed:
            return _end(state, new_hand, events + [HandConceded(hand.bidder)],
                        HandEnd(EndKind.THROWN_IN, "thrown in by agreement"))
        return state._replace(hand=new_hand), events
    if phase == Phase.AUCTION:
        new_hand, events = auction.apply(rules, hand, action)
        if new_hand.bidder >= 0:
            widow_first = rules.widow.size and not rules.widow.after_trump
            new_hand = new_hand._replace(phase=Phase.WIDOW if widow_first else Phase.TRUMP)
        return state._replace(hand=new_hand), events
    if phase == Phase.TRUMP:
        return _name_trump(state, hand, action)
    if phase in (Phase.PASS, Phase.PASS_BACK):
        new_hand, events = passing.apply_pass(rules, hand, action)
        if phase == Phase.PASS_BACK:
            return _meld_and_play(state, new_hand, events, _dealt(rules, hand))
        return state._replace(hand=new_hand), events
    if phase == Phase.WIDOW:
        if isinstance(action, ThrowIn) and ThrowIn() in passing.legal_widow(rules, hand):
            return _end(state, hand, [HandConceded(hand.bidder, True)],
                        HandEnd(EndKind.CONCEDED_UNSEEN, "conceded without looking at the widow"))
        new_hand, events = passing.apply_widow(rules, hand, action)
        return state._replace(hand=new_hand), events
    if phase == Phase.DISCARD:
        new_hand, events = passing.apply_discard(rules, hand, action)
        if hand.trump >= 0:  # the widow came after trump: everyone melds, and play begins
            return _meld_and_play(state, new_hand, events, _dealt(rules, hand))
        return state._replace(hand=new_hand), events
    if phase == Phase.DECIDE:
        return _decide(state, hand, action)
    raise AssertionError(f"unhandled phase {phase}")


def _legal_trumps(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    suits: tuple[Suit, ...] = tuple(Suit)
    if rules.auction.trump_needs_marriage:
        suits = tuple(marriage_suits(rules, hand.hands[hand.bidder])) or suits
    if rules.seating.by_card and rules.table.partner_by == "called-card":
        return tuple(NameTrump(s, r) for s in suits for r in partner.callable_ranks(rules))
    return _TRUMPS if len(suits) == 4 else tuple(NameTrump(s) for s in suits)


def _must_concede(rules: RuleSet, hand: HandState) -> bool:
    margin = rules.widow.forced_concede_margin
    meld = hand.melds[hand.bidder]
    return bool(margin and meld is not None and hand.bid - meld.total > margin)


def _legal_decide(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    if _must_concede(rules, hand):
        return (ThrowIn(),)
    return (PlayHand(), ThrowIn())


def _throw_in_rule(rules: RuleSet) -> str:
    agree = ("the bidder may propose it once, before the first card, and it is thrown in only "
             "if everybody agrees." if rules.throw_in.by_agreement else "")
    if rules.throw_in.mode == "over-margin":
        return (f"A side may throw in the hand alone only when its meld is more than "
                f"{rules.throw_in.margin} points below its bid, before the first card."
                + (f" Otherwise {agree}" if agree else ""))
    if rules.throw_in.mode == "before-play":
        return "Only the bidder may throw in, before leading the first card."
    if agree:
        return "To throw in the hand " + agree
    return "This preset has no throw-in."


def _name_trump(state: GameState, hand: HandState, action: Action
                ) -> tuple[GameState, list[Event]]:
    rules = state.rules
    if not isinstance(action, NameTrump):
        raise IllegalActionError("The bidder must name trump now.")
    legal_suits = _legal_trumps(rules, hand)
    if action not in legal_suits:
        if any(a.suit == action.suit for a in legal_suits if isinstance(a, NameTrump)):
            raise IllegalActionError("The bidder names trump and calls a trump card: its first "
                                     "holder clockwise is the partner.", "call a card")
        raise IllegalActionError("The trump suit must be a suit in which the bidder holds at "
                                 "least a marriage.", f"no marriage in {action.suit.plural}")
    hand = hand._replace(trump=int(action.suit))
    events: list[Event] = [TrumpNamed(hand.bidder, action.suit)]
    if rules.seating.by_card:  # VARIANTS.md: "The partner is announced at once."
        found = partner.find_partner(rules, hand.hands, hand.bidder, hand.trump, action.call)
        hand = hand._replace(partners=found.partners, partner_card=found.card)
        events.append(PartnerFound(hand.bidder, found.partners, found.card))
    if rules.auction.trump_needs_marriage and action.suit not in marriage_suits(
            rules, hand.hands[hand.bidder]):
        events.append(HandNotPlayed("the bidder holds no marriage: the hand is not played and "
                                    "the bidding side loses its bid"))
        return _end(state, hand, events, HandEnd(EndKind.NO_MARRIAGE,
                                                 "no marriage in any suit"))
    if rules.passing.count:
        return state._replace(hand=hand._replace(phase=Phase.PASS)), events
    if rules.widow.size and rules.widow.after_trump:  # five-handed: the widow comes now
        return state._replace(hand=hand._replace(phase=Phase.WIDOW)), events
    if rules.widow.size:
        hand, _ = melding.show(rules, hand, [hand.bidder])
        events += melding.shown_events(rules, hand, [hand.bidder])
        return state._replace(hand=hand._replace(phase=Phase.DECIDE)), events
    return _meld_and_play(state, hand, events, _dealt(rules, hand))


def _decide(state: GameState, hand: HandState, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    if action not in _legal_decide(rules, hand):
        raise IllegalActionError(
            f"A player may not attempt to play the hand for more than "
            f"{rules.widow.forced_concede_margin} points: the bid exceeds meld by more than "
            f"{rules.widow.forced_concede_margin}, so you must concede.")
    others = [s for s in _dealt(rules, hand) if s != hand.bidder]
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
    return rules.seating.next_in_hand(hand.dealer, hand.dealer)


def _dealt(rules: RuleSet, hand: HandState) -> list[int]:
    """The chairs that hold a hand, in seat order: every chair but those sitting it out, who
    show no meld (VARIANTS.md: "A player who sits out scores nothing that hand")."""
    out = rules.seating.sitting_out(hand.dealer)
    return [s for s in range(rules.players) if s not in out]


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
