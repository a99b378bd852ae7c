"""Review (issue 28): after a hand, the player's decisions graded against the expert, made in a
worker process with a progress bar (the table keeps its frame rate; Cancel stops it), the three
costliest first, each opening the replay at that moment, and what the open level scored with
"all cards seen". Issue 40 adds the swing of the hand as a chart (a click on a point opens that
moment), the score by phase for the hand and the game, and "Find a better play" (Retry) for
the hand's costly decisions and the game's.
A review is stored with the saved game: reopening it is instant."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.match.gamereview import game_review
from game.match.phases import game_phases, hand_phases
from game.match.retry import (
    GameRecordText,
    game_practice,
    item_for,
    practice_items,
    to_retry,
)
from game.match.review import Graded, hand_lost
from game.match.reviewjob import ReviewJob, task_for
from game.match.reviewread import (
    Row,
    all_cards_seen_words,
    costliest,
    lost_words,
    rows,
    score_words,
    scored,
)
from game.match.session import Session
from game.match.swing import swing
from game.rules.gamehands import GameHand, game_hands
from game.store.learning import PracticeItem
from game.store.reviews import StoredReview
from game.ui import theme
from game.ui.overlay import Display
from game.ui.scene import Route
from game.ui.table.faces import PromptTable
from game.ui.table.phasepanel import draw_phases
from game.ui.table.replaypieces import GRADE_COLOURS
from game.ui.table.swingchart import SwingChart
from game.ui.widgets import Button, draw_text, elide, layout_row, panel, record, shade

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class ReviewedTable(PromptTable, Protocol):
    """The table as the review sees it: a prompt's view of it, and its game's session, where
    the review is kept and saved."""

    session: Session



class HandReviewScene(Display):
    name = "hand review"

    def __init__(self, app: AppContext, table: ReviewedTable, hand_no: int) -> None:
        super().__init__(app, table)
        self.host = table  # the review is kept in its game's session, and saved with it
        self.hand_no = hand_no
        m = table.match
        self.hand: GameHand = game_hands(m.rules, m.seed, m.actions)[hand_no]
        self.review: StoredReview | None = table.session.reviews.get(hand_no)
        if self.review is not None and self.review.seat != table.human:
            self.review = None
        self.job: ReviewJob | None = None
        self.error = ""
        self.cont.label = "Close"
        self.cont.hotkey = pygame.K_ESCAPE
        self.cancel_button = Button("Cancel", self.cancel, hotkey=pygame.K_ESCAPE)
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
            self.job = ReviewJob(task_for(table.session.chosen, m.seed, m.actions, hand_no,
                                          table.human, m.seats))
            self.buttons = [self.cancel_button]
        else:
            self._show(self.review)

    # -- the worker --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or not job.poll():
            return
        self.job = None
        if job.error is not None:
            self.error = f"The review could not be made: {job.error}"
            self.buttons = [self.cont]
        elif job.result is not None:
            # kept with the saved game (instant next time) and counted in the rating
            self.host.session.reviewed(job.result)
            self._show(job.result)
        self.resize(self.app.size)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.close()

    def exit(self) -> None:
        super().exit()
        if self.job is not None:  # closed some other way: the worker is not left running
            self.job.cancel()
            self.job = None

    def on_auto(self) -> None:
        if self.job is None:
            self.close()

    def _show(self, review: StoredReview) -> None:
        self.review = review
        self.rows = rows(self.hand, review)
        self.picks = []
        for i, row in enumerate(costliest(self.rows)):
            g = row.graded
            label = (f"{i + 1}. {row.moment}: you chose {g.chosen.text}; best {g.best_words}; "
                     f"{g.grade}, {row.lost:.0f} points")
            self.picks.append(Button(label, self._opener(row), hotkey=pygame.K_1 + i))
        self.chart = SwingChart(swing(self.rows, scored(self.hand, review.seat)))
        foot = [self.find] if to_retry(self.rows) else []
        if len(self._reviews()) > 1 and self.game_items():
            foot.append(self.practise)
        self.buttons = [*self.picks, *foot, self.cont]

    # -- Retry (issue 40, item 1) ----------------------------------------------------------
    def _record(self) -> GameRecordText:
        return self.host.session.game_record()

    def _reviews(self) -> list[StoredReview]:
        """The game's hands reviewed for the player (Hint's among them: shown, not counted)."""
        return [r for r in self.host.session.reviews.values() if r.seat == self.host.human]

    def hand_items(self) -> list[PracticeItem]:
        assert self.review is not None
        return practice_items(self._record(), self.hand, self.review, self.rows)

    def game_items(self) -> list[PracticeItem]:
        m = self.host.match
        hands = game_hands(m.rules, m.seed, m.actions)
        record = self._record()
        return game_practice([practice_items(record, hands[r.hand_no], r,
                                             rows(hands[r.hand_no], r))
                              for r in self._reviews() if r.hand_no < len(hands)])

    def find_better(self) -> None:
        self.app.open(Route.RETRY, items=self.hand_items(), table=self.table,
                      title=f"Find a better play: hand {self.hand_no + 1}")

    def practise_game(self) -> None:
        self.app.open(Route.RETRY, items=self.game_items(), table=self.table,
                      title="Practice: the game's costliest decisions")

    def handle_event(self, event: pygame.event.Event) -> bool:
        chart = self.chart
        if chart is not None and self.job is None and event.type in (pygame.MOUSEMOTION,
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
        assert self.review is not None
        item = item_for(self._record(), self.hand, self.review, row.graded.decision)
        return lambda: self.app.open(Route.REPLAY, table=self.table, hand_no=self.hand_no,
                                     focus=row, item=item)

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
        if self.job is not None:
            self._progress(surface, x, y, width)
        elif self.error:
            draw_text(surface, elide(self.error, lay.font, width), (x, y), lay.font, theme.RED)
        elif self.review is not None:
            self._summary(surface, x, y, width)
        self.draw_buttons(surface)

    def _progress(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        lay = self.layout
        s = lay.s
        job = self.job
        assert job is not None
        draw_text(surface, elide("Grading your decisions against the expert, from what you "
                                 "could see at each one...", lay.font, width), (x, y), lay.font)
        bar = pygame.Rect(x, y + round(40 * s), width, round(22 * s))
        pygame.draw.rect(surface, theme.INK_DIM, bar, width=2, border_radius=6)
        fill = bar.inflate(-6, -6)
        fill.width = round(fill.width * job.fraction)
        if fill.width > 0:
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=4)
        record("progress", bar, "progress")
        done = (f"{job.done} of {job.total - 1} decisions" if job.total else "starting...")
        draw_text(surface, done, (x, bar.bottom + round(10 * s)), lay.font_small, theme.INK_DIM)

    def _game_line(self, surface: pygame.Surface, x: int, width: int) -> None:
        """The game so far, over every hand reviewed: accuracy and the levels compared."""
        lay = self.layout
        reviews = [r for r in self.host.session.reviews.values() if r.seat == self.host.human]
        if not reviews:
            return
        gr = game_review(reviews, self.host.session.match.hinted)
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
        score = scored(self.hand, review.seat)
        if score is not None:
            draw_text(surface, elide(score_words(self.hand, score) + ".", lay.font_small,
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
        draw_text(surface, "Costliest decisions (click one to see it in the replay):",
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
        reviews = [r for r in self._reviews() if r.hand_no not in self.host.session.match.hinted]
        game, hands = game_phases(reviews)
        game_total = sum(hand_lost([Graded(d) for d in r.decisions]) or 0.0 for r in reviews)
        gap = round(24 * lay.s)
        left = band.left + round(band.width * 0.6) + gap
        draw_phases(surface, pygame.Rect(left, band.top, band.right - left, band.height),
                    lay.font_small, hand_phases(graded), hand_lost(graded) or 0.0,
                    game if hands > 1 else None, game_total, hands)
