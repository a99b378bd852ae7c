"""The coach the tutorial seats beside the real table: a lesson, a puzzle, the drill and the
guided first hand are each a :class:`~game.ui.table.scene.TableScene` with a :class:`Coach`
attached, not a kind of table.

What the coach brings to every one of them: the narration panel (:attr:`Coach.narration`:
title, stars, the text, the last reply in the colour of its tone, and the panel's buttons), the
controls a step lights (:attr:`Coach.controls`), a finished trick that stays on the table with
its winner and points until the learner clicks, glossary pop-ups for terms met for the first
time (:mod:`game.ui.coached_popups` draws both), and no greyed-out cards (an illegal card is a
try the game answers with its rule). What differs between them is the :class:`Tutor` the coach
holds: the run that judges the learner's moves and the text of the panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.match.controller import Match
from game.rules.actions import Action, DeclareOut
from game.rules.cards import Card
from game.rules.errors import RulesError
from game.rules.events import Event, HandClaimed, HandScored, TrickWon
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import PlayerView, observe
from game.store.tables import TableChoice, preset_table, table_named
from game.store.tutorial_data import Term
from game.tutorial.features import term_text
from game.tutorial.text import TemplateError, TextContext, render
from game.ui import assets, coached_popups, theme
from game.ui.coached_controls import (
    LessonControls,
    before_hand,
    control_of,
    shipped_lessons,
    shipped_library,
)
from game.ui.coached_panel import NarrationPanel
from game.ui.scene import Route, Scene
from game.ui.table import hud
from game.ui.table.model import TableModel
from game.ui.table.scene import TableScene
from game.ui.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.layout import Layout
    from game.ui.table.toolbar import Toolbar

# What the tutorial's tutors take from here along with the coach.
__all__ = ["Coach", "Tutor", "before_hand", "coach_of", "control_of", "learner_table",
           "shipped_lessons", "shipped_library", "stars_text"]

NEUTRAL = (140, 196, 255)  # legal but not the best: neither the red of a rule nor a success
TONES = {"right": theme.GREEN, "wrong": theme.RED, "neutral": NEUTRAL}
STAR, NO_STAR = "★", "☆"


def stars_text(stars: int, out_of: int = 3) -> str:
    return STAR * stars + NO_STAR * (out_of - stars)


def learner_table(app: AppContext) -> TableChoice:
    """The table the learner picked for the tutorial (a preset or a house-rules file), else
    the New game screen's last table, else racehorse."""
    progress = app.store.load_progress()
    for name in (progress.table, app.settings.variant):
        if name:
            try:
                return table_named(name)
            except RulesError:
                continue
    return preset_table("racehorse")


