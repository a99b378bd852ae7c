"""``tutorial --check`` in the window: every step's expected action made through the scene's
own controls (a card in the hand, a prompt's button, the toolbar's Declare out), never through
the engine, headless on SDL's dummy driver; and every text the coached scenes draw fits its
panel at the sizes checked. A step whose answer has no control on screen fails, naming it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

import pygame

from game.rules.actions import Action, Bid, DeclareOut, Discard, PassCards, PlayCard
from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson, Puzzle
from game.ui.coached import Coach
from game.ui.coached_panel import NarrationPanel
from game.ui.handpick import HandPicker
from game.ui.overlay import Overlay
from game.ui.replycheck import puzzle_replies, reply_cuts, step_replies
from game.ui.scene import AppContext
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.puzzle import PuzzleTutor
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, label_shown

SIZES = ((1024, 640), (1280, 800))


class AtTable(Protocol):
    """A tutor at its table, as the driver works it (a lesson's, a puzzle's, a first hand's):
    the table (the scene on the stack), its coach and the coach's panel."""

    table: TableScene
    coach: Coach
    narration: NarrationPanel


class Panelled(AtTable, Protocol):
    """A tutor whose panel's text the driver measures with each reply (a lesson, a puzzle)."""

    def panel_text(self) -> tuple[str, str, str, str]: ...
FRAMES = 400  # frames to wait for a prompt or an animation at the fast speed (a work limit)


class Driver:
    """One headless app, and the clicks a learner would make in it."""

    def __init__(self, size: tuple[int, int]) -> None:
        from game.store.store import Store
        from game.ui.app import App
        from game.ui.routes import ROUTES

        headless()
        self.home = tempfile.TemporaryDirectory(prefix="pinochle-drive-")
        self.app = App(Store(Path(self.home.name)), ROUTES, size)
        self.app.fixed_dt = 1 / 30
        self.app.settings.speed = "instant"  # animations end at once: the controls are checked
        self.app.settings.think_ms = 0
        self.app.sounds.muted = True
        self.size = size
        self.unreadable: list[str] = []  # buttons whose label is drawn cut (see press)

    def close(self) -> None:
        self.app.shutdown()
        self.home.cleanup()

    # -- the learner's hands -----------------------------------------------------------------
    def pump(self, frames: int = 1, until: Callable[[], bool] | None = None,
             events: Iterable[pygame.event.Event] = ()) -> bool:
        for event in events:
            self.app.handle(event)
        for _ in range(frames):
            # app.step without its drawing (a coached table asks to be redrawn every frame)
            self.app.time += 1 / 30
            for scene in list(self.app.stack):
                scene.update(1 / 30)
            if until is not None and until():
                return True
        return until is None or bool(until())

    def look(self) -> None:
        """Draw one frame: what the learner sees (and the texts that do not fit are noted)."""
        self.app.draw()

    def click(self, pos: tuple[int, int]) -> None:
        self.pump(1, events=[
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def press(self, button: Button) -> bool:
        """Click a button where it is drawn, if it is lit and inside the window, and its label
        can be read: a button whose label is drawn cut ("…" for "Made") is noted in
        ``unreadable`` and not pressed."""
        inside = pygame.Rect((0, 0), self.size).contains(button.rect)
        if not (button.enabled and inside):
            return False
        if button.label and not button.icon and label_shown(button) != button.label:
            self.unreadable.append(f"the button {button.label!r} is drawn as "
                                   f"{label_shown(button)!r}")
            return False
        self.click(button.rect.center)
        return True

    def settle(self, coach: Coach) -> None:
        """Read the pop-ups (Got it), sweep held tricks (a click), let animations end."""
        for _ in range(FRAMES // 10):
            if coach.terms:
                self.pump(1)
                self.look()  # the pop-up drawn: one taller than the window is noted
                self.click(coach.got_it.rect.center)
                continue
            if coach.held is not None:
                self.click((4, self.size[1] // 2))
                continue
            if not coach.table.timeline.busy:
                return
            self.pump(10)

    def card_at(self, picker: HandPicker, card: Card, only: int = -1
                ) -> tuple[int, int] | None:
        """A point of ``card``'s sprite (the ``only``-th sprite, if given) that no other card
        covers."""
        for index, sprite in enumerate(picker.sprites):
            if sprite.card != card or only not in (-1, index):
                continue
            r = sprite.rect
            for x in range(r.left + 2, r.right, 6):
                if picker.hit((x, r.centery)) == index:
                    return x, r.centery
        return None


def overlay_buttons(app: AppContext) -> list[Button]:
    top = app.top
    return [b for b in getattr(top, "buttons", []) if b.enabled] if isinstance(top, Overlay) \
        else []


def probe(scene: TableScene, buttons: list[Button]) -> dict[str, Button]:
    """Which action each button asks the table for (the table refuses it while probed, so
    nothing changes): the map from the action's text to its button."""
    found: dict[str, Button] = {}
    asked: list[Action] = []
    real = scene.act

    def record(action: Action) -> bool:
        asked.append(action)
        return False

    scene.act = record  # type: ignore[method-assign]
    try:
        for b in buttons:
            asked.clear()
            b.on_click()
            for a in asked:
                found.setdefault(str(a), b)
    finally:
        del scene.act
    assert scene.act == real
    return found


def make(drv: Driver, tutor: AtTable, action: Action) -> str | None:
    """Make ``action`` with the scene's controls; None when done, else what is missing."""
    app = drv.app
    scene = tutor.table
    drv.settle(tutor.coach)
    if isinstance(action, DeclareOut):
        return declare_out(drv, scene)
    if not drv.pump(FRAMES, until=lambda: isinstance(app.top, Overlay)):
        return "no prompt came up in front of the learner"
    top = app.top
    picker = getattr(top, "picker", None)
    if isinstance(action, PlayCard):
        return play_card(drv, scene, picker, action)
    if isinstance(action, PassCards | Discard):
        problem = pick(drv, picker, action.cards)
        if problem:
            return problem
    drv.pump(1)
    buttons = probe(scene, overlay_buttons(app))
    button = buttons.get(str(action))
    if isinstance(action, PassCards | Discard) and not getattr(top, "selected", True):
        pick(drv, picker, action.cards)  # probing pressed Clear too: choose them again
    if button is None and isinstance(action, Bid) and hasattr(top, "typed"):
        # The bid panel's own control for any amount: type it and press Enter.
        keys = [pygame.event.Event(pygame.KEYDOWN, key=ord(d), unicode=d, mod=0, scancode=0)
                for d in str(action.amount)]
        keys.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r",
                                       mod=0, scancode=0))
        drv.pump(1, events=keys)
        return None
    if button is None:
        shown = ", ".join(sorted(buttons)) or "nothing"
        return f"no button on screen makes it (the buttons make: {shown})"
    return None if drv.press(button) else f"its button {button.label!r} is off screen"


def declare_out(drv: Driver, scene: TableScene) -> str | None:
    """The toolbar's Declare out, then the confirmation's button."""
    button = scene.toolbar.declare_button
    drv.pump(2)
    if button is None or button not in scene.toolbar.buttons:
        return "no Declare out button on the coached table"
    if not drv.press(button):
        return "the Declare out button is not lit"
    yes = getattr(drv.app.top, "yes", None)
    if yes is None:
        return "Declare out asks nothing"
    drv.pump(1)
    return None if drv.press(yes) else "the confirmation's button is not on screen"


def play_card(drv: Driver, scene: TableScene, picker: HandPicker | None, action: PlayCard
              ) -> str | None:
    """A click on the card: in the hand, or (two-handed) among the melds on the table."""
    if action.from_table:
        spot = next((sp.rect.center for sp in reversed(scene.model.stock_area.tabled[scene.human])
                     if sp.card == action.card), None)
        if spot is None:
            return f"the {action.card.pretty} is not among your melds on the table"
        drv.click(spot)
        return None
    at = drv.card_at(picker, action.card) if picker is not None else None
    if at is None:
        return f"the {action.card.pretty} is not in the hand on screen"
    drv.click(at)
    return None


def pick(drv: Driver, picker: HandPicker | None, cards: Iterable[Card]) -> str | None:
    """Click each card in the hand (a copy not clicked yet, for twin cards)."""
    if picker is None:
        return "no cards to pick"
    used: set[int] = set()
    for card in cards:
        index = next((i for i, sp in enumerate(picker.sprites)
                      if sp.card == card and i not in used), -1)
        if index < 0:
            return f"the {card.pretty} is not in the hand on screen"
        used.add(index)
        at = drv.card_at(picker, card, index)
        if at is None:
            return f"the {card.pretty} is covered by other cards"
        drv.click(at)
    return None


def cut_texts(tutor: AtTable) -> list[str]:
    """The texts drawn since last asked that did not fit (each reported once)."""
    found = list(tutor.narration.cut)
    tutor.narration.cut.clear()
    return found


def drive_lesson(drv: Driver, lesson: Lesson, table: RuleSet | None, label: str) -> list[str]:
    scene = LessonTutor(drv.app, lesson, table)
    drv.app.reset(scene.table)
    run = scene.run
    out: list[str] = []
    size = "x".join(map(str, drv.size))
    for i, step in enumerate(run.steps):
        where = f"{lesson.source}{label}: step {step.number} [{size}]"
        drv.settle(scene.coach)
        problem: str | None = None
        if step.asks:
            out += [f"{where}: {c}" for c in hint_and_replies(drv, scene, step_replies(scene))]
        if step.task == "build-meld":
            problem = pick_meld(drv, scene)
        elif step.task == "add-up" and run.sum is not None:
            problem = add_up(drv, scene)
        elif step.expects:
            problem = make(drv, scene, run.answers()[0])
        elif step.any_legal:
            card = next(a for a in run.legal() if isinstance(a, PlayCard))
            problem = make(drv, scene, card)
        elif step.task == "play-out":
            problem = play_out(drv, scene)
        drv.pump(2)
        drv.look()
        if step.asks and not run.done_current:
            out.append(f"{where}: the step's answer cannot be given with the controls on "
                       f"screen: {problem or 'it was refused'}")
            return out
        out += [f"{where}: {c}" for c in cut_texts(scene)]
        drv.settle(scene.coach)
        if not drv.press(scene.narration.side_buttons[2]) or run.index != i + 1 and not scene.recap:
            out.append(f"{where}: {scene.narration.side_buttons[2].label} does not lead on")
            return out
    drv.pump(1)
    drv.look()  # the recap screen
    if not scene.recap:
        out.append(f"{lesson.source}{label} [{size}]: Finish does not lead to the recap")
    out += [f"{lesson.source}{label} [{size}]: the recap: {c}" for c in cut_texts(scene)]
    return out


def play_out(drv: Driver, scene: LessonTutor) -> str | None:
    """A play-out step: each of the learner's cards clicked in the hand, to the hand's end."""
    run = scene.run
    for _ in range(200):  # far more cards than a hand has
        if run.done_current:
            return None
        drv.settle(scene.coach)
        card = next(a for a in run.legal() if isinstance(a, PlayCard))
        problem = make(drv, scene, card)
        if problem:
            return problem
        drv.pump(2)
    return "the hand did not come to its score"


def hint_and_replies(drv: Driver, scene: Panelled, replies: list[tuple[str, str]]
                     ) -> list[str]:
    """Hint pressed and every other reply the step can give, each measured in the panel."""
    out = reply_cuts(scene, replies)
    hint = next((b for b in scene.narration.side_buttons if b.label == "Hint"), None)
    if hint is not None and drv.press(hint):
        drv.pump(1)
        out += [f"Hint: {c}" for c in scene.narration.cuts(*_title_text(scene))]
        scene.coach.clear_reply()
    return out


def _title_text(scene: Panelled) -> tuple[str, str]:
    title, _, text, _ = scene.panel_text()
    return title, text


def pick_meld(drv: Driver, scene: LessonTutor) -> str | None:
    problem = pick(drv, scene.picker, scene.run.build_cards())
    if problem:
        return problem
    count = next((b for b in scene.narration.task_buttons if b.label == "Count"), None)
    return None if count is not None and drv.press(count) else "no Count button"


def add_up(drv: Driver, scene: LessonTutor) -> str | None:
    task = scene.run.sum
    if task is None:
        return "the step has nothing to add up"
    total = next((b for b in scene.narration.task_buttons if b.label == str(task.total)), None)
    if total is None or not drv.press(total):
        return "the right total has no button"
    if task.kind == "hand":
        word = "Made" if task.made else "Set"
        verdict = next((b for b in scene.narration.task_buttons if b.label == word), None)
        if verdict is None or not drv.press(verdict):
            return f"no {word} button"
    return None


def drive_puzzle(drv: Driver, puzzle: Puzzle) -> list[str]:
    scene = PuzzleTutor(drv.app, puzzle, [puzzle])
    drv.app.reset(scene.table)
    size = "x".join(map(str, drv.size))
    where = f"{puzzle.source} [{size}]"
    drv.settle(scene.coach)
    out = [f"{where}: {c}" for c in hint_and_replies(drv, scene, puzzle_replies(scene))]
    problem = make(drv, scene, puzzle.answers[0])
    drv.pump(2)
    drv.look()
    out += [f"{where}: {c}" for c in cut_texts(scene)]
    if not scene.prun.solved:
        out.append(f"{where}: the answer {puzzle.answers[0]} cannot be given with the controls "
                   f"on screen: {problem or 'it was refused'}")
    return out


def headless() -> None:
    """SDL's dummy drivers, set before pygame starts (no window, no sound card asked for)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.init()
