"""Decisions between the auction and the first card: naming trump, passing and passing back
(racehorse), the three-handed widow and discard, and throwing in or conceding a hopeless bid.

The rankings of the cards to pass, pass back and discard are :mod:`game.bots.exchange_choices`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.exchange_choices import best_discard, best_pass, best_pass_back, pass_value
from game.bots.handeval import estimates, play_model_for
from game.bots.handmodel import features, prob_at_least
from game.rules.actions import (
    Action,
    AgreeThrowIn,
    Discard,
    NameTrump,
    PassCards,
    PlayHand,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
)
from game.rules.cards import Card, Rank, Suit
from game.rules.view import PlayerView


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as a player reads them: ``A♠ 10♥``."""
    return " ".join(c.pretty for c in cards)


# -- trump --------------------------------------------------------------------------------------
def choose_trump(view: PlayerView) -> tuple[Action, str]:
    """The trump with the best estimate of the side's result (meld and trick-taking), and
    why."""
    legal = list(dict.fromkeys(a.suit for a in view.legal if isinstance(a, NameTrump)))
    rules = view.rules
    ests = estimates(rules, view.hand, [int(s) for s in legal])
    best = ests[0]
    suit = Suit(best.trump)
    return naming(view, suit), (f"name {suit.plural}: {best.meld} meld with that trump and the "
                                f"best trick-taking chances (side worth about {best.value:.0f})")


def naming(view: PlayerView, suit: Suit) -> NameTrump:
    """Naming ``suit`` trump; where the bidder calls a trump card to find its partner, the
    strongest one it does not hold every copy of (the partner then holds a high trump)."""
    if any(a == NameTrump(suit) for a in view.legal):
        return NameTrump(suit)
    deck = view.rules.deck
    for rank in deck.ranks_high_to_low:
        if deck.count(view.hand, Card(rank, suit)) < deck.copies:
            return NameTrump(suit, rank)
    return NameTrump(suit, deck.ranks_high_to_low[0])


# -- passing (racehorse) -------------------------------------------------------------------------
def choose_pass(view: PlayerView) -> tuple[Action, str]:
    """The partner's pass to the bidder."""
    choices = [a.cards for a in view.legal if isinstance(a, PassCards)]
    cards, loss = best_pass(view.rules, view.hand, view.trump, choices)
    what = _pass_reason(cards, view.trump)
    keep = " and keep all my meld" if loss == 0 else f" (giving up {loss} of my meld)"
    return PassCards(cards), f"pass {cards_text(cards)}: {what}{keep}"


def _pass_reason(cards: Sequence[Card], trump: int) -> str:
    parts = []
    trumps = [c for c in cards if c.suit == trump]
    aces = [c for c in cards if c.suit != trump and c.rank == Rank.ACE]
    if trumps:
        parts.append("trump first")
    if any(c.suit != trump and c.rank in (Rank.QUEEN, Rank.JACK)
           and pass_value(c, trump) == 25 for c in cards):
        parts.append("the pinochle card")
    if aces:
        parts.append("then aces")
    return ", ".join(parts) if parts else "the least useful cards I hold"


def choose_pass_back(view: PlayerView) -> tuple[Action, str]:
    """The cards to pass back to the partner: keep trumps and aces, shorten a side suit."""
    choices = [a.cards for a in view.legal if isinstance(a, PassCards)]
    cards = best_pass_back(view.rules, view.hand, view.trump, choices)
    return PassCards(cards), (f"pass back {cards_text(cards)}: keep my trumps and aces and "
                              "shorten a side suit")


def named_trumps(view: PlayerView) -> tuple[int, ...]:
    """The trumps a discard may be made for: the one named already (five-handed names trump
    before the widow), else any."""
    return (view.trump,) if view.trump >= 0 else (0, 1, 2, 3)


def choose_discard(view: PlayerView) -> tuple[Action, str]:
    """The discard that keeps the most meld and value for the best trump, banking the
    counters it lays aside, and why."""
    rules = view.rules
    deck = rules.deck
    value, d, trump = best_discard(rules, view.hand, rules.widow.size,
                                   play_model_for(rules), named_trumps(view))
    cards = tuple(sorted(deck.to_cards(d)))
    act = Discard(cards)  # every choice of k held cards is legal: LevelBot checks it anyway
    banked = sum(rules.trick_points_by_type[deck.type_of(c)] for c in cards)
    return act, (f"discard {cards_text(cards)}: keeps my meld for {Suit(trump).plural} and "
                 f"banks {banked} points (hand worth about {value:.0f})")


