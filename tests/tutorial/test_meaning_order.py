"""Issue 36: "the precedence of the rules reversed in words" must fail ``tutorial --check`` in any
words, not only in the phrasings the lessons use: a sentence about rules whose words of order and
verb make the later rule decide is read as reversed (game/tutorial/meaning_order.py), and the
true order in other words is not."""

import pytest

from game.store.content import load_preset
from game.tutorial.meaning import meaning_problems
from game.tutorial.text import TextContext

REVERSED = [
    "The last rule that applies is the one that decides.",
    "A later rule wins over an earlier one.",
    "The rules further down the list take precedence over the ones above.",
    "An earlier rule gives way to a later one.",
    "When two rules apply, the rule listed last has the final say.",
    "The earlier rules only apply when the later ones leave a choice.",
    "An earlier rule is overridden by a later one.",
    "Rule 3 comes before rule 2.",
    "Each table lists its rules: the bottom rule overrides the top one.",
]
TRUE = [
    "An earlier rule wins over a later one.",
    "The first rule that applies decides.",
    "The rules higher up the list take precedence over the ones below.",
    "A later rule gives way to an earlier one.",
    "When two rules apply, the rule listed first has the final say.",
    "The later rules only apply when the earlier ones leave a choice.",
    "A later rule is overridden by an earlier one.",
    "Rule 2 comes before rule 3.",
    "Of identical cards the first one played wins, whatever the rules say.",
]


@pytest.fixture(scope="module")
def ctx():
    return TextContext(load_preset("racehorse"))


def reversed_in(text, ctx):
    problems = meaning_problems(text, ctx)
    return any("reverses the order of precedence" in p or "a lower number comes first" in p
               for p in problems), problems


@pytest.mark.parametrize("text", REVERSED)
def test_precedence_reversed_in_other_words_fails(text, ctx):
    found, problems = reversed_in(text, ctx)
    assert found, problems


@pytest.mark.parametrize("text", TRUE)
def test_the_true_order_in_other_words_passes(text, ctx):
    found, problems = reversed_in(text, ctx)
    assert not found, problems
    assert not [p for p in problems if "states a rule the check cannot test" in p], problems
