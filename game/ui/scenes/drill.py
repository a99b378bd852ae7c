""""Which rule?": real positions dealt by the engine on the learner's table, one after another
(the real table with a coach attached, which holds the drill's :class:`DrillTutor`).
The learner plays a card; the game names the rule that forbids it or allows it. Each position
is an exercise with three stars: done, no wrong try, no hint."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.controller import HUMAN, SCRIPT, Match
from game.rules.actions import Action, PlayCard
from game.rules.cards import Card
from game.rules.events import TrickWon
from game.rules.ruleset import RuleSet
from game.store.progress import drill_key
from game.tutorial.drill import Drill, DrillItem
from game.tutorial.runner import AUTO_BOT
from game.ui.coached import Coach, learner_table, stars_text
from game.ui.handpick import HandPicker
from game.ui.table.scene import TableScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class DrillTutor:
    """The drill at a table: its positions, the coach it talks through, and the table (the
    scene)."""

    name = "drill"

    def __init__(self, app: AppContext, table: RuleSet | None = None) -> None:
        rules = table if table is not None else learner_table(app).rules
        self.app = app
        progress = app.store.load_progress()
        self.table_name = rules.name
        self.at_key = drill_key("at", rules.name)  # where the learner left off, per table
        self.drill = Drill(rules, progress.drill.get(self.at_key, 1),
                           progress.drill_tally(rules.name)[0])
        self.item: DrillItem = self.drill.next()
        self.table = TableScene(app, self._match(), None)  # no game: nothing kept
        self.coach = Coach(self.table, self)
        self.narration = self.coach.narration
        self.narration.side_buttons = [Button("Hint", self.show_hint, hotkey=pygame.K_h),
                                       Button("Next position", self.next_item, primary=True,
                                              enabled=False, hotkey=pygame.K_PAGEDOWN)]
        self.session_stars = 0
        self.session_done = 0
        self.table.resize(app.size)
        self.coach.load(self.coach.match.state)
        self._save_place(self.item.found.seed)

    def _save_place(self, seed: int) -> None:
        progress = self.app.store.load_progress()
        progress.drill[self.at_key] = seed
        self.app.store.save_progress(progress)

    def _rule_buttons(self) -> list[Button]:
        return [Button(str(n), partial(self.name_rule, n))
                for n in range(1, len(self.item.rules_list()) + 1)]

    def name_rule(self, number: int) -> None:
        reply = self.item.name_rule(number)
        self.coach.answer(reply.message, "right" if reply.ok else reply.tone)
        if reply.ok:
            self.narration.task_buttons = []
            self.table.resize(self.app.size)

    def _match(self) -> Match:
        rules = self.item.rules
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        return Match(rules, self.item.found.seed, seats, initial=self.item.state)

    def _ask_for_the_rule(self) -> None:
        """An illegal card tried: the drill now asks which rule forbids it, by number."""
        if self.item.asking is not None:
            self.narration.task_buttons = self._rule_buttons()
            self.table.resize(self.app.size)

    def wants_action(self) -> bool:
        return not self.item.done

    def act(self, action: Action) -> bool:
        if self.item.done or not isinstance(action, PlayCard):
            return False
        if self.item.asking is not None:
            self.coach.answer("First name the rule that forbids the "
                        f"{self.item.asking.pretty}: choose its number.", "neutral")
            return False
        reply = self.item.answer(action.card)
        if not reply.ok:
            self.coach.answer(reply.message, reply.tone)
            self._ask_for_the_rule()
            return False
        self.coach.answer(reply.message, "right")
        match, human = self.table.match, self.table.human
        events = match.submit(action, human)
        # The others finish the trick, so the learner sees who takes it.
        while match.actor not in (-1, human) and not any(
                isinstance(e, TrickWon) for e in events):
            view = match.view(match.actor)
            events += match.submit(AUTO_BOT.choose(view, random.Random(len(events))))
        self.table.process(events)
        self._record()
        self.narration.side_buttons[1].enabled = True
        self.narration.side_buttons[0].enabled = False
        return True

    def _record(self) -> None:
        self.session_done += 1
        self.session_stars += self.item.stars
        progress = self.app.store.load_progress()
        # Per table, like the lessons; reopened, the drill goes on from the next deal.
        progress.record_drill(self.table_name, self.item.stars, self.drill.seed)
        self.app.store.save_progress(progress)

    def refuse(self, message: str) -> None:
        """An illegal card clicked: the learner names the rule that forbids it."""
        del message
        pointed = self._pointed_card()
        if pointed is not None:
            self.act(PlayCard(pointed))

    def claim(self) -> bool:
        return False  # the drill asks for one card

    def offers(self, control: str) -> bool:
        del control
        return False  # one card, nothing else

    def advance(self, dt: float) -> None:
        return  # the others play when the learner's card is judged

    def push_display(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        return

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False  # the table's card prompt takes the card

    def hides_hand_score(self) -> bool:
        return False

    def _pointed_card(self) -> Card | None:
        """The card under the pointer in the prompt in front of the table, if any."""
        picker = getattr(self.app.top, "picker", None)
        return picker.card(picker.pointed) if isinstance(picker, HandPicker) else None

    def show_hint(self) -> None:
        if not self.item.done:
            self.coach.answer(self.item.hint(), "neutral")

    def next_item(self) -> None:
        coach = self.coach
        if coach.held is not None:
            coach.release_held()
        self.table.close_prompts()
        self.item = self.drill.next()
        self._save_place(self.item.found.seed)
        self.narration.task_buttons = []
        self.table.match = self._match()
        coach.load(self.table.match.state)
        coach.clear_reply()
        self.narration.side_buttons[1].enabled = False
        self.narration.side_buttons[0].enabled = True

    def draw(self, surface: pygame.Surface) -> None:
        stars = self.item.stars if self.item.done else self.item.attempts.stars(True)
        # Short enough for the coach's panel at 1024x640 with large text.
        counter = (f"Position {self.drill.number} · {self.session_done} done, "
                   f"{self.session_stars}★ so far")
        text = self.item.question()
        if self.item.asking is not None:
            text += "\nYour table's rules: " + " ".join(
                f"({r}" for r in self.item.rules_list())
        self.narration.draw(surface, "Which rule?", counter, text, stars_text(stars))
