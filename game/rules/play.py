"""The trick-play phase of the auction games: legal cards, playing one, winning tricks.

Legality comes from the kernel's masks (fast enough for 5,000 playouts a second through this
API); an illegal card is refused with the obligation that forbids it, from
:func:`game.rules.tricks.explain_plays`.
"""

from __future__ import annotations

from game.rules.actions import Action, PlayCard, ThrowIn
from game.rules.errors import IllegalActionError
from game.rules.events import CardPlayed, Event, TrickWon
from game.rules.kernel import PlayKernel, kernel_for
from game.rules.ruleset import RuleSet
from game.rules.state import HandState, PlayState, with_hands_play
from game.rules.tricks import explain_plays


def start(rules: RuleSet, hand: HandState, leader: int) -> PlayState:
    zeros = (0,) * rules.players
    return PlayState(leader, leader, (), -1, 0, zeros, zeros, (), 0)


def legal_mask(rules: RuleSet, hand: HandState, kernel: PlayKernel) -> int:
    ps = hand.play
    assert ps is not None
    h = hand.hands[ps.turn]
    if not ps.trick or rules.tricks.reneges:
        return h
    return kernel.legal(h, kernel.suit_of[ps.trick[0][1]], ps.win_type, hand.trump)


def may_throw_in(rules: RuleSet, hand: HandState) -> bool:
    """000/001: the bidding side may throw in instead of leading the first card."""
    ps = hand.play
    mode = rules.throw_in.mode
    if mode == "never" or rules.widow.size or ps is None or ps.tricks or ps.trick:
        return False
    if ps.turn != hand.bidder:
        return False
    if mode == "over-margin":
        side = rules.side_of(hand.bidder)
        meld = sum(hand.melds[s].total for s in rules.seats_of(side))  # type: ignore[union-attr]
        return hand.bid - meld > rules.throw_in.margin
    return True


def legal(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    # Flattened on purpose: this runs once per card in every playout through the API.
    ps = hand.play
    assert ps is not None
    kernel = rules.__dict__.get("_kernel") or kernel_for(rules)
    h = hand.hands[ps.turn]
    trick = ps.trick
    if trick and not kernel.reneges:
        m = kernel.legal(h, kernel.suit_of[trick[0][1]], ps.win_type, hand.trump)
        kernel.last_state, kernel.last_mask = hand, m  # apply() will validate against it
    else:
        m = h
    # kernel.actions(m), inlined: this line runs for every card of every playout
    acts = kernel.acts_cache.get((m | m >> 1) & kernel.low if kernel.bits == 2 else -1)
    if acts is None:
        acts = kernel.actions(m)
    if not trick and not ps.tricks and may_throw_in(rules, hand):
        return (*acts, ThrowIn())
    return acts


def illegal_reason(rules: RuleSet, hand: HandState, card_type: int) -> IllegalActionError:
    ps = hand.play
    assert ps is not None
    deck = rules.deck
    card = deck.types[card_type]
    if not (hand.hands[ps.turn] >> (card_type * deck.bits)) & deck.field_mask:
        return IllegalActionError("You can only play a card you hold.", f"{card} is not in hand")
    trick = [deck.types[t] for _, t in ps.trick]
    verdict = explain_plays(rules, deck.to_cards(hand.hands[ps.turn]), trick,
                            None if hand.trump < 0 else hand.trump)
    reason = verdict.reason(card)
    if reason is None:  # pragma: no cover - the kernel and the explanation always agree
        return IllegalActionError("That card may not be played now.", str(card))
    return IllegalActionError(reason.message, f"{card.pretty} may not be played")


def apply(rules: RuleSet, hand: HandState, action: Action) -> tuple[HandState, list[Event], bool]:
    """Play one card. Returns the new hand, its events, and whether the hand is over."""
    if action.__class__ is not PlayCard:
        raise IllegalActionError("Play a card.")
    ps: PlayState = hand.play  # type: ignore[assignment]
    kernel = rules.__dict__.get("_kernel") or kernel_for(rules)
    t = kernel.type_of_code[action.card.code]  # type: ignore[attr-defined]
    seat = ps.turn
    h = hand.hands[seat]
    trick = ps.trick
    renege = ""
    if t < 0:
        raise IllegalActionError("That card is not in this pack.", str(action.card))
    if trick:
        if kernel.last_state is hand:
            legal = kernel.last_mask
        else:
            legal = kernel.legal(h, kernel.suit_of[trick[0][1]], ps.win_type, hand.trump)
        if not legal & kernel.field_of[t]:
            if not rules.tricks.reneges or not h & kernel.field_of[t]:
                raise illegal_reason(rules, hand, t)
            renege = illegal_reason(rules, hand, t).args[0]
    elif not h & kernel.field_of[t]:
        raise illegal_reason(rules, hand, t)
    one = kernel.one[t]
    hands = (*hand.hands[:seat], h - one, *hand.hands[seat + 1:])
    trick += ((seat, t),)
    win_seat, win_type = ps.win_seat, ps.win_type
    if len(trick) == 1:
        win_seat, win_type = seat, t
    else:
        st = kernel.suit_of[t]
        if (t > win_type) if st == kernel.suit_of[win_type] else st == hand.trump:
            win_seat, win_type = seat, t
    events: list[Event] = [CardPlayed(seat, action.card, False, renege) if renege
                           else kernel.card_played[seat][t]]
    reneges = (*ps.reneges, (seat, renege)) if renege else ps.reneges
    played = ps.played + one
    if len(trick) < kernel.players:
        nps = tuple.__new__(PlayState, (ps.leader, kernel.next_seat[seat], trick, win_seat,
                                        win_type, ps.taken, ps.won, ps.tricks, played, reneges))
        return with_hands_play(hand, hands, nps), events, False
    pts_of = kernel.points
    points = 0
    for _, x in trick:
        points += pts_of[x]
    last = not hands[win_seat]
    if last:
        points += kernel.last_trick
    taken = list(ps.taken)
    taken[win_seat] += points
    won = list(ps.won)
    won[win_seat] += 1
    types = kernel.deck.types
    events.append(TrickWon(win_seat, tuple([(s, types[x]) for s, x in trick]), points, last))
    nps = PlayState(win_seat, win_seat, (), -1, 0, tuple(taken), tuple(won),
                    (*ps.tricks, trick), played, reneges)
    return with_hands_play(hand, hands, nps), events, last
