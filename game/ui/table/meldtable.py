"""Meld left on the table (issue 25, "What regulars expect" 1): each seat's meld lies face up
in front of it, grouped, each group labelled with its name and points and the seat with its
total, from the moment every seat has melded through the first trick. The modal meld display
is then optional (the ``meld_shown`` setting); L opens the full recap either way.

A module of its own with two small hooks in the table scene (whether the display opens, and
drawing): the table scene is being split into components, and this stays easy to move.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.meld import Meld, MeldResult
from game.rules.phase import Phase
from game.ui import assets, theme
from game.ui.table.labels import DrawnTable
from game.ui.table.layout import Layout
from game.ui.widgets import draw_text, record

ON_TABLE = ("table", "table and display")
WITH_DISPLAY = ("display", "table and display")
MIN_CARD = 22  # the narrowest meld card (at 1280x800) whose corner index reads
PILE_WORST = "West & East 20 tricks"  # as wide as a pile's label gets, partnerships
PILE_LABEL = 110  # half the width of "West\n12 tricks · 100 pts + discards" under its pile


def display_wanted(scene: DrawnTable) -> bool:
    """Whether the modal meld display opens when every seat has melded."""
    return scene.app.settings.meld_shown in WITH_DISPLAY or scene.match.rules.stock.enabled


def showing(scene: DrawnTable) -> bool:
    """The meld lies on the table: every seat has melded, no trick has been won yet, and
    nothing but the table (or the card prompt) is in front of the player."""
    model = scene.model
    if scene.app.settings.meld_shown not in ON_TABLE or scene.match.rules.stock.enabled:
        return False
    if len(model.melds) < scene.match.rules.players or model.tricks.last_trick or \
            model.tricks.sweeping:
        return False
    if scene.board is not scene.view or scene.board.phase in (Phase.DEAL, Phase.GAME_OVER):
        return False  # the hand is over (unplayed): its result comes next
    top = scene.app.top
    return top is not None and top.name in ("tricks", "table")


def zone(lay: Layout, seat: int) -> pygame.Rect:
    """The strip in front of a seat, between its hand and its card of the trick."""
    cx = lay.center[0]
    th, tw = lay.trick_h, lay.trick_w
    edge = lay.edge(seat)
    pad = round(6 * lay.s)
    if lay.chair(seat).upright:
        if edge == "top":
            strip = _between(lay, seat)
            return beside_trick(lay, seat, strip) if _too_low(lay, seat, strip) else strip
        _, ty, _ = lay.trick_slot(seat)
        width = south_width(lay, seat)
        top = round(ty + th / 2) + pad
        bottom = lay.status.top - pad
        return pygame.Rect(cx - width // 2, top, width, max(0, bottom - top))
    # At a side: beside the hand, from its top (the seat's name sits just above) down to the
    # player's strip's top, between the hand and the seat's card of the trick.
    tx, _, _ = lay.trick_slot(seat)
    box = lay.hand_box(seat)
    player = zone(lay, lay.viewer)
    top, bottom = box.top, min(box.bottom, player.top - pad)
    if edge == "left":
        left, right = box.right + pad, round(tx - tw / 2) - pad
    else:
        left, right = round(tx + tw / 2) + pad, box.left - pad
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


def _between(lay: Layout, seat: int) -> pygame.Rect:
    """A top chair's strip between its hand (or its name, under a shared top's hand) and its
    card of the trick."""
    pad = round(6 * lay.s)
    top = lay.hand_box(seat).bottom + pad
    if lay.chair(seat).share < 1.0:  # its name lies under its hand
        top = round(lay.top_name_y(seat) + lay.font * 0.95) + pad
    bottom = round(lay.trick_slot(seat)[1] - lay.trick_h / 2) - pad
    left, right = top_span(lay, seat)
    return pygame.Rect(left, top, right - left, max(0, bottom - top))


def _too_low(lay: Layout, seat: int, strip: pygame.Rect) -> bool:
    return lay.chair(seat).share < 1.0 and strip.height < least_card_h(lay)


def stacked(lay: Layout, seat: int) -> bool:
    """Whether the seat's strip holds its heading above its groups (a side chair's, or a top
    chair's beside its card of the trick) rather than one row after its heading."""
    if not lay.chair(seat).upright:
        return True
    return lay.edge(seat) == "top" and _too_low(lay, seat, _between(lay, seat))


