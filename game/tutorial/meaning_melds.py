"""Melds named in a sentence, read against the meld scorer (``game.tutorial.meaning``).

- A definition ("A marriage is the king and queen of one suit", a glossary entry about a meld,
  "the pinochle, J♦ and Q♠") names the meld's cards: their ranks, and how their suits go
  together (all trump; one suit; one of each suit; the jack of diamonds with the queen of
  spades). Each is compared with the cards the scorer of the table finds for that meld
  (``TableFacts.melds``); a meld the table does not score is no meld to define there.
- ``{meld:<kind>}`` stands beside its meld: the nearest meld named before it (or, when none,
  the term the glossary entry is about, or the one named after it; "in trump" right after a
  marriage's value makes it the royal marriage's).
"""

from __future__ import annotations

import re

from game.rules.facts import trump_of
from game.rules.tablefacts import MeldShape
from game.tutorial.meaning_env import Env, Found
from game.tutorial.sentences import RANK_MENTION, SYMBOLS, Sentence, rank_of

GENERIC: tuple[tuple[str, str], ...] = (
    ("royal_marriage", r"royal marriages?|trump marriages?|marriages? in trump"),
    ("pinochle", r"(?<!double )pinochles?"),
    ("run", r"runs?|flush(?:es)?"),
    ("marriage", r"(?<!royal )(?<!trump )marriages?"),
    ("dix", r"dix|nine of trump"),
    ("aces", r"aces around|100 aces"),
    ("kings", r"kings around|80 kings"),
    ("queens", r"queens around|60 queens"),
    ("jacks", r"jacks around|40 jacks"),
    ("around", r"arounds?"),
)
AROUNDS = ("aces", "kings", "queens", "jacks")


def _name_pattern(env: Env) -> re.Pattern[str]:
    parts = []
    for kind, generic in GENERIC:
        forms = [generic]
        shape = env.facts.melds.get(kind)
        if shape is not None and not re.fullmatch(generic, shape.name.lower()):
            forms.append(re.escape(shape.name.lower()))
        parts.append(f"(?P<{kind}>{'|'.join(forms)})")
    return re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])", re.IGNORECASE)


def _named(s: Sentence, env: Env) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every meld the sentence names, typed or by a {name:...} field."""
    out = []
    for m in _name_pattern(env).finditer(s.text):
        span = s.field_at(m.start())
        if span is not None and span.name != "name":
            continue  # a rule sentence, a value...: not the author's naming
        kind = m.lastgroup or ""
        if span is not None:
            kind = span.arg
        out.append((m.start(), m.end(), kind))
    return out


# -- definitions -------------------------------------------------------------------------------
SUIT_PHRASE = re.compile(
    r"\b(?:of|in) (?:the )?(?P<suit>spades|hearts|clubs|diamonds|trumps?|one suit|a suit|"
    r"each suit|every suit|the same suit|any suit|different suits|all four suits)\b",
    re.IGNORECASE)
SPEC = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D", "trump": "trump",
        "trumps": "trump", "one suit": "one", "a suit": "one", "the same suit": "one",
        "any suit": "one", "each suit": "each", "every suit": "each", "different suits": "each",
        "all four suits": "each"}
LOWEST_TRUMP = re.compile(r"\blowest (?:card of trump|trump)\b", re.IGNORECASE)
HIGHEST_TRUMP = re.compile(r"\bhighest (?:card of trump|trump)\b", re.IGNORECASE)
GENERIC_RANK = re.compile(r"\b(?:of|in) (?:a|each|every|one) rank\b|\bone card of a rank\b",
                          re.IGNORECASE)
DEFINES = re.compile(r"^\s*(?:here )?(?:is|are)\s+(?:the |one |an? |made of |both )?(?=ace|ten|"
                     r"king|queen|jack|nine|card|lowest|highest|10[♠♥♣♦]|[AKQJ9][♠♥♣♦])",
                     re.IGNORECASE)


def _pairs(desc: str, env: Env) -> list[tuple[str, str | None]]:
    """(rank, suit) of each card a description names: ``S``/``H``/``C``/``D``, ``trump``,
    ``one`` (one suit), ``each`` (each suit) or None (unsaid)."""
    phrases = [(m.start(), SPEC[m.group("suit").lower()]) for m in SUIT_PHRASE.finditer(desc)]
    out: list[tuple[str, str | None]] = []
    used: set[int] = set()
    for m in RANK_MENTION.finditer(desc):
        rank = rank_of(m.group(0))
        if rank is None:
            continue
        word = m.group(0)
        if word[-1] in SYMBOLS:
            out.append((rank, SYMBOLS[word[-1]]))
            continue
        later = [(at, spec) for at, spec in phrases if at >= m.end()]
        if later:
            used.add(later[0][0])
        out.append((rank, later[0][1] if later else None))
    if GENERIC_RANK.search(desc):  # "one card of a rank in each suit": a rank, not named
        out += [("*", spec) for at, spec in phrases if at not in used]
    dix = env.facts.melds.get("dix")
    for _ in LOWEST_TRUMP.finditer(desc):
        out.append((dix.ranks[0] if dix is not None else "lowest", "trump"))
    for _ in HIGHEST_TRUMP.finditer(desc):
        out.append((env.facts.ranks[0], "trump"))
    if not out and GENERIC_RANK.search(desc):
        out.append(("*", None))
    return out


def _compare(kind: str, pairs: list[tuple[str, str | None]], desc: str, env: Env) -> str | None:
    """What is wrong with a description of the meld ``kind`` at the table (None: nothing)."""
    table = env.rules.name
    if kind == "around":
        return _compare_around(pairs, desc, env)
    shape = env.facts.melds.get(kind)
    if shape is None:
        return f"defines the {kind.replace('_', ' ')}, which {table} does not score"
    ranks = {r for r, _ in pairs}
    if ranks != set(shape.ranks):
        return (f"defines the {shape.name.lower()} with {_ranks(ranks)}, but its cards at "
                f"{table} are {_ranks(set(shape.ranks))}{_suits(shape)}")
    if shape.suits == "fixed":
        named = {f"{r}{spec}" for r, spec in pairs if spec in ("S", "H", "C", "D")}
        if named != set(shape.cards):
            said = ", ".join(sorted(named)) or "no particular cards"
            return (f"defines the {shape.name.lower()} as {said}, but it is "
                    f"{' and '.join(shape.cards)}")
        return None
    trump = _trump_letter(env)
    suits: dict[str, set[str | None]] = {"trump": {"trump", trump},
                                         "one": {"one", "S", "H", "C", "D"}, "each": {"each"}}
    allowed = suits[shape.suits]
    if shape.suits == "one":
        allowed.discard(trump)
    said_suits = {spec for _, spec in pairs} - {None}
    if not said_suits or not said_suits <= allowed:
        said = ", ".join(sorted(str(x) for x in said_suits)) or "no suit"
        return (f"defines the {shape.name.lower()} in {said}, but its cards at {table} are "
                f"{_suits(shape).strip(' ,') or shape.suits}")
    return None


def _compare_around(pairs: list[tuple[str, str | None]], desc: str, env: Env) -> str | None:
    """An around in general: cards of one rank an around is made of, one of each suit."""
    shapes = [env.facts.melds[k] for k in AROUNDS if k in env.facts.melds]
    ranks = {r for s in shapes for r in s.ranks}
    wrong = [r for r, _ in pairs if r not in ranks and r != "*"]
    if wrong:
        return (f"says an around is made of {', '.join(wrong)}s, which make no around at "
                f"{env.rules.name}")
    if any(r == "*" for r, _ in pairs) and not set(env.facts.ranks) <= ranks:
        # "one card of a rank in each suit" read as any rank: two tens of every suit were
        # called "no around" beside it (issue 36, lesson 17 at double-deck)
        return (f"says an around may be of any rank, but at {env.rules.name} only "
                f"{' '.join(r for r in env.facts.ranks if r in ranks)} make one")
    specs = {spec for _, spec in pairs}
    if any(spec not in ("each", None) for spec in specs) or (
            "each" not in specs and not GENERIC_RANK.search(desc)):
        return "defines an around without one card of each suit"
    return None


def _ranks(ranks: set[str]) -> str:
    return " ".join(sorted(ranks)) or "no cards"


def _suits(shape: MeldShape) -> str:
    return {"trump": " of trump", "one": " of one suit", "each": ", one of each suit",
            "fixed": ""}[shape.suits]


def _trump_letter(env: Env) -> str | None:
    trump = trump_of(env.state) if env.state is not None else None
    return "SHCD"[trump] if trump is not None else None


DEF_END = re.compile(r"[.;:(]")


def _stop(text: str) -> int:
    """Where a definition's words end: at the first stop, colon or bracket."""
    cut = DEF_END.search(text)
    return cut.start() if cut else len(text)


