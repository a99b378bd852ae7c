"""Real positions on any table, found by the engine: deal, play forward, stop when the learner
(south) faces the situation a lesson step or a drill asks for.

A spec is ``lead``, ``follow:<rule>`` (a trick where that obligation forbids some of the
learner's cards), ``except:<rule>`` (a trick where the obligation would seem to bite but leaves
the learner a free choice), ``counter`` (partner is winning the trick and the learner may give it
a counter or not), ``void`` (no card of the suit led, trump in hand) or ``last`` (the learner
plays the last card of a hand with an auction). The walk is seeded, so a
spec on a rule set always finds the same position; the drill asks for the next seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from game.rules.actions import (
    Action,
    Bid,
    Deal,
    DeclareOut,
    EndTurn,
    NameTrump,
    Pass,
    PlayCard,
    PlayHand,
    TakeWidow,
    ThrowIn,
)
from game.rules.cards import Card
from game.rules.compiled import meld_total
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.tricks import PlayVerdict, explain_plays, trick_winner_index
from game.rules.view import PlayerView, observe

LEARNER = 0


@dataclass(frozen=True)
class Found:
    seed: int
    actions: tuple[Action, ...]
    state: GameState


@dataclass(frozen=True)
class Situation:
    """What the learner faces in a trick: the view, the verdict, and the trick's facts."""

    view: PlayerView
    verdict: PlayVerdict
    led: Card
    winner: Card
    trump: int | None
    obligations: tuple[str, ...] = ()  # the rules in force (two-handed: the playoff's, once on)

    @property
    def void(self) -> bool:
        return not any(c.suit == self.led.suit for c in self.view.cards)

    @property
    def trumps(self) -> list[Card]:
        return [c for c in self.view.cards if self.trump is not None and c.suit == self.trump]

    def beats(self, card: Card) -> bool:
        return self.view.rules.deck.beats(card, self.winner, self.trump)


def situation(state: GameState) -> Situation | None:
    """The learner's situation when they are to follow in a trick, else None."""
    if actor(state) != LEARNER or state.phase != Phase.TRICKS:
        return None
    view = observe(state, LEARNER)
    if not view.trick or not any(isinstance(a, PlayCard) for a in view.legal):
        return None
    rules = view.rules
    trump = view.trump if view.trump >= 0 else None
    obligations = rules.stock.playoff_obligations if view.playoff else None
    trick = [c for _, c in view.trick]
    verdict = explain_plays(rules, view.cards, trick, trump, obligations)
    winner = trick[trick_winner_index(rules, trick, trump)]
    return Situation(view, verdict, trick[0], winner, trump,
                     tuple(obligations if obligations is not None else rules.tricks.obligations))


def _trump_led(s: Situation) -> bool:
    return s.trump is not None and s.led.suit == s.trump


def _cannot_win(s: Situation, cards: list[Card] | tuple[Card, ...]) -> bool:
    return not any(s.beats(c) for c in cards)


# Per obligation: its situation arises, yet no card satisfies it, so the learner may choose.
EXCEPTIONS: dict[str, Callable[[Situation], bool]] = {
    "follow_suit": lambda s: s.void and len({c.suit for c in s.verdict.legal}) > 1,
    "take_trick": lambda s: (s.void and bool(s.trumps) and _cannot_win(s, s.verdict.legal)
                             and any(c.suit != s.trump for c in s.verdict.legal)),
    "crawl": lambda s: not s.void and _cannot_win(s, s.verdict.legal),
    "beat_trump_lead": lambda s: _trump_led(s) and bool(s.trumps) and _cannot_win(s, s.trumps),
    "must_trump": lambda s: s.void and not s.trumps and not _trump_led(s),
    "over_trump": lambda s: (not _trump_led(s) and s.void and s.winner.suit == s.trump
                             and bool(s.trumps) and _cannot_win(s, s.trumps)),
    "first_identical_wins": lambda s: s.winner in s.view.cards and s.winner.suit == s.led.suit,
    "any_card": lambda s: s.void and len({c.suit for c in s.verdict.legal}) > 1,
}


