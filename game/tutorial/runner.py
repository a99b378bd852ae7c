"""Running a lesson on the real engine: positions become game states, scripted seats act,
and the learner's action is checked against the step (any other action gets the rule that
applies, in the preset's order of precedence)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.match.controller import HUMAN, SCRIPT, Match
from game.rules.actions import Action
from game.rules.auction_game import auction, play
from game.rules.auction_game.state import HandState
from game.rules.cards import Card
from game.rules.compiled import best_meld
from game.rules.engine import apply, new_game
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand
from game.store.lessons import SEATS, Lesson, LessonError, Position, Puzzle, Step

SEAT_OF = {4: {"south": 0, "west": 1, "north": 2, "east": 3}, 3: {"south": 0, "west": 1,
                                                                 "east": 2},
           2: {"south": 0, "north": 1}}


def build_state(rules: RuleSet, pos: Position, source: str, step: int | None = None) -> GameState:
    """The game state a position describes: the given cards, the rest dealt from its seed."""
    counts, widow, rest = _deal_position(rules, pos, source, step)
    dealer = pos.dealer % rules.players
    if pos.phase == "stock":
        return _stock_state(rules, pos, counts, rest, dealer, source, step)
    hand = _auction_hand(rules, pos, counts, widow, dealer, source, step)
    return new_game(rules, pos.seed)._replace(dealer=dealer, hand=hand)


def _deal_position(rules: RuleSet, pos: Position, source: str, step: int | None
                   ) -> tuple[tuple[int, ...], list[Card], list[Card]]:
    """(counts per seat, the widow, the undealt rest): the position's cards, and the rest of
    each hand dealt from its seed."""
    deck = rules.deck
    n = rules.players
    seats = SEAT_OF[n]
    given: list[list[Card]] = [[] for _ in range(n)]
    for name, cards in zip(SEATS, pos.cards, strict=True):
        if cards and name not in seats:
            raise LessonError(source, step, f"position.{name}", f"{rules.name} has no {name}")
        if name in seats:
            given[seats[name]] = list(cards)
    try:
        used = deck.counts_of([c for cards in given for c in cards] + list(pos.widow))
    except ValueError as exc:
        raise LessonError(source, step, "position", str(exc)) from None
    if pos.turnup is not None:
        used += deck.one[deck.type_of(pos.turnup)]
    rest = deck.to_cards(deck.full() - used)
    random.Random(pos.seed).shuffle(rest)
    sizes = [pos.cards_each or rules.hand_size] * n
    if pos.phase == "discard":
        sizes[pos.bidder] += rules.widow.size
    widow = list(pos.widow)
    for seat in range(n):
        if len(given[seat]) > sizes[seat]:
            raise LessonError(source, step, f"position.{SEATS[seat] if n == 4 else seat}",
                              f"{len(given[seat])} cards, but a hand holds {sizes[seat]}")
        while len(given[seat]) < sizes[seat]:
            given[seat].append(rest.pop())
    if rules.widow.size and pos.phase in ("auction", "widow"):
        while len(widow) < rules.widow.size:
            widow.append(rest.pop())
    return tuple(deck.counts_of(h) for h in given), widow, rest


_PHASES = {"trump": Phase.TRUMP, "widow": Phase.WIDOW, "pass": Phase.PASS}


def _auction_hand(rules: RuleSet, pos: Position, counts: tuple[int, ...], widow: list[Card],
                  dealer: int, source: str, step: int | None) -> HandState:
    """The hand of an auction game at the position's phase."""
    trump = -1 if pos.trump is None else int(pos.trump)
    hand = HandState(Phase.AUCTION, dealer, counts, widow=rules.deck.counts_of(widow),
                     auction=auction.start(rules, dealer))
    if pos.phase == "auction":
        return hand
    hand = hand._replace(auction=None, bidder=pos.bidder, bid=pos.bid or rules.auction.min_bid,
                         trump=trump)
    if pos.phase in ("pass", "tricks") and trump < 0:
        what = "passing" if pos.phase == "pass" else "trick play"
        raise LessonError(source, step, "position.trump", f"{what} needs a trump suit")
    if pos.phase in _PHASES:
        return hand._replace(phase=_PHASES[pos.phase])
    if pos.phase == "discard":
        return hand._replace(phase=Phase.DISCARD, looked=True, widow=0)
    melds = tuple(best_meld(rules, counts[s], trump) for s in range(rules.players))
    side_meld = tuple(sum(melds[s].total for s in rules.seats_of(side))
                      for side in range(rules.n_sides))
    leader = pos.bidder if pos.leader is None else pos.leader
    return hand._replace(phase=Phase.TRICKS, melds=melds, side_meld=side_meld,
                         play=play.start(rules, hand, leader % rules.players))


