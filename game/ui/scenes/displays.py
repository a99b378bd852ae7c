"""Information shown over the table: everyone's meld, a hand's result, the game's end, and
the last trick."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.events import GameWon, HandResult
from game.ui import assets, theme
from game.ui.overlay import Display, Overlay
from game.ui.scene import Route
from game.ui.table.hud import side_label
from game.ui.table.meldview import draw_meld_flow
from game.ui.table.start import start_game
from game.ui.widgets import Button, draw_text, panel, shade

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene

class MeldScene(Display):
    name = "meld"

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 90)
        lay = self.layout
        s = lay.s
        rules = self.table.match.rules
        w, h = lay.size
        outer = pygame.Rect(round(30 * s), lay.bar.bottom + round(10 * s), w - round(60 * s),
                            h - lay.bar.bottom - round(104 * s))
        panel(surface, outer)
        draw_text(surface, "Meld", (outer.centerx, outer.top + round(8 * s)), lay.font_big,
                  theme.GOLD, bold=True, anchor="midtop")
        melds = self.table.model.melds
        n = rules.players
        cols = 2 if n == 4 else n
        rows = 2 if n == 4 else 1
        footer = round(40 * s) if rules.partnerships else 0
        cw = (outer.width - round(30 * s)) // cols
        ch = (outer.height - round(50 * s) - footer) // rows
        order = [0, 2, 1, 3] if n == 4 else list(range(n))  # partners in one column
        for i, seat in enumerate(order):
            col, row = (i // 2, i % 2) if n == 4 else (i, 0)
            cell = pygame.Rect(outer.left + round(20 * s) + col * cw,
                               outer.top + round(44 * s) + row * ch, cw - round(24 * s),
                               ch - round(8 * s))
            if seat not in melds:
                continue
            meld, counted, note = melds[seat]
            head = f"{self.table.human_name(seat)} — {meld.total}"
            r = draw_text(surface, head, cell.topleft, lay.font, theme.INK, bold=True)
            if not counted:
                draw_text(surface, f"not counted: {note}", (r.right + round(12 * s), r.top + 2),
                          lay.font_small, theme.RED)
            body = pygame.Rect(cell.left, r.bottom + round(6 * s), cell.width,
                               cell.bottom - r.bottom - round(6 * s))
            draw_meld_flow(surface, self.table, meld, body)
        if rules.partnerships:
            totals = self.table.view.side_meld
            text = "   ".join(f"{side_label(self.table, side)}: {totals[side]}"
                              for side in range(len(totals)))
            draw_text(surface, "Team meld — " + text, (outer.centerx, outer.bottom
                      - round(34 * s)), lay.font, theme.GOLD, bold=True, anchor="midtop")
        self.draw_buttons(surface)


class ResultScene(Display):
    name = "hand result"

    def __init__(self, app: AppContext, table: TableScene, result: HandResult) -> None:
        super().__init__(app, table)
        self.result = result

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 110)
        lay = self.layout
        s = lay.s
        r = self.result
        lines = len(r.sides) + sum(len(sd.notes) for sd in r.sides) + len(r.notes) \
            + (1 if r.tallies and any(r.tallies) else 0) + (1 if r.bidder >= 0 else 0)
        rect = pygame.Rect(0, 0, round(760 * s), round((150 + 32 * lines) * s))
        rect.center = (lay.size[0] // 2, lay.size[1] // 2 - round(40 * s))
        panel(surface, rect)
        self._heading(surface, rect)
        cols = [rect.left + round(24 * s), rect.left + round(300 * s), rect.left + round(400 * s),
                rect.left + round(520 * s), rect.right - round(24 * s)]
        y = self._side_rows(surface, cols, rect.top + round(64 * s))
        self._footer(surface, cols[0], y)
        self.draw_buttons(surface)

    def _heading(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        r, lay = self.result, self.layout
        if r.bidder >= 0:
            head = f"{self.table.human_name(r.bidder)} bid {r.bid}: {r.outcome}"
            colour = theme.GREEN if r.outcome == "made" else theme.RED
        else:
            head, colour = f"Hand {r.hand_no + 1} scored", theme.GOLD
        draw_text(surface, head, (rect.centerx, rect.top + round(16 * lay.s)), lay.font_big,
                  colour, bold=True, anchor="midtop")

    def _side_rows(self, surface: pygame.Surface, cols: list[int], y: int) -> int:
        """The table of sides: meld, tricks, the hand's score and the total. Returns the y
        below it."""
        r, lay = self.result, self.layout
        s = lay.s
        heads = ["", "Meld", "Tricks", "Hand", "Total"]
        for x, text in zip(cols, heads, strict=True):
            draw_text(surface, text, (x, y), lay.font_small, theme.INK_DIM,
                      anchor="topleft" if not text else "topright")
        y += round(28 * s)
        for side in r.sides:
            meld = f"{side.meld_counted}/{side.meld}" if side.meld != side.meld_counted else \
                f"{side.meld}"
            raw = side.raw_tricks >= 0 and side.raw_tricks != side.tricks_counted
            tricks = f"{side.tricks_counted} ({side.raw_tricks})" if raw else \
                f"{side.tricks_counted}"
            values = [side_label(self.table, side.side), meld, tricks, f"{side.score:+d}",
                      f"{r.totals[side.side]}"]
            for x, text in zip(cols, values, strict=True):
                draw_text(surface, text, (x, y), lay.font, theme.INK,
                          anchor="topleft" if x == cols[0] else "topright")
            y += round(30 * s)
            for note in side.notes:
                draw_text(surface, note, (cols[0] + round(16 * s), y - round(4 * s)),
                          lay.font_small, theme.INK_DIM)
                y += round(20 * s)
        return y

    def _footer(self, surface: pygame.Surface, x: int, y: int) -> None:
        """Stars or checks, the hand's notes, and the bid against what the side took."""
        r, lay = self.result, self.layout
        s = lay.s
        rules = self.table.match.rules
        if r.tallies and any(r.tallies):
            word = "stars" if rules.scoring.stars else "checks"
            text = ", ".join(f"{side_label(self.table, i)} {t:+d}"
                             for i, t in enumerate(r.tallies))
            draw_text(surface, f"{word.title()} this hand: {text}", (x, y + round(8 * s)),
                      lay.font, theme.GOLD)
            y += round(32 * s)
        for note in r.notes:
            draw_text(surface, note, (x, y + round(8 * s)), lay.font_small, theme.INK_DIM)
            y += round(22 * s)
        if r.bidder < 0:
            return
        bside = next(sd for sd in r.sides if sd.side == rules.side_of(r.bidder))
        if r.outcome in ("made", "set"):
            got = bside.meld_counted + bside.tricks if r.outcome == "made" else \
                bside.tricks + (bside.meld if bside.notes == () else 0)
            sign = "≥" if r.outcome == "made" else "<"
            text = (f"The bidding side needed {r.bid}: meld and tricks came to {got} "
                    f"{sign} {r.bid}.")
        else:
            text = f"The bidding side loses its bid of {r.bid}: {r.outcome}."
        draw_text(surface, text, (x, y + round(10 * s)), lay.font_small, theme.INK)


