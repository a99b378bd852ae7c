"""The review of a hand (issue 28): every decision one player made in a scored hand, graded by
the analysis (:func:`game.bots.analysis.analyse`) from that player's own view at the moment.

Grades, in points lost against the best action analysed (the analysis's units: this hand's
score for the player's side minus the other sides' average):

* **good**: under 10 points lost;
* **inaccuracy**: 10 to under 30;
* **mistake**: 30 to under 80;
* **blunder**: 80 or more.

Ten points is the smallest step a single-deck score moves by (counters are worth 10 at the
x10 tables), and a double-deck or two-handed error of that size is a card's worth; 80 is about
half a typical contract's margin, the cost of a set. A loss smaller than the analysis's own
noise (its sampled deals) is "good" by construction of the first band.

A review depends only on the game's record, the seat, the budget and the seed of its sampled
deals, so it can be made in another process and stored with the saved game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.bots.analysis import GRADE_EDGES, TIE, analyse, analyse_with
from game.bots.registry import STRONGEST, make_bot
from game.rules.actions import Action
from game.rules.engine import actor, apply, legal_actions
from game.rules.events import HandResult, HandScored
from game.rules.gamehands import GameHand, game_hands
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import observe
from game.store.reviews import LEVELS, StoredDecision, StoredOption, StoredReview, option_key

GRADES = tuple(zip(("good", "inaccuracy", "mistake", "blunder"), (*GRADE_EDGES, float("inf")),
                   strict=True))
CEILING_LEVEL = "open"  # sees every card: "all cards seen", never a player's yardstick
# Every card is known to it, so a few rollouts a card and one deal per bid or exchange measure
# what its search would with many (its deals are all the true one): four play-outs of the hand
# cost about what one did at its full budget.
CEILING_BUDGET: dict[str, object] = {"samples": 16, "bid_samples": 8, "exchange_samples": 12}
CEILING_PLAYOUTS = 4  # at budget 1; fewer below it (one at least)
Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


def grade(points_lost: float) -> str:
    """The grade of a loss as the player reads it, in whole points: a 9.6 shown as "10 lost" is
    an inaccuracy, as the table of grades beside it says."""
    shown = round(points_lost)
    for name, below in GRADES:
        if shown < below:
            return name
    return GRADES[-1][0]


def loss(best: float, value: float) -> float:
    """Points lost by an option worth ``value`` against the best: none within the tie, where
    the review calls options equally good (game.bots.settle.TIE)."""
    gap = best - value
    return 0.0 if gap <= TIE else gap


def margin_words(rules: RuleSet) -> str:
    """The review's units for this table, in a player's words."""
    if rules.n_sides == 2 and rules.partnerships:
        return "your side's score minus the other side's"
    if rules.n_sides == 2:
        return "your score minus your opponent's"
    return "your score minus the others' average"


def margin(rules: RuleSet, seat: int, result: HandResult) -> float:
    """A hand's score for ``seat``'s side minus the other sides' average (the units)."""
    side = rules.side_of(seat)
    scores = {s.side: s.score for s in result.sides}
    others = [v for k, v in scores.items() if k != side]
    return scores.get(side, 0) - (sum(others) / len(others) if others else 0.0)


@dataclass(frozen=True)
class Graded:
    """One decision of a stored review, read for a player."""

    decision: StoredDecision

    @property
    def best(self) -> StoredOption:
        return self.decision.options[0]

    @property
    def chosen(self) -> StoredOption:
        d = self.decision
        key = option_key(d.chosen)
        return next(o for o in d.options if option_key(o.action) == key)

    @property
    def lost(self) -> float:
        return loss(self.best.value, self.chosen.value)

    @property
    def equally_best(self) -> tuple[StoredOption, ...]:
        """Every option within the tie of the best (game.bots.settle.TIE), the one named
        best first: each loses nothing, so each is marked best and none is preferred."""
        top = self.best.value
        return tuple(o for o in self.decision.options if loss(top, o.value) == 0.0)

    def is_best(self, option: StoredOption) -> bool:
        """Whether ``option`` is one of the equally good best."""
        return loss(self.best.value, option.value) == 0.0

    @property
    def best_words(self) -> str:
        """Every equally good best, in a player's words: "the Q♠ or the K♠"."""
        return either([o.text for o in self.equally_best])

    def value_of(self, level: str) -> float | None:
        """The value of the level's choice here (None: not compared)."""
        for lv, action in self.decision.levels:
            if lv == level:
                key = option_key(action)
                return next(o.value for o in self.decision.options
                            if option_key(o.action) == key)
        return None

    def lost_by(self, level: str) -> float | None:
        """What the level's choice here would have lost (None: not compared)."""
        value = self.value_of(level)
        return None if value is None else loss(self.best.value, value)

    @property
    def grade(self) -> str:
        return grade(self.lost)


