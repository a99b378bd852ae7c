"""Where everything sits on the table, computed from the window size and the number of seats.

Chair *i* of *n* sits at its angle round the table (:func:`chairs`): the player's at the
bottom, the others clockwise as seen from above, so that the seat on the player's left is on
the left of the window. Each chair's hand lies along the window's edge nearest that angle (the
bottom, the top, the left or the right), sharing the edge with the other chairs there, and its
trick card, pile, label and bubble follow from its place. Nothing here is named for a compass
point: five and six chairs need no code of their own.

All sizes scale with the window (1.0 at 1280x800); at the minimum 1024x640 every zone still
has its own space, which a test checks for overlaps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules.ruleset import RuleSet
from game.rules.seating import Seating
from game.ui.table.chairs import Chair, Edge, chairs
from game.ui.theme import scale_for


def hand_size(rules: RuleSet) -> int:
    """The most cards one seat holds at once (the bidder with passed cards or the widow)."""
    return rules.max_held


CARD_RATIO = 1.4
MELD_STRIP = 56  # the least height of North's and South's meld strips (at 1280x800), pads included
OPEN_STEP = 0.34  # of a small card's width: the least step at which its corner index shows


@dataclass
class Layout:
    size: tuple[int, int]
    seating: Seating  # the rules' seating: where each seat sits, how many sides
    hand_size: int  # the most cards a seat holds, rules.max_held (labels are placed clear of them)
    auction: bool = True  # the score panel holds the bidding, one row per seat
    card_scale: float = 1.0  # the card-size setting: the player's hand, the trick, the meld
    viewer: int = 0  # the seat drawn south (a network table's player may sit in any seat)

    def __post_init__(self) -> None:
        w, h = self.size
        s = self.s = scale_for(self.size)
        self.bar = pygame.Rect(0, 0, w, round(46 * s))
        k = self.card_scale
        self.card_w = round(92 * s * k)  # the player's hand
        self.card_h = round(self.card_w * CARD_RATIO)
        self.small_w = round(58 * s)  # other seats' backs (not scaled: the middle needs the room)
        self.small_h = round(self.small_w * CARD_RATIO)
        self.meld_w = round(50 * s * k)  # meld display
        self.font = max(13, round(17 * s))
        self.font_small = max(11, round(14 * s))
        self.font_big = max(16, round(24 * s))
        # Hand and target; a line per side; the bidding, a row per seat; the contract.
        rows = 2 + self.seating.n_sides + (self.players if self.auction else 0)
        self.info_step = round(self.font_small * 1.45)
        self.info = pygame.Rect(round(12 * s), self.bar.bottom + round(10 * s),
                                round(250 * s),
                                max(round(168 * s), rows * self.info_step + round(24 * s)))
        self.center = (w // 2, round(self.bar.bottom + (h - self.bar.bottom) * 0.43))
        self.status = pygame.Rect(round(w * 0.5 - 330 * s), h - self.card_h - round(64 * s),
                                  round(660 * s), round(30 * s))
        # The player sits at the bottom (seat 0 at a game on this machine; a network table's
        # player may sit in any seat); every other chair at its angle, clockwise from there.
        around = self.seating.around_from(self.viewer)
        placed = chairs(self.players)
        self.chairs = tuple(placed[around.index(seat)] for seat in self.seating.seats)
        # The trick (and the widow, stock and tabled melds in the middle) as large as the hand,
        # unless the bigger hand leaves the middle too little height: between North's hand
        # and the status line it needs its own height (its cards lie 0.62 of a card apart)
        # and a strip each side for North's and South's meld left on the table.
        strip = round(MELD_STRIP * s)
        top = self.bar.bottom + self.small_h + round(10 * s) + strip
        bottom = self.status.top - round(6 * s) - strip
        # A trick card's centre lies ``reach`` trick heights out from the middle: further where
        # two chairs share an edge (five and six), whose cards would otherwise cover each other.
        self.reach = 0.78 if any(c.share < 1.0 for c in self.chairs) else 0.62
        self.trick_w = min(self.card_w,
                           int((bottom - top) / (2 * self.reach + 1) / CARD_RATIO))
        self.trick_h = round(self.trick_w * CARD_RATIO)
        reach = self.trick_h * (self.reach + 0.5)
        if self.center[1] - reach < top or self.center[1] + reach > bottom:
            self.center = (w // 2, round((top + bottom) / 2))

    @property
    def players(self) -> int:
        return self.seating.players

    STATUS_LINES = 3  # a rule quoted in full: the status line grows upwards to this many lines

    def chair(self, seat: int) -> Chair:
        return self.chairs[seat]

    def edge(self, seat: int) -> Edge:
        return self.chairs[seat].edge

    def top_right(self) -> int:
        """The highest chair on the right edge (the window's top right, under the buttons, is
        its pile's); -1 when no chair sits there (two-handed)."""
        right = [s for s in range(self.players) if self.edge(s) == "right"]
        return min(right, key=lambda s: self.chair(s).along) if right else -1

    def pile_seat(self, side: int, human: int | None = None) -> int:
        """The chair beside which a side's won tricks lie: the player's own for their side;
        for another side, the top right's chair if it plays there (clear of every label), else
        the side's first chair."""
        seats = self.seating.seats_of(side)
        human = self.viewer if human is None else human
        if human in seats:
            return human
        corner = self.top_right()
        return corner if corner in seats else seats[0]

    def top_stretch(self, seat: int) -> tuple[float, float]:
        """(left, right) of a top chair's stretch of the top edge: the whole middle when it is
        alone there; else its share of the room between the score panel and the top right's
        pile, which sits under the buttons."""
        w = self.size[0]
        c = self.chair(seat)
        if c.share == 1.0:
            return (0.0, float(w))
        left = self.info.right + round(8 * self.s)
        right = w - self.small_h - round(30 * self.s)
        room = right - left
        return (left + room * (c.along - c.share / 2), left + room * (c.along + c.share / 2))

    def _side_stretch(self, seat: int) -> tuple[float, float]:
        """(top, bottom) of the centres of a side chair's hand: below the score panel, above
        the player's hand, its share of that column with room for the next chair's name."""
        s = self.s
        h = self.size[1]
        top = self.info.bottom + round(self.font * 2) + self.small_w / 2
        bottom = h - self.card_h - round(90 * s)
        c = self.chair(seat)
        if c.share == 1.0:
            return (top, bottom)
        gap = round(self.font * 2) + self.small_w
        room = bottom - top + gap
        lo = top + room * (c.along - c.share / 2)
        return (lo, lo + room * c.share - gap)

    # -- hands ----------------------------------------------------------------------------
    def hand_slots(self, seat: int, n: int, raised: int = -1) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle) for each card of a seat's hand, left to right."""
        w, h = self.size
        s = self.s
        edge = self.edge(seat)
        if n == 0:
            return []
        if edge == "bottom":
            max_span = w - round(360 * s)
            step = min(self.card_w * 0.52, (max_span - self.card_w) / max(1, n - 1))
            span = step * (n - 1)
            x0 = w / 2 - span / 2
            y = h - self.card_h / 2 - round(14 * s)
            return [(x0 + i * step, y - (round(22 * s) if i == raised else 0), 0.0)
                    for i in range(n)]
        if edge == "top":
            left, right = self.top_stretch(seat)
            if self.chair(seat).share == 1.0:
                reach, cx = w * 0.42, w / 2
            else:  # its pile lies at the stretch's left end, beside the hand
                left += self.small_h + round(8 * s)
                reach, cx = right - left - self.small_w, (left + right) / 2
            step = min(self.small_w * 0.34, reach / max(1, n - 1))
            span = step * (n - 1)
            x0 = cx - span / 2
            y = self.bar.bottom + self.small_h / 2 + round(10 * s)
            return [(x0 + i * step, y, 180.0) for i in range(n)]
        # a side edge: a vertical fan of backs turned sideways, below the score panel with
        # room for the seat's name above it
        top, bottom = self._side_stretch(seat)
        step = min(self.small_w * 0.30, (bottom - top) / max(1, n - 1))
        span = step * (n - 1)
        cy = (top + bottom) / 2
        y0 = cy - span / 2
        margin = round(16 * s) + self.small_h / 2
        x = margin if edge == "left" else w - margin
        angle = 90.0 if edge == "left" else -90.0
        return [(x, y0 + i * step, angle) for i in range(n)]

    def open_slots(self, seat: int, n: int) -> list[tuple[float, float, float]]:
        """A seat's hand laid face up for everyone to check (a claim). A side seat's sideways
        column hides all but a sliver of each card, so it is laid upright in rows reaching
        towards the middle, far enough apart that every card's corner can be read."""
        edge = self.edge(seat)
        if self.chair(seat).upright or n == 0:
            return self.hand_slots(seat, n)
        w = self.size[0]
        margin = round(16 * self.s) + self.small_w / 2
        # Centres run from the window's edge to clear of the trick's cards.
        edge_x = min(self.trick_slot(s)[0] for s in range(self.players)) - self.trick_w / 2
        reach = edge_x - self.small_w / 2 - round(12 * self.s) - margin
        fewest = OPEN_STEP * self.small_w
        per_row = min(n, int(reach // fewest) + 1)
        rows = -(-n // per_row)
        per_row = -(-n // rows)
        step = min(self.small_w * 0.42, reach / max(1, per_row - 1))
        row_step = self.small_h * 0.42
        cy = self.hand_box(seat).centery
        out = []
        for i in range(n):
            row, col = divmod(i, per_row)
            x = margin + col * step
            if edge == "right":
                x = w - margin - (min(per_row, n - row * per_row) - 1 - col) * step
            out.append((x, cy + (row - (rows - 1) / 2) * row_step, 0.0))
        return out

    def hand_box(self, seat: int) -> pygame.Rect:
        """The area a seat's hand occupies (for labels and overlap checks)."""
        slots = self.hand_slots(seat, self.hand_size)
        xs = [x for x, _, _ in slots]
        ys = [y for _, y, _ in slots]
        edge = self.edge(seat)
        if not self.chair(seat).upright:
            half_w, half_h = self.small_h / 2, self.small_w / 2
        elif edge == "top":
            half_w, half_h = self.small_w / 2, self.small_h / 2
        else:
            half_w, half_h = self.card_w / 2, self.card_h / 2
        return pygame.Rect(round(min(xs) - half_w), round(min(ys) - half_h),
                           round(max(xs) - min(xs) + 2 * half_w),
                           round(max(ys) - min(ys) + 2 * half_h))

    # -- the trick, piles, labels ---------------------------------------------------------
    def trick_slot(self, seat: int) -> tuple[float, float, float]:
        """A chair's card of the trick: out from the middle towards the chair, a side chair's
        a little further out sideways (cards are narrower than tall), and spread apart where
        two chairs share a side."""
        cx, cy = self.center
        c = self.chair(seat)
        d = self.trick_h * self.reach
        if c.upright:
            return (cx + c.dx * d * 1.15, cy + c.dy * d, 0.0)
        spread = 0.9 if c.share == 1.0 else 1.3
        return (cx + math.copysign(d * 1.15, c.dx), cy + c.dy * d * spread, 0.0)

    def pile_slot(self, seat: int) -> tuple[float, float, float]:
        """Where a seat's won tricks are stacked, face down."""
        w, h = self.size
        s = self.s
        edge = self.edge(seat)
        if edge == "bottom":  # to the right of the widest hand this table deals
            x = min(self.hand_box(seat).right + self.small_h / 2 + round(24 * s),
                    w - self.small_h / 2 - round(10 * s))
            return (x, h - self.card_h / 2 - round(14 * s), 90.0)
        if edge == "top":
            y = self.bar.bottom + self.small_h / 2 + round(10 * s)
            if self.chair(seat).share == 1.0:
                return (w / 2 - round(300 * s), y, 90.0)
            left, _ = self.top_stretch(seat)  # at its stretch's left end
            return (left + self.small_h / 2, y, 90.0)
        if seat == self.top_right():  # top right, under the buttons: the bottom right is ours
            return (w - self.small_h / 2 - round(14 * s), self.bar.bottom + self.small_w / 2
                    + round(16 * s), 90.0)
        # Beside the foot of its hand, towards the middle, clear of the next name below.
        box = self.hand_box(seat)
        x = (box.right + self.small_h / 2 + round(16 * s) if edge == "left"
             else box.left - self.small_h / 2 - round(16 * s))
        return (x, box.bottom - self.small_w / 2, 90.0)

    def label_pos(self, seat: int) -> tuple[float, float, str]:
        """Name label position and anchor (always inside the window)."""
        box = self.hand_box(seat)
        edge = self.edge(seat)
        s = self.s
        if edge == "bottom":
            return (round(16 * s), self.size[1] - self.card_h / 2 - round(14 * s), "midleft")
        if self.shares_top(seat):
            # Sharing the top, the next chair's hand is beside this one: the name goes under,
            # at the hand's inner end (its bubble takes the outer one), and clear of the pile
            # that lies between the two hands (the right one's, at its stretch's left end),
            # whose label ("Northeast / 13 tricks · 50 pts") is centred under it.
            between = max(self.pile_slot(o)[0] for o in range(self.players)
                          if self.edge(o) == "top")
            room = round(self.pile_label_width / 2 + 6 * s)  # half the pile's label, a gap
            if self.chair(seat).dx < 0:
                return (min(box.right, between - room), self.top_name_y(seat), "midright")
            return (max(box.left, between + room), self.top_name_y(seat), "midleft")
        if edge == "top":
            return (box.right + round(14 * s), box.centery, "midleft")
        if edge == "left":
            return (round(12 * s), box.top - round(18 * s), "midleft")
        return (self.size[0] - round(12 * s), box.top - round(18 * s), "midright")

    @property
    def pile_label_width(self) -> int:
        """The widest line of the label of a pile between two hands sharing the top edge (the
        names beside it keep clear of that much): a longer line breaks."""
        return round(self.font_small * 9.2)

    def shares_top(self, seat: int) -> bool:
        """Whether ``seat`` shares the top edge with another chair: its name goes under its
        hand, and its pile's label keeps to ``pile_label_width``."""
        return self.edge(seat) == "top" and self.chair(seat).share < 1.0

    def top_name_y(self, seat: int) -> float:
        """The middle of the line under a top chair's hand that holds its name and its bubble
        (a bubble is about 1.9 font sizes tall): the meld strip in front of it starts below."""
        return self.hand_box(seat).bottom + round(4 * self.s) + self.font * 0.95

    def bubble_pos(self, seat: int) -> tuple[float, float]:
        if self.edge(seat) == "bottom":  # beside the player's name, clear of the prompts
            x, y, _ = self.label_pos(seat)
            bx, by = x + round(110 * self.s), y - round(34 * self.s)
            box = self.hand_box(seat)
            if box.left < bx + round(90 * self.s):  # a big hand reaches under it: go above
                by = min(by, box.top - round(20 * self.s))
            return (bx, by)
        cx, cy = self.center
        x, y, _ = self.trick_slot(seat)
        c = self.chair(seat)
        if c.upright and c.share < 1.0:
            # Sharing the top: under the hand, at its outer end (its name is at the inner
            # one), above the widow and the trick in the middle.
            box = self.hand_box(seat)
            bx = box.left + box.width * (0.85 if c.dx > 0 else 0.15)
            return (bx, self.top_name_y(seat))
        if not c.upright:
            # Raised clear of the prompts that open above the player's hand (the bid panel
            # covered the lower half of the side chairs' bids); where two chairs share a side,
            # each beside its own card.
            if c.share < 1.0:
                return (cx + (x - cx) * 1.75, y)
            if any(o.edge == "top" and o.share < 1.0 for o in self.chairs):
                # Two chairs at the top (five): the widow's row, the taller bid panel and the
                # top chairs' names fill the middle; the bid goes beside the chair's own
                # hand, under its name.
                box = self.hand_box(seat)
                out = self.font * 3.4  # half a bubble ("Partner", "Pass", "45") and a gap
                return (box.right + out if c.dx < 0 else box.left - out,
                        box.top + self.font * 1.2)
            return (cx + (x - cx) * 1.75, min(y, cy - self.card_h * 0.3))
        return (cx + (x - cx) * 1.45, cy + (y - cy) * 1.25)

    def deck_spot(self, seat: int) -> tuple[float, float]:
        """Where the dealer's pack sits before the deal."""
        x, y, _ = self.trick_slot(seat)
        cx, cy = self.center
        return (cx + (x - cx) * 1.9, cy + (y - cy) * 1.6)

    def widow_slots(self, n: int) -> list[tuple[float, float, float]]:
        cx, cy = self.center
        step = self.trick_w * 0.7
        # High in the middle: the auction and widow prompts open in the middle above the hand,
        # and the widow must stay in sight, whole, while the player decides.
        return [(cx + (i - (n - 1) / 2) * step, cy - self.trick_h * 0.72, 0.0) for i in range(n)]

    def stock_slot(self) -> tuple[float, float, float]:
        """Two-handed: the stock, beside the trick and a little above it, so that the meld
        prompt can open below it and left of the player's tabled melds."""
        cx, cy = self.center
        return (cx - self.trick_w * 2.6, cy - self.trick_h * 0.3, 0.0)

    def turnup_slot(self) -> tuple[float, float, float]:
        x, y, _ = self.stock_slot()
        return (x + self.trick_w * 0.55, y, 90.0)

    def narration(self) -> pygame.Rect:
        """The tutorial's narration panel: a column clear of every hand and the trick."""
        s = self.s
        w, h = self.size
        bottom = self.status.top - round(10 * s)
        if self.players == 2:  # no west hand: use the left column, clear of the tabled melds
            top = self.info.bottom + round(14 * s)
            return pygame.Rect(round(12 * s), top, round(300 * s), bottom - top)
        east = self.top_right()
        top = self.hand_box(east).top  # the right chair's label sits just above this line
        # Clear of the trick: of its rightmost card, where five and six chairs lay it further
        # out than a hand card's reach (the panel covered the right chair's card there).
        trick_right = max(self.trick_slot(c)[0] for c in range(self.players)) + self.trick_w / 2
        left = max(self.center[0] + round(self.card_h * 0.62 * 1.15 + self.card_w / 2 + 24 * s),
                   round(trick_right + 24 * s))
        right = w - round(self.small_h + 40 * s)
        return pygame.Rect(left, top, right - left, bottom - top)

    def tabled_slots(self, seat: int, n: int) -> list[tuple[float, float, float]]:
        """Two-handed: melded cards lying face up in front of their owner."""
        cx, cy = self.center
        edge = self.edge(seat)
        w = self.trick_w * 0.78
        step = min(w * 0.62, (self.size[0] * 0.5) / max(1, n))
        y = cy + self.trick_h * 1.05 if edge == "bottom" else cy - self.trick_h * 1.25
        if edge == "top":
            # Clear of North's hand: with larger cards the middle is taller and the melds,
            # a trick's height and a quarter above its centre, lay over the hand's corner.
            y = max(y, self.hand_box(seat).bottom + round(6 * self.s) + self.trick_h * 0.39)
        x0 = cx + self.trick_w * 1.2
        return [(x0 + i * step, y, 0.0) for i in range(n)]
