"""The review's page for a decision made outside a trick (issue 28: "Clicking one opens the
replay at that moment"): what the player saw when deciding, from their own seat, beside the
alternatives with their expected scores and the expert's reason.

- a bid: the auction as it stood, the player's turn marked, and the hand;
- a pass or pass-back: the contract, what the partner had passed, and the hand with the cards
  passed edged in blue;
- trump, play or concede: the contract, the meld, the hand;
- the widow and the discard: the widow, the hand, the discards edged;
- a two-handed meld or draw: the trick just won, the stock and turn-up, the cards already on
  the table, the hand with the meld laid edged.

Every figure is the engine's (the view's bids, contract, meld and stock), never typed here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.match.history import HandHistory
from game.match.reviewread import Row
from game.rules.actions import Action, Bid, LayMeld
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import PlayerView
from game.ui import theme
from game.ui.table.replaypieces import (
    best_cards,
    card_width,
    chosen_cards,
    draw_auction,
    draw_cards,
    draw_focus,
    who,
)
from game.ui.widgets import draw_text, elide

if TYPE_CHECKING:
    from game.ui.table.labels import DrawnTable

Order = Callable[[Sequence[Card], int], list[Card]]  # (cards, trump) -> in the hand's order


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def contract_line(table: DrawnTable, view: PlayerView) -> str:
    """"North won the auction at 300, trump ♠ Spades" from the view, or nothing yet."""
    if view.bidder < 0:
        return ""
    won = "You won" if view.bidder == table.human else f"{who(table, view.bidder)} won"
    trump = view.trump_suit
    named = f", trump {trump.symbol} {trump.name.title()}" if trump is not None else ""
    return f"{won} the auction at {view.bid}{named}."


def auction_lines(table: DrawnTable, view: PlayerView) -> list[str]:
    """The high bid when the player called, and the lowest bid the engine allowed."""
    out = []
    bids = [a.amount for a in view.legal if isinstance(a, Bid)]
    if view.high_bidder >= 0:
        out.append(f"High bid so far: {view.high_bid} by {who(table, view.high_bidder)}.")
    elif bids:
        out.append("No bid yet when you called.")
    if bids:
        out.append(f"You could bid {min(bids)} or more, or pass.")
    return out


def pass_lines(table: DrawnTable, history: HandHistory, seat: int, phase: Phase,
               moved: Sequence[Card]) -> list[str]:
    """What the partner had passed (a pass back), and where the player's cards went."""
    out = []
    if phase == Phase.PASS_BACK:
        got = [p for p in history.passes if p.target == seat]
        if got:
            out.append(f"Received from {who(table, got[0].source)}: {cards_text(got[0].cards)}")
    if moved:
        to = next((p.target for p in history.passes if p.source == seat
                   and sorted(p.cards) == sorted(moved)), -1)
        target = f" to {who(table, to)}" if to >= 0 else ""
        out.append(f"You passed{target}: {cards_text(moved)} (edged in blue)")
    return out


def stock_lines(view: PlayerView, seat: int, chosen: Action) -> list[str]:
    """Two-handed: the stock and turn-up, the meld already on the table, the meld laid."""
    out = []
    if view.turnup is not None:
        cards = "card" if view.stock_size == 1 else "cards"
        out.append(f"Stock: {view.stock_size} {cards}; trump turn-up {view.turnup.pretty}.")
    tabled = view.tabled[seat] if view.tabled else ()
    if tabled:
        out.append(f"Your meld on the table: {cards_text(tabled)}")
    if isinstance(chosen, LayMeld):
        out.append(f"You laid: {cards_text(chosen.cards)} (edged in blue)")
    return out


def context_lines(table: DrawnTable, history: HandHistory, row: Row,
                  view: PlayerView) -> list[str]:
    """The moment in words, under what is drawn."""
    seat = row.graded.decision.seat
    chosen = row.graded.decision.chosen
    moved = chosen_cards(chosen)
    out = [line for line in (contract_line(table, view),) if line]
    phase = view.phase
    if phase == Phase.AUCTION:
        out += auction_lines(table, view)
    if phase in (Phase.PASS, Phase.PASS_BACK):
        out += pass_lines(table, history, seat, phase, moved)
    if phase == Phase.DISCARD and moved:
        out.append(f"You discarded: {cards_text(moved)} (edged in blue)")
    if phase == Phase.DECIDE and view.side_meld:
        mine = view.rules.side_of(seat)
        names = {side: "yours" if side == mine else
                 " & ".join(who(table, s) for s in view.rules.seats_of(side))
                 for side in range(len(view.side_meld))}
        meld = ", ".join(f"{names[side]} {points}"
                         for side, points in enumerate(view.side_meld))
        out.append(f"Meld shown: {meld}.")
    if phase == Phase.MELD_TURN or view.rules.stock.enabled:
        out += stock_lines(view, seat, chosen)
    return out


