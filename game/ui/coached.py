"""The table as the tutorial uses it: the real table scene with a narration panel beside it.

What every tutorial scene shares: the narration panel (:attr:`CoachedTable.narration`: title,
stars, the text, the last reply in the colour of its tone, and the panel's buttons), the controls
a step lights (:attr:`CoachedTable.controls`), a finished trick that stays on the table with its
winner and points until the learner clicks, glossary pop-ups for terms met for the first time,
and no greyed-out cards (an illegal card is a try the game answers with its rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import DeclareOut
from game.rules.errors import RulesError
from game.rules.events import Event, HandClaimed, TrickWon
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import observe
from game.store.content import load_preset, load_ruleset
from game.store.tutorial_data import Term
from game.ui import assets, theme
from game.ui.coached_controls import (
    LessonControls,
    before_hand,
    control_of,
    shipped_lessons,
    shipped_library,
)
from game.ui.coached_panel import NarrationPanel
from game.ui.scene import Route
from game.ui.table import hud
from game.ui.table.model import TableModel
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, draw_text, layout_row, panel, wrap

if TYPE_CHECKING:
    from game.match.controller import Match
    from game.rules.ruleset import RuleSet
    from game.ui.scene import AppContext

# What the tutorial's scenes take from here along with the table.
__all__ = ["CoachedTable", "before_hand", "control_of", "learner_table", "shipped_lessons",
           "shipped_library", "stars_text"]

NEUTRAL = (140, 196, 255)  # legal but not the best: neither the red of a rule nor a success
TONES = {"right": theme.GREEN, "wrong": theme.RED, "neutral": NEUTRAL}
STAR, NO_STAR = "★", "☆"
TERMS_AT_ONCE = 3  # new words explained together in one pop-up


def stars_text(stars: int, out_of: int = 3) -> str:
    return STAR * stars + NO_STAR * (out_of - stars)


def learner_table(app: AppContext) -> tuple[str, RuleSet]:
    """The table the learner picked for the tutorial (a preset or a house-rules file), else
    the table of their games, else racehorse: its name and its rules."""
    progress = app.store.load_progress()
    for name in (progress.table, app.settings.variant):
        if name:
            try:
                return name, load_ruleset(name)
            except RulesError:
                continue
    return "racehorse", load_preset("racehorse")


class CoachedTable(TableScene):
    """A table whose other seats are scripted or coached: no saving, no statistics. Beside the
    table's own parts it has :attr:`narration` (the coach's panel) and :attr:`controls` (the
    controls a step lights)."""

    meld_on_table = False  # the lessons narrate the meld display
    fast_flow = False  # ... and wait for the learner's click

    grey_illegal = False  # the tutorial never gives the answer away by dimming cards
    plays_forced = False  # the learner plays every card, even the only legal one

    @property
    def stale(self) -> bool:
        return True  # the step's highlights pulse: redraw whenever the loop wakes

    def __init__(self, app: AppContext, match: Match, preset: str | None) -> None:
        super().__init__(app, match, preset, None)
        self.session.keep_records = False
        self.narration = NarrationPanel(self)
        self.held: TrickWon | None = None  # a finished trick waiting for the learner's click
        self.pending: list[Event] = []
        self.terms: list[Term] = []  # glossary pop-ups still to show
        self.got_it = Button("Got it", self.dismiss_term, primary=True, hotkey=pygame.K_g)
        # Rules and sound stay; declaring out stays where the rules have it (two-handed), lit
        # only when the step offers it (``offers``).
        toolbar = self.toolbar
        declare = toolbar.declare_button
        toolbar.buttons = [b for b in toolbar.buttons if b.label in ("Rules", "") or b is declare]
        self.controls = LessonControls(self)
        toolbar.buttons.insert(0, Button("Lessons", self.leave, hotkey=pygame.K_ESCAPE,
                                      icon="menu"))
        self.resize(app.size)

    def leave(self) -> None:
        self.app.go(Route.LESSONS)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.controls.explain()

    # -- the controls a step offers --------------------------------------------------------
    def offers(self, control: str) -> bool:
        """Claiming, throw-in requests and declaring out: none unless the scene says so (a
        lesson step asking for a card must not be ended by a claim)."""
        del control
        return False

    def claim(self) -> bool:
        """Claiming goes through the scene's own run (never straight to the engine)."""
        return False

    def declare_out(self) -> bool:
        """Declaring out is the learner's answer like any other: judged by the scene's run."""
        self.close_prompts()  # the confirmation and the prompt in front of the player are moot
        return self.act(DeclareOut())

    def play_from_table(self, pos: tuple[int, int]) -> bool:
        return self.controls.play_from_table(pos)

    # -- the score box while the learner adds a hand up -------------------------------------
    def hides_hand_score(self) -> bool:
        """Whether the learner is adding up the hand just scored: the score box must not show
        the total asked for."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.board
        if self.hides_hand_score() and shown.records and \
                shown.scores == shown.records[-1].totals:
            self.board = before_hand(shown)
        try:
            super().draw(surface)
        finally:
            self.board = shown

    # -- replies ---------------------------------------------------------------------------
    def answer(self, message: str, tone: str) -> None:
        self.narration.reply, self.narration.reply_colour = message, TONES.get(tone, theme.INK)

    def refuse(self, message: str) -> None:
        """An illegal card clicked: a wrong try, answered with the rule."""
        self.wrong_try(message)

    def wrong_try(self, message: str) -> None:
        self.answer(message, "wrong")

    def clear_reply(self) -> None:
        self.narration.reply = ""
        self.status_line.text, self.status_line.until = "", 0.0

    # -- a finished trick stays until a click -----------------------------------------------
    def process(self, events: list[Event]) -> None:
        if self.held is not None:
            self.pending += events
            return
        if any(isinstance(e, HandClaimed) for e in events):
            # A claim is shown by the table itself (every hand face up, then swept): holding
            # its tricks one by one showed stale cards under the last trick's caption.
            super().process(events)
            return
        for i, event in enumerate(events):
            if isinstance(event, TrickWon):
                super().process(list(events[:i]))
                self.held, self.pending = event, list(events[i:])
                return
        super().process(events)

    def release_held(self) -> None:
        if self.held is None:
            return
        pending, self.held, self.pending = self.pending, None, []
        super().process(pending[:1])
        self.process(pending[1:])

    def trick_caption(self) -> str:
        assert self.held is not None
        won = self.held
        seating = self.match.rules.seating
        who = "You take" if won.seat == self.human else f"{seating.name(won.seat)} takes"
        points = self.match.rules.tricks.points
        counted = [f"{c.pretty} {points.get(c.rank.letter, 0)}" for _, c in won.cards
                   if points.get(c.rank.letter, 0)]
        last = f", last trick {self.match.rules.tricks.last_trick}" if won.last else ""
        detail = f" ({', '.join(counted)}{last})" if counted or last else ""
        return f"{who} the trick: {won.points} points{detail}. Click to go on."

    # -- glossary ----------------------------------------------------------------------------
    def show_terms(self, terms: list[Term]) -> None:
        self.terms = list(terms)

    def dismiss_term(self) -> None:
        del self.terms[:TERMS_AT_ONCE]

    # -- the engine's table, without its bots ------------------------------------------------
    def advance_bots(self, dt: float) -> None:
        return  # the other seats only play the lesson's script

    def _push_display(self) -> bool:
        return False

    def wants_action(self) -> bool:
        return True

    def _push_overlay(self) -> None:
        if self.wants_action() and self.held is None and not self.terms:
            super()._push_overlay()

    def load(self, state: GameState) -> None:
        """Lay the table out at ``state`` without animation."""
        self.timeline.finish_all()
        self.held, self.pending = None, []
        self.model = TableModel(self.match.rules, self.human, self.layout, self.timeline)
        self.model.load_view(observe(state, self.human))
        if state.phase == Phase.TRICKS:
            self.model.talk.bubbles = {}  # the auction's words are long over
        self.view = self.match.view(self.human)

    def rebuild(self) -> None:
        self.load(self.match.state)

    # -- layout ----------------------------------------------------------------------------
    def narration_rect(self) -> pygame.Rect:
        """The layout's narration column, stretched up to the top bar when nothing sits
        there: long rule quotations need the room."""
        lay = self.layout
        box = lay.narration()
        if lay.players == 2:
            return box
        top = lay.bar.bottom + round(70 * lay.s)
        # Clear of the east seat's name (and dealer button), which now sits beside the panel.
        east = lay.top_right()
        x, y, _ = lay.label_pos(east)
        title = hud.seat_title(self, east)
        button = round(lay.font * 1.3) if self.view.dealer == east else 0  # the "D" disc
        label_left = x - assets.font(lay.font, True).size(title)[0] - button - round(4 * lay.s)
        right = min(box.right, label_left)
        beside = pygame.Rect(box.left, top, right - box.left, box.bottom - top)
        # A long name there (five and six chairs: "Northeast") leaves a narrow column beside
        # it: the column below the name is then the roomier.
        below_top = round(y + lay.font)
        below = pygame.Rect(box.left, below_top, box.right - box.left, box.bottom - below_top)
        if below.width * below.height > beside.width * beside.height:
            return below
        return beside

    def prompt_room(self) -> float:
        """Prompts sit left of the coach's panel."""
        return self.narration_rect().left - 28 * self.layout.s

    def keep_clear(self) -> list[pygame.Rect]:
        """Prompts never cover the coach's panel."""
        return [self.narration_rect()]

    def prompt_center(self, width: float) -> float:
        """Left of the coach's panel, as far right as the panel's own width allows."""
        box = self.narration_rect()
        return max(width / 2 + 12 * self.layout.s, box.left - 16 * self.layout.s - width / 2)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.place_panel()

    def place_panel(self) -> None:
        """The coach's buttons in its panel (again when a step changes them). Not a resize:
        that finishes every animation at once, and the cards of a step jumped into place."""
        lay = self.layout
        box = self.narration_rect()
        h, gap = round(30 * lay.s), round(8 * lay.s)
        narration = self.narration
        for b in [*narration.side_buttons, *narration.task_buttons, self.got_it]:
            b.font_size = lay.font_small
        layout_row(narration.side_buttons, box.centerx, box.bottom - h - round(10 * lay.s), h, gap,
                   min_width=round(56 * lay.s), pad=round(16 * lay.s))
        self._task_rows(box, h, gap)
        self.got_it.rect = pygame.Rect(0, 0, round(110 * lay.s), h)

    def _task_rows(self, box: pygame.Rect, h: int, gap: int) -> None:
        """The task's buttons above the panel's own, in as many rows as the width needs."""
        lay = self.layout
        rows: list[list[Button]] = [[]]
        width = 0
        for b in self.narration.task_buttons:
            w = assets.font(b.font_size, True).size(b.label)[0] + round(14 * lay.s) + gap
            if rows[-1] and width + w > box.width - round(16 * lay.s):
                rows.append([])
                width = 0
            rows[-1].append(b)
            width += max(w, round(48 * lay.s) + gap)
        bottom = box.bottom - h - round(20 * lay.s)
        for i, row in enumerate(reversed(rows)):
            layout_row(row, box.centerx, bottom - (i + 1) * (h + gap), h, gap,
                       min_width=round(48 * lay.s), pad=round(14 * lay.s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.terms:
            return self.got_it.handle(event) or event.type in (pygame.MOUSEBUTTONDOWN,
                                                               pygame.KEYDOWN)
        on_button = event.type == pygame.MOUSEBUTTONDOWN and any(
            b.enabled and b.rect.collidepoint(event.pos)
            for b in [*self.narration.buttons(), *self.toolbar.buttons])
        # A click on a lit button (the panel's, or the toolbar's Declare out) is that button's:
        # it used to be swallowed as the "click to go on", so Next or Declare out needed two.
        if self.held is not None and not on_button and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
                or (event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))):
            self.release_held()
            return True
        if any(b.handle(event) for b in self.narration.buttons()):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.play_from_table(event.pos):
            return True
        return super().handle_event(event)

    # -- drawing ---------------------------------------------------------------------------
    def _trick_rect(self) -> pygame.Rect:
        lay = self.layout
        rect = pygame.Rect(0, 0, round(lay.trick_w * 3.6), round(lay.trick_h * 2.4))
        rect.center = lay.center
        return rect

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """The held trick's caption and the glossary pop-up, over everything else."""
        lay = self.layout
        if self.held is not None and not self.timeline.busy:  # once its cards have landed
            # The winning card ringed, as the table rings it once the trick is swept.
            won = next((sp for seat, sp in self.model.tricks.trick if seat == self.held.seat), None)
            if won is not None:
                pygame.draw.rect(surface, theme.GOLD, won.rect.inflate(10, 10), width=4,
                                 border_radius=max(6, round(won.w * 0.1)))
            text = self.trick_caption()
            rect = self._trick_rect()
            lines = wrap(text, lay.font, rect.width + round(80 * lay.s))
            box = pygame.Rect(0, 0, rect.width + round(100 * lay.s),
                              round(len(lines) * lay.font * 1.3 + 16 * lay.s))
            box.midtop = (rect.centerx, rect.bottom + round(4 * lay.s))
            # clear of the narration panel beside the trick
            box.right = min(box.right, self.narration_rect().left - round(8 * lay.s))
            panel(surface, box, (10, 30, 22, 235), 8, theme.GOLD)
            y = box.top + round(8 * lay.s)
            for line in lines:
                draw_text(surface, line, (box.centerx, y), lay.font, theme.INK, anchor="midtop")
                y += round(lay.font * 1.3)
        if self.terms:
            self.draw_terms(surface, self.terms[:TERMS_AT_ONCE])

    def draw_terms(self, surface: pygame.Surface, terms: list[Term]) -> None:
        """New words of this step, explained, until the learner clicks Got it."""
        lay = self.layout
        s = lay.s
        width = round(340 * s)
        inner = width - round(28 * s)
        blocks = [(f"{t.forms[0]}", wrap(self.term_text(t), lay.font_small, inner))
                  for t in terms]
        line_h = round(lay.font_small * 1.35)
        height = round(lay.font * 1.5 + 62 * s) + sum(
            round(lay.font * 1.3) + len(lines) * line_h + round(6 * s) for _, lines in blocks)
        box = pygame.Rect(0, 0, width, height)
        if height > lay.size[1]:
            self.narration.note_cut(f"the pop-up for {', '.join(t.id for t in terms)} is taller "
                                    "than the window")
        narration = self.narration_rect()
        if narration.centerx < lay.center[0]:  # two-handed: the narration is on the left
            box.midright = (lay.size[0] - round(20 * s), lay.center[1])
        else:
            box.midleft = (round(lay.card_w * 1.3 + 20 * s), lay.center[1])
        panel(surface, box, (12, 36, 28, 245), 10, theme.GOLD)
        x, y = box.left + round(14 * s), box.top + round(10 * s)
        draw_text(surface, "New words" if len(terms) > 1 else "New word", (x, y), lay.font,
                  theme.GOLD, bold=True)
        y += round(lay.font * 1.5)
        for word, lines in blocks:
            draw_text(surface, word, (x, y), lay.font_small, theme.GOLD, bold=True)
            y += round(lay.font * 1.3)
            for line in lines:
                draw_text(surface, line, (x, y), lay.font_small, theme.INK)
                y += line_h
            y += round(6 * s)
        self.got_it.rect.midbottom = (box.centerx, box.bottom - round(10 * s))
        self.got_it.draw(surface)

    def term_text(self, term: Term) -> str:
        return term.say
