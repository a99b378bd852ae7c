"""The rules of the tricks, read from the sentence (``game.tutorial.meaning``).

- A trick rule stated ("you must trump", "any card of the suit may be played", "take the trick
  if you can", "you need not play a losing trump") is a behaviour of the engine
  (``game.rules.tablefacts.PROBES``): the statement holds where the engine behaves so, in the
  part of the hand the sentence speaks of (two-handed: while the stock lasts, the playoff).
  Where the sentence speaks of the position ("here", "now", "any trump will do"), it is the
  position's legal cards that must bear it out.
- Precedence is read in ``meaning_order``.
- How a trick is won (the highest card of the suit led, trump over the rest, the first of two
  identical cards, the winner leading the next), and the rank of cards ("the ten ranks above
  the king", "X outranks Y", "once the aces are out it can win").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.rules.cards import Card
from game.rules.facts import trump_of
from game.rules.tricks import explain_plays
from game.tutorial.meaning_env import Env, Found, clause_at, finds
from game.tutorial.sentences import CARD, RANK_MENTION, RANK_WORD, Sentence, rank_of
from game.tutorial.text import TemplateError, TextContext

IC = re.IGNORECASE
HERE = re.compile(r"\b(here|now|this trick|still|either|both|so any|will do|you hold|your "
                  r"(?:only|trumps?|cards?))\b", IC)
VOID_NO_TRUMP = re.compile(r"\bno (?:card of the suit led|cards? of the suit)\b.*\bno trumps?\b|"
                           r"\bno trump either\b|\bout of trump\b|\bno trumps?\b", IC)

# (pattern, the behaviours it states: probe -> enforced)
STATEMENTS: tuple[tuple[re.Pattern[str], dict[str, bool]], ...] = tuple(
    (re.compile(p, IC), effects) for p, effects in (
        (r"\b(?:must|have to|has to) (?:still )?follow(?: suit)?\b|\bmust play a card of the "
         r"suit led\b|\bwho can follow suit must\b|\bfollow suit if (?:you|they) can\b",
         {"follow": True}),
        (r"\b(?:need not|needn't|no need to|not necessary to|(?:do|does) not have to) follow\b|"
         r"\bmay answer a lead with any card\b", {"follow": False}),
        (r"\b(?:must )?(?:take|win) the trick (?:if|when|whenever) (?:you|they) can\b|"
         r"\bmust take the trick\b",
         {"head": True, "trump_void": True, "over_trump": True, "beat_trump_lead": True}),
        (r"\bthe rule to take it\b", {"rule:take_trick": True}),
        (r"\bmust (?:beat|crawl over) the winning card\b|(?<!not )(?<!n't )(?<!no need to )"
         r"(?<!not have to )\bbeat the winning card(?: if you can)?\b|\bmust crawl\b|"
         r"\bcannot crawl\b|\bcrawl (?:over|with|if|when)\b",
         {"head": True}),
        (r"\b(?:must|have to|has to) (?:play|go) (?:higher|above|over)\b|\bplay higher (?:than "
         r"[^.,;:]*? )?(?:if|when|whenever) (?:you|they) can\b|\bmust head the trick\b",
         {"head": True}),
        (r"\bfollow suit with any card\b|\bany card of (?:the suit|it|that suit)\b|\b(?:need "
         r"not|needn't|no need to|(?:do|does) not have to) (?:beat|play higher|head|crawl)\b",
         {"head": False}),
        (r"\b(?:must|have to) (?:play a |play )?(?:trump|ruff)\b|\bvoid, (?:play a )?trump\b",
         {"trump_void": True, "losing_trump": True}),
        (r"\bneed not (?:waste|play) a (?:losing )?trump\b|\b(?:do|does) not have to trump\b|"
         r"\bneed not trump\b", {"losing_trump": False}),
        (r"\bany trump (?:will do|can be played|may be played)\b|\bplay any trump\b|"
         r"\bwith a trump, any trump\b", {"over_trump": False}),
        (r"\b(?:must )?over-?(?:trump|ruff) (?:if|when|whenever) (?:you|they) can\b|"
         r"\bmust over-?(?:trump|ruff)\b|"
         r"\bover-?ruff if possible\b|\bOver-ruff if you can\b|\bcannot over-?(?:ruff|trump)\b",
         {"over_trump": True}),
        (r"\b(?:when )?trump (?:is|was) led\b[^.]*?\bbeat\b|\bTrump led\? Beat it\b|"
         r"\bbeat the highest trump so far if you can\b", {"beat_trump_lead": True}),
        (r"\bvoid, trump and beat the highest trump\b",
         {"trump_void": True, "losing_trump": True, "over_trump": True}),
        (r"\b(?:any card (?:may|can) be played|(?:you )?may play any card|any card will do|"
         r"play any card)\b", {"any_card": True}),
        (r"\bcannot follow, so the next rules\b[^.]*?\bwhat you may play\b|\bwhen you hold none, "
         r"other rules\b",
         {"follow": True}),
    ))


def _legal(env: Env) -> tuple[list[Card], list[Card], list[tuple[int, Card]]] | None:
    """(hand, legal cards, trick) at the position, or None where no card is asked for."""
    if env.state is None or not env.trick:
        return None
    try:
        cards, trick, verdict = TextContext(env.rules, env.state).verdict()
    except TemplateError:
        return None
    return cards, list(verdict.legal), trick


POSITIONAL = {"any_card", "losing_trump", "follow", "over_trump", "head", "trump_void"}


def _at_position(effects: dict[str, bool], env: Env) -> list[str] | None:
    """What the position says of a statement about it (None: it says nothing either way)."""
    seen = _legal(env)
    if seen is None or not set(effects) & POSITIONAL:
        return None
    hand, legal, trick = seen
    trump = trump_of(env.state) if env.state is not None else None
    led = trick[0][1].suit
    out = []
    free = effects.get("any_card") or effects.get("losing_trump") is False or \
        effects.get("follow") is False
    if free and set(legal) != set(hand):
        out.append(f"says any card may be played here, but only {_cards(legal)} may")
    if effects.get("over_trump") is False:
        trumps = {c for c in hand if c.suit == trump}
        if not trumps or set(legal) != trumps:
            out.append(f"says any trump will do here, but the legal cards are {_cards(legal)}")
    if effects.get("head") is False:
        suit = {c for c in hand if c.suit == led}
        if set(legal) != suit:
            out.append(f"says any card of the suit led may be played here, but the legal cards "
                       f"are {_cards(legal)}")
    if effects.get("trump_void") and any(c.suit != trump for c in legal) and \
            any(c.suit == trump for c in hand) and not any(c.suit == led for c in hand):
        out.append(f"says a trump must be played here, but {_cards(legal)} may be")
    return out


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(c.pretty for c in sorted(set(cards), key=str)) or "none"


def _behaviours(s: Sentence, env: Env) -> list[Found]:
    out: list[Found] = []
    here = HERE.search(s.text) is not None
    for pattern, effects in STATEMENTS:

        def test(m: re.Match[str], effects: dict[str, bool] = effects) -> Iterable[str]:
            clause = clause_at(s.text, m.start())
            if "any_card" in effects and env.leading:
                return  # the leader's card: every card is legal to lead
            phases = env.phases(s, m.start())
            at_position = env.trick and env.position_phase() in phases
            if "any_card" in effects and not VOID_NO_TRUMP.search(clause):
                # "any card may be played", unconditional: following suit is free (or, at a
                # position, every card of the hand is legal)
                effects = {"any_card": True} if at_position else {"follow": False}
            # A rule stated ("you must ...", "need not", "may"): the table must have it,
            # whatever the position; at a position the sentence speaks of, its cards too.
            # Without a modal ("any trump will do here") it is the position's cards alone.
            stated = MODAL.search(m.group(0)) is not None and "any_card" not in effects
            if at_position and (here or "any_card" in effects):
                found = _at_position(effects, env)
                if found is not None:
                    yield from found
                    if not stated:
                        return
            yield from _against_facts(effects, phases, env)
        out += finds(pattern, s, test)
    return out


MODAL = re.compile(r"\b(?:must|need not|needn't|may|have to|has to|not necessary|cannot)\b", IC)


LEAD_ANY = re.compile(r"\byou lead this one: play any card\b|\bmay lead any card\b|\bThe leader "
                      r"may lead any card\b", IC)


def _leading(s: Sentence, env: Env) -> list[Found]:
    """"You lead: play any card": every card is legal to the leader (asked of the engine)."""
    def test(_: re.Match[str]) -> Iterable[str]:
        hand = [Card.parse(c) for c in ("AS", "KH", "QC")]
        if len(explain_plays(env.rules, hand, [], None).legal) != len(hand):
            yield f"says the leader may lead any card: not at {env.rules.name}"
    return finds(LEAD_ANY, s, test)


NAMES = {"follow": "following suit", "head": "beating the winning card of the suit led",
         "trump_void": "trumping when void", "losing_trump": "playing a trump that loses",
         "over_trump": "over-trumping", "beat_trump_lead": "beating a trump lead",
         "any_card": "any card when void with no trump", "head_after_ruff": "heading after a ruff"}


def _against_facts(effects: dict[str, bool], phases: tuple[str, ...], env: Env) -> list[str]:
    out = []
    for phase in phases:
        for probe, want in effects.items():
            if probe.startswith("rule:"):
                rule = probe.split(":", 1)[1]
                if (rule in env.facts.obligations[phase]) != want:
                    out.append(f"speaks of the rule {rule!r}: {env.rules.name} "
                               f"{'has none' if want else 'has it'}" + (
                                   f" ({phase})" if phase else ""))
                continue
            got = env.facts.behaviour(probe, phase)
            if got.enforced != want:
                where = f"{env.rules.name}" + (f" ({phase})" if phase else "")
                rule = f" (rule {got.number}: {got.rule})" if got.rule else ""
                out.append(f"says {NAMES[probe]} is {'required' if want else 'free'}, but at "
                           f"{where} it is {'required' + rule if got.enforced else 'free'}")
    return out


# -- how a trick is won, and the rank of cards --------------------------------------------------
WINNER_RULE = re.compile(
    r"\b(?:the )?highest card of the suit led wins\b|\bthe highest trump wins\b|\bunless "
    r"(?:somebody|someone|a player) plays a trump\b|\bunless trump is played\b|\b(?:the )?best "
    r"card wins the trick\b|\b(?:every|any) (?:trump|card of that suit) beats (?:every|any) card "
    r"of the other suits\b|\bbeats all the others\b|\ba higher trump beats a lower one\b|\bA "
    r"trump beats every card of the other suits\b|\bwins the trick unless\b", IC)
WINNER_LEADS = re.compile(r"\b(?:its |the )?winner leads the next(?: one| trick)?\b", IC)
TWINS = re.compile(
    r"\bof (?:two )?identical cards,? the first (?:one )?played wins\b|\bthe first one played "
    r"wins\b|\btwin (?:cannot|can't) (?:win|beat)\b|\bis the twin of\b[^.:]*\b(?:cannot|can't) "
    r"(?:win|beat)\b", IC)
TWINS_REVERSED = re.compile(r"\bthe (?:last|second|later) (?:one )?(?:played|of them) wins\b|"
                            r"\bthe later (?:one|card) wins\b", IC)
RANK = rf"(?:the |your )?(?:{CARD}|\b{RANK_WORD}\b)"
RANKED = re.compile(rf"(?P<a>{RANK}|\bit) (?:ranks|is|are|sits|stands) (?:just )?(?P<dir>above|"
                    rf"below) (?:the )?"
                    rf"(?P<b>{RANK})(?:, (?P<dir2>above|below) (?:the )?(?P<c>{RANK}))?", IC)
OUTRANKS = re.compile(rf"(?P<a>{RANK}|\bit\b) outranks (?P<b>{RANK})", IC)
TEN_WINS = re.compile(rf"of (?P<a>{RANK}) and (?P<b>{RANK}) of one suit, (?P<w>{RANK}) wins", IC)
SECOND = re.compile(r"\branks above every other \w+ but the ace\b", IC)
ONCE_OUT = re.compile(rf"once the (?P<r>{RANK_WORD}) (?:are|is) (?:out|gone|played),? "
                      r"(?:it|the \w+) (?:can|will|may) win", IC)


def _winning(s: Sentence, env: Env) -> list[Found]:
    facts = env.facts

    def winner_rule(_: re.Match[str]) -> Iterable[str]:
        if not facts.trick_winner_rule:
            yield f"says how a trick is won, but {env.rules.name}'s engine wins it otherwise"

    def leads(_: re.Match[str]) -> Iterable[str]:
        if not facts.winner_leads:
            yield f"says the winner leads the next trick: at {env.rules.name} it does not"

    def twins(_: re.Match[str]) -> Iterable[str]:
        if not facts.twins_first_wins:
            yield f"at {env.rules.name} the first of two identical cards does not win"

    def reversed_twins(_: re.Match[str]) -> Iterable[str]:
        if facts.twins_first_wins:
            yield (f"says the later of two identical cards wins: at {env.rules.name} the first "
                   f"played wins")

    return (finds(WINNER_RULE, s, winner_rule) + finds(WINNER_LEADS, s, leads)
            + finds(TWINS, s, twins) + finds(TWINS_REVERSED, s, reversed_twins))


def _rank_letter(text: str) -> str | None:
    words = text.split()
    return rank_of(words[-1]) if words else None


def _ranks(s: Sentence, env: Env) -> list[Found]:
    facts = env.facts

    def above(a: str | None, b: str | None) -> bool | None:
        if a is None or b is None or a not in facts.ranks or b not in facts.ranks:
            return None
        return facts.outranks(a, b)

    def ranked(m: re.Match[str]) -> Iterable[str]:
        a = _rank_letter(m.group("a")) if m.group("a").lower() != "it" else _before(s, m)
        for d, other in (("dir", "b"), ("dir2", "c")):
            if m.group(d) is None:
                continue
            up = above(a, _rank_letter(m.group(other)))
            if up is not None and up != (m.group(d).lower() == "above"):
                yield (f"says {m.group('a')} ranks {m.group(d)} {m.group(other)}: at "
                       f"{env.rules.name} the order is {', '.join(facts.ranks)}")

    def outranks(m: re.Match[str]) -> Iterable[str]:
        a = _rank_letter(m.group("a")) if m.group("a").lower() != "it" else _before(s, m)
        if above(a, _rank_letter(m.group("b"))) is False:
            yield f"says {m.group(0)}: at {env.rules.name} the order is {', '.join(facts.ranks)}"

    def ten_wins(m: re.Match[str]) -> Iterable[str]:
        a, b, w = (_rank_letter(m.group(g)) for g in ("a", "b", "w"))
        high = a if above(a, b) else b
        if w != high:
            yield (f"says {m.group('w')} wins: at {env.rules.name} the order is "
                   f"{', '.join(facts.ranks)}")

    def second(m: re.Match[str]) -> Iterable[str]:
        r = _before(s, m)
        if r is not None and facts.ranks[1:2] != (r,):
            yield f"says it ranks next to the ace: at {env.rules.name} {facts.ranks[1]} does"

    def once_out(m: re.Match[str]) -> Iterable[str]:
        r = _before(s, m)
        gone = rank_of(m.group("r"))
        if r is None or r not in facts.ranks:
            return
        higher = set(facts.ranks[:facts.ranks.index(r)])
        if higher != {gone}:
            words = ", ".join(sorted(higher))
            yield (f"says the card can win once the {m.group('r')} are out, but at "
                   f"{env.rules.name} {words} all rank above it")

    return (finds(RANKED, s, ranked) + finds(OUTRANKS, s, outranks) + finds(TEN_WINS, s, ten_wins)
            + finds(SECOND, s, second) + finds(ONCE_OUT, s, once_out))


def _before(s: Sentence, m: re.Match[str]) -> str | None:
    """The rank of the card or rank named last before the match."""
    ranks = [rank_of(x.group(0)) for x in RANK_MENTION.finditer(s.text[:m.start()])]
    ranks = [r for r in ranks if r]
    return ranks[-1] if ranks else None


RECOGNISERS = (_behaviours, _leading, _winning, _ranks)
