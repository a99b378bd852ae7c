"""A lesson or a puzzle on the table: the real engine, a narration panel beside the cards,
highlights, and Back / Next / Restart. Any action other than the one asked for is answered
with the rule that applies, in the preset's order of precedence."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.rules.compiled import best_meld
from game.rules.view import observe
from game.store.content import load_preset
from game.store.lessons import ZONES, Lesson, Puzzle
from game.tutorial.runner import LessonRun, PuzzleRun
from game.ui import theme
from game.ui.scene import Route
from game.ui.table.meldview import draw_meld_flow
from game.ui.table.model import TableModel
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, draw_text, layout_row, panel, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class CoachedTable(TableScene):
    """A table whose other seats are scripted: no bots, no saving, no statistics."""

    def __init__(self, app: AppContext, match, preset: str) -> None:  # noqa: ANN001
        super().__init__(app, match, preset, None)
        self.session.keep_records = False
        self.reply = ""
        self.reply_colour: tuple[int, ...] = theme.INK
        self.side_buttons: list[Button] = []
        self.buttons = [b for b in self.buttons if b.label in ("Rules", "")]
        self.buttons.insert(0, Button("Lessons", self.leave, hotkey=pygame.K_ESCAPE,
                                      icon="menu"))
        self.resize(app.size)

    def leave(self) -> None:
        self.app.go(Route.LESSONS)

    @property
    def prompt_x(self) -> float:
        box = self.layout.narration()
        width = 620 * self.layout.s
        return max(width / 2 + 12 * self.layout.s, box.left - 16 * self.layout.s - width / 2)

    def refuse(self, message: str) -> None:
        super().refuse(message)
        self.reply, self.reply_colour = message, theme.RED

    def _count_hand(self, event: object) -> None:  # type: ignore[override]
        return

    def _count_game(self, event: object) -> None:  # type: ignore[override]
        return

    def advance_bots(self, dt: float) -> None:
        return  # the other seats only play the lesson's script

    def _push_display(self) -> bool:
        return False

    def load(self, state) -> None:  # noqa: ANN001
        """Lay the table out at ``state`` without animation."""
        self.timeline.finish_all()
        self.model = TableModel(self.match.rules, self.human, self.layout, self.timeline)
        self.model.load_view(observe(state, self.human))
        self.view = self.match.view(self.human)

    def rebuild(self) -> None:
        self.load(self.match.state)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        lay = self.layout
        box = lay.narration()
        for b in self.side_buttons:
            b.font_size = lay.font_small
        layout_row(self.side_buttons, box.centerx, box.bottom - round(40 * lay.s),
                   round(30 * lay.s), round(8 * lay.s), min_width=round(60 * lay.s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.side_buttons:
            if b.handle(event):
                return True
        return super().handle_event(event)

    def wants_action(self) -> bool:
        return True

    def _push_overlay(self) -> None:
        if self.wants_action():
            super()._push_overlay()

    def highlight(self, names: tuple[str, ...], surface: pygame.Surface) -> None:
        lay = self.layout
        cards = {n for n in names if n not in ZONES}
        zones = {"trick": self._trick_rect(), "info": lay.info, "scores": lay.info,
                 "hand": lay.hand_box(self.human),
                 "bid": pygame.Rect(0, 0, round(640 * lay.s), round(220 * lay.s)),
                 "widow": self._trick_rect()}
        zones["bid"].midbottom = (round(self.prompt_x), lay.size[1] - lay.card_h
                                  - round(64 * lay.s))
        pulse = 140 + int(100 * abs(((self.app.time * 1.5) % 2) - 1))
        for name in names:
            rect = zones.get(name)
            if rect is not None:
                pygame.draw.rect(surface, (255, 214, 90, pulse), rect.inflate(10, 10), width=3,
                                 border_radius=10)
        for seat, sp in self.model.trick:
            if str(sp.card) in cards:
                pygame.draw.rect(surface, theme.GOLD, sp.rect.inflate(8, 8), width=3,
                                 border_radius=8)
            del seat

    def _trick_rect(self) -> pygame.Rect:
        lay = self.layout
        rect = pygame.Rect(0, 0, round(lay.card_w * 3.6), round(lay.card_h * 2.4))
        rect.center = lay.center
        return rect

    def draw_narration(self, surface: pygame.Surface, title: str, counter: str, text: str,
                       extra: pygame.Rect | None = None) -> None:
        lay = self.layout
        s = lay.s
        box = lay.narration()
        panel(surface, box)
        x, y = box.left + round(12 * s), box.top + round(10 * s)
        width = box.width - round(24 * s)
        for line in wrap(title, lay.font, width, bold=True):
            draw_text(surface, line, (x, y), lay.font, theme.GOLD, bold=True)
            y += round(lay.font * 1.3)
        draw_text(surface, counter, (x, y), lay.font_small, theme.INK_DIM)
        y += round(lay.font_small * 1.6)
        size = lay.font_small
        limit = box.bottom - round(48 * s)
        for line in wrap(text, size, width):
            if y + size > limit:
                break
            draw_text(surface, line, (x, y), size, theme.INK)
            y += round(size * 1.3)
        if self.reply:
            y += round(6 * s)
            for line in wrap(self.reply, size, width, bold=True):
                if y + size > limit:
                    break
                draw_text(surface, line, (x, y), size, self.reply_colour, bold=True)
                y += round(size * 1.3)
        for b in self.side_buttons:
            b.draw(surface)

    def draw_meld(self, surface: pygame.Surface) -> None:
        """The learner's meld, laid out by class, in the middle of the table."""
        lay = self.layout
        view = self.view
        meld = best_meld(view.rules, view.hand, view.trump if view.trump >= 0 else None)
        rect = pygame.Rect(0, 0, round(560 * lay.s), round(300 * lay.s))
        rect.center = (round(self.prompt_x), lay.center[1])
        panel(surface, rect)
        draw_text(surface, f"Your meld — {meld.total}", (rect.left + round(14 * lay.s),
                  rect.top + round(8 * lay.s)), lay.font, theme.GOLD, bold=True)
        body = rect.inflate(-round(28 * lay.s), -round(50 * lay.s)).move(0, round(14 * lay.s))
        draw_meld_flow(surface, self, meld, body)


