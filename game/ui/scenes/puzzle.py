"""A puzzle on the table (the real table with a coach attached, which holds the puzzle's
:class:`PuzzleTutor`): one decision, nothing greyed out. An illegal card is a wrong try
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
from game.ui.coached import Coach, control_of, shipped_library, stars_text
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class PuzzleTutor:
    """A puzzle at a table: its run, the coach it talks through, and the table (the scene)."""

    name = "puzzle"

    def __init__(self, app: AppContext, puzzle: Puzzle, queue: list[Puzzle]) -> None:
        self.app = app
        self.puzzle = puzzle
        self.queue = queue
        self.prun = PuzzleRun(puzzle, load_preset, shipped_library().quotes)
        self.table = TableScene(app, self.prun.match, None)  # no game: nothing kept
        self.coach = Coach(self.table, self)
        self.narration = self.coach.narration
        self.narration.side_buttons = [Button("Hint", self.show_hint, hotkey=pygame.K_h),
                                       Button("Next puzzle", self.next_puzzle, primary=True,
                                              enabled=False, hotkey=pygame.K_PAGEDOWN)]
        self.table.resize(app.size)
        self.coach.load(self.prun.match.state)

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
        return any(control_of(a) == control for a in self.table.match.legal())

    def act(self, action: Action) -> bool:
        if self.prun.solved:
            return False
        reply = self.prun.answer(action)
        self.coach.answer(reply.message, reply.tone)
        if not reply.ok:
            self.app.sounds.play("click")
            return False
        progress = self.app.store.load_progress()
        progress.puzzles[self.puzzle.id] = self.prun.grade
        progress.record_stars(f"puzzle/{self.puzzle.id}", self.prun.stars)
        self.app.store.save_progress(progress)
        self.narration.side_buttons[1].enabled = True
        self.narration.side_buttons[0].enabled = False
        table = self.table
        table.process(table.match.submit(action, table.human))  # the right answer, played
        return True

    def refuse(self, message: str) -> None:
        """An illegal card clicked: a wrong try, answered with the rule."""
        self.prun.attempts.wrong += 1
        self.coach.answer(message, "wrong")

    def claim(self) -> bool:
        return False  # a claim would end the puzzle's hand unexplained

    def advance(self, dt: float) -> None:
        return  # the other seats have played the puzzle's script

    def push_display(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        return

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False  # the table's prompts take the answer

    def hides_hand_score(self) -> bool:
        return False

    def show_hint(self) -> None:
        if self.prun.solved:
            return
        # The very analysis tutorial --check holds the answer to, so the hint never contradicts it.
        action, reason = hard_choice(self.prun.state, self.puzzle.source)
        del action
        self.coach.answer(self.prun.hint(f"The strongest bot: {reason}"), "neutral")

    def next_puzzle(self) -> None:
        rest = [p for p in self.queue if p.order > self.puzzle.order]
        if rest:
            self.app.reset(PuzzleTutor(self.app, rest[0], self.queue).table)
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
        self.narration.draw(surface, *self.panel_text())
