"""Find a better play (issue 40, item 1): each costly decision opened at its moment, without the
answer. The player chooses as at the table (game.ui.table.picker); the choice is judged by the
review's own values (game.match.retry): within the tie of the best it is found; otherwise its
own figure and reason are shown, and the player may try again or ask for the answer. A choice
the review did not analyse is weighed in a worker, never blocking a frame.

Opened from a hand's review (its costly decisions), for a game's practice (its costliest),
and from Statistics (every decision not yet found, kept in the learning file). Leaving a
decision unfound keeps it for later; finding one takes it off the list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.analysis_words import say
from game.match.controller import Match
from game.match.retry import Listener, Moment, Verdict, answer_words, judge, set_up
from game.match.retryjob import WeighJob, weigh_task
from game.match.review import Graded
from game.rules.actions import Action
from game.rules.errors import RulesError
from game.store.learning import PracticeItem
from game.ui import theme
from game.ui.scene import Route, Scene
from game.ui.table.moment import draw_seen, hand_card_width
from game.ui.table.paper import PaperTable
from game.ui.table.picker import Picker
from game.ui.table.replaypieces import GRADE_COLOURS, big_panel, draw_focus, foot, panel_rects
from game.ui.table.sprites import hand_order
from game.ui.widgets import Button, draw_text, felt, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.labels import DrawnTable

HOW = {"card": "Click the card you would play.",
       "cards": "Click the cards, then pass them.",
       "bid": "Step the bid with − and +, then bid, or pass.",
       "buttons": "Choose what you would do."}


class RetryScene(Scene):
    name = "retry"
    opaque = False

    def __init__(self, app: AppContext, items: list[PracticeItem],
                 table: DrawnTable | None = None, title: str = "Find a better play",
                 listener: Listener | None = None) -> None:
        super().__init__(app)
        self.items = list(items)
        self.given = table  # the table the review was opened at (its coach kept clear)
        self.title = title
        self.listener = listener
        self.at = -1
        self.found: set[tuple[str, int, int]] = set()
        self.tried: set[tuple[str, int, int]] = set()
        self.moment: Moment | None = None
        self.table: DrawnTable | None = None
        self.picker: Picker | None = None
        self.verdict: Verdict | None = None
        self.shown = False  # the answer is on show
        self.job: WeighJob | None = None
        self.weighing: Action | None = None
        self.error = ""
        self.again = Button("Try again", self.try_again, primary=True, hotkey=pygame.K_t)
        self.show = Button("Show the answer", self.show_answer, hotkey=pygame.K_a)
        self.next = Button("Next ▶", self.forward, hotkey=pygame.K_RIGHT)
        self.close = Button("Close", self.leave, hotkey=pygame.K_ESCAPE)
        self.play = Button("Play it out", self.play_out, hotkey=pygame.K_o,
                           tooltip="The hand played on from the best choice and from yours, "
                           "side by side, by the expert in every seat (O)")
        self.buttons: list[Button] = []
        self.forward()
        self.app.spares.warm()  # Play it out's workers, before the click

    # -- the decisions in turn ---------------------------------------------------------------
    @property
    def item(self) -> PracticeItem:
        return self.items[self.at]

    def forward(self) -> None:
        """The next decision (or close after the last), keeping the one left."""
        self._settle()
        self.at += 1
        if self.at >= len(self.items):
            self.leave()
            return
        self._open()

    def _open(self) -> None:
        self.verdict, self.shown, self.error = None, False, ""
        self._cancel()
        try:
            self.moment = set_up(self.item)
        except (RulesError, ValueError) as exc:
            self.moment, self.picker = None, None
            self.error = f"This decision could not be set up again: {exc}".splitlines()[0]
            self._buttons()
            return
        m = self.moment
        given = self.given
        if given is not None and given.match.seed == m.item.seed and \
                given.match.rules == m.rules:
            self.table = given
        else:
            match = Match(m.rules, m.item.seed, m.item.seats, list(m.actions))
            self.table = PaperTable(self.app, match, self.item.decision.seat)
        rules = m.rules
        self.picker = Picker(m.view, lambda cards, trump: hand_order(cards, rules, trump),
                             self.answer)
        self._buttons()

    def _settle(self) -> None:
        """The decision being left: found, or kept for later (game.store.learning)."""
        if self.moment is None or self.at < 0 or self.listener is not None:
            return
        key = self.item.key
        learning = self.app.store.load_learning()
        if key in self.found:
            learning.found(key)
        else:
            learning.keep([self.item])
        self.app.store.save_learning(learning)

    def leave(self) -> None:
        if self.at < len(self.items):
            self._settle()
            self.at = len(self.items)
        self._cancel()
        if self in self.app.stack:
            self.app.pop(self)

    def exit(self) -> None:
        self._cancel()

    # -- answering -------------------------------------------------------------------------
    def answer(self, action: Action) -> None:
        m = self.moment
        if m is None or self.job is not None:
            return
        self.tried.add(self.item.key)
        verdict = judge(self.item.decision, m.view, action)
        if verdict is None:  # not analysed by the review: weighed now, in a worker
            self.weighing = action
            self.job = WeighJob(weigh_task(self.item, action))
        else:
            self._judged(verdict)
        self._buttons()

    def _judged(self, verdict: Verdict) -> None:
        self.verdict = verdict
        if verdict.accepted:
            self.found.add(self.item.key)
        if self.listener is not None:
            self.listener.answered(verdict)
        self._buttons()

    def update(self, dt: float) -> None:
        job, m = self.job, self.moment
        if job is None or m is None or not job.poll():
            return
        self.job = None
        action, self.weighing = self.weighing, None
        if job.error is not None or job.result is None or action is None:
            self.error = job.error or "The answer could not be weighed."
        else:
            verdict = judge(job.result, m.view, action, weighed_now=True)
            if verdict is not None:
                self._judged(verdict)
        self._buttons()

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.weighing = None

    def try_again(self) -> None:
        self.verdict = None
        if self.picker is not None:
            self.picker.selected.clear()
        self._buttons()

    def show_answer(self) -> None:
        self._cancel()
        self.shown = True
        if self.listener is not None:
            self.listener.shown()
        self._buttons()

    def play_out(self) -> None:
        if self.moment is not None:
            self.app.open(Route.PLAY_OUT, item=self.item, table=self.given)

    @property
    def busy(self) -> bool:
        return self.job is not None

    # -- layout and drawing ------------------------------------------------------------------
    def _buttons(self) -> None:
        last = self.at >= len(self.items) - 1
        self.next.label = "Done" if last else "Next ▶"
        self.next.primary = self.shown or (self.verdict is not None and self.verdict.accepted)
        foot: list[Button] = []
        refused = self.verdict is not None and not self.verdict.accepted
        if refused and not self.shown:
            foot.append(self.again)
        if self.moment is not None and not self.shown and \
                not (self.verdict is not None and self.verdict.accepted):
            foot.append(self.show)
        if self.moment is not None and (self.shown or self.verdict is not None):
            foot.append(self.play)
        foot += [self.next, self.close]
        self.buttons = foot
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        if isinstance(self.table, PaperTable):
            self.table.resize(size)
        table = self.table
        if table is None:
            return
        foot(self.buttons, table, size)
        if self.picker is not None:
            self.picker.place(table, self._controls())

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The moment on the left, the question and the verdict on the right."""
        table = self.table
        assert table is not None
        lay = table.layout
        inner = panel_rects(table)[1]
        split = inner.left + round(inner.width * 0.58)
        gap = round(24 * lay.s)
        return (pygame.Rect(inner.left, inner.top, split - inner.left - gap, inner.height),
                pygame.Rect(split, inner.top, inner.right - split, inner.height))

    def _controls(self) -> pygame.Rect:
        """Where the picker's buttons go: under the question, in the right column."""
        table = self.table
        assert table is not None
        right = self._areas()[1]
        step = round(table.layout.font_small * 1.4)
        return pygame.Rect(right.left, right.top + step * 4, right.width, step * 6)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        asking = self.verdict is None and not self.shown and self.job is None
        if asking and self.picker is not None and self.picker.handle_event(event):
            self.resize(self.app.size)
            return True
        return True  # nothing beneath is played while a retry is open

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if table is None:
            return
        count = f" ({self.at + 1} of {len(self.items)})" if len(self.items) > 1 else ""
        if isinstance(table, PaperTable):  # away from the table (Statistics): on the felt
            surface.blit(felt(surface.get_size()), (0, 0))
        big_panel(surface, table, self.title + count)
        left, right = self._areas()
        m = self.moment
        lay = table.layout
        if m is None:
            draw_text(surface, self.error, (left.left, left.top), lay.font, theme.RED)
        else:
            asking = self.verdict is None and not self.shown
            hand = draw_seen(surface, table, m.history, m.row, m.view, left,
                             lambda cards, trump: hand_order(cards, m.rules, trump),
                             hand=self.shown)
            if not self.shown and self.picker is not None:
                step = round(lay.font_small * 1.4)
                self.picker.draw_hand(surface, table, (hand.left, hand.top + step),
                                      hand_card_width(table, hand) - round(6 * lay.s),
                                      hand.width)
            if self.shown:
                draw_focus(surface, table, m.row, right, reason_lines=6)
            else:
                self._question(surface, table, m, right, asking)
        for b in self.buttons:
            b.draw(surface)

    def _question(self, surface: pygame.Surface, table: DrawnTable, m: Moment,
                  area: pygame.Rect, asking: bool) -> None:
        lay = table.layout
        size = lay.font_small
        step = round(size * 1.4)
        g = Graded(m.item.decision)
        y = area.top
        head = (f"{m.row.moment[:1].upper()}{m.row.moment[1:]}: you chose {g.chosen.text} "
                f"({g.grade}, {g.lost:.0f} points lost). Find a better play.")
        for line in wrap(head, size, area.width, bold=True)[:3]:
            draw_text(surface, line, (area.left, y), size, theme.GOLD, bold=True)
            y += step
        if self.picker is not None and asking and self.job is None:
            draw_text(surface, HOW[self.picker.mode], (area.left, y), size, theme.INK_DIM)
            self.picker.draw(surface, table)
            return
        y = self._controls().top
        if self.job is not None and self.weighing is not None:
            text = (f"Weighing {self._words(self.weighing)}: the review did not analyse it, "
                    f"so it is analysed now from what you could see...")
            for line in wrap(text, size, area.width):
                draw_text(surface, line, (area.left, y), size, theme.INK)
                y += step
            return
        v = self.verdict
        if v is None:
            if self.error:
                draw_text(surface, self.error, (area.left, y), size, theme.RED)
            return
        colour = theme.GREEN if v.accepted else GRADE_COLOURS.get(v.grade, theme.INK)
        title = ("Found: as good as the best." if v.accepted else
                 f"Not the best: {v.grade}, {v.lost:.0f} points lost.")
        for line in wrap(title, lay.font, area.width, bold=True):  # beside a lesson's coach
            draw_text(surface, line, (area.left, y), lay.font, colour, bold=True)
            y += round(lay.font * 1.3)
        y += round(lay.font * 0.2)
        now = " (weighed now: the review had not analysed it)" if v.weighed_now else ""
        figure = (f"Expected score: {v.value:+.0f} for your choice, {v.best:+.0f} for the "
                  f"best{now}.")
        more = (now[2:-1].capitalize() + ".",) if v.accepted and now else \
            () if v.accepted else (figure,)
        for text in (v.words + ".", *more):
            for line in wrap(text, size, area.width):
                draw_text(surface, line, (area.left, y), size, theme.INK)
                y += step
        if v.accepted:
            y += step // 2
            why = answer_words(m.item.decision, m.view, named=False)
            for line in wrap(why, size, area.width)[:6]:
                draw_text(surface, line, (area.left, y), size, theme.INK_DIM)
                y += step

    def _words(self, action: Action) -> str:
        m = self.moment
        return say(m.view, action) if m is not None else str(action)