def widow_decision(view: PlayerView) -> tuple[Action, str]:
    """Forced to 300: look at the widow unless even a good widow leaves the hand hopeless."""
    legal = view.legal
    if ThrowIn() not in legal:
        return TakeWidow(), "take the widow"
    rules = view.rules
    best = estimates(rules, view.hand)[0]
    # A widow adds about one good card: a hand 120 short of the bid stays hopeless.
    gain = 0.12 * rules.total_trick_points
    if best.value + gain + best.sd < view.bid:
        return ThrowIn(), (f"concede without looking: the hand is worth about "
                           f"{best.value:.0f}, far below {view.bid} even with a good widow")
    return TakeWidow(), "look at the widow: it may complete the hand"


def decide_play(view: PlayerView, conservative: float = 0.0) -> tuple[Action, str]:
    """Three-handed, after the discard: play the hand out or concede."""
    rules = view.rules
    if PlayHand() not in view.legal:
        return ThrowIn(), "concede: the bid exceeds my meld by more than the rules allow"
    mine = view.melds[view.seat] if view.melds else None
    meld = mine.total if mine is not None else 0
    deck = rules.deck
    banked = sum(rules.trick_points_by_type[t] * ((view.discards >> (t * deck.bits))
                                                  & deck.field_mask)
                 for t in range(deck.n_types))
    model = play_model_for(rules)
    tricks = model.value(features(rules, view.hand, view.trump)) + banked
    need = view.bid - meld
    p = prob_at_least(tricks, model.sd, need)
    total = rules.total_trick_points
    # Playing rather than conceding: win meld + tricks + the bid back with probability p, and
    # give the defenders the trick points they take (half each, against me).
    gain = p * (meld + tricks + view.bid) - (total - tricks) / 2 - conservative
    if gain > 0:
        return PlayHand(), (f"play: I need {need} in tricks and expect about {tricks:.0f} "
                            f"({p:.0%} to make)")
    return ThrowIn(), (f"concede: I need {need} in tricks but expect about {tricks:.0f} "
                       f"({p:.0%} to make); conceding keeps the trick points from the others")


def _playing_on(view: PlayerView) -> tuple[float, str]:
    """(what playing the hand out gains the bidding side over throwing in, why)."""
    rules = view.rules
    side = view.sides.side_of(view.seat)
    meld = view.side_meld[side] if view.side_meld else 0
    need = view.bid - meld
    total = rules.total_trick_points
    model = play_model_for(rules)
    tricks = model.value(features(rules, view.hand, view.trump))
    p = prob_at_least(tricks, model.sd, max(need, rules.scoring.bidder_min_trick_points))
    gain = p * (meld + tricks + view.bid) - (total - tricks)
    return gain, (f"we need {need} in tricks and expect about {tricks:.0f} ({p:.0%}); throwing "
                  "in denies the defenders their trick points")


def throw_in_decision(view: PlayerView) -> tuple[bool, str]:
    """Whether the bidding side should throw in rather than lead (000 and 001)."""
    rules = view.rules
    if rules.throw_in.mode == "over-margin":
        side = view.sides.side_of(view.seat)
        need = view.bid - (view.side_meld[side] if view.side_meld else 0)
        return True, (f"throw in: we need {need} in tricks, more than the "
                      f"{rules.total_trick_points} there are")
    gain, why = _playing_on(view)
    return gain < 0, f"throw in: {why}"


def propose_throw_in(view: PlayerView) -> tuple[bool, str]:
    """000, within the margin: ask everybody to throw the hand in when playing it out is worse
    for our side than losing the bid."""
    gain, why = _playing_on(view)
    return gain < 0, f"propose to throw in: {why}"


def throw_in_vote(view: PlayerView) -> tuple[Action, str]:
    """000's "unless everybody agrees to throw it in": agree when it is in this side's
    interest. The bidder's partner trusts the bidder, who sees more of their side's cards.
    A defender compares throwing in (the bidders lose the bid, we keep our meld, nobody takes
    tricks) with playing on: our trick points, against the bidders making it, judged from our
    own hand's strength with their trump."""
    rules = view.rules
    bside = view.sides.side_of(view.bidder)
    if view.sides.side_of(view.seat) == bside:
        return AgreeThrowIn(), ("agree: my partner judges the hand lost, and throwing in keeps "
                                "the trick points from the other side")
    meld_b = view.side_meld[bside] if view.side_meld else 0
    need = view.bid - meld_b
    total = rules.total_trick_points
    model = play_model_for(rules)
    ours = min(total, max(0.0, model.value(features(rules, view.hand, view.trump))))
    theirs = total - ours
    p = prob_at_least(theirs, model.sd, need)
    # playing on minus throwing in, for our margin over the bidders
    diff = ours - p * (view.bid + meld_b + theirs)
    why = (f"they need {need} in tricks and I expect them to take about {theirs:.0f} "
           f"({p:.0%} to make)")
    if diff < 0:
        return AgreeThrowIn(), f"agree: {why}; playing on costs us more than it brings"
    return RefuseThrowIn(), f"refuse: {why}; playing on brings us about {ours:.0f} in tricks"
