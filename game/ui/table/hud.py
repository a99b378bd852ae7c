"""Drawing the table around the cards: felt, top bar, score panel, seat labels, bubbles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from game.match.controller import Match
from game.rules.cards import Suit
from game.rules.game_end import side_name
from game.rules.meld import Meld
from game.rules.phase import Phase
from game.rules.seats import seat_name
from game.rules.view import PlayerView
from game.ui import theme
from game.ui.scene import AppContext
from game.ui.table.layout import Layout
from game.ui.table.model import TableModel
from game.ui.widgets import bubble, draw_text, elide, panel


class TableScene(Protocol):
    """What the drawing helpers read from the table scene (it never needs the scene itself)."""

    app: AppContext
    match: Match
    human: int
    layout: Layout
    view: PlayerView
    model: TableModel

    def human_name(self, seat: int) -> str: ...


def side_label(scene: TableScene, side: int) -> str:
    """A side's name as the table shows it everywhere: the player's own seat is "You"."""
    rules = scene.match.rules
    return side_name(rules, side).replace(seat_name(scene.human, rules.players), "You")


def suit_text(suit: int, four: bool) -> tuple[str, tuple[int, int, int]]:
    symbol = Suit(suit).symbol
    colours = theme.SUIT_ON_FELT_4 if four else theme.SUIT_ON_FELT
    return symbol, colours[symbol]


def seat_title(scene: TableScene, seat: int) -> str:
    rules = scene.match.rules
    name = "You" if seat == scene.human else seat_name(seat, rules.players)
    level = scene.match.seats[seat]
    return name if level in ("human", "script") else f"{name} ({level})"


def draw_info(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    rules = scene.match.rules
    view = scene.view
    rect = lay.info
    panel(surface, rect)
    s = lay.s
    x, y = rect.left + round(12 * s), rect.top + round(10 * s)
    fs = lay.font_small
    step = round(fs * 1.45)
    target = f"to {view.target}" if rules.scoring.game == "score" else (
        f"{rules.scoring.hands} hands" if rules.scoring.game == "hands" else "one deal")
    draw_text(surface, f"Hand {view.hand_no + 1} · {target}", (x, y), fs, theme.INK_DIM)
    y += step
    tallies = view.tallies
    tally_word = "★" if rules.scoring.stars else ("checks" if rules.scoring.checks else "")
    for side in range(rules.n_sides):
        label = side_label(scene, side)
        score = view.scores[side] if side < len(view.scores) else 0
        draw_text(surface, label, (x, y), fs, theme.INK)
        extra = f"  {tallies[side]} {tally_word}" if tallies else ""
        draw_text(surface, f"{score}{extra}", (rect.right - round(12 * s), y), fs, theme.GOLD,
                  bold=True, anchor="topright")
        y += step
    y += round(4 * s)
    if view.bidder >= 0:
        who = "You" if view.bidder == scene.human else seat_name(view.bidder, rules.players)
        draw_text(surface, f"Bid: {who} {view.bid}", (x, y), fs, theme.INK)
        y += step
    if view.trump >= 0:
        symbol, colour = suit_text(view.trump, scene.app.settings.four_colour)
        r = draw_text(surface, "Trump:", (x, y), fs, theme.INK)
        draw_text(surface, f"{symbol} {Suit(view.trump).name.title()}", (r.right + 6, y), fs,
                  colour, bold=True)


def draw_seats(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    view = scene.view
    for seat in range(scene.match.rules.players):
        x, y, anchor = lay.label_pos(seat)
        acting = view.actor == seat and view.phase not in (Phase.DEAL, Phase.GAME_OVER)
        colour = theme.GOLD if acting else theme.INK
        title = seat_title(scene, seat)
        surf_rect = draw_text(surface, title, (x, y), lay.font, colour, bold=acting, anchor=anchor)
        if acting:
            pygame.draw.rect(surface, theme.GOLD, surf_rect.inflate(10, 6), width=2,
                             border_radius=6)
        if view.dealer == seat:
            r = max(8, round(lay.font * 0.62))
            cx = surf_rect.right + r + round(10 * lay.s) if anchor != "midright" else \
                surf_rect.left - r - round(10 * lay.s)
            centre = (cx, surf_rect.centery)
            pygame.draw.circle(surface, (250, 246, 232), centre, r)
            pygame.draw.circle(surface, theme.GOLD, centre, r, width=2)
            draw_text(surface, "D", centre, lay.font_small, (40, 40, 40), bold=True,
                      anchor="center")
    for seat, pile in enumerate(scene.model.piles):
        if pile and view.won:
            x, y, _ = lay.pile_slot(seat)
            n = view.won[seat] if seat < len(view.won) else 0
            if n:
                draw_text(surface, f"{n} trick{'s' if n != 1 else ''}",
                          (x, y + lay.small_w * 0.55 + 4), lay.font_small, theme.INK_DIM,
                          anchor="midtop")
    for seat, text in scene.model.bubbles.items():
        bubble(surface, text, lay.bubble_pos(seat), lay.font)


def draw_laid(scene: TableScene, surface: pygame.Surface) -> None:
    """Two-handed: each player's melds so far, with points, beside their cards on the table."""
    view = scene.view
    if not view.laid:
        return
    lay = scene.layout
    for seat, melds in enumerate(view.laid):
        if not melds:
            continue
        slots = lay.tabled_slots(seat, max(1, len(scene.model.tabled[seat])))
        x = slots[0][0] - lay.card_w * 0.39
        y = slots[0][1] + (lay.card_h * 0.78 / 2 + 6 if lay.position(seat) == "south"
                           else -lay.card_h * 0.78 / 2 - 6)
        total = view.meld_points[seat] if view.meld_points else 0
        text = elide(f"Meld {total}: {laid_legend(melds)}", lay.font_small,
                     int(lay.size[0] - x - 8))
        anchor = "topleft" if lay.position(seat) == "south" else "bottomleft"
        draw_text(surface, text, (x, y), lay.font_small, theme.GOLD, anchor=anchor)


def laid_legend(melds: Sequence[Meld]) -> str:
    """"Marriage 20 ×2 · 40 jacks": repeats counted, and no points after a name that
    already starts with them."""
    counts: dict[tuple[str, int], int] = {}
    for m in melds:
        counts[(m.name, m.points)] = counts.get((m.name, m.points), 0) + 1
    parts = []
    for (name, points), n in counts.items():
        label = name if name.startswith(str(points)) else f"{name} {points}"
        parts.append(label + (f" ×{n}" if n > 1 else ""))
    return " · ".join(parts)


def draw_status(scene: TableScene, surface: pygame.Surface, text: str,
                colour: tuple[int, ...] = theme.INK) -> None:
    if not text:
        return
    lay = scene.layout
    rect = lay.status
    panel(surface, rect, (10, 30, 22, 190), 10, None)
    draw_text(surface, text, rect.center, lay.font, colour, anchor="center")
