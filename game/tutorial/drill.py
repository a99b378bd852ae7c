""""Which rule?": an endless drill of real positions on the learner's table.

The engine deals and plays forward until the learner must follow to a trick where one of the
table's obligations decides (or where it would seem to and does not); the learner plays a card
and the game names the rule that forbids it or allows it. Positions come from increasing seeds,
so the drill never runs out and never repeats within a session.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.actions import PlayCard
from game.rules.cards import Card, Suit
from game.rules.engine import legal_actions
from game.rules.facts import trump_of
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.tutorial.find import Found, find
from game.tutorial.runner import NEUTRAL, WRONG, Attempts, Reply, allowed_reason
from game.tutorial.text import TextContext, render
from game.tutorial.text import TextContext as Ctx

NARROWING = ("follow_suit", "take_trick", "crawl", "beat_trump_lead", "must_trump", "over_trump")
TRIES = 60


def drill_specs(rules: RuleSet) -> list[str]:
    """The situations the drill cycles through: each obligation of the table that can forbid a
    card, then each exception, in the table's own order."""
    obligations = list(rules.stock.playoff_obligations or rules.tricks.obligations)
    follow = [f"follow:{o}" for o in obligations if o in NARROWING]
    excepts = [f"except:{o}" for o in obligations if o != "any_card"]
    return follow + excepts


@dataclass
class DrillItem:
    rules: RuleSet
    spec: str
    found: Found
    attempts: Attempts = field(default_factory=Attempts)
    done: bool = False

    @property
    def state(self) -> GameState:
        return self.found.state

    def question(self) -> str:
        ctx = TextContext(self.rules, self.state)
        _, trick, _ = ctx.verdict()
        seating = self.rules.seating
        plays = [f"{seating.name(s)} {'led' if i == 0 else 'played'} the {c.pretty}"
                 for i, (s, c) in enumerate(trick)]
        return (f"{_trump(self.state)} {', '.join(plays)}. Play a card you may play here: "
                f"the game names the rule that allows it, or the one that forbids it.")

    asking: Card | None = None  # a refused card whose rule the learner is asked to name

    def rules_list(self) -> list[str]:
        """The table's trick rules in order (the playoff's at two-handed), as the learner
        chooses among them."""
        which = "{rules_list:playoff}" if self.rules.stock.enabled else "{rules_list}"
        text = render(which, Ctx(self.rules, self.state))
        return [part.strip() for part in text.split("(")[1:]]

    def answer(self, card: Card) -> Reply:
        _, _, verdict = TextContext(self.rules, self.state).verdict()
        reason = verdict.reason(card)
        if reason is not None:
            self.attempts.wrong += 1
            self.asking = card
            return Reply(False, f"The {card.pretty} may not be played here. Which rule forbids "
                         f"it? Choose its number.", [], WRONG)
        if card not in verdict.legal:
            return Reply(False, "That card is not in your hand.", [], NEUTRAL)
        self.done = True
        return Reply(True, allowed_reason(self.rules, self.state, card), [])

    def name_rule(self, number: int) -> Reply:
        """The learner's answer to "which rule forbids it?" for the card refused last."""
        card = self.asking
        if card is None:
            return Reply(False, "Play a card first.", [], NEUTRAL)
        _, _, verdict = TextContext(self.rules, self.state).verdict()
        reason = verdict.reason(card)
        assert reason is not None
        if number == reason.number:
            self.asking = None
            return Reply(True, f"Yes: {reason.message} Now play a card you may play.", [])
        self.attempts.wrong += 1
        return Reply(False, f"Not rule {number}: look again at what it says, and at the "
                     f"{card.pretty}.", [], NEUTRAL)

    def hint(self) -> str:
        self.attempts.hints += 1
        _, _, verdict = TextContext(self.rules, self.state).verdict()
        if verdict.illegal:
            first = verdict.illegal[0]
            return f"Think of rule {first.number}: {first.text}"
        return "Here no rule narrows your choice: read your table's rules from the top."

    @property
    def stars(self) -> int:
        return self.attempts.stars(self.done)

    def legal_cards(self) -> list[Card]:
        return sorted({a.card for a in legal_actions(self.state) if isinstance(a, PlayCard)},
                      key=lambda c: (c.suit, -self.rules.deck.strength[c.rank]))


def _trump(state: GameState) -> str:
    trump = trump_of(state)
    if trump is None:
        return ""
    return f"{Suit(trump).plural.capitalize()} are trump."


class Drill:
    """The next exercise, from ``seed`` on; ``number`` counts exercises asked so far."""

    def __init__(self, rules: RuleSet, seed: int = 1, number: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.number = number
        self.specs = drill_specs(rules)

    def next(self) -> DrillItem:
        if not self.specs:
            raise ValueError(f"{self.rules.name} has no trick rules to drill")
        for offset in range(len(self.specs)):
            spec = self.specs[(self.number + offset) % len(self.specs)]
            found = find(self.rules, spec, self.seed, TRIES)
            if found is not None:
                self.number += 1
                self.seed = found.seed + 1
                return DrillItem(self.rules, spec, found)
        raise ValueError(f"no drill position on {self.rules.name} from deal {self.seed}")