def _stock_state(rules: RuleSet, pos: Position, counts: tuple[int, ...], rest: list[Card],
                 dealer: int, source: str, step: int | None) -> GameState:
    if pos.turnup is None:
        raise LessonError(source, step, "position.turnup", "the stock game needs a turn-up")
    deck = rules.deck
    leader = rules.next_seat(dealer) if pos.leader is None else pos.leader % rules.players
    hand = StockHand(Phase.TRICKS, dealer, counts, ((), ()), tuple(deck.type_of(c) for c in rest),
                     deck.type_of(pos.turnup), int(pos.turnup.suit), leader, leader)
    return new_game(rules, pos.seed)._replace(dealer=dealer, hand=hand)


@dataclass
class Reply:
    ok: bool
    message: str
    events: list[Event]


class LessonRun:
    """A lesson in progress: which step, and the match it is played on."""

    def __init__(self, lesson: Lesson, load_rules: Callable[[str], RuleSet]) -> None:
        self.lesson = lesson
        self.load_rules = load_rules
        self.index = 0
        self.match: Match | None = None
        self.pre_state: GameState | None = None
        self.done_current = False
        self.start(0)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and self.done_current

    def _position_for(self, index: int) -> tuple[int, Position]:
        for i in range(index, -1, -1):
            pos = self.lesson.steps[i].position
            if pos is not None:
                return i, pos
        return 0, self.lesson.position

    def _new_match(self, pos: Position, step: int) -> Match:
        rules = self.load_rules(pos.preset or self.lesson.preset)
        state = build_state(rules, pos, self.lesson.source, step)
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        return Match(rules, pos.seed, seats, initial=state)

    def start(self, index: int) -> list[Event]:
        """Go to step ``index`` (from its position, replaying the steps between); returns
        the events of the step's own scripted moves, to be animated."""
        first, pos = self._position_for(index)
        self.match = self._new_match(pos, first + 1)
        events: list[Event] = []
        for i in range(first, index):
            step = self.lesson.steps[i]
            for action in (*step.before, *((step.expect,) if step.expect else ()), *step.after):
                events += self.match.submit(action)
        self.index = index
        self.done_current = False
        self.pre_state = self.match.state  # the table as it stands before this step's moves
        events = self._script(self.step.before)
        if self.step.expect is None:
            self.done_current = True
        return events

    def _script(self, actions: tuple[Action, ...]) -> list[Event]:
        assert self.match is not None
        events: list[Event] = []
        for action in actions:
            events += self.match.submit(action)
        return events

    def try_action(self, action: Action) -> Reply:
        """The learner's action: the expected one goes through; anything else is refused with
        the rule that applies (or, if legal, with why the lesson wants something else)."""
        assert self.match is not None
        expected = self.step.expect
        if expected is None:
            return Reply(False, "Nothing to do in this step: press Next.", [])
        if action == expected:
            try:
                events = self.match.submit(action)
            except IllegalActionError as exc:  # a lesson asking for an illegal move (--check)
                return Reply(False, str(exc), [])
            events += self._script(self.step.after)
            self.done_current = True
            return Reply(True, "", events)
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            return Reply(False, str(exc), [])
        reason = self.step.hint or "It is legal, but it is not what this step asks for."
        return Reply(False, reason, [])

    def next(self) -> list[Event]:
        if self.index + 1 < len(self.lesson.steps) and self.done_current:
            return self.start(self.index + 1)
        return []

    def back(self) -> list[Event]:
        return self.start(max(0, self.index - 1))

    def restart(self) -> list[Event]:
        return self.start(0)


def state_of(run: LessonRun) -> GameState:
    assert run.match is not None
    return run.match.state


class PuzzleRun:
    """A puzzle: its position after the scripted moves, and grading of the learner's answer."""

    def __init__(self, puzzle: Puzzle, load_rules: Callable[[str], RuleSet]) -> None:
        self.puzzle = puzzle
        rules = load_rules(puzzle.position.preset or puzzle.preset)
        state = build_state(rules, puzzle.position, puzzle.source)
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        self.match = Match(rules, puzzle.position.seed, seats, initial=state)
        self.events: list[Event] = []
        for action in puzzle.before:
            self.events += self.match.submit(action)
        self.tries = 0
        self.solved = False

    def answer(self, action: Action) -> Reply:
        """Right: the explanation. Legal but not best: try again. Illegal: the rule."""
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            return Reply(False, str(exc), [])
        self.tries += 1
        if action in self.puzzle.answers:
            self.solved = True
            return Reply(True, self.puzzle.explanation, [])
        return Reply(False, "Legal, but not the best answer here. Try again.", [])

    @property
    def grade(self) -> str:
        if self.solved:
            return "first try" if self.tries == 1 else "solved"
        return "tried" if self.tries else ""
