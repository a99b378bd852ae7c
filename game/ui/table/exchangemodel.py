"""How cards change hands before the play: the widow shown face up and taken, discards, and
passes between partners. Cards the player passed or received stay marked through the first
trick, until it is swept; the cards they passed stay face up in their partner's hand until
then, since the player knows them."""

from __future__ import annotations

from game.rules import events as ev
from game.rules.cards import Card
from game.ui.anim import Call, Hold
from game.ui.table.motion import MOVE, CardTable, turn_over
from game.ui.table.sprites import CardSprite
from game.ui.table.trickmodel import TrickArea

WIDOW_SHOW = 1.6  # seconds, at least, that a widow turned up stays in the middle


class Exchanges:
    """The widow in the middle, and the cards that changed hands this deal (marked until the
    first trick is swept)."""

    def __init__(self, table: CardTable, tricks: TrickArea) -> None:
        self.table = table
        self.tricks = tricks  # discards join the discarding side's pile
        self.widow: list[CardSprite] = []
        self.exchanged = False  # cards that changed hands are marked

    def reset(self) -> None:
        self.widow, self.exchanged = [], False

    def on_WidowShown(self, e: ev.WidowShown) -> None:  # noqa: N802
        # "The bidder shows the widow": every seat sees it face up in the middle, then it joins
        # the bidder's hand (still known, so a widow card played later is the same sprite).
        table = self.table
        widow = self.widow
        for sp, card in zip(widow, e.cards, strict=False):
            sp.card = card
        pause = WIDOW_SHOW if table.trick_pause is None else max(WIDOW_SHOW, table.trick_pause)
        table.timeline.add([*(Call(turn_over(sp, True)) for sp in widow), Hold(pause)])
        for sp in widow:
            if e.seat == table.human:
                sp.mark = "widow"
                self.exchanged = True
            table.hands[e.seat].append(sp)
        self.widow = []
        if e.seat == table.human:
            table.sort_human()
        table.settle()

    def on_Discarded(self, e: ev.Discarded) -> None:  # noqa: N802
        table = self.table
        n = len(e.cards) or table.rules.widow.size
        cards: list[Card | None] = list(e.cards) or [None] * n
        for card in cards:
            sp = table.take_from_hand(e.seat, card)
            sp.card = None
            sp.mark = ""
            self.tricks.piles[table.rules.side_of(e.seat)].append(sp)
        table.settle()

    def on_CardsPassed(self, e: ev.CardsPassed) -> None:  # noqa: N802
        table = self.table
        n = len(e.cards) or table.rules.passing.count
        cards: list[Card | None] = list(e.cards) or [None] * n
        mine = table.human in (e.source, e.target)
        for card in cards:
            sp = table.take_from_hand(e.source, card)
            sp.card = card
            if mine:
                sp.mark = "received" if e.target == table.human else "passed"
                self.exchanged = True
            table.hands[e.target].append(sp)
        if mine:
            table.sort_human()
        table.sounds.append("deal")
        table.settle(MOVE * 1.4)

    def after_first_sweep(self) -> None:
        """A trick has been swept: after the first, cards that changed hands are no longer
        marked. They stay marked through it: a bot bidder leads as soon as the meld display
        closes, and a player who received cards must still see which while playing to it."""
        if self.exchanged:
            self.exchanged = False
            self.table.timeline.add([Call(self.clear_marks)])

    def clear_marks(self) -> None:
        """The first trick is swept: cards that changed hands are no longer marked, and the
        cards the player passed turn face down in their partner's hand."""
        for hand in self.table.hands:
            for sp in hand:
                sp.mark = ""
        self.exchanged = False
        self.table.settle()
