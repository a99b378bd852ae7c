"""Card passing (racehorse: partner to bidder, bidder back) and the three-handed widow.

000: "their partner passes them three cards ... the winning bidder should lay down their meld
first. While those cards are on the table, they pass three cards back to their partner." So the
bidder may not pass back a card their laid meld needs (unless too few free cards remain).
003: "He turns up the 3 cards in the middle for all to see. Then, he adds those 3 cards to his
hand and discards any 3 of his 18 cards."
"""

from __future__ import annotations

from game.rules.actions import Action, Discard, PassCards, TakeWidow, ThrowIn
from game.rules.auction_game.state import HandState, hand_sides
from game.rules.cards import Card
from game.rules.combos import card_choices, contains
from game.rules.compiled import best_meld
from game.rules.errors import IllegalActionError
from game.rules.events import CardsPassed, Discarded, Event, MeldShown, WidowShown
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet


def passer(rules: RuleSet, hand: HandState) -> int:
    """The bidder's partner, who passes: passing is between the two seats of a side of two
    (the rule file refuses it at any other shape)."""
    (partner,) = hand_sides(rules.seating, hand).partners(hand.bidder)
    return partner


def legal_pass(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    """Every choice of cards the seat passing now may pass: the partner's any ``count``
    cards, the bidder's passing back those not kept (or any, passing simultaneously)."""
    k = rules.passing.count
    if hand.phase == Phase.PASS:
        counts = hand.hands[passer(rules, hand)]
        return tuple(PassCards(c) for c in card_choices(rules.deck, counts, k))
    counts = hand.hands[hand.bidder]
    if rules.passing.exchange == "simultaneous":  # any cards of the bidder's own hand
        return tuple(PassCards(c) for c in card_choices(rules.deck, counts, k))
    free = counts - hand.keep
    if rules.deck.size_of(free) >= k:
        return tuple(PassCards(c) for c in card_choices(rules.deck, free, k))
    # Too few cards outside the laid meld: every free card goes back, plus some meld cards.
    return tuple(PassCards(c) for c in card_choices(rules.deck, counts, k, must_include=free))


def _check_choice(rules: RuleSet, counts: int, cards: tuple[Card, ...], k: int,
                  what: str) -> int:
    if len(cards) != k:
        raise IllegalActionError(f"You must {what} exactly {k} cards.", f"{len(cards)} given")
    if not contains(rules.deck, counts, cards):
        raise IllegalActionError(f"You can only {what} cards you hold.")
    return rules.deck.counts_of(cards)


def apply_pass(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """The hand after the cards are passed (to the bidder, or back to the partner), and
    the events that show it. IllegalActionError for anything but the cards allowed."""
    if not isinstance(action, PassCards):
        raise IllegalActionError("Now the cards must be passed.")
    k = rules.passing.count
    bidder = hand.bidder
    hands = list(hand.hands)
    if rules.passing.exchange == "simultaneous":
        return _simultaneous(rules, hand, action, k)
    if hand.phase == Phase.PASS:
        src, dst = passer(rules, hand), bidder
        moved = _check_choice(rules, hands[src], action.cards, k, "pass")
        hands[src] -= moved
        hands[dst] += moved
        laid = best_meld(rules, hands[dst], hand.trump)
        keep = rules.deck.counts_of(laid.cards_used())
        events: list[Event] = [CardsPassed(src, dst, action.cards),
                               MeldShown(bidder, laid, True, "laid down before passing back")]
        melds: list[MeldResult | None] = [None] * rules.players
        melds[bidder] = laid
        new = hand._replace(hands=tuple(hands), phase=Phase.PASS_BACK, melds=tuple(melds),
                            passes=hand.passes + ((src, dst, moved),), keep=keep)
        return new, events
    src, dst = bidder, passer(rules, hand)
    moved = _check_choice(rules, hands[src], action.cards, k, "pass back")
    free = hands[src] - hand.keep
    if not contains(rules.deck, free, action.cards) and (
            rules.deck.size_of(free) >= k or not contains(rules.deck, moved, tuple(
                rules.deck.to_cards(free)))):
        raise IllegalActionError(
            "The bidder passes back while their meld is on the table, so melded cards stay.",
            "that card is part of your laid meld")
    hands[src] -= moved
    hands[dst] += moved
    new = hand._replace(hands=tuple(hands), passes=hand.passes + ((src, dst, moved),), keep=0)
    return new, [CardsPassed(src, dst, action.cards)]


def _simultaneous(rules: RuleSet, hand: HandState, action: PassCards, k: int
                  ) -> tuple[HandState, list[Event]]:
    """The partner's cards are set aside; the bidder then returns cards of its own hand, chosen
    without seeing them, and both packets change hands at once (issue 18's house rule)."""
    partner, bidder = passer(rules, hand), hand.bidder
    hands = list(hand.hands)
    if hand.phase == Phase.PASS:
        moved = _check_choice(rules, hands[partner], action.cards, k, "pass")
        hands[partner] -= moved
        return hand._replace(hands=tuple(hands), phase=Phase.PASS_BACK, pending=moved), []
    back = _check_choice(rules, hands[bidder], action.cards, k, "pass back")
    hands[bidder] += hand.pending - back
    hands[partner] += back
    given = tuple(rules.deck.to_cards(hand.pending))
    new = hand._replace(hands=tuple(hands), pending=0, passes=hand.passes + (
        (partner, bidder, hand.pending), (bidder, partner, back)))
    return new, [CardsPassed(partner, bidder, given), CardsPassed(bidder, partner, action.cards)]


def legal_widow(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    """Taking the widow; or conceding without looking, where 003's forced bidder may."""
    unseen_ok = (rules.widow.concede_unseen_when_forced and hand.forced
                 and hand.bid == rules.auction.all_pass_bid)
    return (TakeWidow(), ThrowIn()) if unseen_ok else (TakeWidow(),)


def apply_widow(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """The bidder turns the widow up for all to see and takes it (or concedes unseen)."""
    if isinstance(action, TakeWidow):
        hands = list(hand.hands)
        hands[hand.bidder] += hand.widow
        cards = tuple(rules.deck.to_cards(hand.widow))
        new = hand._replace(hands=tuple(hands), phase=Phase.DISCARD, looked=True)
        return new, [WidowShown(hand.bidder, cards)]
    raise IllegalActionError("Take the widow (or, forced to bid, concede without looking).")


def legal_discard(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    """Every choice of as many of the bidder's cards as the widow held, to discard."""
    cards = card_choices(rules.deck, hand.hands[hand.bidder], rules.widow.size)
    return tuple(Discard(c) for c in cards)


def apply_discard(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """The hand after the bidder's discard (kept apart as the hand's discards), then naming
    trump. IllegalActionError for anything else."""
    if not isinstance(action, Discard):
        raise IllegalActionError("The bidder must now discard.")
    moved = _check_choice(rules, hand.hands[hand.bidder], action.cards, rules.widow.size,
                          "discard")
    hands = list(hand.hands)
    hands[hand.bidder] -= moved
    new = hand._replace(hands=tuple(hands), discards=moved, phase=Phase.TRUMP)
    return new, [Discarded(hand.bidder, action.cards)]
