"""Claims about the position, read from the sentence (``game.tutorial.meaning``) and tested by
playing it: who speaks first, who leads, which cards are legal ("the jack may not be played",
"both cards are legal", "any club is legal"), whether passing is allowed, and who wins the
trick ("the A♥ wins it back", "only the 10♥ wins", "your partner wins this trick whatever you
play", "East wins this trick") on the others' best line (``game.tutorial.playout``).

A refusal reason's own claims ("keep the K♠", "it loses the trick", "gives away a counter")
are tested card by card by ``game.tutorial.reasons``; here they only count as tested.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.rules.actions import Bid, Pass, PlayCard
from game.rules.cards import Card, Suit
from game.rules.compiled import best_meld
from game.rules.engine import actor, legal_actions
from game.rules.facts import auction_calls, trump_of
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.seating import SEAT_NAMES
from game.rules.view import observe
from game.tutorial import reasons
from game.tutorial.meaning_env import Env, Found, finds
from game.tutorial.playout import outcomes
from game.tutorial.sentences import CARD, RANK_WORD, SUIT_WORD, SUIT_WORDS, Sentence, rank_of
from game.tutorial.text import TemplateError, TextContext

IC = re.IGNORECASE
SEAT = r"North|South|East|West|you|You|your partner|Your partner"
WHO = (rf"(?P<who>\bit\b|{CARD}|\b(?:the|your) (?:other |twin |last |only )?{RANK_WORD}\b(?: of "
       rf"trump)?|\bany trump\b|\bboth trumps\b|\b(?:{SEAT})\b)")
WINS = re.compile(
    rf"(?P<only>\bonly )?{WHO}(?: still| already| alone)? (?P<neg>cannot |can't |does not |"
    rf"would )?(?P<verb>wins?|takes?|keeps?|captures?)\b(?P<obj> (?:this|the) trick(?: just as "
    rf"surely| for sure)?| it(?: back)?| as surely as| just as surely)?"
    rf"(?P<always> whatever you play)?", IC)
CARD_SUBJECT = re.compile(rf"^(?:{CARD}|it|any trump|both trumps)$", IC)
MAY_NOT = re.compile(rf"(?P<who>{CARD}|\bthe {RANK_WORD}\b) may not be played", IC)
LEGAL = re.compile(rf"\b(?P<which>both|either|any|every) (?P<what>{SUIT_WORD}|cards?|trump|"
                   rf"{RANK_WORD})? ?(?:is|are) legal\b", IC)
SPEAK_FIRST = re.compile(r"\byou speak first\b|\bagain you speak first\b", IC)
LEAD_FIRST = re.compile(r"\byou are to lead(?: the first card)?\b|\byou lead\b", IC)
NO_PASS = re.compile(r"\byou may not pass\b|\bpassing is not allowed\b", IC)


def _learner_cards(env: Env) -> tuple[list[Card], list[Card], int | None] | None:
    """(hand, legal cards, trump) where the learner plays to a trick, else None."""
    if env.state is None or env.state.phase not in (Phase.TRICKS,) and not env.trick:
        return None
    try:
        cards, _, verdict = TextContext(env.rules, env.state).verdict()
    except TemplateError:
        return None
    return cards, list(verdict.legal), trump_of(env.state)


def _subject(word: str, env: Env, hand: list[Card], trump: int | None) -> tuple[str, object]:
    word = word.strip()
    low = word.lower()
    if low == "it":
        chosen = env.chosen or (env.answers[0] if env.answers else None)
        return ("cards", [chosen]) if chosen else ("none", None)
    if re.fullmatch(CARD, word):
        return "cards", [Card.parse(word.replace("10", "T"))]
    if low in ("any trump", "both trumps"):
        return "all", [c for c in hand if c.suit == trump]
    if low in ("you",):
        return "seat", 0
    if low in ("your partner",):
        # "Your partner" names one seat: a side of two's (a lesson's tables are of two).
        mates = env.rules.seating.partners(0)
        return "seat", mates[0] if len(mates) == 1 else -1
    names = SEAT_NAMES.get(env.rules.players, ())
    if word in names:
        return "seat", names.index(word)
    rank = rank_of(low.split()[-1] if "of trump" not in low else low.split()[-3])
    mine = [c for c in hand if c.rank.letter == rank and (
        "of trump" not in low or c.suit == trump)]
    return ("cards", mine) if mine else ("none", None)


def _wins(s: Sentence, env: Env) -> list[Found]:
    tested: list[Found] = []
    if env.reason:
        # A refusal reason: its claims are tested for each card it is shown for (reasons.py).
        tested = [Found(m.start(), m.end()) for p in (reasons.WINS, reasons.LOSES, reasons.KEEP,
                                                     reasons.COSTS) for m in p.finditer(s.text)]
    seen = _learner_cards(env)
    out_for = outcomes(env.state) if seen is not None and env.state is not None else None

    def claim(m: re.Match[str]) -> bool:
        """A claim about this trick: its object said ("this trick", "it back"), or a card of
        the learner's as its subject ("so any trump wins", "only the 10♥ wins")."""
        who = m.group("who")
        if m.group("verb").lower().startswith(("keep", "capture")) and not m.group("obj"):
            return False  # "keeps more points": not the trick
        if re.match(r"the \w+$", who, IC) and not (m.group("obj") or "").strip().startswith(
                "this"):
            return False  # "the ten wins the trick": a rank, read by the rank recognisers
        return bool(m.group("obj") or m.group("only") or m.group("always")
                    or CARD_SUBJECT.match(who))

    def test(m: re.Match[str]) -> Iterable[str]:
        span = s.field_at(m.start("who"))
        if span is not None:  # "{winner} wins the trick so far": the engine's own winner
            return
        if seen is None or out_for is None:
            yield "a claim about who wins this trick where there is no trick to play out"
            return
        hand, legal, trump = seen
        kind, value = _subject(m.group("who"), env, hand, trump)
        wins = not m.group("neg") or m.group("neg").strip().lower() == "would"
        if kind in ("cards", "all") and isinstance(value, list):
            for card in value:
                got = out_for.get(PlayCard(card))
                if got is None:
                    continue  # not a card the learner may play: a claim about the table
                if (got.winner == 0) != wins:
                    yield (f"says {m.group(0)!r}, but the {card.pretty} "
                           f"{'does not take' if wins else 'takes'} the trick on the others' "
                           f"best line")
            if m.group("only") and wins:
                others = [c for c in legal if c not in value and out_for[PlayCard(c)].winner == 0]
                if others:
                    yield f"says only {m.group('who')} wins, but {others[0].pretty} wins too"
        elif kind == "seat":
            cards = legal if m.group("always") or not (env.chosen or env.answers) else \
                [env.chosen] if env.chosen else list(env.answers)
            for card in cards:
                got = out_for.get(PlayCard(card))
                if got is not None and (got.winner == value) != wins:
                    yield (f"says {m.group(0)!r}, but with the {card.pretty} the trick goes to "
                           f"{SEAT_NAMES[env.rules.players][got.winner]}")
    def untested(m: re.Match[str]) -> bool:
        return not any(f.start <= m.start() and m.end() <= f.end for f in tested)

    return tested + [f for f, m in zip(finds(WINS, s, test), _typed(WINS, s), strict=True)
                     if claim(m) and untested(m)]


