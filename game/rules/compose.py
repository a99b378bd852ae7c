"""Positions composed by hand: a hand of the auction game put straight at a later phase.

A lesson may begin with the bid already won, or the meld shown and the first card to lead,
without playing the auction that led there. These builders start each part with the state
machine's own starters, so the composed hand holds the same invariants as one the engine
reached; the upper floors build through them instead of reaching into ``auction_game/``.
A position the moves can reach is better written in the notation (:mod:`game.rules.notation`).
"""

from __future__ import annotations

from game.rules.auction_game import auction, melding, play
from game.rules.auction_game.state import HandState
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet


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
