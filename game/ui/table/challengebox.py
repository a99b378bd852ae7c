"""The duplicate challenge after a hand (issue 28, item 3): the player's score and the expert's
from the same cards against the same opponents, side by side, and the table's difference per
deal so far with its 95% interval. The expert's hand is played in a worker while the player
reads on (game.match.challengequeue): until it is done, its half shows how far it has got."""

from __future__ import annotations

import pygame

from game.match.rating import table_figures
from game.match.review import margin
from game.match.session import Session
from game.rules.events import HandResult
from game.store.challenge import Item
from game.ui import theme
from game.ui.widgets import draw_text, elide, record

# in lines of small type: the heading, the two boxes (3 and a third), the deal, the table, the
# hands with Hint left out of the table's figures
ROWS = 8


class ChallengeBox:
    def __init__(self, session: Session, hand_no: int) -> None:
        self.session = session
        self.hand_no = hand_no
        self.line = ""  # the table's figures, worked out once the deal is done
        self.left_out = ""  # how many of the table's deals were played with Hint

    @property
    def shown(self) -> bool:
        return self.session.challenge

    def caption(self, whose: str) -> str:
        """What the figure is: the hand's score less the other side's (or sides' average)."""
        others = "the other side's" if self.session.match.rules.n_sides == 2 else \
            "the others' average"
        return f"{whose} side's hand less {others}"

    def status(self) -> tuple[str, float, Item | None]:
        state, share = self.session.queue.status(self.hand_no)
        return state, share, self.session.queue.items.get(self.hand_no)

    @property
    def hinted(self) -> bool:
        """The player asked for a Hint in this hand: marked, and not counted."""
        item = self.session.queue.items.get(self.hand_no)
        return self.hand_no in self.session.match.hinted or (item is not None and item.hint)

    def height(self, font: int) -> int:
        return round(font * 1.5) * ROWS

    def table_line(self) -> str:
        if not self.line:
            deals = self.session.store.load_challenge().deals(self.session.chosen.stats_name)
            fig = table_figures(deals)
            if fig is None:
                return ""
            per = "deal" if fig.deals == 1 else "deals"
            text = "At this table: no deal without Hint yet"
            if fig.mean is not None:
                text = (f"At this table: {fig.mean:+.0f} a deal against the expert over "
                        f"{fig.deals} {per}")
            if fig.low is not None and fig.high is not None:
                text += f" (95% interval {fig.low:+.0f} to {fig.high:+.0f})"
            if fig.hinted:  # on a line of its own: the figures' line is long enough already
                self.left_out = f"{fig.hinted_words} in the table's figures or the rating."
            self.line = text + "."
        return self.line

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, font: int, small: int,
             result: HandResult) -> None:
        """The two scores side by side in ``rect``: each the hand's score for the seat's side
        less the other sides' average, as the worker measures the expert's."""
        s = self.session
        you: float | None = margin(s.match.rules, s.seat, result)
        step = round(small * 1.5)
        draw_text(surface, elide("Duplicate challenge: the same cards and opponents, the "
                                 "expert in your seat", small, rect.width), (rect.left, rect.top),
                  small, theme.GOLD, bold=True)
        half = (rect.width - step) // 2
        left = pygame.Rect(rect.left, rect.top + step, half, step * 3 + step // 3)
        right = pygame.Rect(left.right + step, left.top, half, left.height)
        state, share, item = self.status()
        expert = item.level("expert") if item is not None else None
        hinted = self.hinted
        for box, who, value, whose in ((left, "You, with Hint" if hinted else "You", you,
                                        "your"),
                                       (right, "The expert", expert, "its")):
            pygame.draw.rect(surface, theme.INK_DIM, box, width=1, border_radius=8)
            draw_text(surface, who, (box.centerx, box.top + 2), small,
                      theme.GOLD if who.endswith("Hint") else theme.INK_DIM, anchor="midtop")
            if value is not None:
                draw_text(surface, f"{value:+.0f}", (box.centerx, box.top + round(small * 1.35)),
                          font, theme.INK, bold=True, anchor="midtop")
                draw_text(surface, elide(self.caption(whose), small, box.width - 8),
                          (box.centerx, box.bottom - 2), small, theme.INK_DIM,
                          anchor="midbottom")
        if expert is None:
            self._waiting(surface, right, state, share, small)
        y = left.bottom + step // 3
        if item is not None and you is not None and expert is not None:
            diff = you - expert
            colour = theme.GREEN if diff >= 0 else theme.RED
            words = f"You {diff:+.0f} against the expert on this deal"
            if hinted:  # a hint is the expert's own suggestion: no measure of the player
                words, colour = words + " with Hint: not counted", theme.GOLD
            draw_text(surface, elide(words + ".", small, rect.width), (rect.left, y), small,
                      colour, bold=True)
            draw_text(surface, elide(self.table_line(), small, rect.width),
                      (rect.left, y + step), small, theme.INK)
            if self.left_out:
                draw_text(surface, elide(self.left_out, small, rect.width),
                          (rect.left, y + 2 * step), small, theme.INK_DIM)
        elif state == "error":
            reason = self.session.queue.errors.get(self.hand_no, "")
            draw_text(surface, elide(f"The expert's hand could not be played: {reason}", small,
                                     rect.width), (rect.left, y), small, theme.RED)

    def _waiting(self, surface: pygame.Surface, box: pygame.Rect, state: str, share: float,
                 small: int) -> None:
        """How far the worker has got with the levels' hands (the expert's among them)."""
        if state not in ("playing", "waiting"):
            return
        bar = pygame.Rect(0, 0, box.width * 2 // 3, max(6, small // 2))
        bar.midtop = (box.centerx, box.top + round(small * 1.9))
        pygame.draw.rect(surface, theme.INK_DIM, bar, width=1, border_radius=3)
        record("progress", bar, "progress")
        fill = bar.inflate(-2, -2)
        fill.width = round(fill.width * share)
        if fill.width > 0:
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=3)
        words = "playing your cards..." if state == "playing" else "waiting its turn..."
        draw_text(surface, words, (box.centerx, bar.bottom + 4), small, theme.INK_DIM,
                  anchor="midtop")