def least_card_h(lay: Layout) -> int:
    """The height of the smallest meld card drawn."""
    return round(round(MIN_CARD * lay.s) * 1.4)


def trick_rect(lay: Layout, seat: int) -> pygame.Rect:
    x, y, _ = lay.trick_slot(seat)
    return pygame.Rect(round(x - lay.trick_w / 2), round(y - lay.trick_h / 2), lay.trick_w,
                       lay.trick_h)


def beside_trick(lay: Layout, seat: int, strip: pygame.Rect) -> pygame.Rect:
    """A top chair's strip when the one between its name and its card of the trick is lower
    than a meld card (five-handed, the largest cards: 19 pixels at 1024x640): the wider side
    of that strip beside its card of the trick, reaching down to the first thing below it
    (another chair's card of the trick, hand or strip, the message line)."""
    pad = round(6 * lay.s)
    slot = trick_rect(lay, seat)
    sides = ((strip.left, slot.left - pad), (slot.right + pad, strip.right))
    left, right = max(sides, key=lambda side: side[1] - side[0])
    bottom = lay.status.top - pad
    below = [trick_rect(lay, o) for o in lay.seating.seats if o != seat]
    below += [lay.hand_box(o) for o in lay.seating.seats if o != seat]
    below += [zone(lay, o) for o in lay.seating.seats if not lay.chair(o).upright]
    for thing in below:
        if thing.left < right and left < thing.right and thing.top > strip.top:
            bottom = min(bottom, thing.top - pad)
    return pygame.Rect(left, strip.top, max(0, right - left), max(0, bottom - strip.top))


def top_span(lay: Layout, seat: int) -> tuple[int, int]:
    """A top chair's strip: alone there, from the score panel to the top right's pile, under
    the buttons (its label's widest line kept clear): at 0.56 of the window, centred, the top
    chair's fourth meld was "+1 more (L)" beside empty table at every size. Sharing the top,
    its own stretch of it."""
    pad = round(6 * lay.s)
    if lay.chair(seat).share < 1.0:
        # Its whole stretch of the top edge, not only under its hand: the pile at the
        # stretch's left end and its label lie above the strip, level with the hand and the
        # name (five-handed: under the hand alone, a marriage and a pinochle did not fit).
        left, right = lay.top_stretch(seat)
        return round(left) + pad, round(right) - pad
    label = assets.font(lay.font_small).size(PILE_WORST)[0]
    right = lay.size[0] - round(8 * lay.s) - label - pad
    return lay.info.right + pad, right


def south_width(lay: Layout, seat: int) -> int:
    """South's strip, centred in front of the player, reaches the West and East hands (and
    stops short of West's trick pile beside West's hand, three-handed): at 1024x640 a strip of
    0.56 of the window cut the player's own fourth meld to "+1 more (L)" beside free table."""
    cx = lay.center[0]
    pad = round(6 * lay.s)
    half = lay.size[0] // 2
    for other in lay.seating.seats:
        edge = lay.edge(other)
        if other == seat or lay.chair(other).upright:
            continue
        box = lay.hand_box(other)
        # A pile beside the foot of the hand (each for self: every chair keeps its own) and
        # its label reach towards the middle.
        piled = (lay.pile_seat(lay.seating.side_of(other)) == other
                 and other != lay.top_right())
        x, _, _ = lay.pile_slot(other)
        reach = round(PILE_LABEL * lay.s) if piled else 0
        if edge == "left":
            half = min(half, cx - max(box.right, round(x) + reach) - pad)
        else:
            half = min(half, min(box.left, round(x) - reach) - pad - cx)
    return 2 * half