def _typed(pattern: re.Pattern[str], s: Sentence) -> list[re.Match[str]]:
    """The matches ``finds`` keeps (not wholly inside a field), in its order."""
    masked = s.masked()
    return [m for m in pattern.finditer(s.text) if masked[m.start():m.end()].strip()]


HOLDS_EVERY = re.compile(r"\b(?:hold|holds|holding|has|have)\b[^.:;]*?\b(?:an?|one) (?P<what>ace|"
                         r"king|queen|jack|marriage) (?:of|in) every suit\b|checks: [^.]*?\ba "
                         r"(?P<what2>marriage) in every suit\b", IC)
FORCED = re.compile(rf"(?P<who>\bit|\byour \w+|\bthe \w+|{CARD}) is forced\b", IC)
NEED_NOT_WASTE = re.compile(r"\bneed not waste it\b", IC)


def _holdings(s: Sentence, env: Env) -> list[Found]:
    """"You hold an ace of every suit", "this hand has a marriage in every suit": the hand's."""
    def test(m: re.Match[str]) -> Iterable[str]:
        cards = _hand(env)
        if cards is None:
            yield "says what the hand holds where there is no hand"
            return
        what = (m.group("what") or m.group("what2")).lower()
        ranks = ("K", "Q") if what == "marriage" else (rank_of(what) or "",)
        for suit in Suit:
            if not all(any(c.suit == suit and c.rank.letter == r for c in cards) for r in ranks):
                yield f"says the hand holds {what} in every suit: it has none in {suit.plural}"
                return

    def forced(m: re.Match[str]) -> Iterable[str]:
        seen = _learner_cards(env)
        if seen is None:
            yield "says a card is forced where no card is asked for"
            return
        if len(set(seen[1])) != 1:
            yield f"says it is forced, but {', '.join(c.pretty for c in seen[1])} are legal"

    def not_forced(m: re.Match[str]) -> Iterable[str]:
        seen = _learner_cards(env)
        if seen is None or len(set(seen[1])) < 2:
            yield "says a card need not be played, but it is the only legal card"

    return (finds(HOLDS_EVERY, s, test) + finds(FORCED, s, forced)
            + finds(NEED_NOT_WASTE, s, not_forced))


