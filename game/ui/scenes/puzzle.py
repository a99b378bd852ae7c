"""A puzzle on the table: one decision, nothing greyed out. An illegal card is a wrong try
answered with its rule, a legal answer that is not the best gets the reason in a neutral colour,
the Hint is the strongest bot's advice, and the stars count wrong tries and hints."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.store.content import load_preset
from game.store.lessons import Puzzle
from game.tutorial.check_bot import hard_choice
from game.tutorial.puzzlerun import PuzzleRun
from game.tutorial.text import TemplateError
from game.ui.coached import CoachedTable, control_of, shipped_library, stars_text
from game.ui.scene import Route
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class PuzzleScene(CoachedTable):
    name = "puzzle"

    def __init__(self, app: AppContext, puzzle: Puzzle, queue: list[Puzzle]) -> None:
        self.puzzle = puzzle
        self.queue = queue
        self.prun = PuzzleRun(puzzle, load_preset, shipped_library().quotes)
        super().__init__(app, self.prun.match)
        self.narration.side_buttons = [Button("Hint", self.show_hint, hotkey=pygame.K_h),
                                       Button("Next puzzle", self.next_puzzle, primary=True,
                                              enabled=False, hotkey=pygame.K_PAGEDOWN)]
        self.resize(app.size)
        self.load(self.prun.match.state)

    def text(self, which: str) -> str:
        try:
            return self.prun.text(which)
        except TemplateError as exc:
            return f"({exc})"

    def wants_action(self) -> bool:
        return not self.prun.solved

    def offers(self, control: str) -> bool:
        """Throwing in or declaring out, where the puzzle's position allows it: part of the
        decision asked. Claims never: they would end the puzzle's hand unexplained."""
        if self.prun.solved or control == "claim":
            return False
        return any(control_of(a) == control for a in self.match.legal())

    def act(self, action: Action) -> bool:
        if self.prun.solved:
            return False
        reply = self.prun.answer(action)
        self.answer(reply.message, reply.tone)
        if not reply.ok:
            self.app.sounds.play("click")
            return False
        progress = self.app.store.load_progress()
        progress.puzzles[self.puzzle.id] = self.prun.grade
        progress.record_stars(f"puzzle/{self.puzzle.id}", self.prun.stars)
        self.app.store.save_progress(progress)
        self.narration.side_buttons[1].enabled = True
        self.narration.side_buttons[0].enabled = False
        self.process(self.match.submit(action, self.human))  # show the right answer played
        return True

    def wrong_try(self, message: str) -> None:
        self.prun.attempts.wrong += 1
        self.answer(message, "wrong")

    def show_hint(self) -> None:
        if self.prun.solved:
            return
        # The very analysis tutorial --check holds the answer to, so the hint never contradicts it.
        action, reason = hard_choice(self.prun.state, self.puzzle.source)
        del action
        self.answer(self.prun.hint(f"The strongest bot: {reason}"), "neutral")

    def next_puzzle(self) -> None:
        rest = [p for p in self.queue if p.order > self.puzzle.order]
        if rest:
            self.app.reset(PuzzleScene(self.app, rest[0], self.queue))
        else:
            self.app.go(Route.LESSONS)

    def panel_text(self) -> tuple[str, str, str, str]:
        """(title, counter, text, stars) of the coach's panel as it stands."""
        stars = self.prun.stars if self.prun.solved else self.prun.attempts.stars(True)
        number = self.queue.index(self.puzzle) + 1 if self.puzzle in self.queue else 1
        return (self.puzzle.title,
                f"Puzzle {number} of {len(self.queue)} · {self.puzzle.category}",
                self.text("question"), stars_text(stars))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.narration.draw(surface, *self.panel_text())
        self.draw_overlays(surface)
