""""Which rule?": real positions dealt by the engine on the learner's table, one after another.
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
from game.ui.coached import CoachedTable, learner_table, stars_text
from game.ui.handpick import HandPicker
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class DrillScene(CoachedTable):
    name = "drill"

    def __init__(self, app: AppContext, table: RuleSet | None = None) -> None:
        rules = table if table is not None else learner_table(app)[1]
        progress = app.store.load_progress()
        self.table_name = rules.name
        self.at_key = drill_key("at", rules.name)  # where the learner left off, per table
        self.drill = Drill(rules, progress.drill.get(self.at_key, 1),
                           progress.drill_tally(rules.name)[0])
        self.item: DrillItem = self.drill.next()
        super().__init__(app, self._match())
        self.narration.side_buttons = [Button("Hint", self.show_hint, hotkey=pygame.K_h),
                                       Button("Next position", self.next_item, primary=True,
                                              enabled=False, hotkey=pygame.K_PAGEDOWN)]
        self.session_stars = 0
        self.session_done = 0
        self.resize(app.size)
        self.load(self.match.state)
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
        self.answer(reply.message, "right" if reply.ok else reply.tone)
        if reply.ok:
            self.narration.task_buttons = []
            self.resize(self.app.size)

    def _match(self) -> Match:
        rules = self.item.rules
        seats = (HUMAN,) + (SCRIPT,) * (rules.players - 1)
        return Match(rules, self.item.found.seed, seats, initial=self.item.state)

    def _ask_for_the_rule(self) -> None:
        """An illegal card tried: the drill now asks which rule forbids it, by number."""
        if self.item.asking is not None:
            self.narration.task_buttons = self._rule_buttons()
            self.resize(self.app.size)

    def wants_action(self) -> bool:
        return not self.item.done

    def act(self, action: Action) -> bool:
        if self.item.done or not isinstance(action, PlayCard):
            return False
        if self.item.asking is not None:
            self.answer("First name the rule that forbids the "
                        f"{self.item.asking.pretty}: choose its number.", "neutral")
            return False
        reply = self.item.answer(action.card)
        if not reply.ok:
            self.answer(reply.message, reply.tone)
            self._ask_for_the_rule()
            return False
        self.answer(reply.message, "right")
        events = self.match.submit(action, self.human)
        # The others finish the trick, so the learner sees who takes it.
        while self.match.actor not in (-1, self.human) and not any(
                isinstance(e, TrickWon) for e in events):
            view = self.match.view(self.match.actor)
            events += self.match.submit(AUTO_BOT.choose(view, random.Random(len(events))))
        self.process(events)
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

    def _pointed_card(self) -> Card | None:
        """The card under the pointer in the prompt in front of the table, if any."""
        picker = getattr(self.app.top, "picker", None)
        return picker.card(picker.pointed) if isinstance(picker, HandPicker) else None

    def show_hint(self) -> None:
        if not self.item.done:
            self.answer(self.item.hint(), "neutral")

    def next_item(self) -> None:
        if self.held is not None:
            self.release_held()
        while self.app.top is not self and self in self.app.stack:
            self.app.pop()
        self.item = self.drill.next()
        self._save_place(self.item.found.seed)
        self.narration.task_buttons = []
        self.match = self._match()
        self.load(self.match.state)
        self.clear_reply()
        self.narration.side_buttons[1].enabled = False
        self.narration.side_buttons[0].enabled = True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        stars = self.item.stars if self.item.done else self.item.attempts.stars(True)
        # Short enough for the coach's panel at 1024x640 with large text.
        counter = (f"Position {self.drill.number} · {self.session_done} done, "
                   f"{self.session_stars}★ so far")
        text = self.item.question()
        if self.item.asking is not None:
            text += "\nYour table's rules: " + " ".join(
                f"({r}" for r in self.item.rules_list())
        self.narration.draw(surface, "Which rule?", counter, text, stars_text(stars))
        self.draw_overlays(surface)
