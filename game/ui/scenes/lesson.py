"""A lesson on the table: the real table with a coach attached, which holds the lesson's
:class:`LessonTutor`: the narration beside the cards, highlights, and Back / Hint / Next /
Restart. Any action other than the one asked for is answered: an illegal one with the rule that
forbids it (in the table's order of precedence), a legal one with the step's reason in a neutral
colour. Meld steps have the learner pick the cards; scoring steps have them add up the points."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.compiled import best_meld
from game.rules.events import Event, TrickWon
from game.rules.ruleset import RuleSet
from game.store.content import load_preset
from game.store.lessons import ZONES, Lesson
from game.store.progress import lesson_key
from game.tutorial.features import steps_for
from game.tutorial.runner import LessonRun
from game.tutorial.text import TemplateError, fields_of, terms_in
from game.ui import theme
from game.ui.coached import (
    Coach,
    control_of,
    learner_table,
    shipped_lessons,
    shipped_library,
    stars_text,
)
from game.ui.coached_hand import RetryTold, open_replay, open_revisit, show_hand_end
from game.ui.coached_popups import trick_rect
from game.ui.handpick import HandPicker
from game.ui.table.meldview import draw_meld_flow
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, draw_text, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class LessonTutor:
    """A lesson in progress at a table: its run, the coach it talks through, and the table
    (:attr:`table`, the scene)."""

    name = "lesson"

    def __init__(self, app: AppContext, lesson: Lesson, table: RuleSet | None = None) -> None:
        rules = table if table is not None else learner_table(app).rules
        self.app = app
        self.run = LessonRun(lesson, load_preset, rules if lesson.on_learner_table else None,
                             shipped_library().quotes)
        self.lesson = lesson
        assert self.run.match is not None
        self.table = TableScene(app, self.run.match, None)  # no game: nothing kept
        self.coach = Coach(self.table, self)
        self.narration = self.coach.narration
        self.picker = HandPicker(self.table)
        self.told = RetryTold(self.run, self.coach, self.refresh_buttons)
        self.recap = False
        self.following: Lesson | None = None  # the recap's Next lesson, found once
        self.selected: list[Card] = []
        self.chosen: set[int] = set()  # the selected sprites of the hand, by identity
        self.narration.side_buttons = [
            Button("Back", self.back, hotkey=pygame.K_PAGEUP),
            Button("Hint", self.show_hint, hotkey=pygame.K_h),
            Button("Next", self.next, primary=True, hotkey=pygame.K_PAGEDOWN),
            Button("Restart", self.restart, hotkey=pygame.K_HOME)]
        self.enter_step(self.run.start(0))

    # -- steps -----------------------------------------------------------------------------
    def enter_step(self, events: list[Event]) -> None:
        table, coach = self.table, self.coach
        table.close_prompts()
        assert self.run.match is not None and self.run.pre_state is not None  # run.start set them
        table.match = self.run.match
        coach.load(self.run.pre_state)
        coach.clear_reply()  # an error from the previous step never lingers
        self.selected, self.chosen = [], set()
        step, steps, i = self.run.step, self.run.steps, self.run.index
        coach.highlight = frozenset(n for n in step.highlight if n not in ZONES)
        # A held trick's points are the next step's question when it asks the learner to add
        # the trick up: the caption leaves them out.
        coach.trick_points = not (i + 1 < len(steps) and steps[i + 1].add == "trick")
        table.process(events)
        show_hand_end(coach, self.run)
        self.narration.task_buttons = self._task_buttons()
        self.refresh_buttons()
        self.glossary(self.text())
        problem = open_replay(table, self.run) or open_revisit(table, self.run, self.told)
        if problem:
            coach.answer(problem, "wrong")

    def glossary(self, text: str) -> None:
        """Pop up each term this text uses that the learner has not met yet."""
        glossary = shipped_library().glossary
        progress = self.app.store.load_progress()
        new = [t for t in terms_in(text, glossary, self.table.match.rules)
               if t not in progress.terms]
        if not new:
            return
        progress.terms += new
        self.app.store.save_progress(progress)
        by_id = {t.id: t for t in glossary}
        self.coach.show_terms([by_id[t] for t in new])

    def _task_buttons(self) -> list[Button]:
        step = self.run.step
        if step.task == "build-meld":
            return [Button("Count", self.count, primary=True, hotkey=pygame.K_c),
                    Button("Clear", self.clear_selection)]
        if step.task == "add-up" and self.run.sum is not None:
            out = [Button(str(n), partial(self.pick_sum, n)) for n in self.run.sum.choices]
            if self.run.sum.kind == "hand":
                out += [Button("Made", lambda: self.pick_made(True)),
                        Button("Set", lambda: self.pick_made(False))]
            return out
        if step.replay:  # closed, the replay opens again from the coach's panel
            return [Button("Replay", lambda: open_replay(self.table, self.run))]
        if step.retry:  # and so do Find a better play and Play it out
            return [Button("Find a better play",
                           lambda: open_revisit(self.table, self.run, self.told))]
        if step.play_out:
            return [Button("Play it out", lambda: open_revisit(self.table, self.run, self.told))]
        return []

    def refresh_buttons(self) -> None:
        last = self.run.index == len(self.run.steps) - 1
        nxt = self.narration.side_buttons[2]
        nxt.label = "Finish" if last else "Next"
        nxt.enabled = self.run.done_current
        self.narration.side_buttons[0].enabled = self.run.index > 0
        self.narration.side_buttons[1].enabled = not self.run.done_current
        self.coach.place_panel()

    def offers(self, control: str) -> bool:
        """A control beyond the cards is on screen only in a step whose answer uses it: a
        claim would end the lesson's hand, so no step offers one."""
        if not self.wants_action() or not self.run.step.expects:
            return False
        kinds = {control_of(a) for a in self.run.answers()}
        return control in kinds - {"claim"}

    def hides_hand_score(self) -> bool:
        """While a step, this one or one still to come, asks the learner to add the hand up:
        the scoring lesson's last card ended the hand a step before its add-up, and the score
        box showed the total (290) the next step asks for."""
        if self.recap or (self.run.step.task == "add-up" and self.run.done_current):
            return False
        return any(s.task == "add-up" for s in self.run.steps[self.run.index:])

    def wants_action(self) -> bool:
        step = self.run.step
        return not self.recap and (step.expects or step.any_legal or step.task == "play-out") \
            and not self.run.done_current

    def text(self) -> str:
        """The step's narration, filled in once per step (its position does not change until
        the step is left; drawing asks for it on every frame)."""
        key = (self.run.index, id(self.run.state_at_step))
        if getattr(self, "_text", (None, ""))[0] != key:
            try:
                text = self.run.text()
            except TemplateError as exc:  # --check refuses this; say so rather than crash
                text = f"(This step cannot be shown on this table: {exc})"
            self._text = (key, text)
        return self._text[1]

    # -- the learner's moves ----------------------------------------------------------------
    def act(self, action: Action) -> bool:
        if not self.wants_action():
            return False
        reply = self.run.try_action(action)
        if not reply.ok:
            self.coach.answer(reply.message, reply.tone)
            self.app.sounds.play("click")
            return False
        if self.run.step.task == "play-out":
            self.coach.clear_reply()  # any legal card goes: the review grades it, not "Right."
        else:
            self.coach.answer(reply.message or "Right.", "right")
        self.table.process(reply.events)
        self.refresh_buttons()
        return True

    def refuse(self, message: str) -> None:
        """An illegal card clicked: a wrong try (unless the step invites tries), answered
        with the rule."""
        self.run.illegal_try()
        self.coach.answer(message, "wrong")

    def claim(self) -> bool:
        return False  # a claim would end the lesson's hand: no step asks for one

    def advance(self, dt: float) -> None:
        return  # the other seats only play the lesson's script

    def push_display(self) -> bool:
        return False  # the lesson narrates the meld and the result itself

    def count(self) -> None:
        reply = self.run.try_meld(list(self.selected))
        self.coach.answer(reply.message, reply.tone)
        if reply.ok:
            self.refresh_buttons()

    def clear_selection(self) -> None:
        self.selected, self.chosen = [], set()

    def pick_sum(self, total: int) -> None:
        self.chosen_sum = total
        if self.run.sum is not None and self.run.sum.kind == "trick":
            self._judge_sum(total, None)
        else:
            self.coach.answer(f"{total}: now, made or set?", "neutral")

    def pick_made(self, made: bool) -> None:
        total = getattr(self, "chosen_sum", None)
        if total is None:
            self.coach.answer("First choose the total.", "neutral")
            return
        self._judge_sum(total, made)

    def _judge_sum(self, total: int, made: bool | None) -> None:
        reply = self.run.try_sum(total, made)
        self.coach.answer(reply.message, reply.tone if not reply.ok else "right")
        if reply.ok:
            self.refresh_buttons()

    def show_hint(self) -> None:
        self.coach.answer(self.run.hint(), "neutral")
        self.refresh_buttons()  # a retry's answer, shown, ends its step

    def next(self) -> None:
        if self.coach.held is not None:
            self.coach.release_held()
        if not self.run.done_current:
            return
        if self.recap:
            return
        if self.run.index == len(self.run.steps) - 1:
            progress = self.app.store.load_progress()
            key = lesson_key(self.lesson.id, self.table_name)  # progress is kept per table
            progress.lessons[key] = True
            progress.record_stars(f"lesson/{key}", self.run.stars)
            self.app.store.save_progress(progress)
            self.show_recap()
            return
        self.enter_step(self.run.next())

    # -- the recap at the end ----------------------------------------------------------------
    @property
    def table_name(self) -> str | None:
        return self.run.table.name if self.lesson.on_learner_table and self.run.table else None

    def show_recap(self) -> None:
        """The lesson ends on what it taught, its stars, and the way on: Next lesson."""
        self.table.close_prompts()
        self.recap = True
        self.coach.clear_reply()
        self.narration.task_buttons = []
        following = self.following = self.next_lesson()
        self.narration.side_buttons = [Button("Lessons", self.coach.leave,
                                              hotkey=pygame.K_ESCAPE)]
        if following is not None:
            self.narration.side_buttons.append(Button("Next lesson", lambda: self.open(following),
                                            primary=True, hotkey=pygame.K_RETURN))
        self.table.resize(self.app.size)

    def next_lesson(self) -> Lesson | None:
        """The lesson after this one in the menu's order for the learner's table."""
        lessons = shipped_lessons()
        rules = learner_table(self.app).rules
        order = [x for x in lessons if x.track == "first-hand"]
        order += [x for x in lessons if x.track == "core" and steps_for(x, rules)]
        order += [x for x in lessons if x.track == "table" and rules.name in x.tables]
        if not any(x.id == self.lesson.id for x in order):  # a lesson of another table
            order = [x for x in lessons if x.track == self.lesson.track]
        ids = [x.id for x in order]
        at = ids.index(self.lesson.id) if self.lesson.id in ids else -1
        return order[at + 1] if 0 <= at < len(order) - 1 else None

    def open(self, lesson: Lesson) -> None:
        from game.ui.scene import Route

        table = self.run.table if lesson.on_learner_table else None
        self.app.go(Route.LESSON, lesson=lesson, table=table)

    def recap_text(self) -> str:
        rules = self.table.match.rules
        named = []
        for step in self.run.steps:
            for name, arg in fields_of(step.say):
                if name == "rule" and (arg in rules.tricks.obligations
                                       or arg in rules.stock.playoff_obligations):
                    text = rules.obligation_text(arg)
                    if text not in named:
                        named.append(text)
        lines = [f"Lesson done: {stars_text(self.run.stars)}", self.lesson.summary]
        if named:
            lines.append("The rules you used: " + " ".join(named))
        following = self.following
        lines.append(f"Next: {following.title}." if following is not None else
                     "That was the last lesson of this list: try the puzzles in Practice.")
        return "\n".join(lines)

    def back(self) -> None:
        if self.run.index:
            self.enter_step(self.run.back())

    def restart(self) -> None:
        self.enter_step(self.run.restart())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A build-meld step's cards are picked from the hand (the glossary pop-up first)."""
        return (self.run.step.task == "build-meld" and not self.run.done_current
                and not self.coach.terms and self.picker.handle(event, self.toggle))

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.picker.sprites):
            return
        key = id(self.picker.sprites[index])
        self.chosen ^= {key}
        self.selected = [sp.card for sp in self.picker.sprites
                         if id(sp) in self.chosen and sp.card is not None]

    def update(self, dt: float) -> None:
        if self.run.step.task == "build-meld":
            lifted = {i for i, sp in enumerate(self.picker.sprites) if id(sp) in self.chosen}
            self.picker.apply_lift(lifted, 26 * self.table.layout.s)

    def task_text(self) -> str:
        """What an add-up step gives the learner to add: the engine's numbers."""
        task = self.run.sum
        if task is None or self.run.done_current:
            return ""
        if task.kind == "trick":
            won = [e for e in self.run.log if isinstance(e, TrickWon)][-1]
            return "\nThe trick: " + ", ".join(c.pretty for _, c in won.cards) + \
                (" (the last trick)" if won.last else "") + "."
        parts = ", ".join(f"{label} {value}" for label, value in task.parts)
        return f"\nYour side: {parts}; the bid was {task.bid}."

    # -- drawing ---------------------------------------------------------------------------
    def panel_text(self) -> tuple[str, str, str, str]:
        """(title, counter, text, stars) of the coach's panel as it stands."""
        if self.recap:
            return self.lesson.title, "Recap", self.recap_text(), ""
        step = self.run.step
        text = self.text() + self.task_text()
        if self.wants_action() and not self.narration.reply and self.coach.held is None:
            text += "\n(Your move.)"  # not while a trick waits for the click that clears it
        elif step.task == "build-meld" and not self.run.done_current and not self.narration.reply:
            text += "\n(Click cards to select them, then Count.)"
        return (self.lesson.title, f"Step {self.run.index + 1} of {len(self.run.steps)}", text,
                stars_text(self.run.attempts.stars(True)))

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table: the step's meld and highlights; then the panel."""
        step = self.run.step
        if not self.recap:
            if step.show_meld:
                self.draw_meld(surface)
            self.highlight(step.highlight, surface)
        self.narration.draw(surface, *self.panel_text())

    def highlight(self, names: tuple[str, ...], surface: pygame.Surface) -> None:
        lay = self.table.layout
        cards = {n for n in names if n not in ZONES}
        zones = {"trick": trick_rect(lay), "info": lay.info, "scores": lay.info,
                 "hand": lay.hand_box(self.table.human), "widow": trick_rect(lay)}
        pulse = 140 + int(100 * abs(((self.app.time * 1.5) % 2) - 1))
        for name in names:
            rect = zones.get(name)
            if rect is not None:
                pygame.draw.rect(surface, (255, 214, 90, pulse), rect.inflate(10, 10), width=3,
                                 border_radius=10)
        for _, sp in self.table.model.tricks.trick:
            if str(sp.card) in cards:
                pygame.draw.rect(surface, theme.GOLD, sp.rect.inflate(8, 8), width=3,
                                 border_radius=8)

    def draw_meld(self, surface: pygame.Surface) -> None:
        """The learner's meld, laid out by class, in the middle of the table."""
        lay = self.table.layout
        view = self.table.view
        meld = best_meld(view.rules, view.hand, view.trump if view.trump >= 0 else None)
        rect = pygame.Rect(0, 0, round(560 * lay.s), round(300 * lay.s))
        rect.center = (round(self.coach.prompt_center(rect.width)), lay.center[1])
        panel(surface, rect)
        draw_text(surface, f"Your meld — {meld.total}", (rect.left + round(14 * lay.s),
                  rect.top + round(8 * lay.s)), lay.font, theme.GOLD, bold=True)
        body = rect.inflate(-round(28 * lay.s), -round(50 * lay.s)).move(0, round(14 * lay.s))
        draw_meld_flow(surface, self.table, meld, body)
