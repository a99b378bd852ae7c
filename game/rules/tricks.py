"""Trick play, stated one obligation at a time: legal cards, and for each card that is not
legal, the obligation that forbids it, numbered in the preset's own order of precedence.

This is the readable statement of the rules that the table's tooltips and the tutorial quote.
The kernel (:mod:`game.rules.kernel`) computes the same legal sets with masks for the bots; a
property test checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules.cards import Card, Suit
from game.rules.ruleset import Obligation, RuleSet


@dataclass(frozen=True, slots=True)
class Forbidden:
    """Why one card may not be played now."""

    card: Card
    rule: str  # obligation id, e.g. "follow_suit"
    number: int  # its place in the preset's order of precedence, from 1
    text: str  # the preset's own wording
    why: str  # what in this position triggers it

    @property
    def message(self) -> str:
        # "… if you can (you hold 10♠), …": the reason inside the rule's sentence, not a
        # bracket opening after its full stop.
        text = self.text[:-1] if self.text.endswith(".") else self.text
        return f"Rule {self.number}: {text} ({self.why})."

    def to_json(self) -> dict[str, object]:
        return {"card": str(self.card), "rule": f"{self.number}. {self.text}",
                "rule_id": self.rule, "why": self.why}


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """The legal cards of a hand on a trick, and for each other card the obligation that forbids it
    (:func:`explain_plays`)."""

    legal: tuple[Card, ...]
    illegal: tuple[Forbidden, ...]

    def reason(self, card: Card) -> Forbidden | None:
        for f in self.illegal:
            if f.card is card:
                return f
        return None


@dataclass(frozen=True, slots=True)
class TrickView:
    """What an obligation needs to know about the trick so far."""

    rules: RuleSet
    led: Card | None
    winner: Card | None
    trump: int | None
    led_high: Card | None = None  # the highest card of the suit led so far

    def beats(self, card: Card) -> bool:
        assert self.winner is not None
        return self.rules.deck.beats(card, self.winner, self.trump)


def trick_winner_index(rules: RuleSet, cards: Sequence[Card], trump: int | None) -> int:
    """Index in play order of the card winning the trick; of identical cards the first wins."""
    best = 0
    for i in range(1, len(cards)):
        if rules.deck.beats(cards[i], cards[best], trump):
            best = i
    return best


def _suit_word(suit: int) -> str:
    return Suit(suit).plural


def _names(cards: Sequence[Card]) -> str:
    return ", ".join(card.pretty for card in cards)


Filter = Callable[[list[Card], TrickView], tuple[list[Card], str] | None]


def _follow_suit(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None
    keep = [c for c in cands if c.suit == tv.led.suit]
    if keep and len(keep) < len(cands):
        return keep, f"you hold {_names(keep)} in {_suit_word(tv.led.suit)}, the suit led"
    return None


def _take_trick(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    keep = [c for c in cands if tv.beats(c)]
    if keep and len(keep) < len(cands):
        assert tv.winner is not None
        return keep, f"{_names(keep)} would take the trick from {tv.winner.pretty}"
    return None


def _crawl(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None and tv.winner is not None
    if tv.winner.suit != tv.led.suit or any(c.suit != tv.led.suit for c in cands):
        return None
    keep = [c for c in cands if tv.beats(c)]
    if keep and len(keep) < len(cands):
        return keep, f"{_names(keep)} beats {tv.winner.pretty}"
    return None


def _beat_led_after_trump(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None and tv.winner is not None and tv.led_high is not None
    if tv.winner.suit == tv.led.suit or any(c.suit != tv.led.suit for c in cands):
        return None
    high = tv.led_high
    keep = [c for c in cands if tv.rules.deck.beats(c, high, None)]
    if keep and len(keep) < len(cands):
        return keep, (f"the trick is trumped, but {_names(keep)} beats {high.pretty}, the "
                      f"highest {_suit_word(tv.led.suit)[:-1]} played")
    return None


def _beat_trump_lead(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None and tv.winner is not None
    if tv.trump is None or tv.led.suit != tv.trump or any(c.suit != tv.trump for c in cands):
        return None
    keep = [c for c in cands if tv.beats(c)]
    if keep and len(keep) < len(cands):
        return keep, f"trump was led and {_names(keep)} beats {tv.winner.pretty}"
    return None


def _must_trump(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None
    if tv.trump is None or any(c.suit == tv.led.suit for c in cands):
        return None
    keep = [c for c in cands if c.suit == tv.trump]
    if keep and len(keep) < len(cands):
        return keep, (f"you have no {_suit_word(tv.led.suit)} and hold trump: {_names(keep)}")
    return None


def _over_trump(cands: list[Card], tv: TrickView) -> tuple[list[Card], str] | None:
    assert tv.led is not None and tv.winner is not None
    if (tv.trump is None or tv.led.suit == tv.trump or tv.winner.suit != tv.trump
            or any(c.suit != tv.trump for c in cands)):
        return None
    keep = [c for c in cands if tv.beats(c)]
    if keep and len(keep) < len(cands):
        return keep, f"the trick is trumped with {tv.winner.pretty} and {_names(keep)} beats it"
    return None


FILTERS: dict[str, Filter | None] = {
    "first_identical_wins": None,
    "follow_suit": _follow_suit,
    "take_trick": _take_trick,
    "crawl": _crawl,
    "must_beat_led_after_trump": _beat_led_after_trump,
    "beat_trump_lead": _beat_trump_lead,
    "must_trump": _must_trump,
    "over_trump": _over_trump,
    "any_card": None,
}


def explain_plays(rules: RuleSet, hand: Sequence[Card], trick: Sequence[Card],
                  trump: int | None, obligations: Sequence[Obligation] | None = None
                  ) -> PlayVerdict:
    """Legal cards of ``hand`` on ``trick`` (leader first), and why each other card is not.

    Each obligation, in the preset's order of precedence, narrows the cards still allowed when
    it applies; a card it removes is forbidden by that obligation (the first one that applies
    wins). ``hand`` lists distinct cards or copies; the verdict lists each distinct card once.
    """
    distinct = sorted(set(hand), key=lambda c: (c.suit, -rules.deck.strength[c.rank]))
    if not trick:
        return PlayVerdict(tuple(distinct), ())
    obs = tuple(rules.tricks.obligations if obligations is None else obligations)
    winner = trick[trick_winner_index(rules, trick, trump)]
    same = [card for card in trick if card.suit == trick[0].suit]
    led_high = same[trick_winner_index(rules, same, None)]
    tv = TrickView(rules, trick[0], winner, trump, led_high)
    cands = list(distinct)
    forbidden: list[Forbidden] = []
    for number, rule in enumerate(obs, start=1):
        fn = FILTERS[rule]
        if fn is None:
            continue
        narrowed = fn(cands, tv)
        if narrowed is None:
            continue
        keep, why = narrowed
        text = rules.obligation_text(rule)
        for card in cands:
            if card not in keep:
                forbidden.append(Forbidden(card, rule, number, text, why))
        cands = keep
    return PlayVerdict(tuple(cands), tuple(forbidden))


def obligation_lines(rules: RuleSet, obligations: Sequence[Obligation] | None = None
                     ) -> list[str]:
    """The preset's trick obligations, numbered in its order of precedence."""
    obs = rules.tricks.obligations if obligations is None else obligations
    return [f"{i}. {rules.obligation_text(rule)}" for i, rule in enumerate(obs, start=1)]