def draw_moment(surface: pygame.Surface, table: DrawnTable, history: HandHistory, row: Row,
                view: PlayerView, inner: pygame.Rect, order: Order) -> None:
    """The decision's moment over ``inner``: what was seen on the left, the alternatives and
    the reason on the right."""
    s = table.layout.s
    gap = round(24 * s)
    split = inner.left + round(inner.width * 0.58)
    left = pygame.Rect(inner.left, inner.top, split - inner.left - gap, inner.height)
    draw_focus(surface, table, row, pygame.Rect(split, inner.top, inner.right - split,
                                                inner.height), reason_lines=5)
    draw_seen(surface, table, history, row, view, left, order)


def draw_seen(surface: pygame.Surface, table: DrawnTable, history: HandHistory, row: Row,
              view: PlayerView, left: pygame.Rect, order: Order,
              hand: bool = True) -> pygame.Rect:
    """What the player saw at the decision, over ``left``: the auction, the widow, the cards
    received or the trick so far, the moment in words, and the hand at the foot (``hand``:
    drawn, with the cards moved edged; else left for the caller: Retry's hand is the choice).
    Returns the hand's space, its label at the top."""
    lay = table.layout
    s = lay.s
    seat = row.graded.decision.seat
    size = lay.font_small
    step = round(size * 1.4)
    lines = context_lines(table, history, row, view)
    hand_h = round(left.height * 0.34)
    hand_top = left.bottom - hand_h
    words_top = hand_top - step * len(lines) - round(8 * s)
    y = left.top
    phase = view.phase
    if phase == Phase.AUCTION:
        draw_auction(surface, table, view, pygame.Rect(left.left, y, left.width,
                                                       words_top - y), size, turn=seat)
    else:
        shown: Sequence[Card] = ()
        label = ""
        if history.widow and phase in (Phase.WIDOW, Phase.DISCARD, Phase.TRUMP):
            shown = history.widow if view.widow is not None or phase == Phase.DISCARD else ()
            label = "The widow" if shown else f"The widow: {len(history.widow)} cards, face down"
        elif phase == Phase.PASS_BACK and (got := [p for p in history.passes
                                                  if p.target == seat]):
            shown = got[0].cards
            label = f"Received from {who(table, got[0].source)}"
        elif phase == Phase.MELD_TURN and 0 <= row.trick < len(history.tricks):
            trick = history.tricks[row.trick]  # the trick just won
            shown = [c for _, c in trick.cards]
            label = f"Trick {row.trick + 1}: {who(table, trick.winner)} won it, +{trick.points}"
        elif view.trick:  # a decision during a trick: the trick so far
            shown = [c for _, c in view.trick]
            label = f"Trick {len(view.tricks) + 1} so far"
        elif phase == Phase.TRICKS:
            label = f"You lead to trick {len(view.tricks) + 1}"
        if label:
            draw_text(surface, elide(label, size, left.width), (left.left, y), size, theme.INK,
                      bold=True)
        if shown:
            width = card_width(table, pygame.Rect(0, 0, 0, round((words_top - y) * 0.8)))
            draw_cards(surface, table, shown, (left.left, y + step), min(width, lay.card_w),
                       span=left.width)
    y = words_top
    for line in lines:
        draw_text(surface, elide(line, size, left.width), (left.left, y), size, theme.INK)
        y += step
    draw_text(surface, "Your hand" if seat == table.human else f"{who(table, seat)}'s hand",
              (left.left, hand_top), size, theme.INK, bold=True)
    area = pygame.Rect(left.left, hand_top, left.width, hand_h)
    if hand:
        draw_cards(surface, table, order(view.cards, view.trump), (left.left, hand_top + step),
                   hand_card_width(table, area), chosen_cards(row.graded.decision.chosen),
                   span=left.width, best=best_cards(row.graded))
    return area


def hand_card_width(table: DrawnTable, area: pygame.Rect) -> int:
    """The hand's cards in :func:`draw_seen`'s hand space."""
    return card_width(table, pygame.Rect(0, 0, 0, area.height))