def draw(scene: DrawnTable, surface: pygame.Surface, message: pygame.Rect | None = None) -> None:
    """Every seat's meld in its strip. A long message on the status line (a rule quoted in
    full) grows up into South's strip: the strip keeps to the room above it, with smaller
    cards, or steps aside while the message is read when too little room is left."""
    if not showing(scene):
        return
    for seat, (meld, counted, _) in scene.model.melds.items():
        rect: pygame.Rect | None = zone(scene.layout, seat)
        if message is not None and rect is not None and rect.colliderect(message):
            rect = above(scene.layout, rect, message)
        if rect is not None:
            draw_seat(scene, surface, seat, meld, counted, rect)


def above(lay: Layout, rect: pygame.Rect, message: pygame.Rect) -> pygame.Rect | None:
    """The part of a strip above a message that grows into it, if its smallest cards still fit
    there: under Xvfb a two-line refusal grazing South's strip by a few pixels made the
    player's whole meld vanish each time the pointer crossed a card that may not be played."""
    room = pygame.Rect(rect.left, rect.top, rect.width, message.top - round(6 * lay.s) - rect.top)
    return room if room.height >= round(MIN_CARD * lay.s * 1.4) else None


def seat_heading(scene: DrawnTable, seat: int, meld: MeldResult, counted: bool) -> str:
    name = "You" if seat == scene.human else scene.match.rules.seating.name(seat)
    if not meld.melds:
        return f"{name}: no meld"
    return f"{name}: meld {meld.total}" + ("" if counted else " (does not count)")


