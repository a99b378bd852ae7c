"""The auction: who may bid what, forced openings, and what happens when everyone passes."""

from __future__ import annotations

from game.rules.actions import Action, Bid, Pass
from game.rules.auction_game.state import AuctionState, HandState
from game.rules.compiled import CompiledRules, compile_rules
from game.rules.errors import IllegalActionError
from game.rules.events import AuctionWon, BidMade, Event, Passed
from game.rules.ruleset import RuleSet

_PASS = Pass()


def bid_amounts(rules: RuleSet, above: int) -> tuple[int, ...]:
    """Every valid bid higher than ``above``, lowest first, up to the rule set's ceiling. 001
    "You may bid by ones until you reach 60; bids above 60 must be multiples of 5":

    >>> from game.store.content import load_preset
    >>> bid_amounts(load_preset("double-deck"), 57)[:5]
    (58, 59, 60, 65, 70)
    >>> bid_amounts(load_preset("racehorse"), 0)[:3]  # 000: from 250, in tens
    (250, 260, 270)
    """
    return compile_rules(rules).bids.amounts_above(above)


def has_opening_meld(rules: RuleSet, counts: int) -> bool:
    """003: a player holding meld, not counting nines (no trump is named yet), must open."""
    return compile_rules(rules).meld.total(counts, None) > 0


def first_bidder(rules: RuleSet, dealer: int) -> int:
    """The seat on the dealer's left, whatever the direction of play: 000 and 002 "the person
    to the left of the dealer", 001 "The person to the left of the dealer bids first", 003
    "Bidding starts to the dealer's left". Seats are numbered clockwise, so that is the next
    seat round; where people sit out, the first chair on the dealer's left dealt a hand."""
    seating = rules.seating
    out = seating.sitting_out(dealer)
    return next(s for s in seating.around_from(dealer)[1:] if s not in out)


def start(rules: RuleSet, dealer: int) -> AuctionState:
    """The auction of a new hand: the dealer's left speaks first; a table whose dealer opens
    at a set bid (``dealer_opens_at``) starts with the dealer holding it."""
    first = first_bidder(rules, dealer)
    # A chair sitting out the hand has no call to make: it starts the auction as passed.
    out = rules.seating.sitting_out(dealer)
    passed = tuple(s in out for s in range(rules.players))
    if rules.auction.dealer_opens_at:
        return AuctionState(first, rules.auction.dealer_opens_at,
                            rules.seating.hand_dealer(dealer), passed, ())
    return AuctionState(first, 0, -1, passed, ())


def _must_open(rules: RuleSet, hand: HandState, au: AuctionState) -> bool:
    """003: nobody has bid yet (a dealer's opening hold is not a bid) and this player holds
    meld."""
    return (rules.auction.forced_open_with_meld and not any(a for _, a in au.history)
            and has_opening_meld(rules, hand.hands[au.turn]))


def legal(compiled: CompiledRules, hand: HandState) -> tuple[Action, ...]:
    """The bids and passes open to the seat whose turn it is (a stuck dealer's own choices;
    no pass for a player who must open)."""
    au = hand.auction
    assert au is not None
    if au.stuck:
        return _stuck_choices(compiled, au.stuck)
    return compiled.bids.choices(au.high_bid, not _must_open(compiled.rules, hand, au))


def _stuck_choices(compiled: CompiledRules, stuck: int) -> tuple[Action, ...]:
    """The stuck dealer's contract, or any higher bid the ladder allows (no pass)."""
    return (Bid(stuck), *compiled.bids.bids_above(stuck))


def _stuck_dealer(rules: RuleSet, hand: HandState, au: AuctionState) -> tuple[int, bool] | None:
    """When everyone but the dealer has passed and nobody bid: the dealer's forced contract,
    or None when the dealer must open with a bid of their own (003, holding meld)."""
    a = rules.auction
    dealer_meld = has_opening_meld(rules, hand.hands[rules.seating.hand_dealer(hand.dealer)])
    if a.all_pass_bid_with_meld and dealer_meld:
        return a.all_pass_bid_with_meld, True
    if a.forced_open_with_meld and dealer_meld:
        return None
    return a.all_pass_bid, True


