"""``tutorial --check`` on one puzzle: a real decision, legal answers, no title that gives the
answer away, a reason for every legal wrong answer, true claims and prose, and agreement with
the hard bot."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.rules import actions as act
from game.rules.cards import Card
from game.rules.engine import actor, apply, legal_actions
from game.rules.errors import IllegalActionError
from game.rules.ruleset import RuleSet
from game.store.lessons import Puzzle
from game.tutorial.check_text import text_problems, title_problems
from game.tutorial.claims import named_values, verify_claim
from game.tutorial.puzzlerun import PuzzleRun
from game.tutorial.reasons import reason_reach
from game.tutorial.text import TextContext

if TYPE_CHECKING:
    from game.tutorial.check_report import Checking as Checker

ACTION_WORDS: dict[type, tuple[str, ...]] = {
    act.ExchangeDix: ("exchange", "swap"), act.CountDix: ("count the dix",),
    act.ThrowIn: ("throw", "concede"), act.PlayHand: ("play the hand", "play it out"),
    act.DeclareOut: ("declare",), act.Pass: ("pass",), act.TakeWidow: ("take the widow",),
}


def giveaways(answer: act.Action, rules: RuleSet) -> list[str]:
    """Words that name the answer: a title holding one gives the puzzle away."""
    words = list(ACTION_WORDS.get(type(answer), ()))
    cards: tuple[Card, ...] = ()
    if isinstance(answer, act.PlayCard):
        cards = (answer.card,)
    elif isinstance(answer, act.PassCards | act.Discard | act.LayMeld):
        cards = answer.cards
    for card in cards:
        words += [card.pretty.lower(), str(card).lower(),
                  f"{card.rank.word} of {card.suit.plural}"]
    if isinstance(answer, act.LayMeld):
        words += [answer.kind.replace("_", " "), rules.meld_name(answer.kind).lower()]
    if isinstance(answer, act.NameTrump):
        words += [answer.suit.plural, answer.suit.singular]
    return words


def check_puzzle_run(checker: Checker, puzzle: Puzzle, run: PuzzleRun) -> None:
    fail = checker.fail
    source = puzzle.source
    state, rules = run.state, run.match.rules
    if actor(state) != 0:
        fail(f"{source}: after 'before' it is not the learner's turn")
        return
    legal = legal_actions(state)
    for answer in puzzle.answers:
        if answer not in legal:
            try:
                apply(state, answer)
                why = "not offered"
            except IllegalActionError as exc:
                why = str(exc)
            fail(f"{source}: answer {answer} is not legal: {why}")
    plays = [a for a in legal if isinstance(a, act.PlayCard)]
    if len(puzzle.answers) == len(plays) > 1:
        fail(f"{source}: every legal card is an answer: no puzzle")
    wrong_legal = [a for a in legal if a not in puzzle.answers]
    for problem in reason_reach(puzzle.why_not, dict(puzzle.reasons), wrong_legal, "why_not"):
        fail(f"{source}: {problem}")
    for claim in puzzle.claims:
        checker.report.claims += 1
        claim_problem = verify_claim(state, claim, rules)
        if claim_problem:
            fail(f"{source}: claim {claim.kind}: {claim_problem}")
    ctx = TextContext(rules, state, named_values(puzzle.claims, state, rules),
                      checker.library.quotes)
    texts = [(name, getattr(puzzle, name))
             for name in ("question", "explanation", "why_not", "bot_note")]
    texts += [(f"reasons.{code}", text) for code, text in puzzle.reasons]
    for name, text in texts:
        for problem in text_problems(f"{source}: {name}", text, ctx):
            fail(problem)
    for problem in title_problems(f"{source}: title", puzzle.title):
        fail(problem)
    title = puzzle.title.lower()
    for answer in puzzle.answers:
        named = [w for w in giveaways(answer, rules)
                 if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", title)]
        if named:
            fail(f"{source}: the title gives the answer away ({named[0]!r})")
    checker.decision(state, puzzle.answers, puzzle.bot_note, source)
    checker.refusals(state, puzzle.answers, run.reason, source)
