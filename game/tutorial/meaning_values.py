"""What a card, a trick or a meld is worth, read from the sentence (``game.tutorial.meaning``).

- In a sentence that tells points, a number written as a word ("one", "nine", "ten", which
  also name cards) is a number nobody computed: a field must say it.
- A value field stands beside what it is worth: ``{points:T}`` beside the ten it prices (the
  nearest card or rank before it), ``{meld:run}`` beside a run, ``{last_trick}`` beside the last
  trick, ``{trick_total}`` beside the pack. Beside another card or meld it is that one's number
  in the wrong place.
- "worth nothing" (or "neither is worth anything", "worthless") and "worth points" are claims
  about the card named, tested against the table's counters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.tutorial.meaning_env import Env, Found, finds
from game.tutorial.sentences import CARD, RANK_MENTION, RANK_WORD, Sentence, Span, rank_of

POINTS_TOPIC = re.compile(r"\b(points?|worth|scores?|scored|counts?|counted|counters?|gift|"
                          r"adds?|totals?|value)\b", re.IGNORECASE)
ARTICLES = {"the", "a", "an", "your", "my", "its", "their", "his", "her", "that", "this",
            "each", "either", "both", "any", "no", "lone", "other", "twin", "spare", "last",
            "second", "same", "higher", "lower", "every", "one", "only", "single"}
VALUE_VERBS = {"worth", "scores", "adds", "counts", "earns", "gives", "gets", "makes", "is",
               "are", "of"}
RANK_NAMES = {"ace", "ten", "king", "queen", "jack", "nine", "eight", "seven"}
SMALL = re.compile(r"\b(zero|one|nine|ten)\b", re.IGNORECASE)
COUNTED = re.compile(r"\s+(?:more\s+|extra\s+)?(?:points?|stars?|checks?)\b", re.IGNORECASE)
NOUN_AFTER_ONE = re.compile(r"\s+(?:of|card|cards|suit|class|meld|trick|player|side|kind|rank|"
                            r"per|more|at)\b", re.IGNORECASE)


def _is_amount(text: str, m: re.Match[str]) -> bool:
    """Whether ``zero``, ``one``, ``nine`` or ``ten`` counts here (nine and ten also name
    cards: "the ten of hearts", "a worthless nine"; one is also a pronoun: "a higher one")."""
    word = m.group(1).lower()
    after = text[m.end():]
    words = text[:m.start()].split()
    prev_raw = words[-1] if words else ""
    prev = prev_raw.lower().strip(",:;(")
    if word == "zero" or COUNTED.match(after):
        return True
    if word == "one":
        ends = re.match(r"\s*(?:[.,;:)]|$|and\b|or\b|more\b|extra\b)", after) is not None
        return prev in VALUE_VERBS and ends
    if re.match(r"\s*(?:of\b|[♠♥♣♦]|-)", after):
        return False  # the ten of hearts, ten-high
    if prev in VALUE_VERBS:
        return True  # worth ten, scores nine, a gift of ten
    return prev in RANK_NAMES and not prev_raw.endswith(",")  # "a ten ten": a rank, its value


SUBJECTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("last", re.compile(r"\b(?:last|final) trick\b", re.IGNORECASE)),
    ("total", re.compile(r"\b(?:whole pack|all the cards|the pack|in all|all cards|tricks hold)\b",
                         re.IGNORECASE)),
    ("counter", re.compile(r"\bcounters?\b", re.IGNORECASE)),
)


def _numbers(s: Sentence, env: Env) -> list[Found]:
    masked = s.masked()
    if not POINTS_TOPIC.search(masked):
        return []
    out = []
    for m in SMALL.finditer(masked):
        if not _is_amount(masked, m):
            continue
        out.append(Found(m.start(), m.end(), (
            f"a number written as a word ({m.group(0)!r}) in a sentence about points: write "
            f"the field the engine fills ({{points:T}}, {{last_trick}}, {{meld:dix}}...)",)))
    return out


def _mentions(s: Sentence, own: Span) -> list[tuple[int, str]]:
    """What value a sentence speaks of at each place: ranks and cards (``R:T``), the last trick,
    the pack's total and counters; the field's own words left out."""
    text = s.text
    out = []
    for m in RANK_MENTION.finditer(text):
        if own.start <= m.start() < own.end:
            continue
        span = s.field_at(m.start())
        if span is not None and span.name in ("points", "meld", "name", "rank_order", "counters"):
            continue  # a value or a list of ranks, not the card the sentence is about
        rank = rank_of(m.group(0))
        if rank is not None:
            out.append((m.start(), f"R:{rank}"))
    for kind, pattern in SUBJECTS:
        out += [(m.start(), kind) for m in pattern.finditer(text)
                if not own.start <= m.start() < own.end]
    return sorted(out)


def _subject(s: Sentence, span: Span) -> tuple[int, str] | None:
    """What a value field is beside: the nearest thing named before it (a rank before a
    counter, since "a counter of {points:T}" prices the ten), else after it."""
    mentions = _mentions(s, span)
    before = [m for m in mentions if m[0] < span.start]
    ranks = [m for m in before if m[1].startswith("R:")]
    if before:
        nearest = before[-1]
        if nearest[1] == "counter" and ranks and span.name == "points":
            return ranks[-1]
        return nearest
    after = [m for m in mentions if m[0] >= span.end]
    return after[0] if after else None


WORDS = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}


def _binding(s: Sentence, env: Env) -> list[Found]:
    out = []
    points = env.facts.points
    for span in s.spans:
        if span.name not in ("points", "last_trick", "trick_total"):
            continue
        found = _subject(s, span)
        if found is None:
            continue
        at, subject = found
        want = {"points": f"R:{span.arg.upper()}", "last_trick": "last",
                "trick_total": "total"}[span.name]
        field = "{" + span.name + (f":{span.arg}" if span.arg else "") + "}"
        covers = Found(min(at, span.start), max(at, span.end))  # "the ace is worth {points:A}"
        if subject == want:
            out.append(covers)
            continue
        if subject == "counter" and span.name == "points":
            values = {v for v in points.values() if v}
            if values == {points.get(span.arg.upper(), 0)}:
                out.append(covers)  # "a counter is worth {points:A}": every counter is
                continue
            out.append(Found(span.start, span.end, (
                f"{field} stands beside 'counter', but the counters of {env.rules.name} are "
                f"not all worth {points.get(span.arg.upper(), 0)}",)))
            continue
        said = (f"the {WORDS.get(subject[2:], subject[2:])}" if subject.startswith("R:")
                else {"last": "the last trick", "total": "the whole pack",
                      "counter": "a counter"}[subject])
        out.append(Found(span.start, span.end, (
            f"{field} stands beside {said}: the number is another's (is it the right "
            f"field?)",)))
    return out


ZERO = re.compile(
    rf"(?P<who>(?:\b(?:the|a|your) )?(?:{CARD}|\b{RANK_WORD}\b))(?:,| is| are)?(?: worth)? "
    r"(?:nothing|no points)\b|"
    rf"(?P<who2>(?:\b(?:the|a) )?(?:{CARD}|\b{RANK_WORD}\b)) (?:or|and) (?:the )?"
    rf"(?P<who3>{CARD}|\b{RANK_WORD}\b) (?:is|are) worth nothing|"
    r"\bneither is worth anything|\bworthless (?P<who4>\w+)|count nothing",
    re.IGNORECASE)
WORTH_POINTS = re.compile(rf"(?P<who>{CARD}|\b{RANK_WORD}\b) (?:is|are) worth points",
                          re.IGNORECASE)
WORTH_ADVICE = re.compile(r"\bworth (?:\w+ing\b|money|more in your hand|more than)|"
                          r"\bworth (?:the|a) \w+", re.IGNORECASE)


def _zero(s: Sentence, env: Env) -> list[Found]:
    points = env.facts.points

    def test(m: re.Match[str]) -> Iterable[str]:
        names = [m.group(g) for g in ("who", "who2", "who3", "who4") if m.group(g)]
        ranks = [r for r in (rank_of(n.split()[-1]) for n in names) if r]
        if not ranks:  # "neither is worth anything", "count nothing": the cards named before
            ranks = [r for r in (rank_of(x.group(0)) for x in RANK_MENTION.finditer(
                s.text[:m.start()])) if r][-2:]
        for rank in ranks:
            if points.get(rank, 0):
                yield (f"says the {WORDS.get(rank, rank)} is worth nothing, but at "
                       f"{env.rules.name} it is worth {points[rank]}")

    def test_points(m: re.Match[str]) -> Iterable[str]:
        rank = rank_of(m.group("who"))
        if rank and not points.get(rank, 0):
            yield f"says the {WORDS.get(rank, rank)} is worth points: at {env.rules.name} none"

    return finds(ZERO, s, test) + finds(WORTH_POINTS, s, test_points) + finds(WORTH_ADVICE, s)


RECOGNISERS = (_numbers, _binding, _zero)
