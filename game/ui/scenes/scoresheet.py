"""The score sheet: hand by hand, each side's meld, tricks, the hand's score and the running
total, in columns a player reads without a key, with stars (002) or checks (003) gained in
the hand and held in all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.events import HandResult, SideResult
from game.ui import theme
from game.ui.menu import TextScene
from game.ui.table.hud import side_label
from game.ui.widgets import cover, draw_text, elide, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable
    from game.ui.table.labels import DrawnTable

LOST = "✗"  # melded or taken, but not counted


def meld_cell(sd: SideResult) -> str:
    """"120"; "44 ✗" when none of it counted (a set side); "18 of 30" when part did."""
    if sd.meld == sd.meld_counted:
        return f"{sd.meld}"
    if sd.meld_counted == 0:
        return f"{sd.meld} {LOST}"
    return f"{sd.meld_counted} of {sd.meld}"


def tricks_cell(sd: SideResult) -> str:
    """"130"; "14 ✗" when they did not count; two-handed: "100 (104)", rounded (raw)."""
    if sd.raw_tricks >= 0 and sd.raw_tricks != sd.tricks_counted:
        return f"{sd.tricks_counted} ({sd.raw_tricks})"
    if sd.tricks != sd.tricks_counted:
        return f"{sd.tricks} {LOST}" if sd.tricks_counted == 0 else \
            f"{sd.tricks_counted} of {sd.tricks}"
    return f"{sd.tricks_counted}"


def tally_cell(result: HandResult, side: int) -> str:
    """"+3 → 7": stars (or checks) gained in the hand, and held in all after it."""
    gained = result.tallies[side] if result.tallies else 0
    held = result.tally_totals[side] if result.tally_totals else gained
    return f"{gained:+d} → {held}"


def bid_cell(table: DrawnTable, r: HandResult) -> str:
    rules = table.match.rules
    if r.bidder < 0:
        return f"trump {r.trump.symbol if r.trump is not None else ''}"
    seating = rules.seating
    who = "You" if r.bidder == table.human else seating.name(r.bidder)
    text = f"{who} {r.bid} {r.trump.symbol if r.trump is not None else ''} {r.outcome}"
    if seating.by_card:  # the sides of each hand (VARIANTS.md: "each hand's sides shown")
        mates = [c for c in r.bidding_columns if c != r.bidder]
        names = ["you" if c == table.human else seating.initial(c) for c in mates]
        text += f", with {' & '.join(names)}" if names else ", alone"
    return text


class ScoreSheetScene(TextScene):
    """Hand by hand: the bid and how it ended; for each side its meld, its tricks, what the
    hand scored and the total; stars or checks gained and held."""

    name = "score sheet"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        self.table = table
        super().__init__(app, [])

    def columns(self) -> list[str]:
        rules = self.table.match.rules
        heads = ["Meld", "Tricks", "Hand", "Total"]
        if rules.scoring.stars:
            heads.append("Stars")
        elif rules.scoring.checks:
            heads.append("Checks")
        return heads

    def draw(self, surface: pygame.Surface) -> None:
        cover(surface)
        panel(surface, self.rect)
        view = self.table.view
        rules = self.table.match.rules
        s = theme.scale_for(surface.get_size())
        size = max(12, round(15 * s))
        step = round(size * 1.5)
        left = self.rect.left + round(24 * s)
        right = self.rect.right - round(24 * s)
        draw_text(surface, "Score sheet", (self.rect.centerx, self.rect.top + round(14 * s)),
                  round(size * 1.6), theme.GOLD, bold=True, anchor="midtop")
        heads = self.columns()
        bid_w = round(250 * s)
        side_w = (right - left - bid_w) // max(1, rules.n_sides)
        sub_w = side_w // len(heads)
        y = self.rect.top + round(58 * s)
        draw_text(surface, "Hand  Bid", (left, y + step), size, theme.INK_DIM)
        for side in range(rules.n_sides):
            x0 = left + bid_w + side * side_w
            name = elide(side_label(self.table, side), size, side_w - round(12 * s), bold=True)
            draw_text(surface, name, (x0 + side_w - round(6 * s), y), size, theme.GOLD,
                      bold=True, anchor="topright")
            for i, head in enumerate(heads):
                draw_text(surface, head, (x0 + (i + 1) * sub_w, y + step), size,
                          theme.INK_DIM, anchor="topright")
        y += 2 * step
        pygame.draw.line(surface, theme.PANEL_EDGE, (left, y - 4), (right, y - 4), 1)
        room = self.rect.bottom - round(150 * s) - y
        rows = view.records[-max(1, room // step):]
        for r in rows:
            draw_text(surface, elide(f"{r.hand_no + 1:>3}  {bid_cell(self.table, r)}", size,
                                     bid_w - round(8 * s)), (left, y), size)
            for sd in r.sides:
                x0 = left + bid_w + sd.side * side_w
                cells = [meld_cell(sd), tricks_cell(sd), f"{sd.score:+d}",
                         f"{r.totals[sd.side]}"]
                if len(heads) > 4:
                    cells.append(tally_cell(r, sd.side))
                for i, text in enumerate(cells):
                    colour = theme.RED if (i == 2 and sd.score < 0) or LOST in text \
                        else theme.INK
                    draw_text(surface, text, (x0 + (i + 1) * sub_w, y), size, colour,
                              anchor="topright")
            y += step
        self.draw_footer(surface, left, y + round(10 * s), size, heads)
        self.done.draw(surface)

    def draw_footer(self, surface: pygame.Surface, left: int, y: int, size: int,
                    heads: list[str]) -> None:
        """How the game stands, and what the marks in the columns mean."""
        view = self.table.view
        rules = self.table.match.rules
        step = round(size * 1.5)
        if view.over_reason:
            draw_text(surface, f"Game decided: {view.over_reason}", (left, y), size, theme.GOLD,
                      bold=True)
        elif rules.scoring.game == "score":
            draw_text(surface, f"Playing to {view.target}.", (left, y), size, theme.INK_DIM)
        notes = [f"{LOST}: melded or taken in tricks, but not counted."]
        if rules.stock.enabled and rules.stock.round_tricks:
            notes.append("Tricks are rounded, the count taken in brackets: 7 or more in the "
                         "units counts as 10.")
        if len(heads) > 4:
            word = heads[-1].lower()
            notes.append(f"{heads[-1]}: gained in the hand → held in all. "
                         + ("Stars are counted at the end of the game and paid at the stake "
                            "agreed (002)." if word == "stars" else
                            "Each check is paid by each other player at the stake agreed "
                            "(003)."))
        for i, note in enumerate(notes):
            draw_text(surface, note, (left, y + (i + 1) * step), size, theme.INK_DIM)
