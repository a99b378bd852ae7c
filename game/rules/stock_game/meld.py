"""Two-handed melding (004): which single meld may be laid down now, given what is on the table.

"1) Only one meld may be made in a turn. 2) For each meld, at least one card must be taken from
the hand and placed on the table. 3) A card once melded may be melded again, only in a different
class, or in a higher-scoring meld of the same class."

Each card on the table remembers, per class, the best meld it has served in; a later meld of
that class may reuse it only if it scores more (royal marriage, then the flush).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.actions import LayMeld
from game.rules.cards import Card, Rank, Suit
from game.rules.meld import AROUND_KINDS, RUN_RANKS, Meld, level_name
from game.rules.ruleset import MeldKind, RuleSet


class Tabled(NamedTuple):
    """One physical card lying on the table, and the best meld value it served per class."""

    type: int
    record: tuple[tuple[str, int], ...]

    def allows(self, cls: str, value: int) -> bool:
        for c, v in self.record:
            if c == cls:
                return value > v
        return True

    def with_meld(self, cls: str, value: int) -> Tabled:
        rest = tuple((c, v) for c, v in self.record if c != cls)
        return Tabled(self.type, tuple(sorted(rest + ((cls, value),))))


class MeldOption(NamedTuple):
    """One meld a two-handed player may lay now: its cards and points, which cards come from the
    hand and which from the table, and the action that lays it."""

    kind: str
    cards: tuple[Card, ...]  # sorted
    points: int
    from_hand: tuple[int, ...]  # card types taken from the hidden hand
    from_table: tuple[int, ...]  # indexes into the player's tabled list
    action: LayMeld  # the action that lays it
    meld: Meld  # what the table shows once it is laid


class Candidate(NamedTuple):
    """One two-handed meld combination under a trump suit, with what the search needs."""

    kind: str
    cards: tuple[Card, ...]  # sorted
    points: int
    cls: str
    types: tuple[int, ...]  # card types, one per card
    need: int  # counts int holding one of each card
    action: LayMeld  # built once: actions are values
    option: MeldOption  # laying it with every card from the hand


def build_candidates(rules: RuleSet, trump: int) -> tuple[Candidate, ...]:
    """Every two-handed meld combination under ``trump`` (built once per rule set, by
    :class:`game.rules.stock_game.consts.StockConsts`)."""
    deck = rules.deck
    cands = []
    for kind, cards, points in _candidates(rules, trump):
        ordered = tuple(sorted(cards))
        types = tuple(deck.type_of(c) for c in cards)
        action = LayMeld(kind, ordered)
        cls = rules.meld_class(kind)
        meld = Meld(kind, cls, level_name(rules.meld_name(kind), 1), ordered, points)
        cands.append(Candidate(kind, ordered, points, cls, types, deck.counts_of(cards),
                               action, MeldOption(kind, ordered, points, types, (), action,
                                                  meld)))
    return tuple(cands)


def _candidates(rules: RuleSet, trump: int) -> list[tuple[MeldKind, tuple[Card, ...], int]]:
    m = rules.meld
    out: list[tuple[MeldKind, tuple[Card, ...], int]] = []
    t = Suit(trump)
    out.append(("run", tuple(Card(r, t) for r in RUN_RANKS), m.run[0]))
    out.append(("royal_marriage", (Card(Rank.KING, t), Card(Rank.QUEEN, t)), m.royal_marriage))
    for s in Suit:
        if s != t:
            out.append(("marriage", (Card(Rank.KING, s), Card(Rank.QUEEN, s)), m.marriage))
    for kind, rank in AROUND_KINDS:
        out.append((kind, tuple(Card(rank, s) for s in Suit), getattr(m, kind)[0]))
    out.append(("pinochle", (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS)),
                m.pinochle[0]))
    return out


def options(rules: RuleSet, cands: tuple[Candidate, ...], hand: int,
            tabled: tuple[Tabled, ...]) -> tuple[MeldOption, ...]:
    """Melds that may be laid now from ``hand`` (counts, tabled cards included) and ``tabled``,
    among the trump suit's candidates ``cands``."""
    # One presence bit per card type held: a combination missing a card is rejected with one
    # mask test (this runs after every trick of every two-handed hand).
    present = rules.deck.presence(hand)
    fitting = [c for c in cands if present & c.need == c.need]
    if not tabled:  # nothing on the table yet: every combination held is laid from the hand
        return tuple([c.option for c in fitting])
    on_table = _places(tabled)
    found = (option_for(rules, c, hand, tabled, on_table) for c in fitting)
    return tuple([o for o in found if o is not None])


def _places(tabled: tuple[Tabled, ...]) -> dict[int, list[int]]:
    """Card type -> the indexes in ``tabled`` where a copy of it lies."""
    on_table: dict[int, list[int]] = {}
    for i, tc in enumerate(tabled):
        on_table.setdefault(tc.type, []).append(i)
    return on_table


def option_for(rules: RuleSet, cand: Candidate, hand: int, tabled: tuple[Tabled, ...],
               on_table: dict[int, list[int]] | None = None) -> MeldOption | None:
    """How ``cand`` may be laid now (which cards from the hand, which from the table), or None
    when it may not: a card is missing, or every card is already on the table."""
    if rules.deck.presence(hand) & cand.need != cand.need:
        return None
    if not tabled:
        return cand.option
    places = _places(tabled) if on_table is None else on_table
    bits, field = rules.deck.bits, rules.deck.field_mask
    cls, points = cand.cls, cand.points
    hand_types: list[int] = []
    table_idx: list[int] = []
    spare_hidden: list[int] = []
    for t in cand.types:
        here = places.get(t, ())
        hidden = ((hand >> (t * bits)) & field) - len(here)
        usable = [i for i in here if tabled[i].allows(cls, points)] if here else []
        if usable:
            # Reuse the most-used eligible copy: it keeps the fresher copy free.
            table_idx.append(max(usable, key=lambda i: len(tabled[i].record)))
            if hidden > 0:
                spare_hidden.append(t)
        elif hidden > 0:
            hand_types.append(t)
        else:
            return None
    if not hand_types:
        if not spare_hidden:
            return None  # every card is already on the table: nothing new from the hand
        t = spare_hidden[0]
        hand_types.append(t)
        table_idx = [i for i in table_idx if tabled[i].type != t]
    return MeldOption(cand.kind, cand.cards, points, tuple(hand_types), tuple(table_idx),
                      cand.action, cand.option.meld)


def lay(rules: RuleSet, tabled: tuple[Tabled, ...], option: MeldOption) -> tuple[Tabled, ...]:
    """The player's tabled cards after laying ``option``."""
    cls = option.meld.cls
    updated = list(tabled)
    for i in option.from_table:
        updated[i] = updated[i].with_meld(cls, option.points)
    for t in option.from_hand:
        updated.append(Tabled(t, ((cls, option.points),)))
    return tuple(updated)
