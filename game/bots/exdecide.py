"""The exchange decisions of ``hard`` and ``expert``, each chosen by :mod:`game.bots.exsearch`.

Every function takes the seat's view, its generator, a budget in sampled deals and the table's
optional think time, and returns (action, one-sentence reason). Candidates are pruned by the
classic rules of :mod:`game.bots.exchange`: the best passes by three different weights on the
meld a pass gives up, the best passes back and discards by medium's own measures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots.base import points_text
from game.bots.exchange import cards_text, named_trumps, naming
from game.bots.exchange_choices import rank_discards, rank_pass_backs, rank_passes
from game.bots.exsample import Sampled
from game.bots.exsearch import ExchangeSearch, Ranked
from game.bots.handeval import play_model_for
from game.rules.actions import Action, Discard, NameTrump, PassCards, PlayHand, TakeWidow, ThrowIn
from game.rules.cards import Card, Suit
from game.rules.view import PlayerView

# Meld the classic passing rules give up per point of pass value: the usual rule, one that
# passes strength almost regardless of meld, and one that never breaks meld.
PASS_WEIGHTS = (1.5, 0.5, 4.0)
# An exchange is decided on the calls and on cards seen since (the widow, the cards passed in):
# "as far as the bidding shows" would hide the cards the player has seen.
BASIS = "given the bidding and the cards you have seen"


def _by(ranked: Sequence[Ranked], view: PlayerView, what: str, texts: Sequence[str],
        samples: int) -> str:
    """The reason for the best of ``ranked``: its margin over the runner-up."""
    del samples  # how the search worked is not a reason a player gives
    whose = "your side" if view.rules.partnerships else "you"
    best = ranked[0]
    if len(ranked) < 2:
        return f"{what}: it scores best for {whose}, {BASIS}"
    second = ranked[1]
    return (f"{what}: about {points_text(best.value - second.value)} more for {whose} than "
            f"{texts[second.index]}, {BASIS}")


def pass_candidates(view: PlayerView, width: int) -> list[tuple[Card, ...]]:
    """The passes worth searching: the best ``width`` of each weighting of the pass
    rankings, without repeats."""
    rules = view.rules
    choices = [a.cards for a in view.legal if isinstance(a, PassCards)]
    out: list[tuple[Card, ...]] = []
    for weight in PASS_WEIGHTS:
        for _, cards, _ in rank_passes(rules, view.hand, view.trump, choices, weight)[:width]:
            if cards not in out:
                out.append(cards)
    return out


def search_pass(view: PlayerView, rng: random.Random, samples: int, width: int,
                game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """Partner's pass to the bidder."""
    cands = pass_candidates(view, width)
    if len(cands) == 1:
        return PassCards(cands[0]), f"pass {cards_text(cands[0])}: the only sensible pass"
    deck = view.rules.deck
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    ranked = search.rank(search.pass_plays([deck.counts_of(c) for c in cands]))
    cards = cands[ranked[0].index]
    texts = [cards_text(c) for c in cands]
    return PassCards(cards), _by(ranked, view, f"pass {cards_text(cards)}", texts, samples)


