"""Two-handed: after winning a trick, meld one combination, count or exchange the dix, draw."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import CountDix, EndTurn, ExchangeDix, LayMeld
from game.ui.overlay import Overlay
from game.ui.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable


class MeldTurnScene(Overlay):
    shows_message = True
    name = "meld turn"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
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
                                           partial(self.act, a)))
        if CountDix() in view.legal:
            self.buttons.append(Button(f"Count the dix ({rules.meld.dix})",
                                       lambda: self.act(CountDix())))
        if ExchangeDix() in view.legal:
            self.buttons.append(Button("Exchange the dix for the turn-up",
                                       lambda: self.act(ExchangeDix())))
        self.buttons.append(Button("Draw" if view.stock_size else "Done", primary=True,
                                   on_click=lambda: self.act(EndTurn()), hotkey=pygame.K_RETURN))

    def rows(self) -> list[list[Button]]:
        return [self.buttons[i:i + 3] for i in range(0, len(self.buttons), 3)]

    def lines(self) -> list[str]:
        return ["Lay down one meld (at least one card from your hand)",
                "and count or exchange the dix, then draw. "
                + stock_left(self.table.view.stock_size)]

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        s = lay.s
        for b in self.buttons:
            b.font_size = lay.font_small
        rows = self.rows()
        height, step, gap = round(34 * s), round(42 * s), round(8 * s)
        # Rows stack upwards from just inside the panel's bottom, so every row is inside it;
        # measured first: the panel is as wide as the widest row.
        y = size[1] - lay.card_h - round(82 * s) - height - step * (len(rows) - 1)
        for i, row in enumerate(rows):
            layout_row(row, 0, y + i * step, height, gap)
        widest = max(row[-1].rect.right - row[0].rect.left for row in rows)
        self.center_x = self.place(self.prompt_width(widest), size)
        self.panel_at(self.center_x)

    def place(self, width: int, size: tuple[int, int]) -> float:
        """The panel's centre line. Never over the stock and the turn-up (the player may be
        deciding whether to exchange the dix for that card), nor over a coach's panel (a
        lesson's, on the left), and if it can be, not over the player's melds on the table
        (read to choose the next one): under the stock from the window's left edge, else
        right of the stock, else at the window's right edge."""
        lay = self.layout
        s = lay.s
        stock_x, _, _ = lay.stock_slot()
        right_of_stock = stock_x + lay.trick_w * 0.55 + lay.trick_h / 2 + round(12 * s) + width / 2
        candidates = [round(12 * s) + width / 2, right_of_stock,
                      size[0] - round(12 * s) - width / 2]
        model = self.table.model
        stock = model.stock_area
        keep = [sp.rect for sp in stock.stock] + ([stock.turnup.rect] if stock.turnup else [])
        keep += self.table.keep_clear()
        melds = [sp.rect for sp in model.stock_area.tabled[self.table.human]]
        allowed = [x for x in candidates
                   if not any(self.panel_at(x).colliderect(r) for r in keep)]
        clear = [x for x in allowed if not any(self.panel_at(x).colliderect(r) for r in melds)]
        return (clear or allowed or [right_of_stock])[0]

    def panel_at(self, center_x: float) -> pygame.Rect:
        """The panel drawn at ``center_x``, its buttons laid out for it (they move with it)."""
        for row in self.rows():
            layout_row(row, center_x, row[0].rect.top, row[0].rect.height,
                       round(8 * self.layout.s))
        return self.prompt_rect(self.lines(), center_x=center_x)[0]

    def draw(self, surface: pygame.Surface) -> None:
        self.prompt_panel(surface, "Meld after the trick", self.lines(), center_x=self.center_x)
        self.draw_buttons(surface)


def stock_left(n: int) -> str:
    """"Stock: 9 cards", "Stock: 1 card" (it read "1 cards")."""
    return f"Stock: {n} card{'' if n == 1 else 's'}."