def _definitions(s: Sentence, env: Env) -> list[Found]:
    out = []
    named = _named(s, env)
    topic = env.topic if env.topic in {k for k, _ in GENERIC} else ""
    candidates: list[tuple[int, int, str, str]] = []  # start, end, kind, description
    for start, end, kind in named:
        rest = s.text[end:]
        d = DEFINES.match(rest)
        if d is not None:
            desc = rest[d.end():]
            stop = _stop(desc)
            candidates.append((start, end + d.end() + stop, kind, desc[:stop]))
            continue
        apposition = re.match(r",? \(?((?:(?:10|[AKQJ9])[♠♥♣♦](?:,| and| or)? ?){2,})", rest)
        if apposition is not None:
            candidates.append((start, end + apposition.end(), kind, apposition.group(1)))
    if topic:  # a glossary entry: its words up to the first stop define the term
        stop = min([_stop(s.text), *(start for start, _, _ in named)])
        candidates.append((0, stop, topic, s.text[:stop]))
    for start, end, kind, desc in candidates:
        pairs = _pairs(desc, env)
        if not pairs:
            continue  # a value or a name, not the meld's cards
        problem = _compare(kind, pairs, desc, env)
        out.append(Found(start, end, (problem,) if problem else ()))
    return out


# -- a meld's value beside its name ------------------------------------------------------------
def _binding(s: Sentence, env: Env) -> list[Found]:
    out = []
    named = _named(s, env)
    for span in s.spans:
        if span.name != "meld" or not span.arg:
            continue
        kind = span.arg.split(":")[0]
        after = s.text[span.end:span.end + 9].lower()
        before = [(start, k) for start, _, k in named if start < span.start]
        later = [(start, k) for start, _, k in named if start >= span.end]
        at = span.start
        if after.startswith(" in trump"):
            near = "royal_marriage"
        elif before:
            at, near = before[-1]
        elif env.topic:
            near = env.topic
        elif later:
            at, near = later[0]
        else:
            continue
        if near == kind or near not in {k for k, _ in GENERIC} or (
                near == "around" and kind in AROUNDS):
            out.append(Found(min(at, span.start), max(at, span.end)))  # "aces around are worth"
            continue
        out.append(Found(span.start, span.end, (
            f"{{meld:{span.arg}}} stands beside the {near.replace('_', ' ')}: the number is "
            f"another meld's (is it the right field?)",)))
    return out


RECOGNISERS = (_definitions, _binding)