class GameOverScene(Display):
    name = "game over"

    def __init__(self, app: AppContext, table: TableScene, won: GameWon) -> None:
        super().__init__(app, table)
        self.won = won
        self.cont.label = "New game"
        self.cont.on_click = self.new_game
        self.buttons.append(Button("Title screen", self.to_title))

    def new_game(self) -> None:
        start_game(self.app, new_seed=True)

    def to_title(self) -> None:
        self.app.go(Route.TITLE)

    def on_auto(self) -> None:
        self.app.quit()  # demo mode ends with the game

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 140)
        lay = self.layout
        s = lay.s
        rules = self.table.match.rules
        rect = pygame.Rect(0, 0, round(720 * s), round(330 * s))
        rect.center = (lay.size[0] // 2, lay.size[1] // 2 - round(30 * s))
        panel(surface, rect)
        mine = rules.side_of(self.table.human) == self.won.side
        verb = "win" if rules.partnerships else "wins"
        title = ("You win the game!" if mine else
                 f"{side_label(self.table, self.won.side)} {verb} the game")
        draw_text(surface, title, (rect.centerx, rect.top + round(22 * s)),
                  round(lay.font_big * 1.3), theme.GOLD, bold=True, anchor="midtop")
        draw_text(surface, self.won.reason, (rect.centerx, rect.top + round(84 * s)), lay.font,
                  theme.INK, anchor="midtop")
        y = rect.top + round(130 * s)
        for side, score in enumerate(self.won.totals):
            draw_text(surface, f"{side_label(self.table, side)}: {score}", (rect.centerx, y),
                      lay.font, theme.INK, anchor="midtop")
            y += round(28 * s)
        self.draw_buttons(surface)


class LastTrickScene(Overlay):
    name = "last trick"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 120)
        lay = self.layout
        four = self.app.settings.four_colour
        for seat, card in self.table.model.last_trick:
            x, y, _ = lay.trick_slot(seat)
            img = assets.card_image(str(card), lay.card_w, four)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        draw_text(surface, "The last trick — click to close", (lay.center[0], lay.bar.bottom
                  + round(20 * lay.s)), lay.font, theme.GOLD, bold=True, anchor="midtop")