def apply(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """The hand after the seat to speak bids or passes, and what it produced: the bid or
    pass, and the auction won once the others have passed. IllegalActionError otherwise."""
    au = hand.auction
    assert au is not None
    if au.stuck:
        return _stuck_bid(rules, hand, au, action)
    seat = au.turn
    events: list[Event] = []
    passed = list(au.passed)
    history = au.history
    high_bid, high_bidder, forced = au.high_bid, au.high_bidder, au.forced
    if isinstance(action, Pass):
        if _must_open(rules, hand, au):
            raise IllegalActionError("A player that has meld (not including 9s) must open the "
                                     "bidding.", "you hold meld and nobody has bid yet")
        passed[seat] = True
        history += ((seat, 0),)
        events.append(Passed(seat))
    elif isinstance(action, Bid):
        ladder = compile_rules(rules).bids
        if not ladder.allows(action.amount) or action.amount <= high_bid:
            raise IllegalActionError(_bid_rule(rules, high_bid), f"a bid of {action.amount} is "
                                     "not allowed")
        forced = _must_open(rules, hand, au)
        high_bid, high_bidder = action.amount, seat
        history += ((seat, action.amount),)
        events.append(BidMade(seat, action.amount, forced))
        if rules.auction.rounds == 1:  # "each player bids once or passes": it has spoken
            passed[seat] = True
    else:
        raise IllegalActionError("During the auction you may only bid or pass.")
    dealer = rules.seating.hand_dealer(hand.dealer)  # the dealer's part, if it sits out
    others_out = all(passed[s] for s in range(rules.players) if s != dealer)
    if others_out and not any(amount for _, amount in history):
        # Nobody bid (002's dealer holds only its opening): the dealer is stuck. With
        # counter-clockwise play the dealer may have passed already; it is stuck all the same.
        stuck = _stuck_dealer(rules, hand, au)
        if stuck is None:  # 003: holding meld, the dealer must open with a bid of its own
            new_au = AuctionState(dealer, high_bid, high_bidder, tuple(passed), history, forced)
            return hand._replace(auction=new_au), events
        amount, was_forced = stuck
        if rules.auction.stuck_dealer_may_raise:
            new_au = AuctionState(dealer, high_bid, high_bidder, tuple(passed), history, forced,
                                  stuck=amount)
            return hand._replace(auction=new_au), events
        events.append(BidMade(dealer, amount, True))
        events.append(AuctionWon(dealer, amount, was_forced))
        history += ((dealer, amount),)
        return _won(hand, dealer, amount, was_forced, passed, history), events
    # The auction ends when everyone but the high bidder has passed.
    if high_bidder >= 0 and all(passed[s] for s in range(rules.players) if s != high_bidder):
        events.append(AuctionWon(high_bidder, high_bid, forced))
        return _won(hand, high_bidder, high_bid, forced, passed, history), events
    nxt = rules.next_seat(seat)
    while passed[nxt] or nxt == high_bidder:  # nobody bids against their own bid
        nxt = rules.next_seat(nxt)
    new_au = AuctionState(nxt, high_bid, high_bidder, tuple(passed), history, forced)
    return hand._replace(auction=new_au), events


def _stuck_bid(rules: RuleSet, hand: HandState, au: AuctionState, action: Action
               ) -> tuple[HandState, list[Event]]:
    """000: "the dealer is required to bid at least the minimum bid"; 002: stuck "for a
    minimum of 190 points". The stuck dealer names its contract: that minimum or more."""
    ladder = compile_rules(rules).bids
    if not isinstance(action, Bid) or not (
            action.amount == au.stuck or (action.amount > au.stuck
                                          and ladder.allows(action.amount))):
        raise IllegalActionError(
            f"Everyone else passed: the dealer must bid at least {au.stuck}.",
            f"{action} is not allowed" if isinstance(action, Bid) else "the dealer may not pass")
    dealer = rules.seating.hand_dealer(hand.dealer)
    events: list[Event] = [BidMade(dealer, action.amount, True),
                           AuctionWon(dealer, action.amount, True)]
    history = au.history + ((dealer, action.amount),)
    return _won(hand, dealer, action.amount, True, list(au.passed), history), events


def _bid_rule(rules: RuleSet, high_bid: int) -> str:
    """Why a bid amount is refused: the lowest bid allowed now, the steps and the ceiling."""
    ladder = compile_rules(rules).bids
    lowest = ladder.next_above(high_bid)
    if lowest is None:
        return f"No bid is allowed above {high_bid}: {ladder.ceiling} is the highest bid."
    return (f"Bids must be at least {lowest} now, in the preset's steps, and at most "
            f"{ladder.ceiling}.")


def _won(hand: HandState, seat: int, bid: int, forced: bool, passed: list[bool] | tuple[bool, ...],
         history: tuple[tuple[int, int], ...]) -> HandState:
    au = AuctionState(seat, bid, seat, tuple(passed), history, forced)
    return hand._replace(auction=au, bidder=seat, bid=bid, forced=forced)