def either(texts: Sequence[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


def hand_lost(graded: Sequence[Graded], level: str | None = None) -> float | None:
    """A hand's points lost in all, by the player (or by ``level``'s own choices at the same
    decisions; None when the level was not compared at every one): the sum of the decisions'
    losses, but never more than what the decisions could have changed, the distance from the
    best prospect held at any of them to the lowest any choice led to.

    Each decision is charged against its own alternatives, with what follows played by the
    same policy (game.bots.continuation). Between two decisions news arrives: an opponent
    overcalls a risky raise, or misplays a card. Good news is no credit, so a player who raises
    into a stronger hand three times is charged each raise's risk; the bound keeps the hand's
    total from exceeding the result the player's choices could have moved."""
    if not graded:
        return 0.0
    chosen: list[float] = []
    for g in graded:
        value = g.chosen.value if level is None else g.value_of(level)
        if value is None:
            return None
        chosen.append(value)
    best = [g.best.value for g in graded]
    lost = sum(loss(b, c) for b, c in zip(best, chosen, strict=True))
    return min(lost, max(0.0, max(best) - min(chosen)))


def decisions(hand: GameHand, seat: int) -> list[tuple[int, GameState, Action]]:
    """(index in the game's actions, the state before, the action) for each of the seat's
    decisions in the hand: its actions where it had more than one legal choice."""
    out = []
    state = hand.start
    for i, action in enumerate(hand.moves):
        if actor(state) == seat and len(legal_actions(state)) > 1:
            out.append((hand.first + i, state, action))
        state, _ = apply(state, action)
    return out


def review_hand(rules: RuleSet, seed: int, actions: Sequence[Action], hand_no: int, seat: int,
                seats: Sequence[str], budget: float = 1.0, progress: Progress | None = None,
                cancelled: Callable[[], bool] = lambda: False,
                levels: Sequence[str] = LEVELS) -> StoredReview | None:
    """The review of hand ``hand_no`` (scored) of a game for ``seat``; None when cancelled."""
    hands = game_hands(rules, seed, actions)
    if hand_no >= len(hands) or hands[hand_no].result is None:
        raise ValueError(f"hand {hand_no + 1} has not been scored")
    return review_game_hand(hands[hand_no], seat, seats, budget, progress, cancelled, levels)


def review_game_hand(hand: GameHand, seat: int, seats: Sequence[str], budget: float = 1.0,
                     progress: Progress | None = None,
                     cancelled: Callable[[], bool] = lambda: False,
                     levels: Sequence[str] = LEVELS) -> StoredReview | None:
    """The review of a scored hand for ``seat``; None when cancelled. At each decision, what
    each of ``levels`` would have chosen is analysed too (the game review compares the player
    with them on the same positions)."""
    seed = hand.start.seed
    todo = decisions(hand, seat)
    out: list[StoredDecision] = []
    # One bot per level for the hand, as at the table: the expert's exact playoff positions,
    # solved once, answer its later decisions in the hand (game.bots.playoff.SolverCache).
    bots = {lv: make_bot(lv) for lv in levels}
    for n, (index, state, action) in enumerate(todo):
        if cancelled():
            return None
        if progress is not None:
            progress(n, len(todo) + 1)
        # Each decision's deals are drawn from its own seed: the same review every time.
        # (Numbered within the hand, so that the hand read from its pn1 line agrees.)
        at = index - hand.first
        rng = random.Random(f"review {seed} {hand.hand_no} {at} {budget}")
        view = observe(state, seat)
        shared = (analyse_with(bots[STRONGEST], view,
                               random.Random(f"{STRONGEST} {seed} {at}"), action)
                  if budget == 1.0 and STRONGEST in bots else None)
        picks = tuple((lv, shared[1] if shared is not None and lv == STRONGEST else
                       bot.choose(view, random.Random(f"{lv} {seed} {at}")))
                      for lv, bot in bots.items())
        a = (shared[0] if shared is not None else
             analyse(view, rng, budget, action, [p for _, p in picks]))
        out.append(StoredDecision(index, seat, a.kind, action,
                                  tuple(StoredOption(o.action, o.value, o.text)
                                        for o in a.options), a.reason, a.samples, picks))
    if cancelled():
        return None
    if progress is not None:
        progress(len(todo), len(todo) + 1)
    runs = all_cards_seen(hand, seat, seats, ceiling_playouts(budget))
    return StoredReview(hand.hand_no, seat, budget, tuple(out), sum(runs) / len(runs), runs)


def ceiling_playouts(budget: float) -> int:
    """How many open play-outs make "All cards seen" at ``budget``: four at 1, one at least."""
    return max(1, round(CEILING_PLAYOUTS * min(1.0, budget)))


def all_cards_seen(hand: GameHand, seat: int, seats: Sequence[str],
                   playouts: int = CEILING_PLAYOUTS) -> tuple[float, ...]:
    """What the open level (it sees every card) scores from the same deal in the seat, against
    the same opponents, in each of ``playouts`` play-outs (the review's units). One play-out
    is one draw of the open level's rollouts and the opponents' samples: the review shows their
    mean, never one run, and never calls it a ceiling (the open level is a search, not perfect
    play, and a player may score more)."""
    return tuple(_open_playout(hand, seat, seats, k) for k in range(playouts))


def _open_playout(hand: GameHand, seat: int, seats: Sequence[str], k: int) -> float:
    rules = hand.start.rules
    bots = {s: make_bot(CEILING_LEVEL, **CEILING_BUDGET) if s == seat else
            make_bot(level if level not in ("human", "script") else "expert")
            for s, level in enumerate(seats)}
    state = hand.start
    rng = random.Random(f"ceiling {hand.start.seed} {hand.hand_no} {k}")
    for _ in range(10_000):  # a hand is a few hundred actions at most
        who = actor(state)
        if who < 0:
            break
        view = observe(state, who, reveal=who == seat)
        state, events = apply(state, bots[who].choose(view, rng))
        for e in events:
            if isinstance(e, HandScored):
                return margin(rules, seat, e.result)
    raise RuntimeError("the open-hand level's hand did not end")
