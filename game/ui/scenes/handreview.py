"""Review (issue 28): after a hand, the player's decisions graded against the expert, made in a
worker process with a progress bar (the table keeps its frame rate; Cancel stops it), the three
costliest first, each opening the replay at that moment, and what the open level scored with
"all cards seen". Issue 40 adds the swing of the hand as a chart (a click on a point opens that
moment), the score by phase for the hand and the game, and "Find a better play" (Retry) for
the hand's costly decisions and the game's.
A review is stored with the saved game: reopening it is instant."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.match.gamereview import game_review
from game.match.phases import game_phases, hand_phases
from game.match.retry import to_retry
from game.match.review import Graded, hand_lost
from game.match.reviewread import (
    Row,
    all_cards_seen_words,
    costliest,
    lost_words,
    score_words,
)
from game.match.swing import swing
from game.store.learning import PracticeItem
from game.store.reviews import StoredReview
from game.ui import theme
from game.ui.overlay import Display
from game.ui.scene import Route
from game.ui.table.faces import PromptTable
from game.ui.table.phasepanel import draw_phases
from game.ui.table.replaypieces import GRADE_COLOURS, big_panel, draw_focus
from game.ui.table.reviewsource import LocalReview, ReviewedTable, ReviewSource
from game.ui.table.swingchart import SwingChart
from game.ui.widgets import Button, draw_text, elide, layout_row, panel, record, shade

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class HandReviewScene(Display):
    name = "hand review"

    def __init__(self, app: AppContext, table: ReviewedTable, hand_no: int,
                 source: ReviewSource | None = None) -> None:
        super().__init__(app, table)
        self.hand_no = hand_no
        self.source: ReviewSource = source if source is not None else \
            table.review_source(hand_no)
        self.review: StoredReview | None = self.source.result
        self.error = ""
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE
        self.cancel_button = Button("Cancel" if self.source.stops else "Close", self.cancel,
                                    hotkey=pygame.K_ESCAPE)
        self.rows: list[Row] = []
        self.picks: list[Button] = []
        self.chart: SwingChart | None = None
        self.find = Button("Find a better play", self.find_better, hotkey=pygame.K_f,
                           tooltip="Each costly decision of this hand at its moment, without "
                           "the answer: choose again (F)")
        self.practise = Button("Practice the game", self.practise_game, hotkey=pygame.K_p,
                               tooltip="The costliest decisions of every hand of this game "
                               "reviewed so far (P)")
        if self.review is None:
            self.source.begin()
            self.buttons = [self.cancel_button]
            self._settle()
        else:
            self._show(self.review)

    # -- the worker, or the host --------------------------------------------------------------
    @property
    def making(self) -> bool:
        """The review is being made (here, or by a network table's host)."""
        return self.source.pending

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.source.poll():
            self._settle()
            self.resize(self.app.size)

    def _settle(self) -> None:
        if self.source.error is not None:
            self.error = f"The review could not be made: {self.source.error}"
            self.buttons = [self.cont]
        elif self.source.result is not None:
            self._show(self.source.result)

    def cancel(self) -> None:
        self.source.cancel()
        self.close()

    def exit(self) -> None:
        super().exit()
        self.source.cancel()  # closed some other way: the worker is not left running

    def on_auto(self) -> None:
        if not self.making:
            self.close()

    def _show(self, review: StoredReview) -> None:
        self.review = review
        self.rows = self.source.rows(review)
        self.picks = []
        for i, row in enumerate(costliest(self.rows)):
            g = row.graded
            label = (f"{i + 1}. {row.moment}: you chose {g.chosen.text}; best {g.best_words}; "
                     f"{g.grade}, {row.lost:.0f} points")
            self.picks.append(Button(label, self._opener(row), hotkey=pygame.K_1 + i))
        self.chart = SwingChart(swing(self.rows, self.source.score(review)))
        foot = []
        if self.source.retries():
            foot = [self.find] if to_retry(self.rows) else []
            if len(self.source.reviews()) > 1 and self.game_items():
                foot.append(self.practise)
        self.buttons = [*self.picks, *foot, self.cont]

    # -- Retry (issue 40, item 1): a game on this machine only ------------------------------
    def hand_items(self) -> list[PracticeItem]:
        assert self.review is not None and isinstance(self.source, LocalReview)
        return self.source.hand_items(self.review, self.rows)

    def game_items(self) -> list[PracticeItem]:
        assert isinstance(self.source, LocalReview)
        return self.source.game_items()

    def find_better(self) -> None:
        self.app.open(Route.RETRY, items=self.hand_items(), table=self.table,
                      title=f"Find a better play: hand {self.hand_no + 1}")

    def practise_game(self) -> None:
        self.app.open(Route.RETRY, items=self.game_items(), table=self.table,
                      title="Practice: the game's costliest decisions")

    def handle_event(self, event: pygame.event.Event) -> bool:
        chart = self.chart
        if chart is not None and not self.making and event.type in (pygame.MOUSEMOTION,
                                                                     pygame.MOUSEBUTTONDOWN):
            at = chart.hit(event.pos)
            chart.hover = at
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and at is not None:
                row = chart.points[at].row
                if row is not None:  # a decision: its moment in the replay
                    self._opener(self.rows[row])()
                    return True
        return super().handle_event(event)

    def _opener(self, row: Row) -> Callable[[], object]:
        route, args = self.source.moment(row)
        return lambda: self.app.open(route, **args)

    # -- layout and drawing --------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        s = lay.s
        frame = self.frame()
        foot = [b for b in self.buttons if b not in self.picks]
        for b in foot:
            b.font_size = lay.font
        layout_row(foot, frame.centerx, frame.bottom - round(56 * s), round(42 * s),
                   round(12 * s), min_width=round(150 * s))
        band = self.band()
        if self.chart is not None:
            self.chart.place(pygame.Rect(band.left, band.top, round(band.width * 0.6),
                                         band.height), lay.font_small)
        top = band.bottom + round(36 * s)
        for i, b in enumerate(self.picks):
            b.font_size = lay.font_small
            b.rect = pygame.Rect(frame.left + round(30 * s), top + i * round(70 * s),
                                 frame.width - round(60 * s), round(36 * s))

    def band(self) -> pygame.Rect:
        """The swing chart and the figures by phase, side by side under the summary."""
        s = self.layout.s
        frame = self.frame()
        return pygame.Rect(frame.left + round(30 * s), frame.top + round(142 * s),
                           frame.width - round(60 * s), round(230 * s))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        s = lay.s
        shade(surface, 110)
        frame = self.frame()
        panel(surface, frame)
        draw_text(surface, f"Review of hand {self.hand_no + 1}",
                  (frame.centerx, frame.top + round(10 * s)), lay.font_big, theme.GOLD,
                  bold=True, anchor="midtop")
        x, y = frame.left + round(30 * s), frame.top + round(60 * s)
        width = frame.width - round(60 * s)
        if self.making:
            self._progress(surface, x, y, width)
        elif self.error:
            draw_text(surface, elide(self.error, lay.font, width), (x, y), lay.font, theme.RED)
        elif self.review is not None:
            self._summary(surface, x, y, width)
        self.draw_buttons(surface)

    def _progress(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        lay = self.layout
        s = lay.s
        fraction, words = self.source.progress()
        draw_text(surface, elide("Grading your decisions against the expert, from what you "
                                 "could see at each one...", lay.font, width), (x, y), lay.font)
        bar = pygame.Rect(x, y + round(40 * s), width, round(22 * s))
        pygame.draw.rect(surface, theme.INK_DIM, bar, width=2, border_radius=6)
        fill = bar.inflate(-6, -6)
        if fraction is None:  # made elsewhere: a block that moves says it is under way
            span = fill.width // 5
            fill.left += round((fill.width - span) * (pygame.time.get_ticks() % 2000) / 2000)
            fill.width = span
        else:
            fill.width = round(fill.width * fraction)
        if fill.width > 0:
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=4)
        record("progress", bar, "progress")
        draw_text(surface, words, (x, bar.bottom + round(10 * s)), lay.font_small, theme.INK_DIM)

    def _game_line(self, surface: pygame.Surface, x: int, width: int) -> None:
        """The game so far, over every hand reviewed: accuracy and the levels compared."""
        lay = self.layout
        reviews = self.source.reviews()
        if not reviews:
            return
        gr = game_review(reviews, self.source.hinted())
        n = len(gr.hands) - len(gr.hinted)
        hint = f", {len(gr.hinted)} with Hint left out" if gr.hinted else ""
        if n == 0:
            text = (f"The game so far: every hand reviewed was played with Hint, so none is "
                    f"counted ({len(gr.hinted)} left out).")
        else:
            text = (f"The game so far ({n} hand{'s' if n != 1 else ''} reviewed{hint}): "
                    f"accuracy {gr.accuracy:.0f}%, {gr.lost_per_hand:.0f} points lost per "
                    f"hand; {gr.placed}.")
        y = self.cont.rect.top - round(40 * lay.s)
        draw_text(surface, elide(text, lay.font_small, width), (x, y), lay.font_small,
                  theme.GOLD)

    def _summary(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        lay = self.layout
        s = lay.s
        review = self.review
        assert review is not None
        counts = {g: sum(r.graded.grade == g for r in self.rows) for g in GRADE_COLOURS}
        plural = {"good": "good", "inaccuracy": "inaccuracies", "mistake": "mistakes",
                  "blunder": "blunders"}
        parts = ", ".join(f"{n} {g if n == 1 else plural[g]}" for g, n in counts.items())
        step = round(lay.font * 1.45)
        draw_text(surface, elide(f"{len(self.rows)} decisions: {parts}; "
                                 f"{lost_words(self.rows)}.", lay.font, width), (x, y),
                  lay.font, bold=True)
        score = self.source.score(review)
        if score is not None:
            draw_text(surface, elide(score_words(self.source.rules, score) + ".", lay.font_small,
                                     width),
                      (x, y + step), lay.font_small)
        seen = all_cards_seen_words(review, score)
        if seen:
            draw_text(surface, elide(seen, lay.font_small, width),
                      (x, y + 2 * step), lay.font_small, theme.INK_DIM)
        self._game_line(surface, x, width)
        self._band(surface)
        head = self.band().bottom + round(10 * s)
        if not self.picks:
            draw_text(surface, "Every decision was good by the analysis.", (x, head),
                      lay.font, theme.GREEN)
            return
        draw_text(surface, f"Costliest decisions (click one to see {self.source.opens}):",
                  (x, head), lay.font_small, theme.GOLD, bold=True)
        for b, row in zip(self.picks, costliest(self.rows), strict=True):
            colour = GRADE_COLOURS.get(row.graded.grade, theme.INK)
            pygame.draw.rect(surface, colour, b.rect.inflate(6, 6), width=3, border_radius=10)
            draw_text(surface, elide(row.graded.decision.reason, lay.font_small, width),
                      (b.rect.left + round(4 * s), b.rect.bottom + round(6 * s)),
                      lay.font_small, theme.INK_DIM)

    def _band(self, surface: pygame.Surface) -> None:
        """The swing of the hand as a chart, and beside it the points lost by phase."""
        lay = self.layout
        band = self.band()
        if self.chart is not None and self.chart.points:
            self.chart.draw(surface)
        graded = [r.graded for r in self.rows]
        hinted = self.source.hinted()
        reviews = [r for r in self.source.reviews() if r.hand_no not in hinted]
        game, hands = game_phases(reviews)
        game_total = sum(hand_lost([Graded(d) for d in r.decisions]) or 0.0 for r in reviews)
        gap = round(24 * lay.s)
        left = band.left + round(band.width * 0.6) + gap
        draw_phases(surface, pygame.Rect(left, band.top, band.right - left, band.height),
                    lay.font_small, hand_phases(graded), hand_lost(graded) or 0.0,
                    game if hands > 1 else None, game_total, hands)


class DecisionScene(Display):
    """One reviewed decision on its own: what was chosen, each choice's expected score and the
    reason. A network table's review opens this where a game on this machine opens the replay
    at the moment, whose cards stay with the host."""

    name = "decision"

    def __init__(self, app: AppContext, table: PromptTable, row: Row) -> None:
        super().__init__(app, table)
        self.row = row
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface) -> None:
        inner = big_panel(surface, self.table, "A decision of the hand")
        s = self.layout.s
        draw_focus(surface, self.table, self.row, inner.inflate(-round(40 * s), -round(20 * s)),
                   cards_shown=False)
        self.draw_buttons(surface)
