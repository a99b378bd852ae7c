"""The first hand: a whole hand on the learner's table, from the deal to the score.

The other seats are medium bots; at every decision the learner makes, a coach (the hard bot,
with a fixed budget so it always says the same thing) suggests a move and why. The learner may
take the advice or not; an illegal move is answered with the rule, a legal one that differs from
the coach's gets a neutral note. Each phase is introduced by the lesson's narration (a template
the engine fills) and every event is told in a line built from the engine's own numbers. The deal
is one where the learner, following the coach, wins the auction, so the hand shows naming trump,
passing or the widow, melding and playing as the bidder.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import lru_cache

from game.bots.base import Bot
from game.bots.registry import make_bot
from game.match.controller import HUMAN, Match
from game.rules import events as ev
from game.rules.actions import Action
from game.rules.engine import apply
from game.rules.errors import IllegalActionError
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import observe
from game.store.lessons import Lesson
from game.store.tutorial_data import QuoteFile
from game.tutorial.runner import NEUTRAL, RIGHT, WRONG, Attempts, Reply
from game.tutorial.sums import SumTask, sum_task
from game.tutorial.text import TextContext, render

OPPONENTS = "medium"
COACH = {"samples": 48, "bid_samples": 32}
SEARCH = 200  # deals tried for one where the learner wins the auction


def coach_bot() -> Bot:
    return make_bot("hard", **COACH)


def phase_key(phase: Phase) -> str:
    return {Phase.MELD_TURN: "meld"}.get(phase, str(phase))


def coach_advice(seed: int, match: Match) -> tuple[Action, str]:
    """The coach's move and reason at this point of the guided hand: the same advice whether
    the hand is played or searched for (``learner_deal``)."""
    return _advice(match.state, seed, len(match.actions))


@lru_cache(maxsize=4096)  # pure: fixed budgets, a generator seeded by the position. A move
# asks twice (the advice, then the answer to the move) and the check's fault tests replay the
# same guided hands: each position is searched once.
def _advice(state: GameState, seed: int, moves: int) -> tuple[Action, str]:
    s = coach_bot().suggest(observe(state, 0), random.Random(f"coach/{seed}/{moves}"))
    return s.action, s.reason


def _learner_bids_and_plays(rules: RuleSet, seed: int) -> bool:
    """Following the coach, the learner wins the auction and the hand reaches the tricks (not
    thrown in or conceded): the guided hand then shows every phase."""
    match = Match(rules, seed, (HUMAN,) + (OPPONENTS,) * (rules.players - 1))
    while match.state.phase not in (Phase.TRICKS, Phase.GAME_OVER) and match.state.hand_no == 0:
        if match.waiting_for_human():
            match.submit(coach_advice(seed, match)[0])
        else:
            match.step_bot()
    return match.state.phase == Phase.TRICKS and match.view(0).bidder == 0


@lru_cache(maxsize=32)
def learner_deal(rules: RuleSet, start: int = 1) -> int:
    """The first deal from ``start`` on where the learner, following the coach, wins the
    auction and plays the hand (any deal at a table without an auction)."""
    if not rules.auction.enabled or rules.stock.enabled:
        return start
    for seed in range(start, start + SEARCH):
        if _learner_bids_and_plays(rules, seed):
            return seed
    return start


# Hands whose tricks were played: the learner adds the score up. A hand given up instead (thrown
# in, conceded, not played for want of a marriage or of meld) has no meld and counters to add:
# 000's throw-in, say, counts no meld for the bidders ("their meld doesn't count").
PLAYED_OUT = (ev.Outcome.MADE, ev.Outcome.SET, ev.Outcome.RENEGE, ev.Outcome.PLAYED)


class GuidedRun:
    """One guided hand in progress."""

    def __init__(self, lesson: Lesson, rules: RuleSet, quotes: Mapping[str, QuoteFile],
                 seed: int | None = None) -> None:
        assert lesson.guided is not None
        self.lesson = lesson
        self.guided = lesson.guided
        self.rules = rules
        self.quotes = quotes
        pinned = self.guided.seed_for(rules.name)
        self.seed = seed if seed is not None else (
            pinned if pinned is not None else learner_deal(rules, self.guided.seed))
        self.match = Match(rules, self.seed, (HUMAN,) + (OPPONENTS,) * (rules.players - 1))
        self.attempts = Attempts()
        self.log: list[ev.Event] = []
        self.sum: SumTask | None = None
        self.summed = False

    # -- where we are ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        if self.scored is not None:
            return "score" if self.scored.outcome in PLAYED_OUT else "given up"
        return phase_key(self.match.state.phase)

    @property
    def scored(self) -> ev.HandResult | None:
        done = [e for e in self.log if isinstance(e, ev.HandScored)]
        return done[-1].result if done else None

    @property
    def finished(self) -> bool:
        """The hand scored and added up; or the match ended without a score to add (two-handed:
        a player declared out)."""
        if self.scored is None:
            return self.match.over
        return self.sum is None or self.summed

    @property
    def stars(self) -> int:
        return self.attempts.stars(self.finished)

    def narration(self, phase: str | None = None) -> str:
        """The narration of ``phase`` (default: the phase the hand is in)."""
        text = self.guided.text(phase or self.phase)
        state = self.match.state
        return render(text, TextContext(self.rules, state, {}, self.quotes)) if text else ""

    # -- moving the hand on ------------------------------------------------------------------
    def step_others(self) -> list[ev.Event]:
        """The dealer's deal or one bot's move, when it is not the learner's turn."""
        if self.scored is not None or self.match.waiting_for_human() or self.match.over:
            return []
        events = self.match.step_bot()
        self._logged(events)
        return events

    def _logged(self, events: list[ev.Event]) -> None:
        self.log += events
        scored = next((e.result for e in events if isinstance(e, ev.HandScored)), None)
        if scored is not None and scored.outcome in PLAYED_OUT and self.rules.auction.enabled \
                and not self.rules.stock.enabled:
            self.sum = sum_task("hand", self.log, self.rules)

    def suggestion(self) -> tuple[Action, str]:
        return coach_advice(self.seed, self.match)

    def hint(self) -> str:
        self.attempts.hints += 1
        action, reason = self.suggestion()
        return f"The coach: {reason}."

    def act(self, action: Action) -> Reply:
        if not self.match.waiting_for_human():
            return Reply(False, "Wait for your turn.", [], NEUTRAL)
        try:
            apply(self.match.state, action)
        except IllegalActionError as exc:
            self.attempts.wrong += 1
            return Reply(False, str(exc), [], WRONG)
        advice, reason = self.suggestion()
        events = self.match.submit(action)
        self._logged(events)
        if action == advice:
            return Reply(True, "", events, RIGHT)
        return Reply(True, f"Legal. The coach's choice: {against_played(reason, action)}.",
                     events, NEUTRAL)

    def claim(self) -> Reply:
        """The learner claims the rest of the tricks: the engine proves and plays it out, and
        the hand is scored in the run's log like any other ending."""
        if not self.match.waiting_for_human():
            return Reply(False, "Wait for your turn.", [], NEUTRAL)
        try:
            events = self.match.claim(0, 0)
        except IllegalActionError as exc:
            return Reply(False, str(exc), [], WRONG)
        self._logged(events)
        return Reply(True, "", events, RIGHT)

    def try_sum(self, total: int, made: bool | None) -> Reply:
        if self.sum is None:
            return Reply(False, "Nothing to add up yet.", [], NEUTRAL)
        ok, message = self.sum.judge(total, made)
        if ok:
            self.summed = True
            return Reply(True, message, [])
        self.attempts.wrong += 1
        return Reply(False, message, [], NEUTRAL)


