"""``tutorial --check`` reads each sentence for what it claims about the rules, on each table it
renders on (docs/lessons.md, "Sentences are read for what they mean").

Every sentence is read by a set of recognisers (``meaning_values``, ``meaning_melds``,
``meaning_play``, ``meaning_table``, ``meaning_position``), each of which finds claims of one
kind and tests them against the table's rule facts (``game.rules.tablefacts``) or the position:
a number written as a word where points are told, a field beside another card or meld than its
own, a meld defined with other cards than the scorer's, rules ranked in another order than the
table's, a trick, auction or scoring rule the table does not have. A claim found is a claim
tested; and a rule word the author typed (must, may, need not, win, outranks, worth, first,
forced, every) must belong to one, or to a quotation or a field: a sentence stating a rule the
check cannot test fails, naming the word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from game.rules.cards import Card
from game.rules.tablefacts import table_facts
from game.tutorial import (
    meaning_melds,
    meaning_order,
    meaning_play,
    meaning_position,
    meaning_table,
    meaning_values,
)
from game.tutorial.meaning_env import CONDITIONS, Env, Found
from game.tutorial.sentences import Sentence, rendered
from game.tutorial.text import TemplateError, TextContext

RULE_WORDS = re.compile(r"\b(must|may|need not|needn't|win|wins|outranks?|worth|first|forced|"
                        r"every)\b", re.IGNORECASE)
Recogniser = Callable[[Sentence, Env], Iterable[Found]]
RECOGNISERS: tuple[Recogniser, ...] = (
    *meaning_values.RECOGNISERS, *meaning_melds.RECOGNISERS, *meaning_play.RECOGNISERS,
    *meaning_order.RECOGNISERS,
    *meaning_table.RECOGNISERS, *meaning_position.RECOGNISERS)


def meaning_problems(raw: str, ctx: TextContext, topic: str = "", reason: bool = False,
                     chosen: Card | None = None, account: bool = True) -> list[str]:
    """What the text claims that its table (or position) contradicts, and (``account``: text a
    player reads) the rule words in it that no tested claim, quotation or field accounts
    for."""
    try:
        parts = rendered(raw, ctx)
    except TemplateError:
        return []  # reported by the text check, which renders it too
    env = Env(ctx.rules, table_facts(ctx.rules), ctx.state, topic, chosen, ctx.answers,
              reason)
    out: list[str] = []
    for sentence in parts.sentences():
        found: list[Found] = []
        for recognise in RECOGNISERS:
            found += recognise(sentence, env)
        vacuous = any(pattern.search(sentence.text) and not holds(env.facts)
                      for pattern, holds in CONDITIONS)
        for claim in found if not vacuous else ():
            out += [f"{p} ({_quoted(sentence.text)})" for p in claim.problems]
        if sentence.question or not account:
            continue  # a question asserts nothing; a note for the check is not read by players
        for m in RULE_WORDS.finditer(sentence.text):
            if not sentence.typed(m.start(), m.end()):
                continue
            if not any(f.start <= m.start() and m.end() <= f.end for f in found):
                out.append(f"{m.group(0)!r} states a rule the check cannot test: say it with a "
                           f"quotation, a field, or a claim the check reads "
                           f"(docs/lessons.md) ({_quoted(sentence.text)})")
    return out


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 90 else text[:87] + "...")