class LessonScene(CoachedTable):
    name = "lesson"

    def __init__(self, app: AppContext, lesson: Lesson) -> None:
        self.run = LessonRun(lesson, load_preset)
        self.lesson = lesson
        assert self.run.match is not None
        super().__init__(app, self.run.match, lesson.preset)
        self.side_buttons = [Button("Back", self.back, hotkey=pygame.K_PAGEUP),
                             Button("Next", self.next, primary=True, hotkey=pygame.K_PAGEDOWN),
                             Button("Restart", self.restart, hotkey=pygame.K_HOME)]
        self.resize(app.size)
        self.enter_step(self.run.start(0))

    def enter_step(self, events: list) -> None:  # noqa: ANN001
        while self.app.top is not self and self.app.top is not None and self in self.app.stack:
            self.app.pop()
        self.match = self.run.match  # type: ignore[assignment]
        assert self.run.pre_state is not None
        self.load(self.run.pre_state)
        self.reply = ""
        self.process(events)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        last = self.run.index == len(self.lesson.steps) - 1
        nxt = self.side_buttons[1]
        nxt.label = "Finish" if last else "Next"
        nxt.enabled = self.run.done_current
        self.side_buttons[0].enabled = self.run.index > 0
        self.resize(self.app.size)

    def wants_action(self) -> bool:
        return self.run.step.expect is not None and not self.run.done_current

    def glowing_cards(self) -> set:
        """The step's highlighted cards glow (drawn under each card, keeping the fan)."""
        wanted = {n for n in self.run.step.highlight if n not in ZONES}
        return {sp.card for sp in self.model.hands[self.human] if str(sp.card) in wanted}

    def act(self, action: Action) -> bool:
        if not self.wants_action():
            return False
        reply = self.run.try_action(action)
        if not reply.ok:
            self.reply, self.reply_colour = reply.message, theme.RED
            self.app.sounds.play("click")
            return False
        self.reply, self.reply_colour = "Well done.", theme.GREEN
        self.process(reply.events)
        self.refresh_buttons()
        return True

    def next(self) -> None:
        if not self.run.done_current:
            return
        if self.run.index == len(self.lesson.steps) - 1:
            progress = self.app.store.load_progress()
            progress.lessons[self.lesson.id] = True
            self.app.store.save_progress(progress)
            self.leave()
            return
        self.enter_step(self.run.next())

    def back(self) -> None:
        if self.run.index:
            self.enter_step(self.run.back())

    def restart(self) -> None:
        self.enter_step(self.run.restart())

    def draw(self, surface: pygame.Surface) -> None:
        step = self.run.step
        super().draw(surface)
        if step.show_meld:
            self.draw_meld(surface)
        self.highlight(step.highlight, surface)
        text = step.say
        if self.wants_action() and not self.reply:
            text += "\n(Your move.)"
        self.draw_narration(surface, self.lesson.title,
                            f"Step {self.run.index + 1} of {len(self.lesson.steps)}", text)


class PuzzleScene(CoachedTable):
    name = "puzzle"

    def __init__(self, app: AppContext, puzzle: Puzzle, queue: list[Puzzle]) -> None:
        self.puzzle = puzzle
        self.queue = queue
        self.prun = PuzzleRun(puzzle, load_preset)
        super().__init__(app, self.prun.match, puzzle.preset)
        self.side_buttons = [Button("Hint", self.show_hint),
                             Button("Next puzzle", self.next_puzzle, primary=True,
                                    enabled=False)]
        self.resize(app.size)
        self.load(self.prun.match.state)

    def wants_action(self) -> bool:
        return not self.prun.solved

    def act(self, action: Action) -> bool:
        if self.prun.solved:
            return False
        reply = self.prun.answer(action)
        self.reply = reply.message
        self.reply_colour = theme.GREEN if reply.ok else theme.RED
        if reply.ok:
            progress = self.app.store.load_progress()
            progress.puzzles[self.puzzle.id] = self.prun.grade
            self.app.store.save_progress(progress)
            self.side_buttons[1].enabled = True
            self.process(self.match.submit(action, self.human))  # show the right answer played
            return True
        return False

    def show_hint(self) -> None:
        if not self.match.waiting_for_human():  # solved, or the answer is being played out
            self.reply, self.reply_colour = "Nothing to hint: it is not your turn.", theme.INK
            return
        suggestion = self.match.hint(self.human)
        self.reply, self.reply_colour = f"The strongest bot: {suggestion.reason}", theme.GOLD

    def next_puzzle(self) -> None:
        rest = [p for p in self.queue if p.order > self.puzzle.order]
        if rest:
            self.app.reset(PuzzleScene(self.app, rest[0], self.queue))
        else:
            self.app.go(Route.LESSONS)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        grade = {"first try": " — solved first try", "solved": " — solved"}.get(
            self.prun.grade, "")
        self.draw_narration(surface, self.puzzle.title, f"Puzzle {self.puzzle.order}{grade}",
                            self.puzzle.question)
