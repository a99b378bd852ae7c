"""Per-rule-set constants of the two-handed game (004), built once with the rule set's compiled
tables (:mod:`game.rules.compiled`): the two kernels (stock phase, playoff), the dix per trump
suit, the meld candidates per trump suit, and the actions and events every trick needs, so the
per-card code in :mod:`game.rules.stock_game.flow` looks nothing up twice.

Everything here is fixed once built, except ``suit_mix``: a memo of pure answers keyed by their
inputs, so that no answer depends on which call came before.
"""

from __future__ import annotations

from game.rules.actions import Action, DeclareOut, LayMeld, PlayCard
from game.rules.cards import Card, Suit
from game.rules.events import CardDrawn
from game.rules.kernel import PlayKernel
from game.rules.ruleset import RuleSet
from game.rules.stock_game.meld import Candidate, build_candidates

DECLARE_OUT = DeclareOut()


class StockConsts:
    """What the two-handed hot paths need from a rule set, looked up once per rule set."""

    __slots__ = ("kernels", "dix_types", "declare_tail", "table_plays", "drawn", "presence",
                 "bits", "field", "one", "suit_mix", "dix_points", "dix_exchange", "candidates",
                 "by_action")

    def __init__(self, rules: RuleSet, stock_kernel: PlayKernel, playoff_kernel: PlayKernel
                 ) -> None:
        # (stock phase, playoff): indexed by StockHand.playoff
        self.kernels = (stock_kernel, playoff_kernel)
        dix = rules.dix_rank
        self.dix_types: tuple[int, ...] = (
            tuple(rules.deck.type_of(Card(dix, suit)) for suit in Suit)
            if dix is not None else (-1,) * 4)
        self.declare_tail: tuple[Action, ...] = (
            (DECLARE_OUT,) if rules.stock.declare_out and rules.scoring.game == "score" else ())
        # Actions and events are values: the common ones are built once.
        types = rules.deck.types
        self.table_plays = tuple(PlayCard(card, True) for card in types)
        self.drawn = tuple(tuple(CardDrawn(seat, card) for card in types) for seat in range(2))
        self.dix_points, self.dix_exchange = rules.meld.dix, rules.stock.dix_exchange
        deck = rules.deck
        self.presence, self.bits, self.field, self.one = (deck.presence, deck.bits,
                                                          deck.field_mask, deck.one)
        # per trump suit: every meld combination, for the meld turn's options
        self.candidates: tuple[tuple[Candidate, ...], ...] = tuple(
            build_candidates(rules, trump) for trump in range(4))
        # per trump suit: the action that lays a combination -> the combination
        self.by_action: tuple[dict[LayMeld, Candidate], ...] = tuple(
            {c.action: c for c in cands} for cands in self.candidates)
        # per suit: (hidden slice, table slice) -> that suit's plays; at most 64 x 64 each
        self.suit_mix: tuple[dict[tuple[int, int], tuple[Action, ...]], ...] = (
            {}, {}, {}, {})

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
