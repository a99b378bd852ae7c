"""Drawing the table around the cards: felt, top bar, score panel, seat labels, bubbles."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.rules.meld import Meld
from game.rules.phase import Phase
from game.ui import assets, theme
from game.ui.table import meldtable
from game.ui.table.infopanel import SIGNAL, draw_call_tooltip, draw_info, read_rows
from game.ui.table.labels import DrawnTable, chair_title, seat_title, side_label, suit_text
from game.ui.widgets import bubble, draw_text, elide, panel, wrap

__all__ = ["DrawnTable", "draw_call_tooltip", "draw_info", "seat_title", "side_label",
           "suit_text"]


def draw_seats(scene: DrawnTable, surface: pygame.Surface) -> None:
    lay = scene.layout
    view = scene.board
    held = view is not scene.view  # a hand's end, before its result is shown
    for seat in range(scene.match.rules.players):
        x, y, anchor = lay.label_pos(seat)
        acting = view.actor == seat and view.phase not in (Phase.DEAL, Phase.GAME_OVER) \
            and not held
        colour = theme.GOLD if acting else theme.INK
        title = chair_title(scene, seat)
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
    for side, pile in enumerate(scene.model.tricks.piles):
        text = pile_label(scene, side)
        if pile and text:
            for line, pos in pile_label_lines(scene, side, text):
                draw_text(surface, line, pos, lay.font_small, theme.INK_DIM)
    # The meld on the table takes the seats' fronts; the trump bubble has said its piece.
    bubbles = {} if meldtable.showing(scene) else scene.model.talk.bubbles
    said = bubble_words(scene) if bubbles else {}
    for seat, text in bubbles.items():
        words = said.get((seat, text), text)
        bubble(surface, words, clear_of(scene, words, lay.bubble_pos(seat), seat), lay.font)


def clear_of(scene: DrawnTable, words: str, pos: tuple[float, float], seat: int,
             size: int | None = None) -> tuple[float, float]:
    """A bubble's centre (its words in ``size``, the table's font by default) moved out from
    under what the table keeps clear (the coach's panel sat over East's bids, and over the end
    of a claim's banner): to the side of it toward the seat when there is room, else the other
    side, else just below it."""
    lay = scene.layout
    size = size or lay.font
    w = assets.font(size, True).size(words)[0] + size
    h = size * 1.6
    x, y = pos
    for rect in scene.keep_clear():
        if not rect.colliderect(pygame.Rect(x - w / 2, y - h / 2, w, h)):
            continue
        margin = 6 * lay.s
        right, left = rect.right + margin + w / 2, rect.left - margin - w / 2
        sides = [right, left] if lay.label_pos(seat)[0] >= rect.centerx else [left, right]
        room = [c for c in sides if w / 2 <= c <= lay.size[0] - w / 2]
        if room:
            x = room[0]
        else:
            y = rect.bottom + margin + h / 2
    return x, y


def bubble_words(scene: DrawnTable) -> dict[tuple[int, str], str]:
    """A seat's latest call as the auction panel says it ("jump to 240 •"), keyed by the
    model's bubble ("240"), which may lag the engine while the bids animate."""
    view = scene.view
    out: dict[tuple[int, str], str] = {}
    for seat, calls in read_rows(view, view.rules.next_seat(view.dealer)):
        if calls:
            text, _, reading = calls[-1]
            out[(seat, text)] = reading.label + (f" {SIGNAL}" if reading.signal else "")
    return out


def pile_label(scene: DrawnTable, side: int) -> str:
    """"West & East\n3 tricks · 40 pts": whose pile, the tricks it holds and their counters,
    from the engine. At a hand's end, before the result is shown, the points the result gives
    for them."""
    rules = scene.match.rules
    # A side of three by name ("You, Northwest & Northeast") runs under the player's hand.
    ours = scene.human in rules.seating.seats_of(side) and rules.seating.side_size > 2
    owner = "Your side" if ours else side_label(scene, side)
    # A trick still on show, or on its way, joins the count when it lands on the pile.
    coming = [t for t in scene.model.tricks.sweeping
              if not t.claim and rules.side_of(t.winner) == side]
    won = scene.model.tricks.side_tricks[side] - len(coming)
    tricks = f"{won} trick{'s' if won != 1 else ''}"
    # The bidder's discards lie in its pile and count as its tricks; what they are worth stays
    # the bidder's secret until the hand is scored.
    bidder = scene.board.bidder
    discards = bool(rules.widow.size) and bidder >= 0 and rules.side_of(bidder) == side
    plus = " + discards" if discards else ""
    result = scene.model.result
    # At the game's end the piles are the last hand's, scored: the view's counters are not
    # that hand's (six-handed: "Your side 13 tricks · 42 pts" over a result of 48, the other
    # pile 27, in a hand of 75).
    over = scene.board.phase == Phase.GAME_OVER
    if (scene.board is not scene.view or over) and result is not None:
        taken = next((sd.tricks for sd in result.sides if sd.side == side), 0)
        return f"{owner}\n{tricks}{plus} · {taken} pts"
    if won <= 0:  # "You discards" read as a sentence: whose, then what
        return possessive(owner) + " discards" if discards else ""
    # The pile's seats as the table's sides make them (a seat each at five-handed), not the
    # hand's sides (bidder and partner against the rest), which ``side_taken`` reads: there
    # a defender's pile read "1 trick · -3 pts".
    board = scene.board
    held = sum(board.taken[s] for s in rules.seating.seats_of(side)) if board.taken else 0
    taken = held - sum(t.points for t in coming)
    return f"{owner}\n{tricks} · {taken} pts{plus}"


def possessive(name: str) -> str:
    """"Your", "East's", "West & East's"."""
    return "Your" if name == "You" else f"{name}'s"


def pile_label_lines(scene: DrawnTable, side: int, text: str
                     ) -> list[tuple[str, tuple[int, int]]]:
    """Each line of a pile's label with its top left: centred under the pile, kept inside the
    window, clear of the player's hand beside their own pile and clear of the score panel
    beside a pile at the left end of the top edge (five-handed: Northwest's "1 trick · 3 pts
    + discards" ran over the panel's right edge). A line that would run under what the table
    keeps clear (a lesson's coach, beside the pile in the corner) breaks at its " · "."""
    lay = scene.layout
    seat = scene.model.tricks.pile_seat(side)
    x, y, angle = lay.pile_slot(seat)
    half = (lay.small_w if angle % 180 else lay.small_h) / 2
    font = assets.font(lay.font_small)
    margin = round(8 * lay.s)
    low = lay.hand_box(seat).right + margin if seat == scene.human else margin
    top, step = round(y + half + 4 * lay.s), font.get_linesize()
    clear = scene.keep_clear()

    def left_of(line: str, row: int) -> int:
        width = font.size(line)[0]
        least = low
        if top + row * step < lay.info.bottom and top + (row + 1) * step > lay.info.top:
            least = max(low, lay.info.right + margin)  # a line level with the score panel
        return min(max(least, round(x - width / 2)), lay.size[0] - margin - width)

    # Where chairs share the top, a line as wide as the gap the names keep at most (the right
    # chair's pile lies between the two hands; five-handed: "0 tricks + discards · 0 pts"
    # ran over both names).
    widest = lay.pile_label_width if lay.shares_top(seat) else lay.size[0]
    lines: list[str] = []
    for line in text.split("\n"):
        row = len(lines)
        rect = pygame.Rect(left_of(line, row), top + row * step, font.size(line)[0], step)
        if " · " in line and (any(rect.colliderect(r) for r in clear)
                              or rect.width > widest):
            parts = line.split(" · ")
        else:
            parts = [line]
        for part in parts:
            wide = font.size(part)[0] > widest and " + " in part
            lines += part.replace(" + ", "\n+ ").split("\n") if wide else [part]
    return [(line, (left_of(line, i), top + i * step)) for i, line in enumerate(lines)]


def draw_shown_trick(scene: DrawnTable, surface: pygame.Surface) -> None:
    """A completed trick on show: the winning card ringed in gold, its counters beside it; or
    a claim, named."""
    shown = scene.model.tricks.shown
    if shown is None or not shown.lit:
        return
    lay = scene.layout
    if shown.claim:
        verb = "claim" if shown.winner == scene.human else "claims"
        tricks = "the last trick" if shown.tricks == 1 else f"the last {shown.tricks} tricks"
        text = f"{scene.model.who(shown.winner)} {verb} {tricks}: +{shown.points}"
        pos = clear_of(scene, text, (lay.center[0], lay.center[1]), scene.human, lay.font_big)
        bubble(surface, text, pos, lay.font_big, colour=theme.HIGHLIGHT)
        return
    sp = shown.winning_sprite
    if sp is None:
        return
    rect = sp.rect
    pygame.draw.rect(surface, theme.GOLD, rect.inflate(10, 10), width=4,
                     border_radius=max(6, round(sp.w * 0.1)))
    bubble(surface, f"{scene.model.who(shown.winner)} +{shown.points}",
           winner_tag_pos(scene, shown.winner), lay.font, colour=theme.HIGHLIGHT)


def winner_tag_pos(scene: DrawnTable, seat: int) -> tuple[float, float]:
    """Beside the winning card, on the side away from the other cards of the trick."""
    lay = scene.layout
    x, y, _ = lay.trick_slot(seat)
    chair = lay.chair(seat)
    if chair.upright:  # above a top chair's card, below the player's
        return (x, y + math.copysign(lay.trick_h * 0.5 + lay.font, chair.dy))
    return (x + math.copysign(lay.trick_w * 1.2, chair.dx), y)


def draw_laid(scene: DrawnTable, surface: pygame.Surface) -> None:
    """Two-handed: each player's melds so far, with points, beside their cards on the table."""
    view = scene.board
    if not view.laid:
        return
    lay = scene.layout
    for seat, melds in enumerate(view.laid):
        if not melds or not scene.model.stock_area.tabled[seat]:
            continue  # (at the playoff the melded cards go back to the hands: no legend)
        slots = lay.tabled_slots(seat, max(1, len(scene.model.stock_area.tabled[seat])))
        x = slots[0][0] - lay.trick_w * 0.39
        # Under the cards, for both seats: above North's it ran into North's hand.
        y = slots[0][1] + lay.trick_h * 0.78 / 2 + round(4 * lay.s)
        total = view.meld_points[seat] if view.meld_points else 0
        legend = laid_legend(melds, total, view.rules.meld.dix)
        text = elide(f"Meld {total}: {legend}", lay.font_small,
                     int(lay.size[0] - x - 8))
        draw_text(surface, text, (x, y), lay.font_small, theme.GOLD)


def laid_legend(melds: Sequence[Meld], total: int | None = None, dix_points: int = 0) -> str:
    """"Marriage 20 ×2 · 40 jacks": repeats counted, and no points after a name that
    already starts with them. Given the seat's meld ``total``, the points no laid meld accounts
    for are the dix (turned up, exchanged or shown), so that the legend adds up: "Dix 10 ×2"
    like any repeat when ``dix_points`` (one dix's worth) divides them."""
    counts: dict[tuple[str, int], int] = {}
    for m in melds:
        counts[(m.name, m.points)] = counts.get((m.name, m.points), 0) + 1
    parts = []
    for (name, points), n in counts.items():
        label = name if name.startswith(str(points)) else f"{name} {points}"
        parts.append(label + (f" ×{n}" if n > 1 else ""))
    dix = 0 if total is None else total - sum(m.points for m in melds)
    if dix > 0:
        times = dix // dix_points if dix_points and dix % dix_points == 0 else 1
        parts.append(f"Dix {dix // times}" + (f" ×{times}" if times > 1 else ""))
    return " · ".join(parts)


def status_rect(scene: DrawnTable, text: str) -> tuple[pygame.Rect, list[str], int]:
    """Where the status line goes, its lines and their size: one line in the usual place, or
    up to three smaller lines growing upwards (a rule quoted in full)."""
    lay = scene.layout
    rect = lay.status.copy()
    width = rect.width - round(24 * lay.s)
    lines = wrap(text, lay.font, width)
    size = lay.font
    if len(lines) > 1:
        size = lay.font_small
        lines = wrap(text, size, width)[:lay.STATUS_LINES]
        rect.height = len(lines) * round(size * 1.3) + round(10 * lay.s)
        rect.bottom = lay.status.bottom
    return rect, lines, size


def draw_status(scene: DrawnTable, surface: pygame.Surface, text: str,
                colour: tuple[int, ...] = theme.INK,
                placed: tuple[pygame.Rect, list[str], int] | None = None
                ) -> pygame.Rect | None:
    """``placed``: :func:`status_rect` of this text when the caller has it already (wrapping a
    rule quoted in full is not free, and the frame needs it twice)."""
    if not text:
        return None
    rect, lines, size = placed or status_rect(scene, text)
    panel(surface, rect, (10, 30, 22, 190), 10, None)
    step = round(size * 1.3)
    y = rect.centery - step * (len(lines) - 1) / 2
    for line in lines:
        draw_text(surface, line, (rect.centerx, y), size, colour, anchor="center")
        y += step
    return rect