def draw_seat(scene: DrawnTable, surface: pygame.Surface, seat: int, meld: MeldResult,
              counted: bool, rect: pygame.Rect) -> None:
    """The seat's heading and its melds as groups of small cards, each captioned "Pinochle
    40". North and South: one row, the heading on its left, centred in front of the seat.
    West and East: the heading above, the groups flowing (and wrapping) towards the middle."""
    lay = scene.layout
    s = lay.s
    fs = lay.font_small
    cap = max(10, fs - 2)
    cap_h = assets.font(cap, True).get_linesize()
    gap = round(10 * s)
    heading = seat_heading(scene, seat, meld, counted)
    head_w, head_h = assets.font(fs, True).size(heading)
    colour = theme.GOLD if counted else theme.INK_DIM
    edge = lay.edge(seat)
    row = not stacked(lay, seat)
    # a stacked strip starts at the seat's own side: a left chair's, or a top chair's left of
    # the middle, at its left
    leftward = edge == "left" or (edge == "top" and rect.centerx < lay.center[0])
    groups = [(m, f"{m.name} {m.points}") for m in meld.melds]
    # Along the top and the bottom: each caption beside its cards and the heading before them
    # (the strip is low, the cards use all of it); at a side: the heading above and captions
    # under the cards, unless the strip is too low for that (six-handed: the lower side
    # chairs' strips end at the player's, and showed "+2 more (L)" alone beside free table).
    least = least_card_h(lay)
    below_heading = rect.height - head_h - round(2 * s)
    inline = row or below_heading < least
    flat = inline or below_heading < least + cap_h
    top = rect.top if inline else rect.top + head_h + round(2 * s)
    beside = round(4 * s) if flat else 0
    room = rect.width - (head_w + gap if inline and not row else 0)
    card_w, widths = fit_groups(lay, groups, room, rect.bottom - top, flat, cap, gap)
    card_h = round(card_w * 1.4)
    if inline:
        total = head_w + sum(w + gap for w in widths)
        # North and South centred in front of the seat; a side chair's row starts at its hand.
        x = (max(rect.left, rect.centerx - total // 2) if row else
             rect.left if leftward else max(rect.left, rect.right - total))
        draw_text(surface, heading, (x, rect.top + (rect.height - head_h) // 2), fs, colour,
                  bold=True)
        x += head_w + gap
        top = rect.top + max(0, (rect.height - card_h) // 2)
    else:
        hx = rect.left if leftward else rect.right - head_w
        draw_text(surface, heading, (hx, rect.top), fs, colour, bold=True)
        # A right chair's groups end at its hand, as a left chair's start at its own.
        x = rect.left if leftward else max(
            rect.left, rect.right - sum(w + gap for w in widths) + gap)
    _draw_groups(surface, scene, groups, widths, rect, (x, top),
                 _Strip(card_w, round(card_w * 0.36), card_h, cap, cap_h, gap, beside, flat))


@dataclass(frozen=True)
class _Strip:
    """How a seat's meld groups are laid in its strip: the cards' size and overlap, the
    captions' size, and whether the captions sit beside the cards (a row) or under them."""

    card_w: int
    step: int
    card_h: int
    cap: int
    cap_h: int
    gap: int
    beside: int
    flat: bool


def _draw_groups(surface: pygame.Surface, scene: DrawnTable, groups: list[tuple[Meld, str]],
                 widths: list[int], rect: pygame.Rect, start: tuple[int, int],
                 st: _Strip) -> None:
    """The groups from ``start``, wrapping under a side chair's heading; where the strip ends,
    "+N more (L)" says how many were left out (the meld display shows them all)."""
    x, y = start
    s = scene.layout.s
    below = 0 if st.flat else st.cap_h
    four = scene.app.settings.four_colour
    more_w = assets.font(st.cap).size(f"+{len(groups)} more (L)")[0]
    for i, ((m, caption), width) in enumerate(zip(groups, widths, strict=True)):
        if x + width > rect.right and not st.flat and x > rect.left:
            x, y = rect.left, y + st.card_h + st.cap_h + round(4 * s)
        # In a row, a group that leaves no room for the "+1 more" after it is left out too
        # (at a right chair the note ran onto its hand).
        rest = sum(widths[i:]) + st.gap * (len(widths) - i - 1)
        reach = x + (width if not st.flat or x + rest <= rect.right
                     else width + st.gap + more_w)
        if reach > rect.right or y + st.card_h + below > rect.bottom + round(2 * s):
            more = f"+{len(groups) - i} more (L)"
            draw_text(surface, more, (x, y + ((st.card_h - st.cap_h) // 2 if st.flat else 0)),
                      st.cap, theme.INK_DIM)
            return
        for j, card in enumerate(m.cards):
            at = surface.blit(assets.card_image(str(card), st.card_w, four),
                              (x + j * st.step, y))
            record("card", at, str(card), surface)
        span = st.card_w + st.step * (len(m.cards) - 1)
        at_caption = ((x + span + st.beside, y + (st.card_h - st.cap_h) // 2) if st.flat
                      else (x, y + st.card_h))
        draw_text(surface, caption, at_caption, st.cap, theme.INK, bold=True)
        x += width + st.gap


def fit_groups(lay: Layout, groups: list[tuple[Meld, str]], width: int, height: int,
               row: bool, cap: int, gap: int) -> tuple[int, list[int]]:
    """The largest card width at which the groups fit in as few rows as they need (North and
    South: one row, captions beside), and each group's width at it."""
    s = lay.s
    cap_h = assets.font(cap, True).get_linesize()
    beside = round(4 * s) if row else 0
    card_w, widths = 0, []
    for rows in (1,) if row else (1, 2, 3):
        high = height / rows - (0 if row else cap_h) - 4 * s
        card_w = max(round(MIN_CARD * s), min(lay.meld_w, round(high / 1.4)))
        step = round(card_w * 0.36)
        spans = [card_w + step * (len(m.cards) - 1) for m, _ in groups]
        caps = [assets.font(cap, True).size(c)[0] for _, c in groups]
        widths = [a + beside + b if row else max(a, b)
                  for a, b in zip(spans, caps, strict=True)]
        if sum(w + gap for w in widths) - gap <= width * rows * 0.9:
            break
    return card_w, widths