NO_MELD = re.compile(r"\bno (?P<kind>marriage|pinochle|around|run|aces around|meld at all|meld)\b"
                     r"(?! counts)", IC)
LITTLE_ELSE = re.compile(r"\band little else\b", IC)
ONLY_MELD = re.compile(r"\byour only meld is the (?P<kind>marriage|pinochle) of (?P<suit>\w+)\b",
                       IC)
KINDS = {"marriage": ("marriage", "royal_marriage"), "pinochle": ("pinochle",), "run": ("run",),
         "around": ("aces", "kings", "queens", "jacks"), "aces around": ("aces",),
         "meld": (), "meld at all": ()}


def _hand_melds(env: Env) -> list[tuple[int | None, MeldResult]] | None:
    """The learner's best meld with no trump named and with each suit as trump."""
    cards = _hand(env)
    if cards is None:
        return None
    return [(t, best_meld(env.rules, cards, t)) for t in (None, *map(int, Suit))]


def _hand(env: Env) -> list[Card] | None:
    """The learner's cards at the position (None where none are dealt)."""
    if env.state is None or env.state.phase in (Phase.DEAL, Phase.GAME_OVER):
        return None
    return env.rules.deck.to_cards(observe(env.state, 0).hand)


def _meld_holdings(s: Sentence, env: Env) -> list[Found]:
    """"No marriage, no pinochle, no around", "a marriage in spades and little else", "your
    only meld is the marriage of hearts", "with marriages, a pinochle and aces around":
    what the hand's meld is, as the scorer counts it."""
    if not any(p.search(s.text) for p in (NO_MELD, LITTLE_ELSE, ONLY_MELD, LISTED)):
        return []
    melds = _hand_melds(env)

    def no_meld(m: re.Match[str]) -> Iterable[str]:
        if melds is None:
            yield "says what meld the hand holds where there is no hand"
            return
        kinds = KINDS[m.group("kind").lower()]
        # Before trump is named a hand's meld has no dix and no run: only "no run" and "no
        # meld at all" ask whether some trump would give one (cutthroat's dealt 9♠, a dix).
        every_trump = kinds == ("run",) or m.group("kind").lower() == "meld at all"
        for trump, result in melds if every_trump else melds[:1]:
            held = [x for x in result.melds if not kinds or x.kind in kinds]
            if held:
                yield (f"says {m.group(0)!r}, but the hand holds {held[0].name.lower()} "
                       f"({', '.join(c.pretty for c in held[0].cards)})"
                       + (f" with {Suit(trump).plural} trump" if trump is not None else ""))
                return

    def little_else(m: re.Match[str]) -> Iterable[str]:
        if melds is None:
            return
        named = [k for k, pattern in MELD_WORDS if re.search(pattern, s.text[:m.start()], IC)]
        result = melds[0][1]  # before trump is named
        part = sum(x.points for x in result.melds if x.kind in named)
        if result.total and part * 4 < result.total * 3:
            yield (f"names {', '.join(named) or 'no meld'} ({part}) and little else, but the "
                   f"hand's meld is {result.total}: "
                   + ", ".join(f"{x.name.lower()} {x.points}" for x in result.melds))

    def only(m: re.Match[str]) -> Iterable[str]:
        if melds is None:
            return
        result = melds[0][1]
        kinds = KINDS[m.group("kind").lower()]
        if len(result.melds) != 1 or result.melds[0].kind not in kinds:
            yield (f"says {m.group(0)!r}, but the hand's meld is "
                   + (", ".join(x.name.lower() for x in result.melds) or "nothing"))

    def listed(m: re.Match[str]) -> Iterable[str]:
        named = _listed_kinds(m.group("list"))
        if melds is None or len({KIND_GROUP.get(k, k) for k in named}) < 2:
            return  # one meld named is not an inventory of the hand
        result = melds[0][1]  # before trump is named
        missing = [x for x in result.melds if x.kind not in named]
        if missing:
            yield (f"names the hand's meld as {m.group('list').strip()!r}, but it also holds "
                   + ", ".join(f"{x.name.lower()} {x.points}" for x in missing)
                   + f" (its meld is {result.total}): name the meld whole")

    return (finds(NO_MELD, s, no_meld) + finds(LITTLE_ELSE, s, little_else)
            + finds(ONLY_MELD, s, only) + finds(LISTED, s, listed))


