"""Play it out (issue 40, item 2): at a reviewed decision, the hand continued on the same cards
from the best action and from the player's own, side by side a trick at a time, by the expert
in every seat, ending in both scores (game.match.playout). The lines are played in a worker
(game.match.playoutjob), each trick shown as it arrives, so the first trick is on show while
the rest is played and no frame waits. Branch: choose any legal action at the moment (as in
Retry, game.ui.table.picker) and the bots finish the hand from there beside the best line.

Every trick, contract and score drawn is the engine's: the worker's actions are replayed here
through the engine (game.match.playout.LineReader)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.analysis_words import say
from game.match.controller import Match
from game.match.playout import Line, LineReader
from game.match.playoutjob import PlayOutJob, play_out_task, read_part, worker_cpu
from game.match.retry import Moment, set_up
from game.match.review import Graded, margin_words
from game.rules.actions import Action
from game.rules.events import TrickWon
from game.store.learning import PracticeItem
from game.store.reviews import option_key
from game.ui import assets, theme
from game.ui.scene import Scene
from game.ui.table.moment import draw_seen, hand_card_width
from game.ui.table.paper import PaperTable
from game.ui.table.picker import Picker
from game.ui.table.replaypieces import big_panel, foot, panel_rects, who
from game.ui.table.sprites import hand_order
from game.ui.widgets import Button, draw_text, elide, felt, record, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.labels import DrawnTable


class PlayOutScene(Scene):
    name = "play it out"
    opaque = False

    def __init__(self, app: AppContext, item: PracticeItem, table: DrawnTable | None = None
                 ) -> None:
        super().__init__(app)
        self.item = item
        self.moment: Moment = set_up(item)
        m = self.moment
        if table is not None and table.match.seed == item.seed and table.match.rules == m.rules:
            self.table: DrawnTable = table
        else:
            match = Match(m.rules, item.seed, item.seats, list(m.actions))
            self.table = PaperTable(app, match, item.decision.seat)
        g = Graded(item.decision)
        self.best = self.legal(g.best.action)
        mine = self.legal(item.decision.chosen)
        self.names = [f"Best: {g.best.text}"]
        firsts = [self.best]
        if option_key(mine) != option_key(self.best):
            firsts.append(mine)
            self.names.append(f"Yours: {g.chosen.text}")
        self.job: PlayOutJob | None = None
        self.lines: list[Line | None] = []
        self.page = 0
        self.started = 0.0  # when the job was asked for (app time), and the first trick shown
        self.first_shown: float | None = None
        self.worker_cpu: list[float] = []  # each line's CPU in the worker (benchmarks read it)
        self.worker_start_cpu = 0.0  # the worker's CPU before it began: its start, its imports
        self.picker: Picker | None = None  # branching: choosing the action to play on from
        self.error = ""
        self.prev = Button("◀ Previous trick", lambda: self.turn(-1), hotkey=pygame.K_LEFT)
        self.next = Button("Next trick ▶", lambda: self.turn(1), hotkey=pygame.K_RIGHT,
                           primary=True)
        self.branch = Button("Branch…", self.choose_branch, hotkey=pygame.K_b,
                             tooltip="Choose any legal action here and let the bots finish "
                             "the hand from it (B)")
        self.close = Button("Close", self.leave, hotkey=pygame.K_ESCAPE)
        self.buttons = [self.prev, self.next, self.branch, self.close]
        self.start(firsts)

    def legal(self, action: Action) -> Action:
        """The legal action of the moment for an analysed one (a card by its kind)."""
        key = option_key(action)
        return next(a for a in self.moment.view.legal if option_key(a) == key)

    # -- the worker --------------------------------------------------------------------------
    def start(self, firsts: list[Action]) -> None:
        self._cancel()
        self.lines = [None for _ in firsts]
        seat = self.item.decision.seat
        self.readers = [LineReader(self.moment.start, seat) for _ in firsts]
        self.page, self.first_shown, self.error = 0, None, ""
        self.started = self.app.time
        self.job = PlayOutJob(play_out_task(self.item, firsts), self.app.spares)

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        finished = job.poll()
        fresh, job.parts = job.parts, []
        for raw in fresh:  # each trick as it comes, read through the engine
            i, actions, _ = read_part(raw)
            self.lines[i] = self.readers[i].feed(actions)
            self.worker_cpu = worker_cpu(raw, self.worker_cpu)
            start = raw.get("start_cpu") if isinstance(raw, dict) else None
            if isinstance(start, int | float):
                self.worker_start_cpu = float(start)
        if self.first_shown is None and self.lines and all(
                line is not None and (line.tricks or line.score is not None)
                for line in self.lines):
            self.first_shown = self.app.time
        if finished:
            self.job = None
            # spares for a branch, started now rather than beside the lines' own workers,
            # which they would slow on a two-core machine
            self.app.spares.warm()
            if job.error is not None:
                self.error = job.error
            elif job.result is not None:
                self.lines = [reader.feed(acts) for reader, acts
                              in zip(self.readers, job.result, strict=True)]

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def exit(self) -> None:
        self._cancel()

    def leave(self) -> None:
        self._cancel()
        if self in self.app.stack:
            self.app.pop(self)

    @property
    def busy(self) -> bool:
        return self.job is not None

    # -- paging and branching ----------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max([len(line.tricks) for line in self.lines if line is not None] + [1])

    def turn(self, by: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + by))

    def choose_branch(self) -> None:
        m = self.moment
        self.picker = Picker(m.view, lambda cards, trump: hand_order(cards, m.rules, trump),
                             self.branch_from)
        self.resize(self.app.size)

    def branch_from(self, action: Action) -> None:
        self.picker = None
        self.names = [self.names[0], f"Your branch: {say(self.moment.view, action)}"]
        self.start([self.best, action])
        self.resize(self.app.size)

    # -- layout and drawing ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if isinstance(self.table, PaperTable):
            self.table.resize(size)
        lay = self.table.layout
        self.buttons = [self.close] if self.picker is not None else \
            [self.prev, self.next, self.branch, self.close]
        foot(self.buttons, self.table, size)
        if self.picker is not None:
            right = self._columns()[1]
            step = round(lay.font_small * 1.4)
            self.picker.place(self.table, pygame.Rect(right.left, right.top + 4 * step,
                                                      right.width, 6 * step))

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self.table.layout
        inner = panel_rects(self.table)[1]
        gap = round(30 * lay.s)
        half = (inner.width - gap) // 2
        return (pygame.Rect(inner.left, inner.top, half, inner.height),
                pygame.Rect(inner.left + half + gap, inner.top, half, inner.height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if self.picker is not None and self.picker.handle_event(event):
            self.resize(self.app.size)
        return True  # nothing beneath is played meanwhile

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        m = self.moment
        if isinstance(table, PaperTable):
            surface.blit(felt(surface.get_size()), (0, 0))
        moment = m.row.moment[:1].upper() + m.row.moment[1:]
        big_panel(surface, table, f"Play it out: {moment}")
        left, right = self._columns()
        lay = table.layout
        if self.picker is not None:
            hand = draw_seen(surface, table, m.history, m.row, m.view,
                             left.inflate(-round(20 * lay.s), 0),
                             lambda cards, trump: hand_order(cards, m.rules, trump), hand=False)
            step = round(lay.font_small * 1.4)
            self.picker.draw_hand(surface, table, (hand.left, hand.top + step),
                                  hand_card_width(table, hand) - round(6 * lay.s), hand.width)
            text = ("Branch: choose any legal action here. The expert plays the hand on from "
                    "it in every seat, beside the best line, on the same cards.")
            y = right.top
            for line in wrap(text, lay.font_small, right.width):
                draw_text(surface, line, (right.left, y), lay.font_small, theme.INK)
                y += step
            self.picker.draw(surface, table)
        else:
            self.prev.enabled = self.page > 0
            self.next.enabled = self.page < self.pages - 1
            for i, area in enumerate((left, right)[:len(self.lines)]):
                self._line(surface, i, area)
            self._verdict(surface, left.union(right))
        for b in self.buttons:
            b.draw(surface)

    def _line(self, surface: pygame.Surface, i: int, area: pygame.Rect) -> None:
        """One line: its first action, the contract, the trick on this page, the score."""
        table, lay = self.table, self.table.layout
        size = lay.font_small
        step = round(size * 1.45)
        line = self.lines[i]
        y = area.top
        colour = theme.GOLD if i == 0 else theme.INK
        draw_text(surface, elide(self.names[i], lay.font, area.width, bold=True),
                  (area.left, y), lay.font, colour, bold=True)
        y += round(lay.font * 1.6)
        if line is None:
            draw_text(surface, "Playing…", (area.left, y), size, theme.INK_DIM)
            return
        bidder, bid, trump = line.contract
        if bidder >= 0 and bid:
            named = f", trump {trump.symbol} {trump.name.title()}" if trump is not None else ""
            text = f"{who(table, bidder)} won the auction at {bid}{named}."
            draw_text(surface, elide(text, size, area.width), (area.left, y), size, theme.INK)
        y += step
        first = len(self.moment.view.tricks)  # the tricks before the decision's
        if self.page < len(line.tricks):
            trick = line.tricks[self.page]
            draw_text(surface, f"Trick {first + self.page + 1}", (area.left, y), size,
                      theme.INK_DIM, bold=True)
            y = self._trick(surface, trick, pygame.Rect(area.left, y + step, area.width,
                                                        round(area.height * 0.45)))
            mine = table.match.rules.side_of(self.item.decision.seat)
            taken = sum(t.points for t in line.tricks[:self.page + 1]
                        if table.match.rules.side_of(t.seat) == mine)
            whose = "your side" if table.match.rules.partnerships else "you"
            draw_text(surface, f"Taken so far by {whose}: {taken}", (area.left, y), size,
                      theme.INK_DIM)
            self._history(surface, line, pygame.Rect(
                area.left, y + step, area.width,
                area.bottom - round(lay.font * 3.8) - (y + step)))
        elif line.score is None:
            draw_text(surface, "Playing…", (area.left, y), size, theme.INK_DIM)
        else:
            draw_text(surface, "No more tricks in this line.", (area.left, y), size,
                      theme.INK_DIM)
        if line.score is not None:  # in the units the sentence under both lines names
            text = f"Scored {line.score:+.0f}"
            rect = draw_text(surface, elide(text, lay.font, area.width, bold=True),
                             (area.left, area.bottom - round(lay.font * 3.6)), lay.font,
                             colour, bold=True)
            record("line score", rect, f"{i} {line.score:.1f}")

    def _history(self, surface: pygame.Surface, line: Line, area: pygame.Rect) -> None:
        """The line's tricks up to this page, one a row, as many of the latest as fit, and
        the meld once the hand is scored."""
        table, lay = self.table, self.table.layout
        size = lay.font_small
        step = round(size * 1.35)
        rows = max(0, area.height // step - 1)
        first = len(self.moment.view.tricks)
        tricks = list(enumerate(line.tricks[:self.page + 1]))
        shown = tricks[-rows:] if rows else []
        y = area.top
        if line.result is not None:
            rules = table.match.rules
            mine = rules.side_of(self.item.decision.seat)
            meld = ", ".join(f"{'yours' if s.side == mine else rules.seating.side_name(s.side)} "
                             f"{s.meld}" for s in line.result.sides)
            draw_text(surface, elide(f"Meld: {meld}", size, area.width), (area.left, y), size,
                      theme.INK_DIM)
            y += step
            shown = shown[1:] if len(shown) >= rows else shown
        for k, t in shown:
            cards = " ".join(card.pretty for _, card in t.cards)
            text = f"{first + k + 1}. {cards}: {who(table, t.seat)} +{t.points}"
            draw_text(surface, elide(text, size, area.width), (area.left, y), size,
                      theme.INK if k == self.page else theme.INK_DIM)
            y += step

    def _trick(self, surface: pygame.Surface, trick: TrickWon, area: pygame.Rect) -> int:
        """A trick as a row of cards, each seat named under its card, the winner ringed;
        returns the y under it."""
        table, lay = self.table, self.table.layout
        size = lay.font_small
        n = max(1, len(trick.cards))
        width = min(round(lay.card_w * 0.8), (area.width - 8 * n) // n,
                    round((area.height - size * 4) / 1.4))
        four = self.app.settings.four_colour
        x, y = area.left, area.top
        for seat, card in trick.cards:
            img = assets.card_image(str(card), width, four)
            rect = pygame.Rect(x, y, width, img.get_height())
            surface.blit(img, rect)
            if seat == trick.seat:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=3,
                                 border_radius=8)
            draw_text(surface, elide(who(table, seat), size, width + 6),
                      (rect.centerx, rect.bottom + 4), size, theme.INK_DIM, anchor="midtop")
            x += width + 8
        bottom = y + round(width * 1.4) + round(size * 1.6)
        draw_text(surface, f"{who(table, trick.seat)} won it: +{trick.points}",
                  (area.left, bottom), size, theme.GOLD, bold=True)
        return bottom + round(size * 1.6)

    def _verdict(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Under both lines, once scored: how they compare, and what a play-out is."""
        lay = self.table.layout
        size = lay.font_small
        scores = [line.score if line is not None else None for line in self.lines]
        step = round(size * 1.4)
        y = area.bottom - step
        if self.error:
            draw_text(surface, elide(self.error, size, area.width), (area.left, y), size,
                      theme.RED)
            return
        if len(scores) < 2 or any(s is None for s in scores):
            return
        best, other = scores[0], scores[1]
        assert best is not None and other is not None
        gap = best - other
        compare = (f"here the best line scores {gap:.0f} more" if gap > 0.5 else
                   f"here the best line scores {-gap:.0f} less" if gap < -0.5 else
                   "here both lines score the same")
        text = (f"Scores: {margin_words(self.table.match.rules)}. One play-out on these "
                f"cards, by the expert in every seat: {compare}. The review grades by the "
                f"average over many deals.")
        lines = wrap(text, size, area.width)  # two lines beside a lesson's coach
        y -= step * (len(lines[:2]) - 1)
        for line in lines[:2]:
            draw_text(surface, elide(line, size, area.width), (area.left, y), size,
                      theme.INK_DIM)
            y += step
