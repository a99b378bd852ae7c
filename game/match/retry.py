"""Retry (issue 40, item 1): "Find a better play". A costly decision of a reviewed hand is set
up again at its moment, without the answer; the player chooses, and the choice is judged by
the review's own values:

* an answer within the tie of the best (game.bots.settle.TIE: it loses nothing) is
  **accepted**, whichever of the equally good options it is;
* any other gets **its own figure and reason**: what it is expected to score, how much less
  than the best, and why, in words that do not name the better play (the player may try
  again); the answer is shown after it, or whenever the player asks;
* an answer the review did not analyse (a bid or a pass of cards its search left out) is
  weighed in a worker (game.match.retryjob) with the review's own deals, the review's
  options beside it, and judged against that analysis's best.

Decisions are taken costliest first (mistakes and blunders before inaccuracies). A decision
not found is kept in the learning file for later (game.store.learning); one found is taken off.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.analysis import Option, explain, shortfall
from game.bots.settle import GRADE_EDGES
from game.match.history import HandHistory, hand_history
from game.match.review import Graded, grade
from game.match.reviewread import Row, moment_at
from game.match.worker import saved_game
from game.rules.actions import Action, parse_action
from game.rules.engine import replay
from game.rules.gamehands import GameHand, game_hands
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import PlayerView, observe
from game.store.learning import PracticeItem
from game.store.reviews import StoredDecision, StoredOption, StoredReview, option_key

COSTLY = GRADE_EDGES[0]  # worth retrying: an inaccuracy or worse (10 points lost or more)
PRACTICE_GAME = 10  # a game's practice runs through at most this many decisions


@dataclass(frozen=True)
class Verdict:
    """An answer judged."""

    answer: Action
    text: str  # the answer in a player's words
    value: float  # its expected score, in the review's units
    best: float  # the best's
    lost: float  # 0 within the tie
    accepted: bool
    words: str  # why, in a player's words; a refused answer's never names the better play
    weighed_now: bool = False  # not among the review's options: analysed for this answer

    @property
    def grade(self) -> str:
        return grade(self.lost)


def option_for(decision: StoredDecision, answer: Action) -> StoredOption | None:
    """The analysed option of ``answer`` (a card by its kind), or None if not analysed."""
    key = option_key(answer)
    return next((o for o in decision.options if option_key(o.action) == key), None)


def judge(decision: StoredDecision, view: PlayerView, answer: Action,
          weighed_now: bool = False) -> Verdict | None:
    """``answer`` judged by ``decision``'s values from the player's ``view`` at the moment;
    None when the decision's analysis did not value it (weigh it: game.match.retryjob)."""
    if answer not in view.legal:
        raise ValueError(f"retry: {answer} is not a legal action here")
    mine = option_for(decision, answer)
    if mine is None:
        return None
    graded = Graded(dataclasses.replace(decision, chosen=mine.action))
    lost = graded.lost
    accepted = lost == 0.0
    lead = mine.text[:1].upper() + mine.text[1:]
    own = option_key(answer) == option_key(decision.chosen)
    if accepted:
        others = [o.text for o in graded.equally_best if o is not mine]
        also = f"; as good: {', '.join(others)}" if others else ""
        named = "the best" if mine is graded.best else "as good as the best"
        words = f"{lead}: {named} ({mine.value:+.0f}){also}"
    else:
        words = shortfall(view, decision.kind, Option(mine.action, mine.value, mine.text),
                          lost, decision.samples) + f" ({grade(lost)})"
        if own:
            words = "That is the choice you made. " + words
    return Verdict(answer, mine.text, mine.value, graded.best.value, lost, accepted, words,
                   weighed_now)


def answer_words(decision: StoredDecision, view: PlayerView, named: bool = True) -> str:
    """The answer, shown after a refused one or on request: every equally good best
    (``named``), and why (against the player's choice in the game)."""
    g = Graded(decision)
    options = [Option(o.action, o.value, o.text) for o in decision.options]
    mine = next(o for o in options if option_key(o.action) == option_key(decision.chosen))
    why = explain(view, decision.kind, options, decision.samples, mine) + "."
    return f"Best: {g.best_words} ({g.best.value:+.0f}). {why}" if named else f"Why: {why}"


def to_retry(rows: Sequence[Row], least: float = COSTLY) -> list[Row]:
    """The decisions worth retrying, costliest first (a blunder or a mistake before an
    inaccuracy): those that lost ``least`` points or more."""
    return sorted((r for r in rows if r.lost >= least and round(r.lost) >= least),
                  key=lambda r: -r.lost)


@dataclass(frozen=True)
class GameRecordText:
    """A game as a practice item carries it (the saved game's record, as text)."""

    table: str
    preset: str | None
    rules_text: str | None
    rules_source: str
    seed: int
    seats: tuple[str, ...]
    actions: tuple[str, ...]


def practice_items(game: GameRecordText, hand: GameHand, review: StoredReview,
                   rows: Sequence[Row], least: float = COSTLY) -> list[PracticeItem]:
    """The hand's decisions worth retrying, costliest first, each with the game's record to
    the end of the hand."""
    return [item_for(game, hand, review, r.graded.decision) for r in to_retry(rows, least)]


def item_for(game: GameRecordText, hand: GameHand, review: StoredReview,
             decision: StoredDecision) -> PracticeItem:
    """One decision of a reviewed hand, with the game's record to the end of the hand (what
    Retry and Play it out set its moment up from)."""
    actions = game.actions[:hand.first + len(hand.moves)]
    return PracticeItem(game.table, game.preset, game.rules_text, game.rules_source, game.seed,
                        game.seats, actions, review.hand_no, review.budget, decision)


def game_practice(items: Sequence[Sequence[PracticeItem]], n: int = PRACTICE_GAME
                  ) -> list[PracticeItem]:
    """A game's practice: the costliest ``n`` of its reviewed hands' decisions, costliest
    first."""
    every = [i for hand in items for i in hand]
    return sorted(every, key=lambda i: -Graded(i.decision).lost)[:n]


@dataclass(frozen=True)
class Moment:
    """A practice item's moment set up again: the view the player had, and the hand."""

    item: PracticeItem
    rules: RuleSet
    actions: tuple[Action, ...]
    hand: GameHand
    history: HandHistory
    start: GameState  # the game just before the decision (hidden cards and all)
    view: PlayerView  # what the player saw of it
    row: Row


def set_up(item: PracticeItem) -> Moment:
    """The item's game replayed to its decision (RulesError, ActionParseError or ValueError
    when its record does not read: the caller says so in one line)."""
    saved = saved_game(item)
    rules = saved.rules()
    actions = tuple(parse_action(a) for a in item.actions)
    d = item.decision
    state, _ = replay(rules, item.seed, list(actions[:d.index]))
    view = observe(state, d.seat)
    if d.chosen not in view.legal:
        raise ValueError(f"{d.chosen} was not legal at the game's action {d.index + 1}")
    hand = game_hands(rules, item.seed, list(actions))[item.hand_no]
    where, trick = moment_at(state)
    return Moment(item, rules, actions, hand,
                  hand_history(rules, item.seed, list(actions), item.hand_no), state, view,
                  Row(Graded(d), where, trick))
