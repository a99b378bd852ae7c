"""The table scene: runs a match, animates its events, paces the bots, and puts the right
prompt in front of the player on their turn. It decides no rule: the engine gives every choice.

It is made of parts, each owning one concern: :attr:`model` (where every card lies, and its
own parts: the trick area, the stock, the exchanges, the seats' talk), :attr:`toolbar` (the
buttons and what they do), :attr:`status_line` (the line under the trick) and :attr:`session`
(saving, counting, the duplicate challenge's worker). Prompts see it as a ``PromptTable``.

A lesson, a puzzle, the drill and the guided first hand are this table with a :attr:`coach`
attached (:meth:`attach`; what the table asks of it: :class:`~game.ui.table.coaching.Coach`),
not kinds of table: where the coach has a say (the player's moves, the other seats, a held
trick, the panel beside the cards), the table asks it."""

from __future__ import annotations

import pygame

from game.match.session import Session
from game.match.tablegame import TableGame
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.engine import replay
from game.rules.events import Event, HandScored
from game.rules.phase import Phase
from game.rules.view import PlayerView, redact
from game.store.tables import TableChoice
from game.ui import theme
from game.ui.anim import Timeline
from game.ui.scene import AppContext, Route, Scene
from game.ui.table import fastflow, hud, meldtable
from game.ui.table.coaching import Coach
from game.ui.table.faces import PromptTable
from game.ui.table.layout import Layout, hand_size
from game.ui.table.model import TableModel
from game.ui.table.moves import GameMoves, Moves
from game.ui.table.reviewsource import LocalReview, ReviewSource
from game.ui.table.status import Colour, StatusLine
from game.ui.table.toolbar import Toolbar
from game.ui.widgets import draw_text, felt