# "You speak first, with marriages, a pinochle and aces around", "your hand shows 40 in meld: a
# marriage in each suit, ...": a list of melds the hand holds reads as all of them (issue 36,
# puzzle 05 named 22 of a hand's 40: its kings, queens and jacks around made the rest).
LISTED = re.compile(r"\b(?:with|holding|in meld:)\s+(?P<list>[^.;:]*\b(?:marriages?|pinochles?|"
                    r"runs?|flush|around)\b[^.;:]*)", IC)
KIND_GROUP = {"royal_marriage": "marriage"}


def _listed_kinds(words: str) -> set[str]:
    """The meld kinds a list names: an around's ranks are the rank words before "around"."""
    named = {k for k, pattern in MELD_WORDS[:4] if re.search(pattern, words, IC)}
    around = re.search(r"\baround\b|\bof every suit\b", words, IC)
    if around is not None:
        before = words[:around.start()]
        named |= {k for k in ("aces", "kings", "queens", "jacks")
                  if re.search(rf"\b{k[:-1]}s?\b", before, IC)}
    return named


MELD_WORDS = (("marriage", r"\bmarriages?\b"), ("royal_marriage", r"\bmarriages?\b"),
              ("pinochle", r"\bpinochles?\b"), ("run", r"\bruns?\b|\bflush\b"),
              ("aces", r"\baces? (?:around|of every suit)\b"),
              ("kings", r"\bkings? (?:around|of every suit)\b"),
              ("queens", r"\bqueens? (?:around|of every suit)\b"),
              ("jacks", r"\bjacks? (?:around|of every suit)\b"))


def _legal_claims(s: Sentence, env: Env) -> list[Found]:
    seen = _learner_cards(env)

    def may_not(m: re.Match[str]) -> Iterable[str]:
        if seen is None:
            yield "says a card may not be played where no card is asked for"
            return
        hand, legal, _ = seen
        rank = rank_of(m.group("who").split()[-1])
        for card in hand:
            if card.rank.letter == rank and card in legal:
                yield f"says the {card.pretty} may not be played, but it is legal here"

    def legal_set(m: re.Match[str]) -> Iterable[str]:
        if seen is None:
            yield "says which cards are legal where no card is asked for"
            return
        hand, legal, trump = seen
        what = (m.group("what") or "").lower().rstrip("s")
        if what in SUIT_WORDS:
            cards = [c for c in hand if c.suit == Suit("SHCD".index(SUIT_WORDS[what]))]
        elif what == "trump":
            cards = [c for c in hand if c.suit == trump]
        elif rank_of(what):
            cards = [c for c in hand if c.rank.letter == rank_of(what)]
        else:
            cards = hand
        illegal = [c for c in cards if c not in legal]
        if illegal or not cards:
            yield (f"says {m.group(0)!r}, but the legal cards are "
                   f"{', '.join(c.pretty for c in legal)}")

    return finds(MAY_NOT, s, may_not) + finds(LEGAL, s, legal_set)


def _auction_position(s: Sentence, env: Env) -> list[Found]:
    state = env.state

    def first(_: re.Match[str]) -> Iterable[str]:
        calls = auction_calls(state) if state is not None else None
        if state is None or calls is None or actor(state) != 0:
            yield "says you speak first where you are not asked for a call"
            return
        if calls:  # the dealer's standing opening (002) is no call
            yield "says you speak first, but a player has already called"

    def lead(_: re.Match[str]) -> Iterable[str]:
        if state is None or actor(state) != 0 or state.phase not in (Phase.TRICKS,
                                                                      Phase.DECIDE):
            yield "says you lead where it is not your lead"

    def no_pass(_: re.Match[str]) -> Iterable[str]:
        if state is None or Pass() in legal_actions(state) or not any(
                isinstance(a, Bid) for a in legal_actions(state)):
            yield "says you may not pass, but passing is allowed here"

    return (finds(SPEAK_FIRST, s, first) + finds(LEAD_FIRST, s, lead)
            + finds(NO_PASS, s, no_pass))


RECOGNISERS = (_wins, _holdings, _meld_holdings, _legal_claims, _auction_position)
