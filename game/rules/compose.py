"""Positions composed by hand: a hand put straight at a later phase.

A lesson may begin with the bid already won, or the meld shown and the first card to lead,
or a two-handed deal at its first trick, without playing the moves that led there. These
builders start each part with the state machine's own starters, so the composed hand holds the
same invariants as one the engine reached; the upper floors build through them instead of
reaching into ``auction_game/`` or ``stock_game/``. A position the moves can reach is better
written in the notation (:mod:`game.rules.notation`)."""

from __future__ import annotations

from game.rules.auction_game import auction, melding, play
from game.rules.auction_game.state import HandState
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.stock_game.state import StockHand


def auction_hand(rules: RuleSet, dealer: int, hands: tuple[int, ...], widow: int
                 ) -> HandState:
    """A hand just dealt (``hands`` and ``widow`` as card counts), its auction opened."""
    return HandState(Phase.AUCTION, dealer, hands, widow=widow,
                     auction=auction.start(rules, dealer))


def contracted(rules: RuleSet, hand: HandState, bidder: int, bid: int) -> HandState:
    """``hand`` just dealt, its auction over without being played: ``bidder`` holds the
    contract at ``bid``, next to take the widow or, without one, to name trump."""
    widow_first = rules.widow.size and not rules.widow.after_trump
    return hand._replace(phase=Phase.WIDOW if widow_first else Phase.TRUMP, auction=None,
                         bidder=bidder, bid=bid)


def in_play(rules: RuleSet, hand: HandState, leader: int) -> HandState:
    """``hand`` (its melds shown) at the first trick: the sides' meld counted, ``leader`` to
    lead."""
    return hand._replace(phase=Phase.TRICKS, side_meld=melding.side_melds(rules, hand),
                         play=play.start(rules, hand, leader))


# The phases an auction hand may be composed at, after its auction.
AFTER_AUCTION = (Phase.WIDOW, Phase.TRUMP, Phase.PASS, Phase.DISCARD, Phase.TRICKS)


def auction_position(rules: RuleSet, dealer: int, hands: tuple[int, ...], widow: int,
                     phase: Phase, bidder: int, bid: int, trump: int,
                     melds: tuple[MeldResult | None, ...] = (), leader: int = -1,
                     discards: int = 0) -> HandState:
    """A hand of an auction game (cards as counts) put at ``phase``: its auction open, or
    won by ``bidder`` at ``bid`` with ``trump`` named (-1: not yet), and then the widow to
    take, trump to name, the pass to make, the discard to make (the widow taken up), or the
    first trick to lead (``melds`` shown, ``leader`` to lead). ``discards`` are the bidder's
    discards already made (three-handed)."""
    hand = auction_hand(rules, dealer, hands, widow)
    if phase == Phase.AUCTION:
        return hand
    if phase not in AFTER_AUCTION:
        raise ValueError(f"a hand is not composed at the {phase} phase")
    hand = contracted(rules, hand, bidder, bid)._replace(trump=trump, discards=discards)
    if phase == Phase.DISCARD:
        return hand._replace(phase=phase, looked=True, widow=0)
    if phase == Phase.TRICKS:
        return in_play(rules, hand._replace(melds=melds), leader)
    return hand._replace(phase=phase)


def stock_position(dealer: int, hands: tuple[int, ...], stock: tuple[int, ...], turnup: int,
                   trump: int, leader: int) -> StockHand:
    """A two-handed deal at a trick: ``hands`` as counts, the ``stock`` face down (card types,
    top first) under the ``turnup`` (a card type) that names ``trump``, ``leader`` to lead."""
    return StockHand(Phase.TRICKS, dealer, hands, ((), ()), stock, turnup, trump, leader, leader)