def search_pass_back(view: PlayerView, rng: random.Random, samples: int, width: int,
                     game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """The pass back chosen by search over ``samples`` deals among the ``width`` best
    ranked, and why (the only choice says so)."""
    rules = view.rules
    choices = [a.cards for a in view.legal if isinstance(a, PassCards)]
    cands = [c for _, c in rank_pass_backs(rules, view.hand, view.trump, choices)[:width]]
    if len(cands) == 1:
        return PassCards(cands[0]), f"pass back {cards_text(cands[0])}: the only choice"
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    ranked = search.rank(search.pass_back_plays([rules.deck.counts_of(c) for c in cands]))
    cards = cands[ranked[0].index]
    texts = [cards_text(c) for c in cands]
    return PassCards(cards), _by(ranked, view, f"pass back {cards_text(cards)}", texts,
                                 samples)


def _banked(view: PlayerView) -> int:
    deck = view.rules.deck
    pts = view.rules.trick_points_by_type
    return sum(pts[t] * ((view.discards >> (t * deck.bits)) & deck.field_mask)
               for t in range(deck.n_types))


def search_trump(view: PlayerView, rng: random.Random, samples: int,
                 game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """The trump chosen by search over ``samples`` deals, and why."""
    suits = list(dict.fromkeys(int(a.suit) for a in view.legal if isinstance(a, NameTrump)))
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    ranked = search.rank(search.trump_plays(suits, _banked(view)), keep=len(suits))
    suit = Suit(suits[ranked[0].index])
    texts = [Suit(s).plural for s in suits]
    return naming(view, suit), _by(ranked, view, f"name {suit.plural}", texts, samples)


def search_discard(view: PlayerView, rng: random.Random, samples: int, width: int,
                   game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """The discard (and the trump with it) chosen by search over ``samples`` deals among
    the ``width`` best ranked, and why."""
    rules = view.rules
    deck = rules.deck
    ranked_rules = rank_discards(rules, view.hand, rules.widow.size,
                                 play_model_for(rules), named_trumps(view))
    cands: list[tuple[int, int]] = []
    for _, d, trump in ranked_rules:
        if (d, trump) not in cands:
            cands.append((d, trump))
        if len(cands) >= width:
            break
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    ranked = search.rank(search.discard_plays(cands))
    d, trump = cands[ranked[0].index]
    cards = tuple(sorted(deck.to_cards(d)))
    texts = [f"{cards_text(sorted(deck.to_cards(x)))} for {Suit(t).plural}" for x, t in cands]
    return Discard(cards), _by(ranked, view, f"discard {cards_text(cards)} and play "
                               f"{Suit(trump).plural}", texts, samples)


def search_widow(view: PlayerView, rng: random.Random, samples: int,
                 game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """Forced to the opening bid: look at the widow, or concede without looking."""
    if ThrowIn() not in view.legal:
        return TakeWidow(), "take the widow"
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    ranked = search.rank(search.widow_plays(), keep=2)
    texts = ["looking at the widow", "conceding without looking"]
    if ranked[0].index == 0:
        return TakeWidow(), _by(ranked, view, "look at the widow", texts, samples)
    return ThrowIn(), _by(ranked, view, "concede without looking", texts, samples)


def search_decide(view: PlayerView, rng: random.Random, samples: int,
                  game: bool = True, checks: bool = True
                  ) -> tuple[Action, str]:
    """Three-handed, after the discard: play the hand out or concede."""
    if PlayHand() not in view.legal:
        return ThrowIn(), "concede: the bid exceeds the meld by more than the rules allow"
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    plays = [search.trump_plays([view.trump], _banked(view), passing=False)[0],
             search.concede_plays(view.trump)]
    ranked = search.rank(plays, keep=2)
    texts = ["playing", "conceding"]
    if ranked[0].index == 0:
        return PlayHand(), _by(ranked, view, "play the hand", texts, samples)
    return ThrowIn(), _by(ranked, view, "concede", texts, samples)


def rank_play_or_throw(view: PlayerView, rng: random.Random, samples: int,
                       game: bool, checks: bool) -> list[Ranked]:
    """Playing the hand out (index 0) and throwing it in (index 1), best first, in the same
    sampled deals: the bot's decision and the review's grading of it (000 and 001)."""
    search = ExchangeSearch(view, rng, samples, game=game, checks=checks)
    scorer = search.scorer(view.trump)
    bside = view.sides.side_of(view.bidder)
    meld = [0 if s == bside else m for s, m in enumerate(view.side_meld)]

    def throw(deal: Sampled, rnd: random.Random) -> float:
        return scorer.conceded(meld)

    return search.rank([search.trump_plays([view.trump], passing=False)[0], throw], keep=2)


def search_throw_in(view: PlayerView, rng: random.Random, samples: int,
                    game: bool = True, checks: bool = True
                  ) -> tuple[bool, str]:
    """Whether the bidding side should throw in rather than lead (000 and 001)."""
    ranked = rank_play_or_throw(view, rng, samples, game, checks)
    texts = ["playing", "throwing in"]
    if ranked[0].index == 1:
        return True, _by(ranked, view, "throw in", texts, samples)
    return False, ""
