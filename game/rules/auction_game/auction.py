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
    """Every valid bid higher than ``above``, lowest first, up to the rule set's ceiling."""
    return compile_rules(rules).bids.amounts_above(above)


def next_min_bid(rules: RuleSet, above: int) -> int | None:
    return compile_rules(rules).bids.next_above(above)


def has_opening_meld(rules: RuleSet, counts: int) -> bool:
    """003: a player holding meld, not counting nines (no trump is named yet), must open."""
    return compile_rules(rules).meld.total(counts, None) > 0


def start(rules: RuleSet, dealer: int) -> AuctionState:
    first = rules.next_seat(dealer)
    passed = (False,) * rules.players
    if rules.auction.dealer_opens_at:
        return AuctionState(first, rules.auction.dealer_opens_at, dealer, passed, ())
    return AuctionState(first, 0, -1, passed, ())


def _must_open(rules: RuleSet, hand: HandState, au: AuctionState) -> bool:
    return (rules.auction.forced_open_with_meld and au.high_bidder < 0
            and has_opening_meld(rules, hand.hands[au.turn]))


def legal(compiled: CompiledRules, hand: HandState) -> tuple[Action, ...]:
    au = hand.auction
    assert au is not None
    return compiled.bids.choices(au.high_bid, not _must_open(compiled.rules, hand, au))


def _stuck_dealer(rules: RuleSet, hand: HandState, au: AuctionState) -> tuple[int, bool] | None:
    """When everyone but the dealer has passed and nobody bid: the dealer's forced contract,
    or None when the dealer must open with a bid of their own (003, holding meld)."""
    a = rules.auction
    dealer_meld = has_opening_meld(rules, hand.hands[hand.dealer])
    if a.all_pass_bid_with_meld and dealer_meld:
        return a.all_pass_bid_with_meld, True
    if a.forced_open_with_meld and dealer_meld:
        return None
    return a.all_pass_bid, True


def apply(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event]]:
    au = hand.auction
    assert au is not None
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
    else:
        raise IllegalActionError("During the auction you may only bid or pass.")
    active = [s for s in range(rules.players) if not passed[s]]
    # The auction ends when only the high bidder is left, or when all but the dealer passed.
    if high_bidder >= 0 and active == [high_bidder]:
        events.append(AuctionWon(high_bidder, high_bid, forced))
        return _won(hand, high_bidder, high_bid, forced, passed, history), events
    nxt = rules.next_seat(seat)
    while passed[nxt]:
        nxt = rules.next_seat(nxt)
    if high_bidder < 0 and active == [hand.dealer]:
        stuck = _stuck_dealer(rules, hand, au)
        if stuck is not None:
            amount, was_forced = stuck
            events.append(BidMade(hand.dealer, amount, True))
            events.append(AuctionWon(hand.dealer, amount, was_forced))
            history += ((hand.dealer, amount),)
            return _won(hand, hand.dealer, amount, was_forced, passed, history), events
    if not active:  # cannot happen: the last player never passes a dealer-stuck auction
        raise AssertionError("auction with no active player")
    new_au = AuctionState(nxt, high_bid, high_bidder, tuple(passed), history, forced)
    return hand._replace(auction=new_au), events


def _bid_rule(rules: RuleSet, high_bid: int) -> str:
    """Why a bid amount is refused: the lowest bid allowed now, the steps and the ceiling."""
    ladder = compile_rules(rules).bids
    lowest = ladder.next_above(high_bid)
    if lowest is None:
        return f"No bid is allowed above {high_bid}: {ladder.ceiling} is the highest bid."
    return (f"Bids must be at least {lowest} now, in the preset's steps, and at most "
            f"{ladder.ceiling}.")


def _won(hand: HandState, seat: int, bid: int, forced: bool, passed: list[bool],
         history: tuple[tuple[int, int], ...]) -> HandState:
    au = AuctionState(seat, bid, seat, tuple(passed), history, forced)
    return hand._replace(auction=au, bidder=seat, bid=bid, forced=forced)
