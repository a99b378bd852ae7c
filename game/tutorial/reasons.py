"""``tutorial --check`` on the reasons a step gives for refusing a legal card: an answer as good
as the expected one against the real cards is accepted, or its reason says what the card keeps;
and whatever a reason says of the trick is true of the card it is shown for.

The reason's rendered words are read for a small set of claims (docs/lessons.md lists them):

- ``keep the K♠`` / ``save your king`` / ``keep the higher trump``: the card chosen is one it
  names (a reason telling the learner to keep a card they did not play is not about their card);
- ``<who> wins this trick`` / ``takes the trick`` and ``<who> cannot win this trick`` / ``does
  not win`` / ``loses the trick``, where ``<who>`` is ``it`` (the card chosen), a card of the
  learner's (``the A♥``, ``your ace``) or a seat (``West``, ``you``): true on the others' best
  line with the card chosen (or the card named) played;
- ``gives away``, ``costs``, ``gives up points``, ``loses points``: the card chosen scores
  less than the answer against the real cards.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from game.rules.actions import Action, PlayCard
from game.rules.cards import Card
from game.rules.seating import SEAT_NAMES
from game.rules.state import GameState
from game.tutorial.playout import Outcome, as_good, outcomes

RANKS = {"ace": "A", "aces": "A", "ten": "T", "tens": "T", "king": "K", "kings": "K",
         "queen": "Q", "queens": "Q", "jack": "J", "jacks": "J", "nine": "9", "nines": "9"}
CARD = r"(?:10|[AKQJ9])[♠♥♦♣]"
RANK = r"(?:ace|ten|king|queen|jack|nine)"
SEATS = r"(?:North|South|East|West|you|You)"


def who(name: str = "who") -> str:
    """A claim's subject: the card chosen, a card of the learner's, or a seat."""
    return (rf"(?P<{name}>\bit\b|{CARD}|\b(?:the|your) (?:other |twin |last )?{RANK}\b"
            rf"|\b{SEATS}\b)")


WHO = who()
WINS = re.compile(rf"{WHO}(?: already| still| alone)? (?:wins|takes|would keep|keeps) "
                  rf"(?:this|the) trick|the trick (?:goes|would go|is going) to {who('who2')}")
LOSES = re.compile(rf"{WHO}(?: still)? (?:(?:cannot|can't|does not|doesn't|will not|won't) "
                   rf"(?:win|take|beat)|loses (?:this|the) trick)")
KEEP = re.compile(rf"\b(?:keep|save|keeping|saving) (?P<what>(?:(?:the|your|both|a) )?"
                  rf"(?:{CARD}|higher trump|higher card|(?:higher |high )?{RANK}s?)"
                  rf"(?:(?:,| and| or) (?:the |your )?(?:{CARD}|{RANK}s?))*)")
COSTS = re.compile(r"\b(?:gives? away|costs?|gives? up (?:\w+ )?points|loses (?:\w+ )?points|"
                   r"hands? (?:them|the others|over) |a gift)")


@dataclass
class Seen:
    """What the learner's refusal reasons were checked for (the report counts them)."""

    reasons: int = 0  # (card, reason) pairs read
    claims: int = 0  # claims found in them and checked


def _who(word: str, chosen: Card, hand: list[Card], players: int) -> tuple[str, object] | None:
    """What a claim's subject stands for: ("card", Card) or ("seat", int); None when unsure."""
    word = word.strip()
    if word == "it":
        return "card", chosen
    if re.fullmatch(CARD, word):
        return "card", Card.parse(word.replace("10", "T"))
    if word.lower() == "you":
        return "seat", 0
    names = SEAT_NAMES.get(players, ())
    if word in names:
        return "seat", names.index(word)
    rank = RANKS.get(word.split()[-1].lower())
    if rank is None:
        return None
    if chosen.rank.letter == rank:
        return "card", chosen
    mine = {c for c in hand if c.rank.letter == rank}
    return ("card", mine.pop()) if len(mine) == 1 else None


def _named(what: str, hand: list[Card], answers: set[Card]) -> set[Card]:
    """The learner's cards a ``keep ...`` names (``higher trump``: those above every answer
    card of the same suit)."""
    out: set[Card] = set()
    for code in re.findall(CARD, what):
        out.add(Card.parse(code.replace("10", "T")))
    for word in re.findall(RANK + "s?", what):
        out |= {c for c in hand if c.rank.letter == RANKS[word]}
    if "higher" in what:
        out |= {c for c in hand if any(c.suit == a.suit and c != a for a in answers)}
    return out


