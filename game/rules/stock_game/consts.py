"""Per-rule-set constants of the two-handed game (004), built once and kept on the rule set:
the two kernels (stock phase, playoff), the dix per trump suit, and the actions and events every
trick needs, so the per-card code in :mod:`game.rules.stock_game.flow` looks nothing up twice."""

from __future__ import annotations

from game.rules.actions import Action, DeclareOut, PlayCard
from game.rules.cards import Card
from game.rules.events import CardDrawn
from game.rules.kernel import kernel_for
from game.rules.ruleset import RuleSet
from game.rules.stock_game.meld import MeldOption, Tabled

DECLARE_OUT = DeclareOut()


class StockRules:
    """What the two-handed hot paths need from a rule set, looked up once per rule set."""

    __slots__ = ("kernels", "dix_types", "declare_tail", "table_plays", "drawn", "last_options",
                 "last_legal", "presence", "bits", "field", "on_table_memo", "suit_mix",
                 "dix_points", "dix_exchange")

    def __init__(self, rules: RuleSet) -> None:
        # (stock phase, playoff): indexed by StockHand.playoff
        self.kernels = (kernel_for(rules, rules.tricks.obligations),
                        kernel_for(rules, rules.stock.playoff_obligations))
        dix = rules.dix_rank
        self.dix_types = tuple(rules.deck.type_of(Card(dix, suit)) for suit in range(4)
                               ) if dix is not None else (-1,) * 4  # type: ignore[arg-type]
        self.declare_tail: tuple[Action, ...] = (
            (DECLARE_OUT,) if rules.stock.declare_out and rules.scoring.game == "score" else ())
        # Actions and events are values: the common ones are built once.
        types = rules.deck.types
        self.table_plays = tuple(PlayCard(card, True) for card in types)
        self.drawn = tuple(tuple(CardDrawn(seat, card) for card in types) for seat in range(2))
        self.last_options: tuple[object, int, tuple[MeldOption, ...]] = (None, -1, ())
        self.last_legal: tuple[object, int] = (None, 0)  # (hand, legal mask of the follower)
        self.dix_points, self.dix_exchange = rules.meld.dix, rules.stock.dix_exchange
        deck = rules.deck
        self.presence, self.bits, self.field = deck.presence, deck.bits, deck.field_mask
        # Per seat, (tabled tuple, its counts int): a seat's tabled cards stay the same tuple
        # for many tricks, and counting them per card was most of the cost of a card played
        # with melds on the table.
        self.on_table_memo: list[tuple[object, int]] = [(None, 0), (None, 0)]
        # per suit: (hidden slice, table slice) -> that suit's plays; at most 64 x 64 each
        self.suit_mix: tuple[dict[tuple[int, int], tuple[Action, ...]], ...] = (
            {}, {}, {}, {})

    def on_table(self, tabled: tuple[Tabled, ...], seat: int) -> int:
        """``tabled`` (one seat's cards on the table) as a counts int."""
        memo = self.on_table_memo[seat]
        if memo[0] is tabled:  # identity: the memo holds the tuple, so it cannot be reused
            return memo[1]
        one = self.kernels[0].one
        counts = 0
        for tc in tabled:
            counts += one[tc.type]
        self.on_table_memo[seat] = (tabled, counts)  # one store, so never half-written
        return counts

    def table_actions(self, hidden: int, on_table: int) -> tuple[Action, ...]:
        """The plays for presence masks of legal types held in the hand and on the table:
        per type in pack order, from the hand first, then from the table. Joined from four
        per-suit pieces (like the kernel's actions), each remembered by the suit's two slices:
        the whole pair rarely repeats, a suit's pair often does."""
        sb, sm = self.kernels[0].slice_bits, self.kernels[0].slice_mask
        out: tuple[Action, ...] = ()
        for suit, mix in enumerate(self.suit_mix):
            shift = suit * sb
            key = ((hidden >> shift) & sm, (on_table >> shift) & sm)
            piece = mix.get(key)
            if piece is None:
                piece = mix[key] = self._mix(key[0] << shift, key[1] << shift)
            out += piece
        return out + self.declare_tail

    def _mix(self, hidden: int, on_table: int) -> tuple[Action, ...]:
        kernel = self.kernels[0]
        plays: list[Action] = []
        for t in kernel.types_in(hidden | on_table):
            bit = 1 << (t * self.bits)
            if hidden & bit:
                plays.append(kernel.play_actions[t])
            if on_table & bit:
                plays.append(self.table_plays[t])
        return tuple(plays)


def stock_rules(rules: RuleSet) -> StockRules:
    found = rules.__dict__.get("_stock_rules")
    if found is None:
        found = rules.__dict__["_stock_rules"] = StockRules(rules)
    return found  # type: ignore[no-any-return]