class Tutor(Protocol):
    """What the coach asks of the lesson, puzzle, drill or first hand it coaches: the run that
    judges the learner and the panel's text. (The coach itself answers the table.)"""

    name: str  # the scene's name: "lesson", "puzzle", "drill", "first hand"

    def act(self, action: Action) -> bool:
        """The learner's action, judged by the run; False when it is not taken."""
        ...

    def refuse(self, message: str) -> None:
        """An illegal card clicked (``message``: the rule that forbids it)."""
        ...

    def claim(self) -> bool: ...

    def offers(self, control: str) -> bool: ...

    def wants_action(self) -> bool:
        """Whether the learner has a move to make now."""
        ...

    def advance(self, dt: float) -> None:
        """The other seats' moves, where the tutor plays them (the first hand's bots)."""
        ...

    def push_display(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def hides_hand_score(self) -> bool:
        """Whether the learner is adding up the hand just scored: the score box must not show
        the total asked for."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """The tutor's marks over the table, and the panel (``coach.narration.draw``)."""
        ...


class Coach:
    """The coach at a table: beside the table's own parts it has :attr:`narration` (its panel)
    and :attr:`controls` (the controls a step lights), and it answers the table's questions
    (:class:`game.ui.table.coaching.Coach`) with its :attr:`tutor`'s help. The other seats are
    scripted or coached: the table keeps no records."""

    def __init__(self, table: TableScene, tutor: Tutor) -> None:
        self.table = table
        self.tutor = tutor
        self.name = tutor.name
        self.narration = NarrationPanel(self)
        self.held: TrickWon | None = None  # a finished trick waiting for the learner's click
        self.pending: list[Event] = []
        # The board of a hand the engine has dealt on past, kept until its score is shown
        # (``_show``).
        self.hand_board: PlayerView | None = None
        self.terms: list[Term] = []  # glossary pop-ups still to show
        self.got_it = Button("Got it", self.dismiss_term, primary=True, hotkey=pygame.K_g)
        self.highlight: frozenset[str] = frozenset()  # the cards a step lights, by name
        self.trick_points = True  # the held trick's caption counts its points
        # Rules and sound stay; declaring out stays where the rules have it (two-handed), lit
        # only when the step offers it (``offers``).
        toolbar = table.toolbar
        declare = toolbar.declare_button
        toolbar.buttons = [b for b in toolbar.buttons if b.label in ("Rules", "") or b is declare]
        self.controls = LessonControls(self)
        toolbar.buttons.insert(0, Button("Lessons", self.leave, hotkey=pygame.K_ESCAPE,
                                      icon="menu"))
        table.attach(self)

    # -- what the panel and the controls read of the table ------------------------------------
    @property
    def app(self) -> AppContext:
        return self.table.app

    @property
    def match(self) -> Match:
        """The lesson's game, always on this machine (a network table has no coach)."""
        match = self.table.match
        if not isinstance(match, Match):
            raise TypeError("a coach sits only at a game played on this machine")
        return match

    @property
    def human(self) -> int:
        return self.table.human

    @property
    def model(self) -> TableModel:
        return self.table.model

    @property
    def toolbar(self) -> Toolbar:
        return self.table.toolbar

    @property
    def layout(self) -> Layout:
        return self.table.layout

    def leave(self) -> None:
        self.app.go(Route.LESSONS)

    def update(self, dt: float) -> None:
        self.controls.explain()
        self.tutor.update(dt)

    # -- the learner's moves: the tutor's run judges them ------------------------------------
    def act(self, action: Action) -> bool:
        return self.tutor.act(action)

    def refuse(self, message: str) -> None:
        """An illegal card clicked: a wrong try, answered with the rule (the tutor's way)."""
        self.tutor.refuse(message)

    def offers(self, control: str) -> bool:
        """Claiming, throw-in requests and declaring out: as the tutor says (a lesson step
        asking for a card must not be ended by a claim)."""
        return self.tutor.offers(control)

    def claim(self) -> bool:
        """Claiming goes through the tutor's run (never straight to the engine)."""
        return self.tutor.claim()

    def declare_out(self) -> bool:
        """Declaring out is the learner's answer like any other: judged by the tutor's run."""
        self.table.close_prompts()  # the confirmation and the prompt in front are moot
        return self.tutor.act(DeclareOut())

    def play_forced(self) -> bool:
        return False  # the learner plays every card, even the only legal one

    def play_from_table(self, pos: tuple[int, int]) -> bool:
        return self.controls.play_from_table(pos)

    # -- replies ---------------------------------------------------------------------------
    def answer(self, message: str, tone: str) -> None:
        self.narration.reply, self.narration.reply_colour = message, TONES.get(tone, theme.INK)

    def clear_reply(self) -> None:
        self.narration.reply = ""
        status = self.table.status_line
        status.text, status.until = "", 0.0

    # -- a finished trick stays until a click -----------------------------------------------
    def process(self, events: list[Event]) -> None:
        show = self._show
        if self.held is not None:
            self.pending += events
            return
        if any(isinstance(e, HandScored) for e in events):
            self.hand_board = self.table.board
        if any(isinstance(e, HandClaimed) for e in events):
            # A claim is shown by the table itself (every hand face up, then swept): holding
            # its tricks one by one showed stale cards under the last trick's caption.
            show(events)
            return
        for i, event in enumerate(events):
            if isinstance(event, TrickWon):
                show(list(events[:i]))
                self.held, self.pending = event, list(events[i:])
                return
        show(events)

    def release_held(self) -> None:
        if self.held is None:
            return
        pending, self.held, self.pending = self.pending, None, []
        self._show(pending[:1])
        self.process(pending[1:])

    def _show(self, events: list[Event]) -> None:
        """The table shows ``events``. A batch that ends the hand is shown in parts (its
        tricks held for a click), and the engine has dealt on by the first part: the table
        took the next deal's view for the board (Hand 2, the auction emptied, the dealer's
        button moved) under the hand's last trick. The board stays on the hand until its score
        has been shown; what the tutor shows next (the add-up, the scored hand) moves it on."""
        self.table.show(events)
        if self.hand_board is not None:
            self.table.board = self.hand_board
            if any(isinstance(e, HandScored) for e in events):
                self.hand_board = None

    def trick_caption(self) -> str:
        """The held trick's caption: who takes it and, unless the next step asks the learner
        to count them (:attr:`trick_points`), its points."""
        assert self.held is not None
        won = self.held
        seating = self.match.rules.seating
        who = "You take" if won.seat == self.human else f"{seating.name(won.seat)} takes"
        if not self.trick_points:
            cards = ", ".join(c.pretty for _, c in won.cards)
            return f"{who} the trick: {cards}. Click to go on."
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
        del self.terms[:coached_popups.TERMS_AT_ONCE]

    def term_text(self, term: Term) -> str:
        """The term as it reads at this table, its fields filled in (the check has filled each
        entry at every table it can pop up at)."""
        raw = term_text(term, self.match.rules) or term.say
        try:
            return render(raw, TextContext(self.match.rules))
        except TemplateError:
            return raw

    # -- the engine's table, without its bots ------------------------------------------------
    def advance(self, dt: float) -> None:
        self.tutor.advance(dt)  # the other seats play the script, or the tutor's bots

    def push_display(self) -> bool:
        return self.tutor.push_display()

    def wants_prompt(self) -> bool:
        return self.tutor.wants_action() and self.held is None and not self.terms

    def load(self, state: GameState) -> None:
        """Lay the table out at ``state`` without animation."""
        table = self.table
        table.timeline.finish_all()
        self.held, self.pending, self.hand_board = None, [], None
        table.model = TableModel(table.match.rules, table.human, table.layout, table.timeline)
        table.model.load_view(observe(state, table.human))
        if state.phase == Phase.TRICKS:
            table.model.talk.bubbles = {}  # the auction's words are long over
        table.view = table.match.view(table.human)

    def keep_board(self, board: PlayerView | None) -> None:
        """Keep the score box on ``board`` (a hand the engine has dealt past) until that hand's
        score is shown again or a step lays the table anew (:meth:`_show`, :meth:`load`)."""
        if board is not None:
            self.table.board = self.hand_board = board

    def rebuild(self) -> None:
        self.load(self.match.state)

    def glowing_cards(self) -> set[Card]:
        """The step's lit cards glow (drawn under each card, keeping the fan)."""
        return {sp.card for sp in self.model.hands[self.human]
                if sp.card is not None and str(sp.card) in self.highlight}

    # -- layout ----------------------------------------------------------------------------
    def narration_rect(self) -> pygame.Rect:
        """The layout's narration column, stretched up to the top bar when nothing sits
        there: long rule quotations need the room."""
        lay = self.layout
        box = lay.narration()
        if lay.players == 2:
            return box
        top = lay.bar.bottom + round(70 * lay.s)
        # Clear of the names (and dealer button) of the chairs on the right edge, which sit
        # beside the panel: the top one's, and at five and six chairs the one below it.
        _, y, _ = lay.label_pos(lay.top_right())
        beside = self._clear_of_names(pygame.Rect(box.left, top, box.width, box.bottom - top))
        # A long name there (five and six chairs: "Northeast") leaves a narrow column beside
        # it: the column below the name is then the roomier.
        below_top = round(y + lay.font)
        below = self._clear_of_names(pygame.Rect(box.left, below_top, box.width,
                                                 box.bottom - below_top))
        if below.width * below.height > beside.width * beside.height:
            return below
        return beside

    def _clear_of_names(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` narrowed to end left of every right-edge chair's name beside it."""
        lay = self.layout
        right = rect.right
        for seat in range(lay.players):
            if lay.edge(seat) == "right" and rect.top <= lay.label_pos(seat)[1] <= rect.bottom:
                right = min(right, self._label_left(seat))
        return pygame.Rect(rect.left, rect.top, right - rect.left, rect.height)

    def _label_left(self, seat: int) -> int:
        """The left end of a right-edge chair's name, with its dealer button ("D")."""
        lay = self.layout
        x, _, _ = lay.label_pos(seat)
        title = hud.seat_title(self.table, seat)
        # the disc as hud.draw_seats places it, from the board (at a hand's end the view has
        # moved on to the next dealer while the board still shows this hand's)
        r = max(8, round(lay.font * 0.62))
        dealer = seat in (self.table.board.dealer, self.table.view.dealer)
        button = 2 * r + round(10 * lay.s) if dealer else 0
        return round(x - assets.font(lay.font, True).size(title)[0] - button - round(4 * lay.s))

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
        """The tutor's own input (a lesson's card picking), the glossary pop-up, a held
        trick's click, the panel's buttons and a melded card played from the table; the rest
        is the table's."""
        if self.tutor.handle_event(event):
            return True
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
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
            self.play_from_table(event.pos)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table (its score box on the hand before, while the learner adds the hand up),
        the tutor's marks and panel, and the pop-ups over everything."""
        table = self.table
        shown = table.board
        if self.tutor.hides_hand_score() and shown.records and \
                shown.scores == shown.records[-1].totals:
            table.board = before_hand(shown)
        try:
            table.draw_table(surface)
        finally:
            table.board = shown
        self.tutor.draw(surface)
        coached_popups.draw(self, surface)


def coach_of(scene: Scene | None) -> Coach | None:
    """The tutorial's coach at ``scene``, if it is a coached table."""
    if isinstance(scene, TableScene) and isinstance(scene.coach, Coach):
        return scene.coach
    return None
