"""How the two-handed game's events move cards: drawing from the stock, melds laid on the
table, the dix and the turn-up, and melded cards returning to hand for the playoff."""

from __future__ import annotations

from game.rules import events as ev
from game.ui.anim import Wait
from game.ui.table.motion import CardTable
from game.ui.table.sprites import CardSprite

PLAYOFF_NARRATION = "The stock is gone: the last twelve tricks are played strictly."


class StockArea:
    """The stock and its turn-up, and each seat's melds laid face up on the table (cards that
    are still the seat's to play)."""

    def __init__(self, table: CardTable) -> None:
        self.table = table
        self.stock: list[CardSprite] = []
        self.turnup: CardSprite | None = None
        self.tabled: list[list[CardSprite]] = [[] for _ in range(table.rules.players)]

    def reset(self) -> None:
        """A new deal: no stock yet, nothing on the table."""
        self.stock, self.turnup = [], None
        self.tabled = [[] for _ in range(self.table.rules.players)]

    def on_CardDrawn(self, e: ev.CardDrawn) -> None:  # noqa: N802
        table = self.table
        if self.stock:
            sp = self.stock.pop()
        elif self.turnup is not None:
            sp, self.turnup = self.turnup, None
        else:
            sp = table.new_sprite(e.seat)
        sp.card = e.card if (e.seat == table.human or e.public) else None
        if e.public and e.seat != table.human:
            # The playoff's draws are shown to the opponent (004: "They show this card to
            # their opponent"): face up in the other hand, marked, until played.
            sp.mark = "shown"
        table.hands[e.seat].append(sp)
        if e.seat == table.human:
            table.sort_human()
        table.sounds.append("deal")
        table.settle()

    def on_MeldLaid(self, e: ev.MeldLaid) -> None:  # noqa: N802
        for card in e.from_hand:
            sp = self.table.take_from_hand(e.seat, card)
            sp.card = card
            self.tabled[e.seat].append(sp)
        self.table.talk.bubbles[e.seat] = f"{e.meld.name} {e.meld.points}"
        self.table.settle()

    def on_DixCounted(self, e: ev.DixCounted) -> None:  # noqa: N802
        self.table.talk.bubbles[e.seat] = f"Dix {e.points}"
        self.table.timeline.add([Wait(0.3)])

    def on_DixExchanged(self, e: ev.DixExchanged) -> None:  # noqa: N802
        table = self.table
        sp = table.take_from_hand(e.seat, e.dix)
        sp.card = e.dix
        old = self.turnup
        self.turnup = sp
        if old is not None:
            old.card = e.took if e.seat == table.human else None
            table.hands[e.seat].append(old)
        if e.seat == table.human:
            table.sort_human()
        table.talk.bubbles[e.seat] = "Exchanges the dix"
        table.settle()

    def on_PlayoffStarted(self, e: ev.PlayoffStarted) -> None:  # noqa: N802
        table = self.table
        for seat, cards in enumerate(self.tabled):
            for sp in cards:
                if seat != table.human:
                    sp.card = None
                table.hands[seat].append(sp)
        self.tabled = [[] for _ in range(table.rules.players)]
        table.sort_human()
        table.talk.message = PLAYOFF_NARRATION
        table.settle()
