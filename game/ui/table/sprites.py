"""Card sprites: one per physical card on the table, with a position that tweens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rules.cards import Card, Suit
from game.rules.ruleset import RuleSet
from game.ui import assets
from game.ui.widgets import record, render_text


@dataclass(eq=False)
class CardSprite:
    card: Card | None  # None while its face is unknown to the player
    x: float
    y: float
    w: float
    angle: float = 0.0
    face_up: bool = False
    lift: float = 0.0  # extra upward offset (hover / selection), tweened
    dim: bool = False  # drawn darker: an illegal card in the player's hand
    selected: bool = False
    glow: bool = False
    focused: bool = False  # the keyboard's focus ring
    mark: str = ""  # "passed" or "received": cards that changed hands, through the first trick
    # Where the sprite is going (x, y, angle, width, face up): what the animations already
    # queued will leave it as, so a new layout only animates what still has to change.
    dest: tuple[float, float, float, float, bool] | None = None

    @property
    def at_rest(self) -> bool:
        """Where its animations leave it: not in flight, not turning."""
        d = self.dest
        return d is None or (abs(self.x - d[0]) < 0.5 and abs(self.y - d[1]) < 0.5
                             and abs((self.angle - d[2] + 180) % 360 - 180) < 0.5)

    @property
    def rect(self) -> pygame.Rect:
        """Axis-aligned bounds (good enough for hit tests of upright cards)."""
        w = round(self.w)
        h = round(self.w * 1.4)
        if abs(self.angle) % 180 > 45:
            w, h = h, w
        return pygame.Rect(round(self.x - w / 2), round(self.y - self.lift - h / 2), w, h)

    @property
    def width(self) -> int:
        """The drawn width. In flight between two sizes (the hand's and the trick's at a large
        card size) it goes in steps of 4 px: each width is a scaled image to make and keep."""
        return max(8, round(self.w) if self.at_rest else 4 * round(self.w / 4))

    def image(self, four_colour: bool, back: str, width: int = 0) -> pygame.Surface:
        width = width or self.width
        angle = round(self.angle) % 360
        code = str(self.card) if (self.face_up and self.card is not None) else "back"
        return assets.turned_card(code, width, angle, four_colour, back)

    def draw(self, surface: pygame.Surface, four_colour: bool, back: str) -> None:
        width = self.width
        img = self.image(four_colour, back, width)
        rect = img.get_rect(center=(round(self.x), round(self.y - self.lift)))
        if self.glow:
            glow = assets.glow_image(round(self.w))
            if self.angle % 360 == 0:
                surface.blit(glow, glow.get_rect(center=rect.center))
        # The shadow has the card's own outline, turned with it: a square behind a card in
        # flight showed as a black box.
        surface.blit(assets.card_shadow(img, width, round(self.angle) % 360),
                     rect.move(2, 3))
        surface.blit(img, rect)
        if self.dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (0, 0, 0, 105), veil.get_rect(),
                             border_radius=max(3, round(self.w * 0.07)))
            surface.blit(veil, rect)
        if self.selected:
            pygame.draw.rect(surface, (255, 214, 90), rect.inflate(4, 4), width=3,
                             border_radius=max(4, round(self.w * 0.08)))
        if self.mark and self.at_rest:  # on a card in flight it floats off the turned card
            rect = rect.union(draw_mark(surface, rect, self.mark, self.w))
        record("card", rect, str(self.card) if self.face_up else "back", surface)
        if self.focused:
            pygame.draw.rect(surface, FOCUS, rect.inflate(10, 10), width=3,
                             border_radius=max(5, round(self.w * 0.1)))


FOCUS = (120, 200, 255)  # the keyboard focus ring: blue, unlike the gold of a selection
# Short enough to show on the strip of a card that the next card in the fan leaves visible.
MARKS = {"passed": ("OUT", (110, 175, 240)), "received": ("IN", (236, 196, 92)),
         "widow": ("W", (236, 196, 92)), "shown": ("SEEN", (110, 175, 240))}
# Another seat's cards the player knows, drawn face up in that seat's hand: the cards the
# player passed, and the two-handed playoff's draws.
FACE_UP_MARKS = {"passed", "shown"}
# The cards the player passed lie in another seat's small fan, whose strips are narrower than
# a tab at every window size (the tabs overlapped one another, and at 1920x1080 North's stuck
# out above the meld display): an edge marks them instead.
EDGE_MARKS = {"passed", "shown"}


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, mark: str, width: float
              ) -> pygame.Rect:
    """A tab at the card's top left corner saying how it changed hands: IN (received), W
    (from the widow); a coloured top edge for OUT (passed). Returns where it was drawn."""
    text, colour = MARKS[mark]
    if mark in EDGE_MARKS:
        edge = pygame.Rect(rect.left + 2, rect.top - 3, rect.width - 4, 5)
        pygame.draw.rect(surface, colour, edge, border_radius=2)
        return edge
    label = render_text(text, max(9, round(width * 0.15)), (20, 20, 20), bold=True)
    tab = label.get_rect(topleft=(rect.left + round(width * 0.2), rect.top - label.get_height()
                                  // 2)).inflate(8, 2)
    pygame.draw.rect(surface, colour, tab, border_radius=4)
    surface.blit(label, label.get_rect(center=tab.center))
    return tab


def hand_order(cards: Sequence[Card], rules: RuleSet, trump: int) -> list[Card]:
    """Trump first, then the other suits alternating colours; strongest card first."""
    suits = [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]
    if trump >= 0:
        t = Suit(trump)
        other = [s for s in suits if s.is_red != t.is_red]
        same = [s for s in suits if s.is_red == t.is_red and s != t]
        suits = [t, other[0], same[0], other[1]]  # colours keep alternating after trump
    strength = rules.deck.strength
    return sorted(cards, key=lambda c: (suits.index(c.suit), -strength[c.rank]))
