"""The trick-play phase of the auction games: legal cards, playing one, winning tricks.

Legality comes from the kernel's masks (fast enough for 5,000 playouts a second through this
API); an illegal card is refused with the obligation that forbids it, from
:func:`game.rules.tricks.explain_plays`.
"""

from __future__ import annotations

from game.rules.actions import Action, PlayCard, ProposeThrowIn, ThrowIn
from game.rules.auction_game import throwin
from game.rules.auction_game.scoring import score_hand
from game.rules.auction_game.state import HandState, PlayState, hand_sides
from game.rules.compiled import CompiledRules
from game.rules.errors import IllegalActionError
from game.rules.events import CardPlayed, Event, TrickWon
from game.rules.outcome import EndKind, HandEnd
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, with_hand
from game.rules.tricks import explain_plays

_PLAYED = HandEnd(EndKind.PLAYED)
_THROW_IN, _PROPOSE = ThrowIn(), ProposeThrowIn()


def start(rules: RuleSet, hand: HandState, leader: int) -> PlayState:
    """The trick play of a hand, ``leader`` to lead the first trick, nothing taken yet."""
    zeros = (0,) * rules.players
    return PlayState(leader, leader, (), -1, 0, zeros, zeros, (), 0)


def may_throw_in(rules: RuleSet, hand: HandState) -> bool:
    """000/001: the bidding side may throw in instead of leading the first card."""
    ps = hand.play
    mode = rules.throw_in.mode
    if mode == "never" or rules.widow.size or ps is None or ps.tricks or ps.trick:
        return False
    if ps.turn != hand.bidder:
        return False
    if mode == "over-margin":
        sides = hand_sides(rules.seating, hand)
        meld = hand.meld_of(sides.seats_of(sides.side_of(hand.bidder)))
        return hand.bid - meld > rules.throw_in.margin
    return True


def legal(compiled: CompiledRules, hand: HandState) -> tuple[Action, ...]:
    """The cards the seat to play may play to the trick (with a throw-in's proposal or
    concession where the table allows one before the first card)."""
    # Flattened, and fields read by position (see state.py), on purpose: this runs once per
    # card in every playout through the API.
    ps = hand[3]
    assert ps is not None
    kernel = compiled.kernel
    h = hand[2][ps[1]]
    trick = ps[2]
    if trick and not kernel.reneges:
        m = ps[10]  # ps.mask
        if m < 0:
            m = kernel.legal(h, trick, ps[4], hand[9])
    else:
        m = h
    # kernel.actions(m), inlined: this line runs for every card of every playout
    acts = kernel.acts_cache.get((m | m >> 1) & kernel.low if kernel.bits == 2 else -1)
    if acts is None:
        acts = kernel.actions(m)
    if not trick and not ps[7]:  # the first lead: the bidding side may throw in
        extra = first_lead_extras(compiled.rules, hand)
        if extra:
            return (*acts, *extra)
    return acts


def first_lead_extras(rules: RuleSet, hand: HandState) -> tuple[Action, ...]:
    """Throwing in before the first card: alone where the rules allow it, else by proposing it
    to everybody (000's "unless everybody agrees to throw it in")."""
    if may_throw_in(rules, hand):
        return (_THROW_IN,)
    if throwin.may_propose(rules, hand):
        return (_PROPOSE,)
    return ()


def illegal_reason(rules: RuleSet, hand: HandState, card_type: int) -> IllegalActionError:
    """Why the seat to play may not play ``card_type``: the rule that forbids it, in the
    player's words (a card not held says so)."""
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


def apply(state: GameState, hand: HandState, action: Action) -> tuple[GameState, list[Event]]:
    """Play one card: the new game state (scored when the card ends the hand) and its events.

    This runs for every card of every playout through the API, so the states are unpacked whole
    and rebuilt with ``tuple.__new__``: a NamedTuple's named fields, ``_replace`` and its
    constructor are all off the interpreter's fast paths."""
    if action.__class__ is not PlayCard:
        raise IllegalActionError("Play a card.")
    rules = state[0]
    ps = hand[3]
    assert ps is not None
    leader, seat, trick, win_seat, win_type, taken, won, tricks, played, reneges, legal = ps
    kernel = state[9].kernel
    t = kernel.type_of_code[action.card.code]
    hands = hand[2]
    h = hands[seat]
    renege = ""
    if t < 0:
        raise IllegalActionError("That card is not in this pack.", str(action.card))
    if trick:
        if legal < 0:
            legal = kernel.legal(h, trick, win_type, hand[9])
        if not legal & kernel.field_of[t]:
            if not kernel.reneges or not h & kernel.field_of[t]:
                raise illegal_reason(rules, hand, t)
            renege = illegal_reason(rules, hand, t).args[0]
            reneges += ((seat, renege),)
        st = kernel.suit_of[t]
        if (t > win_type) if st == kernel.suit_of[win_type] else st == hand[9]:
            win_seat, win_type = seat, t
    elif not h & kernel.field_of[t]:
        raise illegal_reason(rules, hand, t)
    else:
        win_seat, win_type = seat, t
    one = kernel.one[t]
    hands = (*hands[:seat], h - one, *hands[seat + 1:])
    trick += kernel.seat_type[seat][t]
    events: list[Event] = [CardPlayed(seat, action.card, False, renege) if renege
                           else kernel.card_played[seat][t]]
    if len(trick) < kernel.players:
        turn = kernel.next_in_hand[hand[1]][seat]  # hand.dealer: who sits out, if anyone
        mask = kernel.legal(hands[turn], trick, win_type, hand[9])
        nps = tuple.__new__(PlayState, (leader, turn, trick, win_seat, win_type, taken, won,
                                        tricks, played + one, reneges, mask))
        new_hand = tuple.__new__(HandState, (hand[0], hand[1], hands, nps, *hand[4:]))
        return with_hand(state, new_hand), events
    pts_of, seat_card = kernel.points, kernel.seat_card
    points = 0
    cards = []
    for s, x in trick:
        points += pts_of[x]
        cards.append(seat_card[s][x])
    last = not hands[win_seat]
    if last:
        points += kernel.last_trick
    after = win_seat + 1
    taken = (*taken[:win_seat], taken[win_seat] + points, *taken[after:])
    won = (*won[:win_seat], won[win_seat] + 1, *won[after:])
    events.append(tuple.__new__(TrickWon, (win_seat, tuple(cards), points, last)))
    nps = tuple.__new__(PlayState, (win_seat, win_seat, (), -1, 0, taken, won, tricks + (trick,),
                                    played + one, reneges, -1))
    new_hand = tuple.__new__(HandState, (hand[0], hand[1], hands, nps, *hand[4:]))
    if last:
        new_state, more = score_hand(rules, state, new_hand, _PLAYED)
        return new_state, events + more
    return with_hand(state, new_hand), events
