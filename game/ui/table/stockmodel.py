"""How the two-handed game's events move cards: drawing from the stock, melds laid on the
table, the dix and the turn-up, and melded cards returning to hand for the playoff."""

from __future__ import annotations

from game.rules import events as ev
from game.ui.anim import Wait
from game.ui.table.sprites import CardSprite

PLAYOFF_NARRATION = "The stock is gone: the last twelve tricks are played strictly."


class StockEvents:
    """Event handlers of :class:`~game.ui.table.model.TableModel` for the stock game."""

    # Provided by TableModel.
    human: int
    hands: list[list[CardSprite]]
    stock: list[CardSprite]
    turnup: CardSprite | None
    tabled: list[list[CardSprite]]
    bubbles: dict[int, str]
    sounds: list[str]
    message: str

    def on_CardDrawn(self, e: ev.CardDrawn) -> None:  # noqa: N802
        if self.stock:
            sp = self.stock.pop()
        elif self.turnup is not None:
            sp, self.turnup = self.turnup, None
        else:
            sp = self._new_sprite(e.seat)
        sp.card = e.card if (e.seat == self.human or e.public) else None
        if e.public and e.seat != self.human:
            # The playoff's draws are shown to the opponent (004: "They show this card to
            # their opponent"): face up in the other hand, marked, until played.
            sp.mark = "shown"
        self.hands[e.seat].append(sp)
        if e.seat == self.human:
            self.sort_human()
        self.sounds.append("deal")
        self.settle()

    def on_MeldLaid(self, e: ev.MeldLaid) -> None:  # noqa: N802
        for card in e.from_hand:
            sp = self.take_from_hand(e.seat, card)
            sp.card = card
            self.tabled[e.seat].append(sp)
        self.bubbles[e.seat] = f"{e.meld.name} {e.meld.points}"
        self.settle()

    def on_DixCounted(self, e: ev.DixCounted) -> None:  # noqa: N802
        self.bubbles[e.seat] = f"Dix {e.points}"
        self.timeline.add([Wait(0.3)])

    def on_DixExchanged(self, e: ev.DixExchanged) -> None:  # noqa: N802
        sp = self.take_from_hand(e.seat, e.dix)
        sp.card = e.dix
        old = self.turnup
        self.turnup = sp
        if old is not None:
            old.card = e.took if e.seat == self.human else None
            self.hands[e.seat].append(old)
        if e.seat == self.human:
            self.sort_human()
        self.bubbles[e.seat] = "Exchanges the dix"
        self.settle()

    def on_PlayoffStarted(self, e: ev.PlayoffStarted) -> None:  # noqa: N802
        for seat, cards in enumerate(self.tabled):
            for sp in cards:
                if seat != self.human:
                    sp.card = None
                self.hands[seat].append(sp)
        self.tabled = [[] for _ in range(self.rules.players)]
        self.sort_human()
        self.message = PLAYOFF_NARRATION
        self.settle()
