"""The pieces the after-hand screens share (the hands, the replay, the review's moments): their
panel, rows of cards, the auction as it stood, and a reviewed decision's alternatives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.review import Graded
from game.match.reviewread import Row
from game.rules.actions import Action, Discard, LayMeld, PassCards, PlayCard
from game.rules.cards import Card
from game.rules.view import PlayerView
from game.ui import assets, theme
from game.ui.table.infopanel import PASS, SIGNAL, read_rows
from game.ui.widgets import Button, draw_text, elide, layout_row, panel, record, shade, wrap

if TYPE_CHECKING:
    from game.ui.table.labels import DrawnTable


def chosen_cards(action: Action) -> tuple[Card, ...]:
    """The cards a decision moved: passed, discarded, melded or played."""
    if isinstance(action, PassCards | Discard | LayMeld):
        return action.cards
    if isinstance(action, PlayCard):
        return (action.card,)
    return ()


def best_cards(graded: Graded) -> tuple[Card, ...]:
    """The cards to outline as best: every card as good as the best (a card decision), or the
    cards of the one best pass, discard or meld. Two equally good sets of cards are not
    outlined (their union would be read as one choice): the text names each."""
    best = graded.equally_best
    if all(isinstance(o.action, PlayCard) for o in best):
        return tuple(c for o in best for c in chosen_cards(o.action))
    return chosen_cards(best[0].action) if len(best) == 1 else ()


def big_panel(surface: pygame.Surface, table: DrawnTable, title: str) -> pygame.Rect:
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
    outer, inner = panel_rects(table)
    panel(surface, outer)
    draw_text(surface, title, (outer.centerx, outer.top + round(8 * s)), lay.font_big,
              theme.GOLD, bold=True, anchor="midtop")
    return inner


def panel_rects(table: DrawnTable) -> tuple[pygame.Rect, pygame.Rect]:
    """(the big panel, the space in it above its buttons): beside a lesson's coach, the
    panel is narrowed to leave it uncovered, and so is what is laid out in it."""
    lay = table.layout
    s = lay.s
    w, h = lay.size
    margin = round(4 * s)
    outer = clear_of(table, pygame.Rect(margin, lay.bar.bottom + margin, w - 2 * margin,
                                        h - lay.bar.bottom - 2 * margin))
    top = outer.top + round(44 * s)
    return outer, pygame.Rect(outer.left + round(36 * s), top, outer.width - round(72 * s),
                              h - round(98 * s) - top)


def clear_of(table: DrawnTable, rect: pygame.Rect) -> pygame.Rect:
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


CHOSEN_EDGE = (110, 175, 240)  # the player's own choice: a blue edge
GRADE_COLOURS = {"good": theme.GREEN, "inaccuracy": theme.GOLD, "mistake": (240, 150, 70),
                 "blunder": theme.RED}
# The phases of a hand (game.match.phases), one colour each wherever they are charted.
PHASE_COLOURS = {"auction": (235, 190, 90), "exchange": (120, 190, 240),
                 "meld and draws": (200, 150, 235), "play": (130, 210, 140)}


def draw_cards(surface: pygame.Surface, table: DrawnTable, cards: Sequence[Card],
               pos: tuple[int, int], width: int, marked: Sequence[Card] = (),
               span: int = 0, best: Sequence[Card] = ()) -> int:
    """A row of face-up cards from ``pos``, spread over at most ``span`` pixels; cards in
    ``marked`` get a blue edge, and cards in ``best`` (every card as good as the best, in the
    review) a gold outline around the card. Returns the x after the row."""
    four = table.app.settings.four_colour
    x, y = pos
    gap = round(width * 0.62)
    if span and len(cards) > 1:
        gap = min(gap, (span - width) // (len(cards) - 1))
    left, gold = list(marked), list(best)
    radius = max(3, width // 12)
    for card in cards:
        img = assets.card_image(str(card), width, four)
        surface.blit(img, (x, y))
        rect = pygame.Rect(x, y, width, img.get_height())
        if card in gold:
            gold.remove(card)
            pygame.draw.rect(surface, theme.GOLD, rect, width=max(3, width // 16),
                             border_radius=radius)
            record("best card", rect, str(card))
        if card in left:
            left.remove(card)
            inner = rect.inflate(-6, -6) if card in best else rect
            pygame.draw.rect(surface, CHOSEN_EDGE, inner, width=3, border_radius=radius)
        x += gap
    return x + (width - gap if cards else 0)


def who(table: DrawnTable, seat: int) -> str:
    return "You" if seat == table.human else table.match.rules.seating.name(seat)


def draw_auction(surface: pygame.Surface, table: DrawnTable, view: PlayerView,
                 inner: pygame.Rect, size: int = 0, turn: int = -1) -> int:
    """The auction as ``view`` has it: a column per seat in bidding order, a row per round,
    what a call shows under it; ``turn``: the seat about to call, marked "?" in gold (the
    review's moment of a bid). Returns the bottom of the columns."""
    lay = table.layout
    s = lay.s
    size = size or lay.font
    small = min(lay.font_small, size)
    rows = read_rows(view, view.rules.next_seat(view.dealer))
    col_w = min(round(200 * s), inner.width // max(1, len(rows)))
    left = inner.centerx - col_w * len(rows) // 2
    y0 = inner.top + round(20 * s * size / lay.font)
    bottom = y0
    for i, (seat, calls) in enumerate(rows):
        x = left + i * col_w + col_w // 2
        draw_text(surface, who(table, seat), (x, y0), size, theme.INK, bold=True,
                  anchor="midtop")
        y = y0 + round(size * 2.1)
        for text, high, reading in calls:
            colour = theme.GOLD if high else (theme.INK_DIM if text == PASS else theme.INK)
            label = reading.label if reading.amount else text
            y = draw_text(surface, label, (x, y), size, colour, bold=high,
                          anchor="midtop").bottom + round(4 * s)
            # What the call shows, under it, in the table's convention's words.
            for line in wrap(f"{SIGNAL} {reading.shows}", small,
                             col_w - round(12 * s)) if reading.signal else ():
                y = draw_text(surface, line, (x, y), small, theme.SIGNAL,
                              anchor="midtop").bottom
            y += round(6 * s) if reading.signal else 0
        if seat == turn:
            y = draw_text(surface, "?", (x, y), size, theme.GOLD, bold=True,
                          anchor="midtop").bottom
        bottom = max(bottom, y)
    if not view.bids and turn < 0:
        draw_text(surface, "No bids yet.", inner.center, size, theme.INK_DIM, anchor="center")
    if view.bidder >= 0:
        trump = f", trump {view.trump_suit.symbol} {view.trump_suit.name.title()}" \
            if view.trump_suit is not None else ""
        draw_text(surface, f"{who(table, view.bidder)} bid {view.bid}{trump}",
                  (inner.centerx, inner.bottom - round(30 * s)), size, theme.GOLD,
                  bold=True, anchor="midtop")
    return bottom


def draw_focus(surface: pygame.Surface, table: DrawnTable, focus: Row, area: pygame.Rect,
               reason_lines: int = 0, cards_shown: bool = True) -> None:
    """The reviewed decision: what was chosen, the alternatives with their expected scores
    (as many as fit, the player's always among them), and the expert's reason in words.
    ``cards_shown``: the cards are drawn beside it, outlined (the legend says how)."""
    lay = table.layout
    g = focus.graded
    size = lay.font_small
    step = round(size * 1.35)
    width = area.width - round(10 * lay.s)
    mine = g.chosen
    heading = (f"{focus.moment[:1].upper()}{focus.moment[1:]}: you chose {mine.text}, {g.grade}"
               + (f", {g.lost:.0f} points lost" if g.lost >= 0.5 else ""))
    y = area.top
    # Whole sentences, wrapped: a narrow panel (beside a lesson's coach) fits fewer
    # alternatives, never half a heading or half the reason (``reason_lines``: 0, all).
    for line in wrap(heading, size, width, bold=True):
        draw_text(surface, line, (area.left, y), size, theme.GOLD, bold=True)
        y += step
    reason = wrap(g.decision.reason + ".", size, width)
    reason = reason[:reason_lines] if reason_lines else reason
    draw_text(surface, "Expected score of each choice:", (area.left, y), size, theme.INK_DIM)
    y += step
    legend: list[str] = []
    outlined = best_cards(g)
    if outlined and cards_shown:
        many = len(outlined) > 1 and all(isinstance(o.action, PlayCard)
                                         for o in g.equally_best)
        legend = wrap(("Outlined in gold: every card as good as the best" if many else
                       "Outlined in gold: the best") + "; edged in blue: yours.", size, width)
    options = g.decision.options
    room = max(2, (area.bottom - y) // step - len(reason) - len(legend) - 2)
    shown = list(options[:room])
    if mine not in shown:
        shown[-1] = mine
    for o in shown:
        # Every option within the tie of the best is best: none is preferred for a gap the
        # analysis cannot tell apart (docs/review.md, "Equally good actions").
        best = g.is_best(o)
        tag = (" (best, yours)" if best and o is mine else " (best)" if best else
               " (yours)" if o is mine else "")
        colour = theme.GOLD if best else theme.INK if o is mine else theme.INK_DIM
        draw_text(surface, elide(f"{o.text}{tag}: {o.value:+.0f}", size, width),
                  (area.left + round(12 * lay.s), y), size, colour)
        y += step
    if len(options) > len(shown):
        draw_text(surface, f"... and {len(options) - len(shown)} more",
                  (area.left + round(12 * lay.s), y), size, theme.INK_DIM)
    y += step
    for line in legend:
        draw_text(surface, line, (area.left, y), size, theme.INK_DIM)
        y += step
    for line in reason:
        draw_text(surface, line, (area.left, y), size, theme.INK)
        y += step


def foot(buttons: list[Button], table: DrawnTable, size: tuple[int, int]) -> None:
    """The big panel's buttons in a row at its foot, under its middle (beside a lesson's coach,
    narrower where the row would not fit the panel)."""
    lay = table.layout
    s = lay.s
    outer = panel_rects(table)[0]
    for b in buttons:
        b.font_size = lay.font
    gap, width = round(12 * s), round(140 * s)
    layout_row(buttons, outer.centerx, size[1] - round(60 * s), round(42 * s), gap,
               min_width=width)
    if buttons and buttons[-1].rect.right - buttons[0].rect.left > outer.width - 2 * gap:
        for b in buttons:
            b.font_size = lay.font_small
        layout_row(buttons, outer.centerx, size[1] - round(56 * s), round(36 * s),
                   round(8 * s), min_width=round(60 * s), pad=round(12 * s))
