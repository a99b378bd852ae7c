"""Looking back: the auction in full during the play, and after a hand every hand as dealt
(with the widow and the passes) and a replay of its tricks, forward and back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.history import HandHistory, hand_history
from game.match.reviewread import Row
from game.rules.cards import Card
from game.ui import assets, theme
from game.ui.overlay import Display
from game.ui.table.infopanel import PASS, SIGNAL, read_rows
from game.ui.table.sprites import hand_order
from game.ui.widgets import Button, draw_text, elide, panel, shade, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable
    from game.ui.table.labels import DrawnTable




def big_panel(surface: pygame.Surface, table: PromptTable, title: str) -> pygame.Rect:
    """The panel these screens share, over the dimmed table, holding their buttons at its
    foot; returns the space above them."""
    lay = table.layout
    s = lay.s
    w, h = lay.size
    # What the table keeps clear (a lesson's coach) stays as bright as it was, beside the panel.
    kept = [(r, surface.subsurface(r).copy())
            for r in (k.clip(surface.get_rect()) for k in table.keep_clear()) if r.width]
    shade(surface, 110)
    for rect, image in kept:
        surface.blit(image, rect)
    # The display's sheet (overlay.Display.sheet): a seat's name half under the panel's edge
    # left a stump of itself beside it.
    margin = round(4 * s)
    outer = clear_of(table, pygame.Rect(margin, lay.bar.bottom + margin, w - 2 * margin,
                                        h - lay.bar.bottom - 2 * margin))
    panel(surface, outer)
    draw_text(surface, title, (outer.centerx, outer.top + round(8 * s)), lay.font_big,
              theme.GOLD, bold=True, anchor="midtop")
    top = outer.top + round(44 * s)
    return pygame.Rect(outer.left + round(36 * s), top, outer.width - round(72 * s),
                       h - round(98 * s) - top)


def clear_of(table: PromptTable, rect: pygame.Rect) -> pygame.Rect:
    """``rect`` narrowed to leave what the table keeps clear uncovered: a lesson's coach, whose
    panel goes on narrating beside the replay it opened."""
    out = rect.copy()
    gap = round(12 * table.layout.s)
    for keep in table.keep_clear():
        if not keep.colliderect(out):
            continue
        if keep.centerx >= out.centerx:
            out.width = keep.left - gap - out.left
        else:
            right = out.right
            out.left = keep.right + gap
            out.width = right - out.left
    return out


def card_width(table: DrawnTable, row: pygame.Rect) -> int:
    """Cards as large as a seat's row allows (a label above them), up to the trick's."""
    label = round(table.layout.font_small * 1.4)
    return max(24, min(round(table.layout.card_w * 0.7), round((row.height - label - 6) / 1.4)))


def draw_cards(surface: pygame.Surface, table: DrawnTable, cards: Sequence[Card],
               pos: tuple[int, int], width: int, marked: Sequence[Card] = (),
               span: int = 0) -> int:
    """A row of face-up cards from ``pos``, spread over at most ``span`` pixels; cards in
    ``marked`` get a blue edge. Returns the x after the row."""
    four = table.app.settings.four_colour
    x, y = pos
    gap = round(width * 0.62)
    if span and len(cards) > 1:
        gap = min(gap, (span - width) // (len(cards) - 1))
    left = list(marked)
    for card in cards:
        img = assets.card_image(str(card), width, four)
        surface.blit(img, (x, y))
        if card in left:
            left.remove(card)
            pygame.draw.rect(surface, (110, 175, 240), pygame.Rect(x, y, width, img.get_height()),
                             width=3, border_radius=max(3, width // 12))
        x += gap
    return x + (width - gap if cards else 0)


def who(table: DrawnTable, seat: int) -> str:
    return "You" if seat == table.human else table.match.rules.seating.name(seat)


class BiddingScene(Display):
    """The auction in full: a column per seat in bidding order, a row per round."""

    name = "bidding"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface) -> None:
        table, lay = self.table, self.layout
        s = lay.s
        view = table.board
        inner = big_panel(surface, table, "The auction")
        rows = read_rows(view, view.rules.next_seat(view.dealer))
        col_w = min(round(200 * s), inner.width // max(1, len(rows)))
        left = inner.centerx - col_w * len(rows) // 2
        y0 = inner.top + round(20 * s)
        for i, (seat, calls) in enumerate(rows):
            x = left + i * col_w + col_w // 2
            draw_text(surface, who(table, seat), (x, y0), lay.font, theme.INK, bold=True,
                      anchor="midtop")
            y = y0 + round(36 * s)
            for text, high, reading in calls:
                colour = theme.GOLD if high else (theme.INK_DIM if text == PASS else theme.INK)
                label = reading.label if reading.amount else text
                y = draw_text(surface, label, (x, y), lay.font, colour, bold=high,
                              anchor="midtop").bottom + round(4 * s)
                # What the call shows, under it, in the table's convention's words.
                for line in wrap(f"{SIGNAL} {reading.shows}", lay.font_small,
                                 col_w - round(12 * s)) if reading.signal else ():
                    y = draw_text(surface, line, (x, y), lay.font_small, theme.SIGNAL,
                                  anchor="midtop").bottom
                y += round(6 * s) if reading.signal else 0
        if not view.bids:
            draw_text(surface, "No bids yet.", inner.center, lay.font, theme.INK_DIM,
                      anchor="center")
        if view.bidder >= 0:
            trump = f", trump {view.trump_suit.symbol} {view.trump_suit.name.title()}" \
                if view.trump_suit is not None else ""
            draw_text(surface, f"{who(table, view.bidder)} bid {view.bid}{trump}",
                      (inner.centerx, inner.bottom - round(30 * s)), lay.font, theme.GOLD,
                      bold=True, anchor="midtop")
        self.draw_buttons(surface)


class HandScene(Display):
    """A finished hand, read from the game's own record (base of the two screens below)."""

    def __init__(self, app: AppContext, table: PromptTable, hand_no: int,
                 history: HandHistory | None = None) -> None:
        super().__init__(app, table)
        m = table.match
        # A lesson's hand has no game around it: it brings its own history (its deal and
        # moves told by game.match.history.history_of).
        self.history: HandHistory = history if history is not None else hand_history(
            m.rules, m.seed, m.actions, hand_no)
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE

    def frame(self) -> pygame.Rect:
        """The sheet, clear of a lesson's coach: the buttons sit under the panel's middle."""
        return clear_of(self.table, self.sheet())

    def sorted(self, cards: Sequence[Card]) -> list[Card]:
        result = self.history.result
        trump = int(result.trump) if result is not None and result.trump is not None else -1
        return hand_order(cards, self.table.match.rules, trump)

    def seat_rows(self, inner: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        seating = self.table.match.rules.seating
        h = inner.height // seating.players
        order = seating.around_from(self.table.human)
        return [(seat, pygame.Rect(inner.left, inner.top + i * h, inner.width, h))
                for i, seat in enumerate(order)]


class HandsScene(HandScene):
    """Every hand as dealt, then what changed hands before the play."""

    name = "all hands"

    def draw(self, surface: pygame.Surface) -> None:
        table, lay, hist = self.table, self.layout, self.history
        s = lay.s
        inner = big_panel(surface, table, f"Hand {hist.hand_no + 1} as dealt")
        rows = self.seat_rows(inner.inflate(0, -round(30 * s)).move(0, -round(14 * s)))
        width = card_width(table, rows[0][1])
        # Room beside each hand for what it passed and received, on tables that pass.
        share = 0.55 if hist.passes else 0.95
        for seat, row in rows:
            dealer = " (dealer)" if seat == hist.dealer else ""
            draw_text(surface, who(table, seat) + dealer, row.topleft, lay.font_small, theme.INK,
                      bold=True)
            passed = [c for p in hist.passes if p.source == seat for c in p.cards]
            x = draw_cards(surface, table, self.sorted(hist.dealt[seat]),
                           (row.left, row.top + round(lay.font_small * 1.4)), width, passed,
                           round(row.width * share))
            notes = self.changes(seat)
            for i, text in enumerate(notes):
                draw_text(surface, text, (x + round(16 * s), row.top + round(lay.font_small * 1.4)
                                          + i * round(lay.font_small * 1.4)),
                          lay.font_small, theme.INK_DIM)
        if hist.widow:
            text = "Widow: " + " ".join(c.pretty for c in hist.widow)
            draw_text(surface, text, (inner.left, inner.bottom - round(20 * s)), lay.font_small,
                      theme.INK)
        self.draw_buttons(surface)

    def changes(self, seat: int) -> list[str]:
        """"Passed to North: A♥ T♥ K♥" and the like (passed cards are edged in blue)."""
        out = []
        for p in self.history.passes:
            cards = " ".join(c.pretty for c in p.cards)
            if p.source == seat:
                out.append(f"Passed to {who(self.table, p.target)}: {cards}")
            if p.target == seat:
                out.append(f"Received from {who(self.table, p.source)}: {cards}")
        for d in self.history.discards:
            if d.seat == seat:
                out.append("Discarded: " + " ".join(c.pretty for c in d.cards))
        return out


class ReplayScene(HandScene):
    """The hand's tricks one at a time, forward and back, with what each seat still held."""

    name = "replay"

    def __init__(self, app: AppContext, table: PromptTable, hand_no: int,
                 focus: Row | None = None, history: HandHistory | None = None) -> None:
        super().__init__(app, table, hand_no, history)
        # Opened from the review: at the decision's trick, with its alternatives beside it.
        self.focus = focus
        self.index = max(0, min(focus.trick, len(self.history.tricks) - 1)) if focus else 0
        self.prev = Button("◀ Previous", self.back, hotkey=pygame.K_LEFT)
        self.next = Button("Next ▶", self.forward, hotkey=pygame.K_RIGHT, primary=True)
        self.buttons = [self.prev, self.next, self.cont]
        self.cont.primary = False

    def back(self) -> None:
        self.index = max(0, self.index - 1)

    def forward(self) -> None:
        self.index = min(len(self.history.tricks) - 1, self.index + 1)

    def draw(self, surface: pygame.Surface) -> None:
        table, lay, hist = self.table, self.layout, self.history
        tricks = hist.tricks
        if not tricks:
            big_panel(surface, table, "No tricks were played in this hand")
            self.draw_buttons(surface)
            return
        trick = tricks[self.index]
        inner = big_panel(surface, table, f"Trick {self.index + 1} of {len(tricks)}")
        split = inner.left + round(inner.width * 0.6)
        held = hist.held_before(self.index)
        rows = self.seat_rows(pygame.Rect(inner.left, inner.top, split - inner.left,
                                          inner.height))
        width = card_width(table, rows[0][1])
        for seat, row in rows:
            draw_text(surface, who(table, seat), row.topleft, lay.font_small, theme.INK,
                      bold=True)
            draw_cards(surface, table, self.sorted(held[seat]),
                       (row.left, row.top + round(lay.font_small * 1.4)), width,
                       span=row.width - round(20 * lay.s))
        area = pygame.Rect(split, inner.top, inner.right - split, inner.height)
        if self.focus is not None:
            area.height = round(inner.height * 0.42)
            self.draw_focus(surface, pygame.Rect(split, area.bottom + round(40 * lay.s),
                                                 inner.right - split,
                                                 inner.bottom - area.bottom - round(40 * lay.s)))
        self.draw_trick(surface, trick.cards, trick.winner, trick.points, area)
        self.prev.enabled = self.index > 0
        self.next.enabled = self.index < len(tricks) - 1
        self.draw_buttons(surface)

    def draw_focus(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The reviewed decision: what was chosen, the alternatives with their expected
        scores, and the expert's reason."""
        focus = self.focus
        assert focus is not None
        lay = self.layout
        g = focus.graded
        size = lay.font_small
        step = round(size * 1.35)
        width = area.width - round(10 * lay.s)
        mine = g.chosen
        heading = (f"{focus.moment.capitalize()}: you chose {mine.text}, {g.grade}"
                   + (f", {g.lost:.0f} points lost" if g.lost >= 0.5 else ""))
        # Whole sentences, wrapped: a narrow panel (beside a lesson's coach) fits fewer
        # alternatives, never half a heading or half the reason.
        head = wrap(heading, size, width, bold=True)
        reason = wrap(g.decision.reason + ".", size, width)
        y = area.top
        for line in head:
            draw_text(surface, line, (area.left, y), size, theme.GOLD, bold=True)
            y += step
        options = g.decision.options
        room = max(2, (area.bottom - y) // step - len(reason))
        shown = list(options[:room])
        if mine not in shown:
            shown[-1] = mine
        for o in shown:
            tag = " (best)" if o is g.best else " (yours)" if o is mine else ""
            colour = theme.GOLD if o is g.best else theme.INK if o is mine else theme.INK_DIM
            draw_text(surface, elide(f"{o.text}{tag}: {o.value:+.0f}", size, width),
                      (area.left + round(12 * lay.s), y), size, colour)
            y += step
        for line in reason:
            draw_text(surface, line, (area.left, y), size, theme.INK)
            y += step

    def trick_rects(self, seats: Sequence[int], area: pygame.Rect) -> list[pygame.Rect]:
        """Where each seat's card of a trick lies in ``area``: the table's own trick places
        (three seats sit differently from four), scaled to a card as large as the area
        allows."""
        lay = self.layout
        width = min(lay.card_w, round(area.width / 3.8), round(area.height / 4.4))
        k = width / lay.card_w
        cx0, cy0 = lay.center
        out = []
        for seat in seats:
            x, y, _ = lay.trick_slot(seat)
            rect = pygame.Rect(0, 0, width, round(width * 1.4))
            rect.center = (round(area.centerx + (x - cx0) * k),
                           round(area.centery + (y - cy0) * k))
            out.append(rect)
        return out

    def draw_trick(self, surface: pygame.Surface, cards: Sequence[tuple[int, Card]],
                   winner: int, points: int, area: pygame.Rect) -> None:
        """The trick as a cross of cards in the seats' places, the winner ringed in gold."""
        lay = self.layout
        four = self.app.settings.four_colour
        rects = self.trick_rects([seat for seat, _ in cards], area)
        height = rects[0].height if rects else 0
        cx, cy = area.center
        for order, ((seat, card), rect) in enumerate(zip(cards, rects, strict=True)):
            surface.blit(assets.card_image(str(card), rect.width, four), rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), width=3,
                                 border_radius=8)
            draw_text(surface, str(order + 1), (rect.left + 4, rect.bottom + 2),
                      lay.font_small, theme.INK_DIM)
        text = f"{who(self.table, winner)} won it: +{points}"
        # Under the lowest card and its number in the play order.
        low = max((r.bottom for r in rects), default=round(cy + height * 0.7))
        draw_text(surface, text, (cx, low + round(lay.font_small * 1.4)), lay.font, theme.GOLD,
                  bold=True, anchor="midtop")
