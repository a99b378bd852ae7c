"""Precedence, read from the sentence (``game.tutorial.meaning``): which of a table's trick rules
decides when two apply.

- The phrasings the lessons use: "an earlier rule wins over a later one"; "the first rule that
  applies decides"; "rule 2 comes before rule 3"; "follow suit first, then take the trick" (two
  rules named in an order, which must be the table's).
- Any other words for the same claim (``_order_words``): a sentence about rules with a word of
  order beside "rule" (earlier, first, above, at the top; later, last, below, further down) and a
  verb that makes one of them decide. The rule it makes decide is the subject of an active verb
  (wins, decides, overrides, takes precedence) or the other one of a passive one (gives way to,
  is overridden by, only applies when): that must be the earlier one at every table, since the
  engine applies a table's rules in their order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.tutorial.meaning_env import Env, Found, finds
from game.tutorial.sentences import Sentence

IC = re.IGNORECASE
REVERSED = ("reverses the order of precedence: at every table an earlier rule wins over a later "
            "one (the engine applies them in order)")

WHICH_DECIDES = re.compile(r"\b(?P<a>first|last|earliest|latest|later|earlier|lowest|highest) "
                           r"(?:rule|one) (?:in the list )?(?:that applies |to apply )?"
                           r"(?:decides|wins|counts|takes precedence|applies)\b", IC)
EVERY_ORDER = re.compile(r"\bevery table lists its (?:trick )?rules in an order of precedence\b",
                         IC)
GENERIC_ORDER = re.compile(r"\b(?P<a>earlier|later|lower|higher|last|first) rule (?:wins|comes|"
                           r"takes precedence|goes|overrides|beats|decides|counts)"
                           r"(?:(?: over| before| ahead of)? (?:an? )?(?P<b>earlier|later) (?:one|"
                           r"rule)\b)?", IC)
NUMBERED = re.compile(r"\brule (?P<a>\d+)\W+(?:comes |goes |is applied |wins |takes precedence )?"
                      r"(?P<word>before|over|ahead of|after)\W+rule (?P<b>\d+)", IC)
OBLIGATION_WORDS: tuple[tuple[str, str], ...] = (
    ("first_identical_wins", r"identical cards|twins?"),
    ("follow_suit", r"follow(?:ing)? suit|follow the suit"),
    ("take_trick", r"tak(?:e|ing) the trick|win(?:ning)? the trick"),
    ("crawl", r"crawl(?:ing)?"),
    ("over_trump", r"over-?(?:trump|ruff)(?:ing)?"),
    ("beat_trump_lead", r"beat(?:ing)? (?:a |the )?trump lead"),
    ("must_trump", r"(?:play(?:ing)? a )?trump(?:ing)?(?=,? (?:first|before|after|comes|then|"
                   r"only))|ruff(?:ing)?"),
    ("any_card", r"(?:play(?:ing)? )?any card"),
)
OBLIGATION = re.compile("|".join(f"(?P<{k}>{p})" for k, p in OBLIGATION_WORDS), IC)
BEFORE = re.compile(r"^\W*(?:first\W+)?(?:(?:and )?then|before|comes before|goes before|takes "
                    r"precedence over|wins over|over|ahead of|first|, and only then)\b|"
                    r"\b(?:comes|goes|is checked|applies) (?:first|before)\b|\bprecedence over\b|"
                    r"\boutranks\b|\boverrides\b", IC)
AFTER = re.compile(r"^\W*(?:only )?(?:comes |goes )?after|^\W*only (?:once|when|if) you "
                   r"cannot\b|\b(?:comes|goes|is checked|applies) (?:second|after|later)\b|"
                   r"\bonly after\b", IC)
IF_CANNOT = re.compile(r"\bif (?:you|they) cannot (?:\w+ )?$", IC)


def _precedence(s: Sentence, env: Env) -> list[Found]:
    out: list[Found] = []

    def generic(m: re.Match[str]) -> Iterable[str]:
        if m.group("a").lower() in ("later", "lower", "last", "latest"):
            yield REVERSED

    def numbered(m: re.Match[str]) -> Iterable[str]:
        a, b = int(m.group("a")), int(m.group("b"))
        first = a < b if m.group("word").lower() != "after" else b < a
        if not first:
            yield (f"puts rule {a} {m.group('word')} rule {b}: at {env.rules.name} a lower "
                   f"number comes first")

    named = finds(GENERIC_ORDER, s, generic) + finds(NUMBERED, s, numbered)
    named += finds(WHICH_DECIDES, s, generic)
    out += named or _order_words(s)  # the phrasings above, else any words for the same claim
    out += finds(EVERY_ORDER, s, lambda _: () if env.facts.obligations else ("no rules",))
    masked = s.masked()
    mentions = [(m.start(), m.end(), m.lastgroup or "") for m in OBLIGATION.finditer(masked)]
    for (a0, a1, a), (b0, b1, b) in zip(mentions, mentions[1:], strict=False):
        between = masked[a1:b0]
        if len(between) > 40 or a == b:
            continue
        if BEFORE.search(between):
            order = (a, b)
        elif AFTER.search(between):
            order = (b, a)
        elif IF_CANNOT.search(masked[max(0, a0 - 30):a0]) and re.search(r",|\bso\b", between):
            order = (a, b)
        else:
            continue
        out.append(Found(a0, b1, tuple(_order_problems(order, env, s))))
    return out


def _order_problems(order: tuple[str, str], env: Env, s: Sentence) -> list[str]:
    first, second = order
    out = []
    for phase in env.phases(s):
        rules: list[str] = list(env.facts.obligations[phase])
        where = env.rules.name + (f" ({phase})" if phase else "")
        missing = [o for o in order if o not in rules]
        if missing:
            out.append(f"ranks {first} before {second}, but {where} has no rule "
                       f"{missing[0]!r}")
        elif rules.index(first) > rules.index(second):
            out.append(f"puts {first} before {second}: at {where} it is the other way round "
                       f"(rule {rules.index(second) + 1} before rule {rules.index(first) + 1})")
    return out


# -- precedence in any words ---------------------------------------------------------------------
ABOUT_RULES = re.compile(r"\brules?\b|\bprecedence\b|\bpriority\b", IC)
EARLY = r"earlier|earliest|first|top|higher up|above|preceding"
LATE = r"later|latest|last|bottom|lower down|further down|below|following"
# A word of order beside "rule" ("the last rule", "the rules further down the list", "the ones
# above"); not "the first one played", which is about twin cards (meaning_play).
MENTION = re.compile(
    rf"\b(?:the |an? )?(?:(?P<e1>{EARLY})|(?P<l1>{LATE}))(?: \w+)?? (?:rules?|ones?)\b"
    r"(?! played)|"
    rf"\b(?:rules?|ones?) (?:that (?:comes?|stands?|is|are) |(?:listed|placed|standing) )?"
    rf"(?:(?:\w+ )?in the list )?(?:(?P<e2>{EARLY})|(?P<l2>{LATE}))\b", IC)
ACTIVE = (r"\b(?:wins?|decides?|overrides?|overrules?|takes? precedence|comes? first|counts?|"
          r"beats?|prevails?|has the (?:last|final) (?:word|say)|has priority|settles?)\b")
PASSIVE = (r"\b(?:is|are) (?:overridden|overruled|beaten|set aside)\b|\bgives? way\b|"
           r"\byields?\b|\bloses? to\b|\bdefers? to\b|\bonly (?:applies|apply|counts?|"
           r"decides?)\b|\bappl(?:y|ies) only\b")
VERB = re.compile(rf"(?P<passive>{PASSIVE})|(?P<active>{ACTIVE})", IC)


def _order_words(s: Sentence) -> list[Found]:
    """The rule a sentence makes decide, by its words of order and its verb (module doc)."""
    masked = s.masked()
    if not ABOUT_RULES.search(masked):
        return []
    mentions = [(m.start(), m.end(), bool(m.group("e1") or m.group("e2")))
                for m in MENTION.finditer(masked)]
    verbs = list(VERB.finditer(masked))
    if not mentions or not verbs:
        return []
    verb = verbs[0]
    before = [m for m in mentions if m[1] <= verb.start()]
    subject = before[-1] if before else mentions[0]
    early = subject[2] != bool(verb.group("passive"))  # a passive verb: the other one decides
    start = min(mentions[0][0], verb.start())
    end = max(mentions[-1][1], verb.end())
    return [Found(start, end, () if early else (REVERSED,))]


RECOGNISERS = (_precedence,)