class TableScene(Scene):
    name = "table"
    grey_illegal = True  # prompts dim the cards the rules forbid (the tutorial turns this off)

    def __init__(self, app: AppContext, match: TableGame, choice: TableChoice | None,
                 demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.paced = False  # a demo played at a player's pace: the bots' think pause kept
        self.human = 0
        # The table chosen (command line, New game, a save) goes whole to the session, which
        # saves it with the game and counts the statistics under its name; None: a table that
        # is no game (a lesson's, the hand history's replay), which keeps no records.
        self.session = Session(match, app.store, app.stats, self.human, choice,
                               app.settings.practice, not demo, app.settings.challenge)
        self.timeline = Timeline()
        self.layout = Layout(app.size, match.rules.seating, hand_size(match.rules),
                             auction=not match.rules.stock.enabled,
                             card_scale=app.settings.card_size, viewer=self.human)
        self.model = self.new_model()
        self.view: PlayerView = match.view(self.human)
        # What the score panel and the seats show: the live view, except that a hand's end is
        # held back until its result has been shown ("the result appears before the score
        # panel changes").
        self.board: PlayerView = self.view
        self.think = 0.0
        self.status_line = StatusLine()
        self.result_shown_hand = -1
        self.toolbar = Toolbar(self)
        self.moves: Moves = GameMoves(self)  # the player's moves go to the match
        self.coach: Coach | None = None
        self.timeline.speed = app.speed
        if match.actions and match.initial is None:  # a position set up by hand: its coach's
            self.rebuild()

    def attach(self, coach: Coach) -> None:
        """Seat a coach beside the table: from now on it judges the player's moves, moves the
        other seats and draws its panel. A coached table dims no card (an illegal one is a try
        the coach answers with its rule), plays no card for the learner, narrates the meld
        instead of leaving it on the table, and waits for clicks whatever the Fast setting."""
        self.coach = self.moves = coach
        self.name = coach.name
        self.grey_illegal = self.meld_on_table = self.fast_flow = False
        self.resize(self.app.size)
        if self.match.actions:
            self.rebuild()  # laid out by the coach, from the match's state

    # -- set-up ------------------------------------------------------------------------------
    trick_until_click = False  # a lesson's completed tricks stay until the learner clicks
    meld_on_table = True  # the meld left on the table (a lesson narrates the meld display)
    fast_flow = True  # the Fast setting's displays go on by themselves (not in a lesson)

    @property
    def trick_pause(self) -> float | None:
        """Seconds a completed trick stays on show; None: until the player clicks."""
        return None if self.trick_until_click else fastflow.trick_pause(self.app.settings)

    def new_model(self) -> TableModel:
        return TableModel(self.match.rules, self.human, self.layout, self.timeline,
                          self.trick_pause)

    @property
    def practising(self) -> bool:
        """Undo and hints are open: a practice game, not the demo."""
        return self.app.settings.practice and not self.demo

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.match.rules.seating, hand_size(self.match.rules),
                             auction=not self.match.rules.stock.enabled,
                             card_scale=self.app.settings.card_size, viewer=self.human)
        self.model.layout = self.layout
        self.toolbar.place(self.layout)
        self.timeline.finish_all()
        self.model.snap()
        if self.coach is not None:
            self.coach.place_panel()

    def rebuild(self) -> None:
        """Redraw the table from the action list (resume and undo): replay without animation."""
        if self.coach is not None:
            self.coach.rebuild()
            return
        self.model = self.new_model()
        speed = self.timeline.speed
        self.timeline.speed = 0
        _, events = replay(self.match.rules, self.match.seed, self.match.actions)
        for event in events:
            self.model.apply(redact(event, self.human))
        self.model.sounds.clear()
        self.timeline.speed = speed
        self.view = self.board = self.match.view(self.human)
        self.clear_messages()
        hand_no = self.view.hand_no
        # A resumed or undone game has already shown this hand's meld, if it has any.
        self.model.meld_ready = False
        self.result_shown_hand = hand_no - 1 if self.view.phase == Phase.DEAL else -1
        if self.model.result is not None and self.view.phase == Phase.DEAL:
            self.model.result = None
        self.model.rebuild_human(self.view.hidden_cards)
        self.model.snap()

    # -- acting: the moves part takes the player's moves (the match's, or a coach's) ----------
    def act(self, action: Action) -> bool:
        """Take the player's action; an illegal one is refused with its rule."""
        return self.moves.act(action)

    def claim(self) -> bool:
        """The player claims the rest of the tricks for their side."""
        return self.moves.claim()

    def declare_out(self) -> bool:
        """The player declares out (two-handed), after the toolbar's question."""
        return self.moves.declare_out()

    def refuse(self, message: str) -> None:
        """Tell the player why a move is not allowed (the rule, in the preset's words)."""
        self.moves.refuse(message)

    def offers(self, control: str) -> bool:
        """Whether the table offers ``control`` ("claim", "throw-in", "declare-out") when the
        rules allow it: always at a game; a coach decides step by step."""
        return self.moves.offers(control)

    def review_source(self, hand_no: int) -> ReviewSource:
        """Where the Review screen's review of ``hand_no`` comes from: made here, from the
        game's own record (a network table asks its host instead)."""
        return LocalReview(self, hand_no)

    def process(self, events: list[Event]) -> None:
        """Show what an action did (a coach may hold some of it back: :meth:`show`)."""
        if self.coach is not None:
            self.coach.process(events)
        else:
            self.show(events)

    def show(self, events: list[Event]) -> None:
        """Show what an action did: the model animates its events, the session saves and
        counts it, and yesterday's messages (a hint, a refusal: about the old position) go."""
        for event in events:
            self.model.apply(event)
        self.session.record(events)
        before = self.view
        self.view = self.match.view(self.human)
        if any(isinstance(e, HandScored) for e in events):
            self.board = before  # until the result is on screen
        else:
            self.board = self.view
        if events:
            self.clear_messages()
        # Between hands (a hand thrown in, conceded or not played) the player's cards leave
        # with the result, clear of its pile's label; at any other time the events must have
        # laid the hand out already.
        mended = self.model.rebuild_human(self.view.hidden_cards)
        if mended and self.view.phase != Phase.DEAL:
            self.model.repairs.append(f"after {[type(e).__name__ for e in events]}")

    def clear_messages(self) -> None:
        self.status_line.clear()

    def close_prompts(self) -> None:
        """Close every scene in front of the table (an undo or a declaration made it moot)."""
        while self.app.top is not self and self in self.app.stack:
            self.app.pop()

    def save(self) -> None:
        self.session.save()

    def say(self, text: str, colour: Colour = theme.INK, seconds: float = 4.0) -> None:
        self.status_line.say(text, colour, seconds, self.app.time)

    def prompt_room(self) -> float:
        """The widest a prompt panel in front of the player may be."""
        if self.coach is not None:
            return self.coach.prompt_room()
        return self.layout.size[0] - 24 * self.layout.s

    def prompt_center(self, width: float) -> float:
        """Centre line of a prompt panel ``width`` wide in front of the player (a coach moves
        it aside, clear of its panel)."""
        if self.coach is not None:
            return self.coach.prompt_center(width)
        return self.layout.size[0] / 2

    def keep_clear(self) -> list[pygame.Rect]:
        """What a prompt must never cover besides the cards: nothing at a game."""
        return self.coach.keep_clear() if self.coach is not None else []

    @property
    def shows_levels(self) -> bool:
        return self.coach is None

    # -- loop --------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        if self.timeline.busy:
            # A trick held until the player clicks needs no frames: nothing moves.
            hold = self.timeline.held
            return hold is None or hold.seconds is not None
        return not self.match.over and not self.match.waiting_for_human()

    @property
    def stale(self) -> bool:
        """The status line shown is not the one due now (a message has expired); with a coach,
        always: the step's highlights pulse."""
        return self.coach is not None or self.status_state() != self.status_line.drawn

    def exit(self) -> None:  # a duplicate deal in the worker is not left running
        self.session.queue.cancel()

    def update(self, dt: float) -> None:
        self._update(dt)
        if self.coach is not None:
            self.coach.update(dt)

    def _update(self, dt: float) -> None:
        self.session.poll()  # the duplicate challenge's worker: never waited for
        self.timeline.speed = self.app.speed
        self.model.trick_pause = self.trick_pause
        declare = self.toolbar.declare_button
        if declare is not None:
            declare.enabled = self.match.may_declare_out(self.human) and \
                not self.demo and self.offers("declare-out")
        self.timeline.update(dt)
        for name in self.model.sounds:
            self.app.sounds.play(name)
        self.model.sounds.clear()
        if self.timeline.busy or self.app.top is not self:
            return
        if self._push_display():
            return
        if self.match.over:
            return
        if self.match.waiting_for_human():
            if not self.moves.play_forced():
                self._push_overlay()
            return
        self.advance_bots(dt)

    def advance_bots(self, dt: float) -> None:
        """Let the bot to act play, after its think pause (a coach moves them instead)."""
        if self.coach is not None:
            self.coach.advance(dt)
            return
        self.think -= dt
        if self.think > 0:
            return
        phase = self.match.state.phase
        events = self.match.step_bot(self.human)
        self.process(events)
        delay = fastflow.think_seconds(self.app.settings) * (0 if self.demo and not self.paced
                                                             else 1)
        self.think = 0 if phase == Phase.DEAL else delay * (self.app.speed or 0.0)
        if phase == Phase.DEAL:
            self.app.open(Route.DEALING, table=self)

    def _push_display(self) -> bool:
        if self.coach is not None:
            return self.coach.push_display()
        model = self.model
        if model.meld_ready:  # every hand's meld is shown, even one that ends unplayed
            model.meld_ready = False
            if not self.meld_on_table or meldtable.display_wanted(self):
                self.app.open(Route.MELD, table=self)
                return True
        if model.result is not None and self.result_shown_hand != model.result.hand_no:
            self.result_shown_hand = model.result.hand_no
            # The score panel keeps the hand just played behind its result; it moves on when
            # the result closes (ResultScene.exit).
            self.app.open(Route.RESULT, table=self, result=model.result)
            return True
        if self.match.over and model.game_won is not None:
            self.app.open(Route.GAME_OVER, table=self, won=model.game_won)
            model.game_won = None
            return True
        return False

    def _push_overlay(self) -> None:
        if self.coach is not None and not self.coach.wants_prompt():
            return
        phase = self.match.state.phase
        self.app.open(Route.PROMPT, table=self, phase=phase)

    # -- input and drawing -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.coach is not None and self.coach.handle_event(event):
            return True
        if self.toolbar.handle(event):
            return True
        if self.release_trick(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.review_last_trick(event.pos)
        return False

    def release_trick(self, event: pygame.event.Event) -> bool:
        """A click, Space or Enter sweeps a completed trick held "until I click"."""
        hold = self.timeline.held
        if hold is None or hold.seconds is not None:
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        pressed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        return (clicked or pressed) and self.timeline.release()

    def pile_rect(self, side: int) -> pygame.Rect:
        x, y, _ = self.layout.pile_slot(self.model.tricks.pile_seat(side))
        rect = pygame.Rect(0, 0, self.layout.small_h, self.layout.small_h)
        rect.center = (round(x), round(y))
        return rect

    def review_last_trick(self, pos: tuple[int, int]) -> bool:
        for side in range(self.match.rules.n_sides):
            if self.pile_rect(side).collidepoint(pos) and self.model.tricks.last_trick:
                self.app.open(Route.LAST_TRICK, table=self)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.coach is not None:
            self.coach.draw(surface)  # the table, and the coach's panel beside it
        else:
            self.draw_table(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(felt(lay.size), (0, 0))
        bar = pygame.Surface(lay.bar.size, pygame.SRCALPHA)
        bar.fill((0, 0, 0, 110))
        surface.blit(bar, lay.bar.topleft)
        draw_text(surface, self.match.rules.title.split(":")[0], (round(14 * lay.s),
                  lay.bar.centery), lay.font, theme.INK, bold=True, anchor="midleft")
        self.toolbar.draw(surface)
        hud.draw_info(self, surface)
        four, back = self.app.settings.four_colour, self.app.settings.card_back
        glowing = self.glowing_cards()
        for sprite in self.model.all_sprites():
            sprite.glow = sprite.card in glowing and sprite in self.model.hands[self.human]
            sprite.draw(surface, four, back)
        hud.draw_shown_trick(self, surface)
        hud.draw_seats(self, surface)
        hud.draw_laid(self, surface)
        text, colour = self.status_text()
        placed = hud.status_rect(self, text) if text else None
        if self.meld_on_table:
            meldtable.draw(self, surface, placed[0] if placed else None)
        self.status_line.drawn = self.status_state()
        hud.draw_status(self, surface, text, colour, placed)
        hud.draw_call_tooltip(self, surface)

    def status_state(self) -> object:
        return (self.message(), self.status_text())

    def message(self) -> tuple[str, Colour] | None:
        """A message while it lasts: a hint, or why a move is refused."""
        return self.status_line.message(self.app.time)

    def message_in_prompt(self) -> bool:
        """Whether the message is shown in the panel of the prompt in front of the player,
        not on the status line: a long one wraps upwards into the panel's border."""
        stack = self.app.stack
        above = stack[stack.index(self) + 1:] if self in stack else []
        return any(getattr(scene, "shows_message", False) for scene in above)

    def status_text(self) -> tuple[str, Colour]:
        """The line under the trick now (:meth:`StatusLine.line`)."""
        hold = self.timeline.held
        return self.status_line.line(self.app.time, self.message_in_prompt(),
                                     hold is not None and hold.seconds is None,
                                     self.model.talk.message)

    def glowing_cards(self) -> set[Card]:
        """Cards of the player's hand drawn with the golden glow (the hint, or a step's)."""
        if self.coach is not None:
            return self.coach.glowing_cards()
        hint = self.status_line.hint_card
        return {hint} if hint is not None else set()

    def human_name(self, seat: int) -> str:
        return "You" if self.match.is_human(seat) else hud.seat_title(self, seat)


def as_prompt_table(scene: TableScene) -> PromptTable:
    """The table scene seen by the scenes in front of it (mypy checks that it is one)."""
    return scene
