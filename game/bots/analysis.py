"""Grading one decision from what the player could see: the analysis behind the hand review
(issue 28).

``analyse(view, rng, budget, chosen)`` values every sensible action of the decision the view
asks for, by the same determinized searches the ``hard`` and ``expert`` levels play with, run
on the player's own view (never on hidden cards: a revealed view is read as the seat's own,
see :func:`own_view`), with every candidate played in the same sampled deals so that their
differences are not blurred by luck. Big action sets (passes, discards, bids) are pruned to
the candidates the classic rules rate best, and the ``chosen`` action is always among them.

**Units.** Every value is the expected score of this hand for the player's side, minus the
average of the other sides' scores: four-handed, the partnership's hand score minus the
opponents'; three-handed, the seat's score minus the average of the other two; two-handed, the
player's hand points minus the opponent's. That is exactly the per-deal margin ``pinochle
match`` reports, so "points lost" reads on the same scale as the strength table. It counts this
hand only (not the chance of winning the game) and is in points, never checks or stars. The one
exception ends the game: two-handed, declaring out is valued at the game's target, plus when
the claim wins and minus when it loses, so a winning claim is always best and a losing one is
a blunder, never "as good as playing on".

**Budget.** ``budget=1`` is the review's default (about the ``expert`` level's samples for each
decision, three times them for the two-handed stock play, every candidate searched to the
end); the cost grows linearly with it.
``benchmarks/analysis.py`` measures its CPU time per hand and how often it agrees with a
search of ten times the budget. A result depends only on the view, the generator's state and
the budget.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.bots import analysis_values as av
from game.bots.analysis_words import say
from game.bots.base import Bot, points_text
from game.bots.hard import HardBot
from game.bots.settle import GRADE_EDGES, TIE, choice_key
from game.rules.actions import Action, PlayCard
from game.rules.handview import chair_words, hand_view
from game.rules.phase import Phase
from game.rules.tricks import trick_winner_index
from game.rules.view import PlayerView

UNITS = ("points of this hand: the player's side's score minus the other sides' average "
         "(the per-deal margin of a duplicate match)")


@dataclass(frozen=True)
class Option:
    """One analysed action and its expected hand score (see the module's units)."""

    action: Action
    value: float
    text: str  # the action in a player's words ("the Q♠", "pass", "bid 260")


@dataclass(frozen=True)
class Analysis:
    """One decision analysed: every option's expected hand score, best first, the reason for the
    best, and the sampled deals behind the values."""

    kind: str  # "bid", "pass", "pass back", "trump", "widow", "discard", "decide", "vote",
    #            "throw-in", "card", "stock", "meld", "playoff"
    options: tuple[Option, ...]  # best first
    reason: str  # why the best one, in a player's words
    samples: int  # sampled deals behind each value (0: solved exactly, nothing hidden)

    @property
    def best(self) -> Option:
        return self.options[0]

    def option(self, action: Action) -> Option:
        """The analysed option for ``action`` (a card by its kind: the two copies of a card
        are one choice). KeyError when it was not analysed."""
        key = choice_key(action)
        for o in self.options:
            if choice_key(o.action) == key:
                return o
        raise KeyError(f"{action} was not among the analysed actions")

    def points_lost(self, action: Action) -> float:
        """How much less than the best ``action`` is expected to score (0 for the best)."""
        return max(0.0, self.best.value - self.option(action).value)


def own_view(view: PlayerView) -> PlayerView:
    """The view with every card the seat could not see left out: the analysis reads this,
    so that a caller holding a revealed view (the match harness's) still grades the player
    by what the player saw. Where people sit out, the hand at its own three-handed table
    (:func:`game.rules.handview.hand_view`), as the bots play it."""
    view = hand_view(view)
    if not view.revealed:
        return view
    return dataclasses.replace(view, revealed=False, all_hands=(), face_down_widow=0,
                               hidden_discards=0, stock_order=())


def analyse(view: PlayerView, rng: random.Random, budget: float = 1.0,
            chosen: Action | None = None, also: Sequence[Action] = ()) -> Analysis:
    """Every sensible action of the decision ``view`` asks for, valued (best first), with the
    reason for the best. ``chosen``, when given, must be legal and is always analysed, and so
    is each action of ``also`` (what the levels would choose, for the game review)."""
    if not view.legal:
        raise ValueError("analyse: it is not this seat's turn (no legal action)")
    for must in (chosen, *also):
        if must is not None and must not in view.legal:
            raise ValueError(f"analyse: {must} is not a legal action here")
    if not budget > 0:
        raise ValueError(f"analyse: the budget must be above 0, got {budget!r}")
    own = own_view(view)
    musts = [a for a in (chosen, *also) if a is not None]
    kind, values, samples, notes = av.values(own, rng, budget, musts)
    options = best_first(own.legal, [Option(a, v, say(own, a)) for a, v in values])
    mine = next((o for o in options
                 if chosen is not None and choice_key(o.action) == choice_key(chosen)), None)
    return at_chairs(view, Analysis(kind, tuple(options),
                                    _reason(own, kind, options, samples, mine, notes), samples))


def at_chairs(view: PlayerView, analysis: Analysis) -> Analysis:
    """``analysis`` in words naming the chairs of ``view``'s table, where the hand was
    analysed at its own three-handed table (people sitting out)."""
    if not view.rules.seating.sits_out:
        return analysis
    options = tuple(dataclasses.replace(o, text=chair_words(view, o.text))
                    for o in analysis.options)
    return dataclasses.replace(analysis, options=options,
                               reason=chair_words(view, analysis.reason))



def analyse_with(bot: Bot, view: PlayerView, rng: random.Random, chosen: Action
                 ) -> tuple[Analysis, Action] | None:
    """A card decision graded by ``bot``'s own search, and the card ``bot`` plays there by
    that search: (analysis, its pick). The expert's card search is the review's at budget 1
    (the same samples of the same sampler, the same rollouts), so the review runs it once,
    valued in points for the grades and for the game for the expert's pick, instead of running
    it twice. None where ``bot`` decides without its card search (one kind of card, a throw-in
    to weigh, the two-handed game): analyse the decision and ask the bot apart."""
    if chosen not in view.legal:
        raise ValueError(f"analyse: {chosen} is not a legal action here")
    if not isinstance(bot, HardBot):
        return None
    own = own_view(view)
    ranked = bot.ranked_cards(own, rng)
    if not ranked:
        return None
    deck = own.rules.deck
    by_type: dict[int, Action] = {}
    for a in own.legal:
        if isinstance(a, PlayCard):
            by_type.setdefault(deck.type_of(a.card), a)
    samples = bot.card_samples(own, len(ranked))
    options = best_first(own.legal, [Option(by_type[c.card_type], c.points,
                                            say(own, by_type[c.card_type])) for c in ranked])
    mine = next(o for o in options if choice_key(o.action) == choice_key(chosen))
    analysis = at_chairs(view, Analysis("card", tuple(options),
                                        _reason(own, "card", options, samples, mine), samples))
    return analysis, PlayCard(deck.types[ranked[0].card_type])


def best_first(legal: Sequence[Action], options: list[Option]) -> list[Option]:
    """The options by value, but for the first: of those within :data:`TIE` of the best, the
    one the rules list first among the legal actions, so that two searches (or two runs) that
    find the same few actions equally good name the same one best rather than whichever their
    samples happened to favour by a fraction of a point."""
    options = sorted(options, key=lambda o: -o.value)
    if len(options) < 2:
        return options
    order = legal_order(legal)
    tied = [o for o in options if options[0].value - o.value <= TIE]
    first = min(tied, key=lambda o: order.get(choice_key(o.action), len(order)))
    return [first, *(o for o in options if o is not first)]


def legal_order(legal: Sequence[Action]) -> dict[object, int]:
    """Each choice's place among the legal actions, as the rules list them (the two copies of
    a card are one choice, at the first's place): the order ties are settled in."""
    order: dict[object, int] = {}
    for i, action in enumerate(legal):
        order.setdefault(choice_key(action), i)
    return order


def _reason(view: PlayerView, kind: str, options: list[Option], samples: int,
            chosen: Option | None = None, notes: Mapping[Action, str] | None = None) -> str:
    """Why the best: against the player's own choice when it was not the best, else against
    the next best. A call says what follows it (who would play the hand, at what, and how it
    goes: ``notes``), a card the trick it is played to."""
    best = options[0]
    whose = "your side" if view.rules.partnerships else "you"
    how = ("every card is known now" if samples == 0 or kind == "playoff" else
           "as far as the bidding shows" if kind == "bid" else
           "given the cards seen so far" if kind in ("card", "stock", "meld") else
           "given the bidding and the cards you have seen")
    if len(options) == 1:
        return f"{best.text}: the only sensible choice"
    # Against the player's own choice whenever it was not the best, tied or not: "as good
    # as" another option the player did not play would answer a question nobody asked.
    second = chosen if chosen is not None and chosen is not best else options[1]
    margin = best.value - second.value
    lead = best.text[0].upper() + best.text[1:]
    if view.phase == Phase.TRICKS or kind in ("stock", "playoff"):
        lead = f"Play {best.text}" if isinstance(best.action, PlayCard) else lead
    said = dict(notes or {})
    if said.get(best.action):
        lead += f" ({said[best.action]})"
    other = second.text + (f" ({said[second.action]})" if said.get(second.action) else "")
    context = ""
    if kind == "card" and isinstance(best.action, PlayCard):
        context = _trick_context(view)
        context = context[:1].upper() + context[1:] + ". "
    if margin <= TIE:
        return f"{context}{lead}: as good as {other}, {how}"
    # Every other option within the tie of the best is as good as it: named beside it, so
    # that no single "best" is read into a gap the search cannot tell apart.
    tied = [o.text for o in options[1:] if best.value - o.value <= TIE and o is not second]
    also = ("" if not tied else f" (or {' or '.join(tied)}, as good)" if len(tied) < 4 else
            f" (or any of {len(tied)} others as good)")
    why = _trick_why(view, best.action, second.action)
    return (f"{context}{lead}{why}{also}: about {points_text(margin)} more for {whose} than "
            f"{other}, {how}")


def explain(view: PlayerView, kind: str, options: Sequence[Option], samples: int,
            chosen: Option | None = None) -> str:
    """Why the best, against ``chosen`` when it was not the best (the review's reason, from
    stored values: a call's likely contract is not said here)."""
    return _reason(own_view(view), kind, list(options), samples, chosen)


def shortfall(view: PlayerView, kind: str, answer: Option, lost: float, samples: int) -> str:
    """Why an answer is worse, in a player's words, without naming the better one (Retry: the
    player may try again): the trick it is played to and what it does there, and what it
    loses against the best. ``lost``: its points lost (above the tie)."""
    view = own_view(view)
    whose = "your side" if view.rules.partnerships else "you"
    how = ("every card is known now" if samples == 0 or kind == "playoff" else
           "as far as the bidding shows" if kind == "bid" else
           "given the cards seen so far" if kind in ("card", "stock", "meld") else
           "given the bidding and the cards you have seen")
    lead = answer.text[:1].upper() + answer.text[1:]
    context = ""
    if isinstance(answer.action, PlayCard) and kind in ("card", "stock", "playoff"):
        lead = f"Playing {answer.text}"
        if kind == "card":
            context = _trick_context(view) + ". "
        lead += _card_effect(view, answer.action)
    best = ("the best call" if kind == "bid" else
            "the best card" if isinstance(answer.action, PlayCard) else "the best choice")
    return f"{context}{lead}: about {points_text(lost)} less for {whose} than {best} here, {how}"


def _card_effect(view: PlayerView, card: PlayCard) -> str:
    """What a card does to the trick on the table, in a player's words ("" on a lead)."""
    if not view.trick:
        return ""
    rules = view.rules
    cards = [c for _, c in view.trick]
    trump = view.trump if view.trump >= 0 else None
    points = rules.trick_points_by_type[rules.deck.type_of(card.card)]
    if trick_winner_index(rules, [*cards, card.card], trump) == len(cards):
        return ", which beats every card played to this trick so far"
    ahead = view.trick[trick_winner_index(rules, cards, trump)][0]
    ours = ahead != view.seat and rules.side_of(ahead) == rules.side_of(view.seat)
    if ours:
        return ", which leaves the trick to your partner" + (
            f" and gives it {points_text(points)}" if points else "")
    taker = ("the other side" if rules.partnerships else "your opponent" if rules.players == 2
             else "whoever takes it")
    return ", which does not take this trick" + (
        f" and gives {taker} {points_text(points)}" if points else "")


def _trick_context(view: PlayerView) -> str:
    """The trick a card is played to, in a player's words: "West led the K♠ and your partner
    North is winning with the A♠"; "You lead to trick 3"."""
    if not view.trick:
        return f"You lead to trick {len(view.tricks) + 1}"
    rules = view.rules
    led_by, led = view.trick[0]
    trump = view.trump if view.trump >= 0 else None
    at = trick_winner_index(rules, [c for _, c in view.trick], trump)
    text = f"{_seat_words(view, led_by)} led the {led.pretty}"
    if at:
        ahead, card = view.trick[at]
        text += f" and {_seat_words(view, ahead)} is winning with the {card.pretty}"
    return text


def _seat_words(view: PlayerView, seat: int) -> str:
    name = view.rules.seating.name(seat)
    if view.rules.partnerships and view.rules.side_of(seat) == view.rules.side_of(view.seat):
        return f"your partner {name}"
    return name


def _trick_why(view: PlayerView, best: Action, other: Action) -> str:
    """What the better card does to the trick on the table, in a player's words ("" when the
    trick says nothing about it: a lead, or not two cards)."""
    if not (isinstance(best, PlayCard) and isinstance(other, PlayCard) and view.trick):
        return ""
    rules = view.rules
    cards = [c for _, c in view.trick]
    trump = view.trump if view.trump >= 0 else None
    ahead = view.trick[trick_winner_index(rules, cards, trump)][0]

    def wins(card: PlayCard) -> bool:
        return trick_winner_index(rules, [*cards, card.card], trump) == len(cards)

    def points(card: PlayCard) -> int:
        return rules.trick_points_by_type[rules.deck.type_of(card.card)]

    if wins(best) and not wins(other):
        return ", which beats every card played to this trick so far"
    if wins(other) and not wins(best):
        return f", which lets this trick go and keeps the {other.card.pretty} for later"
    ours = ahead != view.seat and rules.side_of(ahead) == rules.side_of(view.seat)
    if ours and not wins(best) and points(best) > points(other):
        return ", which gives points to the trick your partner is winning"
    if not ours and not wins(best) and points(best) < points(other):
        return ", which gives fewer points to a trick the other side is winning"
    return ""


__all__ = ["GRADE_EDGES", "TIE", "UNITS", "Analysis", "Option", "analyse", "analyse_with",
           "explain", "legal_order", "own_view", "shortfall"]
