"""The first hand: a whole hand on the learner's table with a coach (the real table with a coach
attached, which holds the hand's :class:`FirstHandTutor`). The other seats are bots;
each phase is introduced in the narration, every move is told in a line, the coach's advice is
a Hint away, and at the end the learner adds up the score before seeing it."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.rules.events import Event, HandScored
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson
from game.store.progress import lesson_key
from game.tutorial.guided import GuidedRun, happened
from game.tutorial.text import TemplateError
from game.ui.coached import Coach, learner_table, shipped_library, stars_text
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext

THINK = 0.6  # seconds between two bot moves at normal speed, so each can be followed


class FirstHandTutor:
    """The guided first hand at a table: its run, the coach it talks through, and the table
    (the scene)."""

    name = "first hand"

    def __init__(self, app: AppContext, lesson: Lesson, table: RuleSet | None = None) -> None:
        rules = table if table is not None else learner_table(app).rules
        self.app = app
        self.lesson = lesson
        self.run = GuidedRun(lesson, rules, shipped_library().quotes)
        self.table = TableScene(app, self.run.match, None)  # no game: nothing kept
        self.coach = Coach(self.table, self)
        self.narration = self.coach.narration
        self.lines: list[str] = []
        self.wait = 0.0
        self.chosen_sum: int | None = None
        self.narration.side_buttons = [Button("Hint", self.show_hint, hotkey=pygame.K_h),
                                       Button("Finish", self.finish, primary=True, enabled=False,
                                              hotkey=pygame.K_PAGEDOWN)]
        # The welcome (the deal's narration: what the hand is, Hint and its star) stays until
        # the learner starts the hand: told while the cards were dealt, the auction's words
        # replaced it at once and nobody read it.
        self.welcomed = False
        self.start_button = Button("Start the hand", self.start_hand, primary=True,
                                   hotkey=pygame.K_RETURN)
        self.narration.task_buttons = [self.start_button]
        self.seen_phase = ""
        self.table.resize(app.size)

    def start_hand(self) -> None:
        self.welcomed = True
        self.narration.task_buttons = []
        self.coach.place_panel()

    # -- the hand moves on ---------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """The other seats' bots, one move at a time, each told in a line."""
        self.wait -= dt
        if self.wait > 0 or self.coach.held is not None or self.coach.terms:
            return
        phase = self.table.match.state.phase
        if not self.welcomed and phase != Phase.DEAL:
            return  # the cards are dealt; nobody moves before the learner has read the welcome
        events = self.run.step_others()
        if not events:
            return
        self.tell(events)
        self.table.process(events)
        # A pause after each bot's move, so it can be followed: as long as the speed chosen
        # makes animations (none at "instant", longer at "slow").
        self.wait = 0 if phase == Phase.DEAL else THINK * self.app.speed
        if phase == Phase.DEAL:
            self.app.open(Route.DEALING, table=self.table)

    def push_display(self) -> bool:
        if self.run.scored is not None:
            return False  # the learner adds the score up here; no next hand follows
        model = self.table.model
        if model.meld_ready and not self.table.match.rules.stock.enabled:
            model.meld_ready = False
            self.app.open(Route.MELD, table=self.table)
            return True
        return False

    def update(self, dt: float) -> None:
        if not self.welcomed:
            return
        if self.run.phase != self.seen_phase:
            self.seen_phase = self.run.phase
            self.coach.clear_reply()
            if self.run.phase in ("score", "given up", "game over"):  # Finish, after any sum
                self.narration.task_buttons = self._sum_buttons()
                # Not a resize: that finishes every animation at once, and a claim's cards
                # were swept before they were seen.
                self.coach.place_panel()
                if self.run.sum is None:
                    self.show_hand_score()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False  # the table's prompts take the learner's moves

    def tell(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandScored):
                continue  # the learner adds the score up first
            line = happened(event, self.table.match.rules)
            if line:
                self.lines = (self.lines + [line])[-3:]

    def hides_hand_score(self) -> bool:
        return self.run.sum is not None and not self.run.summed

    def wants_action(self) -> bool:
        return self.run.scored is None and self.welcomed

    def offers(self, control: str) -> bool:
        """A whole hand: every control the rules allow, each explained when first lit."""
        del control
        return self.run.scored is None

    def claim(self) -> bool:
        """Claiming the rest goes through the guided run, so the hand ends on the add-up step
        (not straight on into a next deal)."""
        reply = self.run.claim()
        if not reply.ok:
            self.coach.answer(reply.message, reply.tone)
            return False
        self.tell(reply.events)
        self.table.process(reply.events)
        return True

    def act(self, action: Action) -> bool:
        if not self.welcomed:
            return False  # the hand starts with the welcome's button
        reply = self.run.act(action)
        coach = self.coach
        if not reply.ok:
            coach.answer(reply.message, reply.tone)
            self.app.sounds.play("click")
            return False
        coach.answer(reply.message, reply.tone) if reply.message else coach.clear_reply()
        self.tell(reply.events)
        self.table.process(reply.events)
        return True

    def refuse(self, message: str) -> None:
        """An illegal card clicked: a wrong try, answered with the rule."""
        self.run.attempts.wrong += 1
        self.coach.answer(message, "wrong")

    def show_hint(self) -> None:
        if self.table.match.waiting_for_human():
            self.coach.answer(self.run.hint(), "neutral")
        elif self.run.sum is not None and not self.run.summed:
            self.run.attempts.hints += 1
            self.coach.answer(self.run.sum.hint(), "neutral")

    # -- the score, added up by the learner -------------------------------------------------
    def _sum_buttons(self) -> list[Button]:
        task = self.run.sum
        if task is None:
            self.narration.side_buttons[1].enabled = True
            return []
        out = [Button(str(n), partial(self.pick_sum, n)) for n in task.choices]
        return out + [Button("Made", lambda: self.pick_made(True)),
                      Button("Set", lambda: self.pick_made(False))]

    def pick_sum(self, total: int) -> None:
        self.chosen_sum = total
        self.coach.answer(f"{total}: now, made or set?", "neutral")

    def pick_made(self, made: bool) -> None:
        if self.chosen_sum is None:
            self.coach.answer("First choose the total.", "neutral")
            return
        reply = self.run.try_sum(self.chosen_sum, made)
        self.coach.answer(reply.message, "right" if reply.ok else reply.tone)
        if reply.ok:
            self.narration.task_buttons = []
            self.narration.side_buttons[1].enabled = True
            self.coach.place_panel()
            self.show_hand_score()

    def show_hand_score(self) -> None:
        """The score box moves on to the scores after the hand, still showing the hand just
        played. The table does so when it shows a hand's result; the first hand shows none (the
        learner adds it up), and its box read 0 to 0 to the end, under 'the score box shows
        what each side scored'."""
        table = self.table
        after = table.match.view(table.human)
        table.board = dataclasses.replace(table.board, scores=after.scores, records=after.records)

    def finish(self) -> None:
        if not self.run.finished:
            return
        progress = self.app.store.load_progress()
        key = lesson_key(self.lesson.id, self.run.rules.name)  # progress is kept per table
        progress.lessons[key] = True
        progress.record_stars(f"lesson/{key}", self.run.stars)
        self.app.store.save_progress(progress)
        self.coach.leave()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        phase = self.run.phase if self.welcomed else "deal"
        try:
            text = self.run.narration(phase)
        except TemplateError as exc:
            text = f"({exc})"
        if self.lines:
            text += "\n" + "\n".join(self.lines)
        if self.run.phase == "score" and self.run.sum is not None and not self.run.summed:
            parts = ", ".join(f"{label} {value}" for label, value in self.run.sum.parts)
            text += (f"\nYour side: {parts}, against a bid of {self.run.sum.bid}. Add them up: "
                     f"what is the total, and is the bid made or set?")
        elif self.table.match.waiting_for_human() and not self.narration.reply and self.welcomed:
            text += "\n(Your move. Hint shows the coach's advice.)"
        title = self.table.match.rules.title.split(":")[0]
        self.narration.draw(surface, self.lesson.title, f"{title} · {phase}", text,
                            stars_text(self.run.attempts.stars(True)))
