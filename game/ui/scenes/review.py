"""Looking back: the auction in full during the play, and after a hand every hand as dealt
(with the widow and the passes) and a replay of its tricks, forward and back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.history import HandHistory, hand_history
from game.match.reviewread import Row, seen_at
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import PlayerView
from game.store.learning import PracticeItem
from game.ui import assets, theme
from game.ui.overlay import Display
from game.ui.scene import Route
from game.ui.table.moment import draw_moment
from game.ui.table.replaypieces import (
    best_cards,
    big_panel,
    card_width,
    chosen_cards,
    clear_of,
    draw_auction,
    draw_cards,
    draw_focus,
    who,
)
from game.ui.table.sprites import hand_order
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable

MOMENT = -1  # the replay's page for a reviewed decision made outside a trick


class BiddingScene(Display):
    """The auction in full: a column per seat in bidding order, a row per round."""

    name = "bidding"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        view = table.board
        inner = big_panel(surface, table, "The auction")
        draw_auction(surface, table, view, inner)
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
    """The hand's tricks one at a time, forward and back, with what each seat still held.
    Opened from the review, it starts at the decision: a card at its trick; any other
    decision on a page of its own (:data:`MOMENT`), in its place among the tricks, showing
    what the player saw then (game.ui.table.moment)."""

    name = "replay"

    def __init__(self, app: AppContext, table: PromptTable, hand_no: int,
                 focus: Row | None = None, history: HandHistory | None = None,
                 item: PracticeItem | None = None) -> None:
        super().__init__(app, table, hand_no, history)
        self.focus = focus
        # The decision with its game's record (issue 40): Play it out from its page.
        self.item = item
        tricks = list(range(len(self.history.tricks)))
        self.pages: list[int] = tricks
        self.at = 0
        self.seen: PlayerView | None = None
        if focus is not None and focus.at_trick:
            self.at = max(0, min(focus.trick, len(tricks) - 1))
        elif focus is not None:
            m = table.match
            self.seen = seen_at(m.rules, m.seed, m.actions, focus)
            # After the trick a two-handed meld follows; before the trick of any other
            # decision made during the play (declaring out); before the first otherwise.
            after = 1 if self.seen.phase == Phase.MELD_TURN else 0
            self.at = max(0, min(focus.trick + after, len(tricks)))
            self.pages = [*tricks[:self.at], MOMENT, *tricks[self.at:]]
        self.prev = Button("◀ Previous", self.back, hotkey=pygame.K_LEFT)
        self.next = Button("Next ▶", self.forward, hotkey=pygame.K_RIGHT, primary=True)
        self.play = Button("Play it out", self.play_out, hotkey=pygame.K_o,
                           tooltip="The hand played on from the best choice and from yours, "
                           "side by side, by the expert in every seat (O)")
        self.buttons = [self.prev, self.next, self.cont]
        self.cont.primary = False
        self._buttons()

    @property
    def at_focus(self) -> bool:
        """The page of the reviewed decision (its moment, or its trick)."""
        focus = self.focus
        return focus is not None and (self.index == MOMENT if not focus.at_trick else
                                      self.index == focus.trick)

    def _buttons(self) -> None:
        play = [self.play] if self.item is not None and self.at_focus else []
        buttons = [self.prev, self.next, *play, self.cont]
        if play:
            self.app.spares.warm()  # Play it out's workers, before the click
        if buttons != self.buttons:
            self.buttons = buttons
            self.resize(self.app.size)

    def play_out(self) -> None:
        if self.item is not None:
            self.app.open(Route.PLAY_OUT, item=self.item, table=self.table)

    @property
    def index(self) -> int:
        """The trick shown (0-based), or :data:`MOMENT`."""
        return self.pages[self.at] if self.pages else 0

    def back(self) -> None:
        self.at = max(0, self.at - 1)
        self._buttons()

    def forward(self) -> None:
        self.at = min(len(self.pages) - 1, self.at + 1)
        self._buttons()

    def draw(self, surface: pygame.Surface) -> None:
        table, lay, hist = self.table, self.layout, self.history
        tricks = hist.tricks
        self.prev.enabled = self.at > 0
        self.next.enabled = self.at < len(self.pages) - 1
        if self.index == MOMENT and self.focus is not None and self.seen is not None:
            inner = big_panel(surface, table, self.focus.moment[:1].upper() + self.focus.moment[1:])
            draw_moment(surface, table, hist, self.focus, self.seen, inner,
                        lambda cards, trump: hand_order(cards, table.match.rules, trump))
            self.draw_buttons(surface)
            return
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
        focus = self.focus
        here = focus is not None and focus.at_trick and self.index == focus.trick
        for seat, row in rows:
            draw_text(surface, who(table, seat), row.topleft, lay.font_small, theme.INK,
                      bold=True)
            mine = here and focus is not None and seat == focus.graded.decision.seat
            draw_cards(surface, table, self.sorted(held[seat]),
                       (row.left, row.top + round(lay.font_small * 1.4)), width,
                       chosen_cards(focus.graded.decision.chosen) if mine and focus else (),
                       span=row.width - round(20 * lay.s),
                       best=best_cards(focus.graded) if mine and focus else ())
        area = pygame.Rect(split, inner.top, inner.right - split, inner.height)
        if focus is not None and focus.at_trick and self.index == focus.trick:
            area.height = round(inner.height * 0.42)
            draw_focus(surface, table, focus, pygame.Rect(
                split, area.bottom + round(40 * lay.s), inner.right - split,
                inner.bottom - area.bottom - round(40 * lay.s)))
        self.draw_trick(surface, trick.cards, trick.winner, trick.points, area)
        self.draw_buttons(surface)

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
