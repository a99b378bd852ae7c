"""The score panel at the top left: the hand and the target, each side's score, the bidding
(every seat's bids and passes in order, kept through the play), and the contract."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Suit
from game.ui import assets, theme
from game.ui.table.labels import DrawnTable, side_label, suit_text
from game.ui.widgets import draw_text, panel

if TYPE_CHECKING:
    from game.rules.view import PlayerView

PASS = "Pass"


def bidding_rows(view: PlayerView, first: int) -> list[tuple[int, list[tuple[str, bool]]]]:
    """Per seat, in bidding order from ``first``: its calls in order, each with whether it is
    the standing high bid. Every number is a bid the engine recorded."""
    order = view.rules.seating.order_from(first)
    calls: dict[int, list[tuple[str, bool]]] = {seat: [] for seat in order}
    high = max((i for i, (_, amount) in enumerate(view.bids) if amount), default=-1)
    for i, (seat, amount) in enumerate(view.bids):
        calls[seat].append((str(amount) if amount else PASS, i == high))
    return [(seat, calls[seat]) for seat in order]


def fit_calls(calls: list[tuple[str, bool]], size: int, width: int, gap: int
              ) -> list[tuple[str, bool]]:
    """The latest calls that fit in ``width`` pixels, after a "…" when earlier ones are cut
    (the Bids review shows them all)."""
    font = assets.font(size, True)
    out: list[tuple[str, bool]] = []
    used = 0
    for text, high in reversed(calls):
        w = font.size(text)[0] + gap
        if used + w > width - (font.size("…")[0] + gap if len(out) < len(calls) - 1 else 0):
            return [("…", False), *out]
        out.insert(0, (text, high))
        used += w
    return out


def who(scene: DrawnTable, seat: int) -> str:
    return "You" if seat == scene.human else scene.match.rules.seating.name(seat)


def draw_info(scene: DrawnTable, surface: pygame.Surface) -> None:
    lay = scene.layout
    rules = scene.match.rules
    view = scene.board
    rect = lay.info
    panel(surface, rect)
    s = lay.s
    x, y = rect.left + round(12 * s), rect.top + round(10 * s)
    right = rect.right - round(12 * s)
    fs, step = lay.font_small, lay.info_step
    target = f"to {view.target}" if rules.scoring.game == "score" else (
        f"{rules.scoring.hands} hands" if rules.scoring.game == "hands" else "one deal")
    draw_text(surface, f"Hand {view.hand_no + 1} · {target}", (x, y), fs, theme.INK_DIM)
    y += step
    tallies = view.tallies
    tally_word = "★" if rules.scoring.stars else ("checks" if rules.scoring.checks else "")
    # Two-handed: the meld laid this deal counts at once (the engine's running score).
    scores = view.running or view.scores
    for side in range(rules.n_sides):
        draw_text(surface, side_label(scene, side), (x, y), fs, theme.INK)
        score = scores[side] if side < len(scores) else 0
        extra = f"  {tallies[side]} {tally_word}" if tallies else ""
        draw_text(surface, f"{score}{extra}", (right, y), fs, theme.GOLD, bold=True,
                  anchor="topright")
        y += step
    if lay.auction:
        y = draw_bidding(scene, surface, view, pygame.Rect(x, y, right - x, step))
    draw_contract(scene, surface, view, (x, y))


def draw_bidding(scene: DrawnTable, surface: pygame.Surface, view: PlayerView,
                 row: pygame.Rect) -> int:
    """One row per seat: its name, then its bids and passes in order. Returns the y below."""
    lay = scene.layout
    fs = lay.font_small
    pygame.draw.line(surface, theme.PANEL_EDGE, (row.left, row.top + 2),
                     (row.right, row.top + 2), 1)
    y = row.top + round(4 * lay.s)
    name_w = max(assets.font(fs).size(who(scene, seat))[0]
                 for seat in range(view.rules.players)) + round(10 * lay.s)
    gap = round(8 * lay.s)
    for seat, calls in bidding_rows(view, view.rules.next_seat(view.dealer)):
        acting = view.actor == seat and view.phase.name == "AUCTION"
        draw_text(surface, who(scene, seat), (row.left, y), fs,
                  theme.GOLD if acting else theme.INK_DIM, bold=acting)
        cx = row.left + name_w
        for text, high in fit_calls(calls, fs, row.right - cx, gap):
            colour = theme.GOLD if high else (theme.INK_DIM if text == PASS else theme.INK)
            r = draw_text(surface, text, (cx, y), fs, colour, bold=high)
            cx = r.right + gap
        y += row.height
    return y


def draw_contract(scene: DrawnTable, surface: pygame.Surface, view: PlayerView,
                  pos: tuple[int, int]) -> None:
    """"North bid 280 ♥ Hearts" once the bid is won (two-handed: the trump alone)."""
    lay = scene.layout
    fs = lay.font_small
    x, y = pos
    bold = assets.font(fs, True)
    room = lay.info.right - round(10 * lay.s) - x
    symbol, colour = suit_text(view.trump, scene.app.settings.four_colour) if (
        view.trump >= 0) else ("", theme.INK)
    # One wording at every window size (a "Contract:" label fitted at 1024 but not at 1280);
    # only a name too long for the panel gives up the trump's name for its symbol.
    suits = [f"{symbol} {Suit(view.trump).name.title()}", symbol] if symbol else [""]
    head = f"{who(scene, view.bidder)} bid {view.bid}" if view.bidder >= 0 else "Trump:"
    gap = round(8 * lay.s)
    suit = next((t for t in suits if bold.size(head)[0] + gap + bold.size(t)[0] <= room),
                suits[-1])
    if view.bidder >= 0 or symbol:
        x = draw_text(surface, head, (x, y), fs, theme.INK, bold=view.bidder >= 0).right + gap
    if symbol:
        draw_text(surface, suit, (x, y), fs, colour, bold=True)
