"""Issue 36: "another table's rule stated as the rule where it does not apply" must fail in the
words a writer reaches for, not only the lessons' own: beating the winning card of the suit led
is the rule at racehorse (take the trick) and double deck (crawl), and no rule at the
partnership tables (002: any card of the suit; 003). Each sentence below is true at the tables
named and read as false at the others."""

import pytest

from game.store.content import load_preset
from game.tutorial.meaning import meaning_problems
from game.tutorial.text import TextContext

BEATING = ("racehorse", "double-deck")
FREE = ("partnership-150", "partnership-190")
SENTENCES = [
    ("You must play higher than the king if you can.", BEATING),
    ("You have to play higher when you can.", BEATING),
    ("You need not beat the winning card.", FREE),
    ("There is no need to play higher than the winning card.", FREE),
]


@pytest.mark.parametrize("text, true_at", SENTENCES)
@pytest.mark.parametrize("table", BEATING + FREE)
def test_beating_the_winning_card_in_other_words(text, true_at, table):
    problems = meaning_problems(text, TextContext(load_preset(table)))
    wrong = [p for p in problems if "beating the winning card of the suit led is" in p]
    if table in true_at:
        assert problems == [], problems
    else:
        assert wrong, problems
