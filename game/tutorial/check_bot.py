"""``tutorial --check`` on decisions: every answer the tutorial calls right agrees with the hard
bot's analysis of the same position (or says why the bot is wrong), and the same position is
never answered two ways in two places."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from game.bots.base import IllegalChoiceError
from game.bots.registry import make_bot
from game.bots.search import CardSearch
from game.rules.actions import Action, PlayCard
from game.rules.engine import legal_actions
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import observe

# A fixed budget: the bot's analysis (and so the check) is the same on every run.
HARD = {"samples": 64, "bid_samples": 48}


@lru_cache(maxsize=4096)  # pure: fixed budgets and a seeded rng; the fault tests re-check
def hard_choice(state: GameState, key: str) -> tuple[Action, str]:
    bot = make_bot("hard", **HARD)
    try:
        s = bot.suggest(observe(state, 0), random.Random(f"check/{key}"))
    except IllegalChoiceError as exc:  # a bot bug: report it as the bot's answer
        return exc.action, f"an illegal choice ({exc})"
    return s.action, s.reason


TIE = 0.5  # points: answers the search values within this of its choice are as good


@lru_cache(maxsize=4096)
def tied_with_choice(state: GameState, key: str, answers: tuple[Action, ...]) -> bool:
    """Whether the hard bot's own search values one of ``answers`` as highly as the card it
    chose (a tie: the bot picks one of equals, the lesson may pick another)."""
    view = observe(state, 0)
    if view.rules.stock.enabled or view.phase != Phase.TRICKS:
        return False
    deck = view.rules.deck
    types = sorted({deck.type_of(a.card) for a in view.legal if isinstance(a, PlayCard)})
    wanted = {deck.type_of(a.card) for a in answers if isinstance(a, PlayCard)}
    if len(types) < 2 or not wanted:
        return False
    ranked = CardSearch(view).run(types, random.Random(f"check/{key}"), HARD["samples"])
    best = ranked[0].value
    return any(c.card_type in wanted and best - c.value <= TIE for c in ranked)


def bot_problem(state: GameState, answers: tuple[Action, ...], note: str, key: str,
                strict_note: bool = True) -> tuple[bool, str | None]:
    """(whether the bot was asked, what is wrong): a decision with a real choice must match
    the hard bot, or carry a note saying why the bot is wrong (and a note must not stand
    where the bot agrees, unless ``strict_note`` is off: a step checked on every table may
    need its note on some tables only)."""
    legal = legal_actions(state)
    if len(legal) < 2 or set(legal) <= set(answers):
        return False, None
    action, reason = hard_choice(state, key)
    if action in answers:
        if note and strict_note:
            return True, (f"says the hard bot disagrees (bot_note), but the bot also chooses "
                          f"{action}")
        return True, None
    if note or tied_with_choice(state, key, answers):
        return True, None
    shown = ", ".join(map(str, answers))
    return True, (f"answer {shown} disagrees with the hard bot, which chooses {action} "
                  f"({reason}); fix the answer or add a bot_note saying why the bot is wrong")


def position_key(state: GameState) -> str:
    """What the learner sees when deciding: equal keys are the same decision."""
    v = observe(state, 0)
    return repr((v.rules.name, str(v.phase), v.hand, tuple(str(c) for _, c in v.trick),
                 v.trump, v.high_bid, v.bid, v.bidder, v.bids, str(v.turnup), v.stock_size,
                 v.tabled, v.passed, v.received))


@dataclass
class Answers:
    """Every decision seen so far: position -> (where, right answers)."""

    seen: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)

    def add(self, state: GameState, where: str, answers: frozenset[str]) -> str | None:
        key = position_key(state)
        before = self.seen.get(key)
        if before is None:
            self.seen[key] = (where, answers)
            return None
        other, theirs = before
        if theirs != answers:
            return (f"{where}: the same position as {other} is answered "
                    f"{', '.join(sorted(answers))} here and {', '.join(sorted(theirs))} there")
        return None