# The coach's reasons compare its choice with its own runner-up ("play the A♠: about 12 more for
# your side than the 9♠, given the cards seen so far"): said to a learner who played another
# card, that compares with a card nobody played.
COMPARED = re.compile(r"^(?P<what>.+?): about .+? more (?:for (?:your side|you) )?than "
                      r"(?P<second>.+?), (?P<basis>given the cards seen so far|as far as the "
                      r"bidding shows)$")


def against_played(reason: str, played: Action) -> str:
    """The coach's reason as a reply to ``played``: its comparison kept only when it is with
    the card the learner played, else its choice and what it was judged on."""
    m = COMPARED.match(reason)
    if m is None:
        return reason
    card = getattr(played, "card", None)
    if card is not None and m.group("second") == f"the {card.pretty}":
        return reason
    return f"{m.group('what')}, its best choice {m.group('basis')}"


def happened(event: ev.Event, rules: RuleSet) -> str:
    """One line telling an event, with the engine's numbers."""
    def who(seat: int) -> str:
        return "You" if seat == 0 else rules.seating.name(seat)

    if isinstance(event, ev.BidMade):
        return f"{who(event.seat)} bid {event.amount}" + (" (forced)" if event.forced else "")
    if isinstance(event, ev.Passed):
        return f"{who(event.seat)} passed"
    if isinstance(event, ev.AuctionWon):
        return f"{who(event.seat)} won the auction at {event.bid}"
    if isinstance(event, ev.TrumpNamed):
        return f"{who(event.seat)} named {event.suit.plural} trump"
    if isinstance(event, ev.CardsPassed):
        return f"{who(event.source)} passed {len(event.cards)} cards to {who(event.target)}"
    if isinstance(event, ev.MeldShown):
        note = "" if event.counted else f" (not counted: {event.note})"
        return f"{who(event.seat)} melded {event.meld.total}{note}"
    if isinstance(event, ev.TrickWon):
        return f"{who(event.seat)} took the trick: {event.points} points" + (
            " with the last trick" if event.last else "")
    if isinstance(event, ev.HandScored):
        return "The hand is scored: " + ", ".join(
            f"{'your side' if s.side == rules.side_of(0) else 'the others'} {s.score}"
            for s in event.result.sides)
    if isinstance(event, ev.MeldLaid):
        return f"{who(event.seat)} laid {event.meld.name} for {event.meld.points}"
    if isinstance(event, ev.WidowShown):
        return f"{who(event.seat)} turned up the widow"
    return ""


__all__ = ["GuidedRun", "happened", "learner_deal"]
