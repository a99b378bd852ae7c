"""The bot levels: ``easy``, ``medium`` and ``hard``, with their style options.

Every level answers every decision of every preset from the seat's :class:`PlayerView` and
explains its choice in one sentence. Options (all optional, per seat):

* ``aggression``: ``conservative``, ``normal`` or ``bold`` bidding;
* ``think_samples``: the table's think time as *reference samples* (game.match.thinking: the
  think time times the machine's measured rate, kept with the game): ``hard`` and ``expert``
  search the share of their sample budget that fits in it (``Budget.full_cost``). A number of
  samples, never the clock, so a replay on a busy machine decides the same;
* ``samples``: ``hard``'s search budget in sampled deals (deterministic, the default);
* ``card_search`` / ``bid_search``: ``off`` gives ``hard`` medium's card play / auction, for
  measuring what each search is worth;
* ``noise``: how often ``easy`` plays a random card (default 0.2, a beginner's slip);
* ``bid_samples``: ``hard``'s sampled deals per auction decision;
* ``bid_shift``: points ``hard`` adds to the value of declaring (its aggression, finely);
* ``exchange_search``: ``off`` gives ``hard`` medium's passing, widow, discard, trump and
  concessions; ``pass_search``: ``off`` for medium's passing and passing back alone;
  ``exchange_samples``: its sampled deals per exchange decision;
* ``game``: ``off`` makes ``hard`` value every hand by its points alone, not by the chance of
  winning the game (for measuring what playing for the game is worth);
* ``checks``: ``off`` makes ``hard``'s exchange searches leave out the checks the hands meld
  (003's check pinochle: the trump that makes a flush, the discard that keeps aces or a
  roundtable, looking at the widow rather than conceding unseen), for measuring what playing for
  checks is worth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots import bidding, exchange, twohand
from game.bots.base import IllegalChoiceError, Suggestion
from game.bots.knowledge import build
from game.bots.playrules import Play
from game.rules.actions import Action, PlayCard, ProposeThrowIn, ThrowIn
from game.rules.handview import chair_words, hand_view
from game.rules.phase import Phase
from game.rules.view import PlayerView

# Without its slips easy plays medium's rules minus the counting, and in partnership-150 that
# came within a few points of medium (docs/strength.md): one card in five at random is what
# keeps it beatable there.
EASY_NOISE = 0.2


@dataclass
class Style:
    """A seat's bot options (see the module); the defaults leave the level's own behaviour."""

    aggression: str = "normal"
    think_samples: int | None = None
    samples: int | None = None
    noise: float | None = None
    bid_samples: int | None = None
    bid_shift: float | None = None
    card_search: bool = True
    bid_search: bool = True
    exchange_search: bool = True
    exchange_samples: int | None = None
    game: bool = True
    pass_search: bool = True
    checks: bool = True
    generation: int | None = None  # expert: which of its algorithms (None: the latest kept)


class LevelBot:
    """A bot of one level. ``choose`` returns one of ``view.legal``; ``suggest`` adds why."""

    def __init__(self, level: str, style: Style) -> None:
        self.level = level
        self.style = style

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self.suggest(view, rng).action

    def suggest(self, view: PlayerView, rng: random.Random) -> Suggestion:
        if not view.legal:
            raise ValueError("it is not this seat's turn: no legal action")
        # Where people sit out in turn, the hand is three-handed: decide at that table, and
        # name its seats as their chairs.
        action, reason = self._decide(hand_view(view), rng)
        reason = chair_words(view, reason)
        if action not in view.legal:
            # A bug, never repaired here: callers that must keep going (a match, the table)
            # count it and substitute; every test sees it raise.
            raise IllegalChoiceError(self.level, view.phase, action)
        return Suggestion(action, reason)

    # -- dispatch -----------------------------------------------------------------------------
    def _decide(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        legal = view.legal
        if view.rules.stock.enabled:
            return self.stock_game(view, rng)
        if len(legal) == 1:
            return legal[0], "the only legal move"
        phase = view.phase
        if phase == Phase.AUCTION:
            return self.bid(view, rng)
        if phase == Phase.TRICKS:
            if ThrowIn() in legal:
                throw, why = self.throw_in(view, rng)
                if throw:
                    return ThrowIn(), why
            if ProposeThrowIn() in legal:
                propose, why = exchange.propose_throw_in(view)
                if propose:
                    return ProposeThrowIn(), why
            return self.play(view, rng)
        if phase == Phase.THROW_IN_VOTE:
            return exchange.throw_in_vote(view)
        if phase in EXCHANGE_PHASES:
            return self.exchange(view, rng)
        return legal[0], "the first legal action"

    # -- per-level pieces (overridden by the levels) ----------------------------------------------
    def bid(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return bidding.decide(view, self.level, self.style.aggression, rng)

    def play(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return heuristic_play(view, counting=True)

    def stock_game(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return twohand.decide(view, self.level, rng)

    def exchange(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        """Trump, passing, the widow, the discard and the concession: the classic rules."""
        return classic_exchange(view)

    def throw_in(self, view: PlayerView, rng: random.Random) -> tuple[bool, str]:
        return exchange.throw_in_decision(view)


EXCHANGE_PHASES = (Phase.TRUMP, Phase.PASS, Phase.PASS_BACK, Phase.WIDOW, Phase.DISCARD,
                   Phase.DECIDE)


def classic_exchange(view: PlayerView) -> tuple[Action, str]:
    """The classic rules' choice in an exchange phase: trump, passing, passing back, the
    widow, the discard and the concession."""
    phase = view.phase
    if phase == Phase.TRUMP:
        return exchange.choose_trump(view)
    if phase == Phase.PASS:
        return exchange.choose_pass(view)
    if phase == Phase.PASS_BACK:
        return exchange.choose_pass_back(view)
    if phase == Phase.WIDOW:
        return exchange.widow_decision(view)
    if phase == Phase.DISCARD:
        return exchange.choose_discard(view)
    return exchange.decide_play(view)


def heuristic_play(view: PlayerView, counting: bool) -> tuple[Action, str]:
    """The card the play rules choose (counting the cards played when ``counting``), and
    why."""
    deck = view.rules.deck
    cards = [a for a in view.legal if isinstance(a, PlayCard)]
    if len(cards) == 1:
        return cards[0], "the only legal card"
    k = build(view)
    mask = 0
    for a in cards:
        mask |= deck.one[deck.type_of(a.card)]
    trick = [(s, deck.type_of(c)) for s, c in view.trick]
    p = Play(k, trick, counting)
    t, why = p.lead(mask) if not trick else p.follow(mask)
    return PlayCard(deck.types[t]), why


class EasyBot(LevelBot):
    """Sensible but beatable: rough evaluation, simple play rules, some noise."""

    def __init__(self, style: Style) -> None:
        super().__init__("easy", style)
        self.noise = EASY_NOISE if style.noise is None else style.noise

    def bid(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return bidding.decide(view, "easy", self.style.aggression, rng, noise=0.35)

    def play(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        if self.noise and len(cards) > 1 and rng.random() < self.noise:
            a = cards[int(rng.random() * len(cards))]
            return a, f"play the {a.card.pretty}"
        return heuristic_play(view, counting=False)

    def stock_game(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return twohand.decide(view, "easy", rng, noise=self.noise)


class MediumBot(LevelBot):
    """Full hand evaluation and card counting."""

    def __init__(self, style: Style) -> None:
        super().__init__("medium", style)
