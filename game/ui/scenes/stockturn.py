"""Two-handed: after winning a trick, meld one combination, count or exchange the dix, draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import CountDix, EndTurn, ExchangeDix, LayMeld
from game.ui.overlay import Overlay
from game.ui.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene


class MeldTurnScene(Overlay):
    shows_message = True
    name = "meld turn"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        # resize() moves the prompt clear of the stock
        self.center_x = table.prompt_center(self.prompt_width())
        view = table.view
        rules = view.rules
        for a in view.legal:
            if isinstance(a, LayMeld):
                value = getattr(rules.meld, a.kind)
                points = value[0] if isinstance(value, tuple) else value
                cards = " ".join(c.pretty for c in a.cards)
                self.buttons.append(Button(f"{rules.meld_name(a.kind)} {points}: {cards}",
                                           lambda act=a: self.act(act)))
        if CountDix() in view.legal:
            self.buttons.append(Button(f"Count the dix ({rules.meld.dix})",
                                       lambda: self.act(CountDix())))
        if ExchangeDix() in view.legal:
            self.buttons.append(Button("Exchange the dix for the turn-up",
                                       lambda: self.act(ExchangeDix())))
        self.buttons.append(Button("Draw" if view.stock_size else "Done", primary=True,
                                   on_click=lambda: self.act(EndTurn()), hotkey=pygame.K_RETURN))

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        s = lay.s
        for b in self.buttons:
            b.font_size = lay.font_small
        rows = [self.buttons[i:i + 3] for i in range(0, len(self.buttons), 3)]
        height, step, gap = round(34 * s), round(42 * s), round(8 * s)
        for row in rows:  # measured first: the panel is as wide as the widest row
            layout_row(row, 0, 0, height, gap)
        widest = max(row[-1].rect.right - row[0].rect.left for row in rows)
        width = self.prompt_width(widest)
        self.center_x = self.place(width, size)
        # Rows stack upwards from just inside the panel's bottom, so every row is inside it.
        y = size[1] - lay.card_h - round(82 * s) - height - step * (len(rows) - 1)
        for row in rows:
            layout_row(row, self.center_x, y, height, gap)
            y += step

    def place(self, width: int, size: tuple[int, int]) -> float:
        """The panel's centre line. Never over the stock and the turn-up (the player may be
        deciding whether to exchange the dix for that card) nor over the player's melds on
        the table (read to choose the next one): under the stock from the window's left edge;
        right of the stock when that covers a coach's panel (a lesson's, on the left)."""
        lay = self.layout
        s = lay.s
        stock_x, _, _ = lay.stock_slot()
        right_of_stock = stock_x + lay.card_w * 0.55 + lay.card_h / 2 + round(12 * s) + width / 2
        coach = getattr(self.table, "narration_rect", None)
        for x in (round(12 * s) + width / 2, right_of_stock):
            rect = pygame.Rect(round(x - width / 2), 0, width, size[1])
            if coach is not None and rect.colliderect(coach()):
                continue
            if not any(rect.colliderect(sp.rect) for sp in self.table.model.tabled[
                    self.table.human]):
                return x
        return min(right_of_stock, size[0] - round(12 * s) - width / 2)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        lines = ["Lay down one meld (at least one card from your hand)",
                 f"and count or exchange the dix, then draw. {stock_left(view.stock_size)}"]
        self.prompt_panel(surface, "Meld after the trick", lines, center_x=self.center_x)
        self.draw_buttons(surface)


def stock_left(n: int) -> str:
    """"Stock: 9 cards", "Stock: 1 card" (it read "1 cards")."""
    return f"Stock: {n} card{'' if n == 1 else 's'}."