def _exception(rule: str, s: Situation) -> bool:
    """The obligation's situation arises, yet no card satisfies it: the learner may choose.
    The rule must be in force there: two-handed's playoff rules do not bite while the stock
    lasts, so a trick of the stock is no exception to them."""
    if len(s.verdict.legal) < 2 or any(f.rule == rule for f in s.verdict.illegal) or \
            rule not in s.obligations:
        return False
    check = EXCEPTIONS.get(rule)
    return check is not None and check(s)


def _counter(s: Situation) -> bool:
    rules = s.view.rules
    if not rules.partnerships:
        return False
    trick = s.view.trick
    winner_seat = next(seat for seat, card in trick if card is s.winner)
    points = {c: rules.tricks.points.get(c.rank.letter, 0) for c in s.verdict.legal}
    return (winner_seat in rules.seating.partners(LEARNER) and any(p > 0 for p in points.values())
            and any(p == 0 for p in points.values()) and not any(s.beats(c) for c in s.verdict.legal
                                                                  if points[c] > 0))


def matches(spec: str, state: GameState, strict: bool = True) -> bool:
    kind, _, rule = spec.partition(":")
    if kind == "lead":
        view = observe(state, LEARNER)
        return (actor(state) == LEARNER and state.phase == Phase.TRICKS and not view.trick
                and len([a for a in view.legal if isinstance(a, PlayCard)]) > 1)
    if kind == "last":
        view = observe(state, LEARNER)
        return (actor(state) == LEARNER and state.phase == Phase.TRICKS
                and view.rules.deck.size_of(view.hand) == 1 and not view.rules.stock.enabled)
    s = situation(state)
    if s is None:
        return False
    if kind == "follow":
        forbidden = any(f.rule == rule for f in s.verdict.illegal)
        return forbidden and (len(s.verdict.legal) >= 2 or not strict)
    if kind == "except":
        return _exception(rule, s)
    if kind == "counter":
        return _counter(s)
    if kind == "void":
        return s.void and bool(s.trumps) and s.led.suit != s.trump
    return False


def _policy(state: GameState, rng: random.Random) -> Action:
    """Moves that keep a hand going quickly and plausibly: the learner takes the bid at the
    lowest price, the others pass; trump is the bidder's best meld suit; cards at random."""
    legal = legal_actions(state)
    phase = state.phase
    seat = actor(state)
    if phase == Phase.DEAL:
        return Deal()
    if phase == Phase.AUCTION:
        bids = [a for a in legal if isinstance(a, Bid)]
        if Pass() in legal and (seat != LEARNER or not bids):
            return Pass()
        return min(bids, key=lambda b: b.amount)
    if phase == Phase.TRUMP:
        counts = observe(state, seat).hand
        trumps = [a for a in legal if isinstance(a, NameTrump)]
        return max(trumps, key=lambda a: meld_total(state.rules, counts, int(a.suit)))
    for preferred in (TakeWidow(), PlayHand(), EndTurn()):
        if preferred in legal:
            return preferred
    plays = [a for a in legal if not isinstance(a, ThrowIn | DeclareOut)]
    return rng.choice(plays or list(legal))


def walk(rules: RuleSet, seed: int, spec: str, strict: bool) -> Found | None:
    """Deal ``seed`` and play it forward; the first position matching ``spec``, if any."""
    state = new_game(rules, seed)
    rng = random.Random(f"find/{spec}/{seed}")
    actions: list[Action] = []
    hand_no = state.hand_no
    for _ in range(400):
        if state.hand_no != hand_no or state.over:
            return None
        if matches(spec, state, strict):
            return Found(seed, tuple(actions), state)
        action = _policy(state, rng)
        state, _ = apply(state, action)
        actions.append(action)
    return None


@lru_cache(maxsize=256)
def find(rules: RuleSet, spec: str, start: int = 1, tries: int = 300) -> Found | None:
    """The first position from seed ``start`` on where the learner faces ``spec`` (with a free
    choice of at least two cards when one exists within ``tries`` deals)."""
    for strict in (True, False):
        for seed in range(start, start + tries):
            found = walk(rules, seed, spec, strict)
            if found is not None:
                return found
    return None
