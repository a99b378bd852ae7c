"""How cards change hands before the play: the widow shown face up and taken, discards, and
passes between partners. Cards the player passed or received stay marked through the first
trick, until it is swept; the cards they passed stay face up in their partner's hand until
then, since the player knows them."""

from __future__ import annotations

from game.rules import events as ev
from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.ui.anim import Call, Hold, Timeline
from game.ui.table.sprites import CardSprite
from game.ui.table.trickmodel import MOVE

WIDOW_SHOW = 1.6  # seconds, at least, that a widow turned up stays in the middle


class ExchangeEvents:
    """Event handlers of :class:`~game.ui.table.model.TableModel` for the widow and passes."""

    # Provided by TableModel.
    rules: RuleSet
    human: int
    timeline: Timeline
    hands: list[list[CardSprite]]
    widow: list[CardSprite]
    piles: list[list[CardSprite]]
    sounds: list[str]
    trick_pause: float | None
    exchanged: bool

    def settle(self, duration: float = MOVE) -> None: ...

    def on_WidowShown(self, e: ev.WidowShown) -> None:  # noqa: N802
        # "The bidder shows the widow": every seat sees it face up in the middle, then it joins
        # the bidder's hand (still known, so a widow card played later is the same sprite).
        widow = self.widow
        for sp, card in zip(widow, e.cards, strict=False):
            sp.card = card
        pause = WIDOW_SHOW if self.trick_pause is None else max(WIDOW_SHOW, self.trick_pause)
        self.timeline.add([Call(lambda sp=sp: setattr(sp, "face_up", True)) for sp in widow]
                          + [Hold(pause)])
        for sp in widow:
            if e.seat == self.human:
                sp.mark = "widow"
                self.exchanged = True
            self.hands[e.seat].append(sp)
        self.widow = []
        if e.seat == self.human:
            self.sort_human()
        self.settle()

    def on_Discarded(self, e: ev.Discarded) -> None:  # noqa: N802
        n = len(e.cards) or self.rules.widow.size
        cards = list(e.cards) or [None] * n
        for card in cards:
            sp = self.take_from_hand(e.seat, card)
            sp.card = None
            sp.mark = ""
            self.piles[self.rules.side_of(e.seat)].append(sp)
        self.settle()

    def on_CardsPassed(self, e: ev.CardsPassed) -> None:  # noqa: N802
        n = len(e.cards) or self.rules.passing.count
        cards: list[Card | None] = list(e.cards) or [None] * n
        mine = self.human in (e.source, e.target)
        for card in cards:
            sp = self.take_from_hand(e.source, card)
            sp.card = card
            if mine:
                sp.mark = "received" if e.target == self.human else "passed"
                self.exchanged = True
            self.hands[e.target].append(sp)
        if mine:
            self.sort_human()
        self.sounds.append("deal")
        self.settle(MOVE * 1.4)

    def clear_marks(self) -> None:
        """The first trick is swept: cards that changed hands are no longer marked, and the
        cards the player passed turn face down in their partner's hand."""
        for hand in self.hands:
            for sp in hand:
                sp.mark = ""
        self.exchanged = False
        self.settle()