def claim_problems(reason: str, chosen: Card, state: GameState,
                   out: dict[Action, Outcome], answers: tuple[Action, ...],
                   seen: Seen) -> list[str]:
    """The claims of one reason that are false of the card it is shown for."""
    rules = state.rules
    view_hand = sorted({a.card for a in out if isinstance(a, PlayCard)}, key=str)
    best = max((out[a] for a in answers if a in out), key=lambda o: (o.trick, o.hand or 0))
    mine = out[PlayCard(chosen)]
    problems = []
    for pattern, wins in ((WINS, True), (LOSES, False)):
        for m in pattern.finditer(reason):
            word = next(g for g in (m.group("who"), m.groupdict().get("who2")) if g)
            subject = _who(word, chosen, view_hand, rules.players)
            if subject is None:
                continue
            seen.claims += 1
            kind, value = subject
            if kind == "card":
                played = out.get(PlayCard(value))  # type: ignore[arg-type]
                if played is None:
                    continue  # not a card the learner may play: a claim about the table
                took = played.winner == 0
                if took != wins:
                    problems.append(f"says {m.group(0)!r}, but {value.pretty} "  # type: ignore[attr-defined]
                                    f"{'does not take' if wins else 'takes'} the trick on the "
                                    f"others' best line")
            else:
                if (mine.winner == value) != wins:
                    problems.append(f"says {m.group(0)!r}, but with the {chosen.pretty} played "
                                    f"the trick goes to seat {mine.winner}")
    for m in KEEP.finditer(reason):
        seen.claims += 1
        named = _named(m.group("what"), view_hand, {a.card for a in answers
                                                   if isinstance(a, PlayCard)})
        if chosen not in named:
            problems.append(f"says {m.group(0)!r}, which is not about the {chosen.pretty} "
                            f"chosen")
    for m in COSTS.finditer(reason):
        seen.claims += 1
        if as_good(mine, best):
            problems.append(f"says {m.group(0).strip()!r}, but the {chosen.pretty} scores as "
                            f"well as the answer against the real cards")
    return problems


def reason_problems(state: GameState, answers: tuple[Action, ...],
                    reason_for: Callable[[Action], str], where: str,
                    seen: Seen) -> list[str]:
    """Every legal card refused with a reason: accepted if it scores as well as an answer
    (unless its reason says what it keeps), and every claim of its reason true of it."""
    out = outcomes(state)
    if not out or not any(a in out for a in answers):
        return []
    best = max((out[a] for a in answers if a in out), key=lambda o: (o.trick, o.hand or 0))
    problems = []
    for action, outcome in out.items():
        if action in answers or not isinstance(action, PlayCard):
            continue
        reason = reason_for(action)
        seen.reasons += 1
        card = action.card
        false = claim_problems(reason, card, state, out, answers, seen)
        problems += [f"{where}: the reason shown for the {card.pretty} {p}" for p in false]
        if as_good(outcome, best) and not false and not any(
                card in _named(m.group("what"), sorted({a.card for a in out
                                                        if isinstance(a, PlayCard)}, key=str),
                               {a.card for a in answers if isinstance(a, PlayCard)})
                for m in KEEP.finditer(reason)):
            hand = "" if outcome.hand is None else f", the hand {outcome.hand:g}"
            problems.append(
                f"{where}: the {card.pretty} scores as well as the answer against the real "
                f"cards (the trick {outcome.trick:g}{hand}) but is refused: accept it, or say "
                f"in its reason what it keeps (\"keep the {card.pretty}\")")
    return problems


def reason_reach(default: str, own: dict[str, str], wrong_legal: list[Action],
                 name: str) -> list[str]:
    """The reasons for legal wrong answers: each one reachable, none missing."""
    out = []
    codes = {str(getattr(a, "card", "")) for a in wrong_legal}
    for code in own:
        if code not in codes:
            out.append(f"reasons.{code} is unreachable: the {code} is not a legal card that is "
                       f"not right here")
    rest = [a for a in wrong_legal if str(getattr(a, "card", "")) not in own]
    if default and not rest:
        out.append(f"the {name} is unreachable: every legal answer is right"
                   + (" or has its own reason" if own else "") + ", so no legal move ever "
                   "shows it")
    if rest and not default:
        out.append(f"{rest[0]} is legal but not right and gets no reason: add a {name}")
    return out
