"""The player's answer at a retried decision (issue 40, item 1), chosen as at the table: a card
clicked in the hand; the cards of a pass or a discard clicked, then passed; a bid stepped up or
down; any other choice (trump, the widow, play or concede, a two-handed meld, drawing) from a
button each. Every choice offered is one of the engine's legal actions at the moment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.bots.analysis_words import say
from game.rules.actions import Action, Bid, Discard, Pass, PassCards, PlayCard
from game.rules.cards import Card
from game.rules.view import PlayerView
from game.ui import assets, theme
from game.ui.table.replaypieces import CHOSEN_EDGE
from game.ui.widgets import Button, draw_text, layout_row, record

if TYPE_CHECKING:
    from game.ui.table.labels import DrawnTable

Order = Callable[[Sequence[Card], int], list[Card]]


def mode_of(legal: Sequence[Action]) -> str:
    """How the answer is chosen: "card" (click a card), "cards" (click several, then pass or
    discard), "bid" (step the amount) or "buttons" (one button a choice)."""
    if any(isinstance(a, PlayCard) for a in legal):
        return "card"
    if legal and all(isinstance(a, PassCards | Discard) for a in legal):
        return "cards"
    if any(isinstance(a, Bid) for a in legal):
        return "bid"
    return "buttons"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Picker:
    """Chooses one legal action of ``view``; ``answer`` is called with it."""

    def __init__(self, view: PlayerView, order: Order, answer: Callable[[Action], None]) -> None:
        self.view = view
        self.order = order
        self.answer = answer
        legal = view.legal
        self.mode = mode_of(legal)
        # the cards chosen for a pass or a discard, by their place in the row: the two copies
        # of a card are two cards to click
        self.selected: list[int] = []
        # the hand as drawn, in order (and a two-handed meld's cards on the table after it)
        self.cards: list[tuple[Card, bool, pygame.Rect]] = []
        self.amounts = sorted(a.amount for a in legal if isinstance(a, Bid))
        self.amount = 0  # an index into amounts
        self.buttons: list[Button] = []
        if self.mode == "bid":
            self.down = Button("−", lambda: self.step(-1), hotkey=pygame.K_MINUS)
            self.up = Button("+", lambda: self.step(1), hotkey=pygame.K_EQUALS)
            self.bid = Button("", self._bid, primary=True)
            self.buttons = [self.down, self.bid, self.up]
            if Pass() in legal:
                self.buttons.append(Button("Pass", lambda: self.answer(Pass())))
            self.step(0)
        elif self.mode == "cards":
            verb = "Discard" if isinstance(legal[0], Discard) else "Pass"
            self.size = len(legal[0].cards)  # type: ignore[union-attr]
            self.submit = Button(f"{verb} these", self._cards, primary=True)
            self.buttons = [self.submit]
        else:
            self.buttons = [Button(capital(say(view, a)), self._choose(a)) for a in legal
                            if not isinstance(a, PlayCard)]

    # -- what a click does ---------------------------------------------------------------
    def _choose(self, action: Action) -> Callable[[], None]:
        return lambda: self.answer(action)

    def step(self, by: int) -> None:
        self.amount = max(0, min(len(self.amounts) - 1, self.amount + by))
        self.bid.label = f"Bid {self.amounts[self.amount]}"
        self.down.enabled = self.amount > 0
        self.up.enabled = self.amount < len(self.amounts) - 1

    def _bid(self) -> None:
        self.answer(Bid(self.amounts[self.amount]))

    def matching(self) -> Action | None:
        """The legal pass or discard of exactly the cards selected (None: none is)."""
        chosen = sorted(self.cards[i][0] for i in self.selected if i < len(self.cards))
        for a in self.view.legal:
            if isinstance(a, PassCards | Discard) and sorted(a.cards) == chosen:
                return a
        return None

    def _cards(self) -> None:
        action = self.matching()
        if action is not None:
            self.answer(action)

    def play_of(self, card: Card, from_table: bool = False) -> PlayCard | None:
        """The legal play of ``card`` from the hand, or from the meld on the table (None: the
        rules forbid it now)."""
        return next((a for a in self.view.legal if isinstance(a, PlayCard) and a.card == card
                     and a.from_table == from_table), None)

    def click(self, index: int) -> None:
        """The card at ``index`` of the row clicked."""
        card, from_table, _ = self.cards[index]
        if self.mode == "card":
            play = self.play_of(card, from_table)
            if play is not None:
                self.answer(play)
        elif self.mode == "cards":
            if index in self.selected:
                self.selected.remove(index)
            elif len(self.selected) < self.size:
                self.selected.append(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.mode in ("card", "cards"):
            # the card on top where two overlap: the later one in the row
            for index in reversed(range(len(self.cards))):
                if self.cards[index][2].collidepoint(event.pos):
                    self.click(index)
                    return True
        return False

    # -- layout and drawing --------------------------------------------------------------
    def place(self, table: DrawnTable, area: pygame.Rect) -> None:
        """The buttons in rows across ``area`` from its top, each as wide as its label."""
        lay = table.layout
        s = lay.s
        height, gap = round(40 * s), round(10 * s)
        for b in self.buttons:
            b.font_size = lay.font_small if self.mode == "buttons" else lay.font
        rows: list[list[Button]] = [[]]
        for b in self.buttons:  # fill a row while it fits the area
            trial = [*rows[-1], b]
            layout_row(trial, area.centerx, 0, height, gap, min_width=round(64 * s))
            if rows[-1] and trial[-1].rect.right - trial[0].rect.left > area.width:
                rows.append([b])
            else:
                rows[-1] = trial
        for i, row in enumerate(r for r in rows if r):
            layout_row(row, area.centerx, area.top + i * (height + gap), height, gap,
                       min_width=round(64 * s))
        if self.mode == "cards":
            self.submit.enabled = self.matching() is not None

    def draw_hand(self, surface: pygame.Surface, table: DrawnTable, pos: tuple[int, int],
                  width: int, span: int) -> None:
        """The hand, its cards to click: the ones the rules forbid dimmed, the ones selected
        raised and outlined."""
        four = table.app.settings.four_colour
        view = self.view
        row = [(c, False) for c in self.order(view.hidden_cards, view.trump)]
        if self.mode == "card" and view.tabled:  # two-handed: the meld on the table too
            row += [(c, True) for c in self.order(view.tabled[view.seat], view.trump)]
        x, y = pos
        gap = round(width * 0.62)
        if span and len(row) > 1:
            gap = min(gap, (span - width) // (len(row) - 1))
        lift = round(width * 0.25)
        self.cards = []
        for index, (card, tabled) in enumerate(row):
            img = assets.card_image(str(card), width, four)
            up = index in self.selected
            rect = pygame.Rect(x, y + (0 if up else lift), width, img.get_height())
            surface.blit(img, rect)
            if self.mode == "card" and self.play_of(card, tabled) is None:
                dim = pygame.Surface(rect.size, pygame.SRCALPHA)
                dim.fill((0, 0, 0, 120))
                surface.blit(dim, rect)
            elif up:
                pygame.draw.rect(surface, CHOSEN_EDGE, rect, width=3,
                                 border_radius=max(3, width // 12))
            self.cards.append((card, tabled, rect))
            record("card", rect, str(card) + (" table" if tabled else ""))
            x += gap

    def draw(self, surface: pygame.Surface, table: DrawnTable) -> None:
        lay = table.layout
        if self.mode == "cards":
            self.submit.enabled = self.matching() is not None
            n = len(self.selected)
            note = f"{n} of {self.size} chosen"
            at = self.submit.rect
            draw_text(surface, note, (at.centerx, at.bottom + round(8 * lay.s)),
                      lay.font_small, theme.INK_DIM, anchor="midtop")
        for b in self.buttons:
            b.draw(surface)
