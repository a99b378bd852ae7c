"""The score panel at the top left: the hand and the target, each side's score, the bidding
(every seat's bids and passes in order, kept through the play), and the contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import pygame

from game.bots.callmeaning import CallReading, read_auction
from game.rules.cards import Suit
from game.ui import assets, theme
from game.ui.table.labels import DrawnTable, side_initials, side_label, suit_text
from game.ui.widgets import draw_text, elide, panel, tooltip_below

if TYPE_CHECKING:
    from game.rules.view import PlayerView

PASS = "Pass"
# Where the score panel last drew each call, per table, and what pointing at it shows.
CALL_SPOTS: WeakKeyDictionary[DrawnTable, list[tuple[pygame.Rect, str]]] = WeakKeyDictionary()
# Marks a call that shows something under the table's conventions: point at it (or press B)
# to read what.
SIGNAL = "•"


def read_rows(view: PlayerView, first: int
              ) -> list[tuple[int, list[tuple[str, bool, CallReading]]]]:
    """:func:`bidding_rows` with what each call shows under the table's conventions."""
    order = view.rules.seating.order_from(first)
    calls: dict[int, list[tuple[str, bool, CallReading]]] = {seat: [] for seat in order}
    high = max((i for i, (_, amount) in enumerate(view.bids) if amount), default=-1)
    readings = read_auction(view.rules, view.bids, view.dealer)
    for i, ((seat, amount), reading) in enumerate(zip(view.bids, readings, strict=True)):
        calls[seat].append((str(amount) if amount else PASS, i == high, reading))
    return [(seat, calls[seat]) for seat in order]


def fit_calls(calls: list[tuple[str, bool]], size: int, width: int, gap: int
              ) -> list[tuple[str, bool]]:
    """The latest calls that fit in ``width`` pixels, after a "…" when earlier ones are cut
    (the Bids review shows them all)."""
    return [(t, h) for t, h, _ in fit_read(
        [(t, h, None) for t, h in calls], size, width, gap)]


def fit_read(calls: Sequence[tuple[str, bool, CallReading | None]], size: int, width: int,
             gap: int) -> list[tuple[str, bool, CallReading | None]]:
    """:func:`fit_calls`, each call keeping its reading."""
    font = assets.font(size, True)
    out: list[tuple[str, bool, CallReading | None]] = []
    used = 0
    for text, high, reading in reversed(calls):
        w = font.size(text + (SIGNAL if reading is not None and reading.signal else ""))[0] + gap
        if used + w > width - (font.size("…")[0] + gap if len(out) < len(calls) - 1 else 0):
            return [("…", False, None), *out]
        out.insert(0, (text, high, reading))
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
    figures = [f"{scores[side] if side < len(scores) else 0}"
               + (f"  {tallies[side]} {tally_word}" if tallies else "")
               for side in range(rules.n_sides)]
    rooms = [right - x - assets.font(fs, True).size(f)[0] - round(8 * s) for f in figures]
    for name, figure in zip(side_names_in(scene, fs, rooms), figures, strict=True):
        draw_text(surface, name, (x, y), fs, theme.INK)
        draw_text(surface, figure, (right, y), fs, theme.GOLD, bold=True, anchor="topright")
        y += step
    if lay.auction:
        y = draw_bidding(scene, surface, view, pygame.Rect(x, y, right - x, step))
    draw_contract(scene, surface, view, (x, y))


def side_names_in(scene: DrawnTable, size: int, widths: list[int]) -> list[str]:
    """Each side's name as it fits beside its score: all in full, else all by their seats'
    short names (a side of three, "Southwest, North & Southeast", ran under its score at
    six-handed; one side in full above "SW, N & SE" read as two kinds of name), cut where
    even that is too long."""
    font = assets.font(size)
    sides = range(len(widths))
    full = [side_label(scene, side) for side in sides]
    if all(font.size(n)[0] <= w for n, w in zip(full, widths, strict=True)):
        return full
    return [elide(side_initials(scene, side), size, w) for side, w in zip(sides, widths,
                                                                        strict=True)]


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
    hover: list[tuple[pygame.Rect, str]] = []
    for seat, calls in read_rows(view, view.rules.next_seat(view.dealer)):
        acting = view.actor == seat and view.phase.name == "AUCTION"
        draw_text(surface, who(scene, seat), (row.left, y), fs,
                  theme.GOLD if acting else theme.INK_DIM, bold=acting)
        cx = row.left + name_w
        for text, high, reading in fit_read(calls, fs, row.right - cx, gap):
            colour = theme.GOLD if high else (theme.INK_DIM if text == PASS else theme.INK)
            r = draw_text(surface, text, (cx, y), fs, colour, bold=high)
            if reading is not None and reading.signal:
                r = r.union(draw_text(surface, SIGNAL, (r.right, y), fs, theme.SIGNAL))
            if reading is not None:
                hover.append((r, meaning(scene, reading)))
            cx = r.right + gap
        y += row.height
    CALL_SPOTS[scene] = hover
    return y


def signals_so_far(scene: DrawnTable) -> list[str]:
    """Every other seat's call so far that shows something under the table's conventions, as
    the panel reads it ("North: jump to 240 — shows a run"): the bid prompt lists them."""
    view = scene.view
    return [reading.said_by(who(scene, reading.seat))
            for reading in read_auction(view.rules, view.bids, view.dealer)
            if reading.signal and reading.seat != scene.human]


def meaning(scene: DrawnTable, reading: CallReading) -> str:
    """What the pointer shows over a call: "North: jump to 300 — shows a run", and why."""
    return f"{reading.said_by(who(scene, reading.seat))}. {reading.why}"


def draw_call_tooltip(scene: DrawnTable, surface: pygame.Surface) -> None:
    """The meaning of the call under the pointer, below the score panel's row."""
    pos = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    for rect, text in CALL_SPOTS.get(scene, ()):
        if rect.collidepoint(pos):
            lay = scene.layout
            tooltip_below(surface, text, rect, lay.font_small, round(360 * lay.s))
            return


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
