"""What a table has, in the words a lesson step's ``when`` uses: the core lessons run on the
learner's table and keep only the steps whose features that table has."""

from __future__ import annotations

from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson, Step
from game.store.tutorial_data import Term


def features(rules: RuleSet) -> frozenset[str]:
    a, s, m = rules.auction, rules.scoring, rules.meld
    have = {
        "auction": a.enabled and not rules.stock.enabled,
        "stock": rules.stock.enabled,
        "partners": rules.partnerships,
        # who plays with whom beyond the fixed pairs: five's partner found by a card, six's
        # sides of three
        "partner-by-card": rules.seating.by_card,
        "sides-of-three": rules.seating.side_size == 3,
        "three-handed": rules.players == 3,
        "passing": rules.passing.count > 0,
        "widow": rules.widow.size > 0,
        "dix": rules.dix_rank is not None and m.dix > 0,
        "throw-in": rules.throw_in.mode != "never" or rules.widow.size > 0,
        "forced-open": a.forced_open_with_meld,
        "dealer-opens": a.dealer_opens_at > 0,
        "stars": s.stars,
        "checks": s.checks,
        "meld-minimum": m.minimum > 0,
        "pack-48": rules.table.deck == 48,
        "pack-80": rules.table.deck == 80,
        # a step that deals the learner a whole hand needs the table's hand size, which the
        # pack alone does not give: 80 cards deal 20 at four and 15 at five
        "hand-12": rules.hand_size == 12,
        "hand-15": rules.hand_size == 15,
        "hand-20": rules.hand_size == 20,
        "ten-high": rules.table.rank_order == "A-10-K-Q-J-9",
        "save-counter": s.save_meld == "counter-or-last-trick",
        "save-trick": s.save_meld == "trick",
        "save-points": s.save_meld == "points",
    }
    out = {name for name, on in have.items() if on}
    obligations = set(rules.tricks.obligations) | set(rules.stock.playoff_obligations)
    out |= {f"obligation:{o}" for o in obligations}
    return frozenset(out)


def step_applies(step: Step, have: frozenset[str]) -> bool:
    return holds(step.when, have)


def holds(when: tuple[str, ...], have: frozenset[str]) -> bool:
    """Whether a table with features ``have`` meets ``when`` ("stock", "!stock"...)."""
    for word in when:
        wanted = not word.startswith("!")
        if (word.removeprefix("!") in have) != wanted:
            return False
    return True


def term_text(term: Term, rules: RuleSet) -> str | None:
    """A glossary term's explanation at this table (its own words where the table differs),
    or None where it cannot pop up."""
    have = features(rules)
    if not holds(term.when, have):
        return None
    return next((say for when, say in term.at if holds(when, have)), term.say)


def steps_for(lesson: Lesson, rules: RuleSet | None) -> tuple[Step, ...]:
    """The lesson's steps on a table (every step when the lesson names its own table)."""
    if rules is None or not lesson.on_learner_table:
        return lesson.steps
    have = features(rules)
    return tuple(s for s in lesson.steps if step_applies(s, have))
