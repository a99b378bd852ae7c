"""The table scene: runs a match, animates its events, paces the bots, and puts the right
overlay (bid panel, pass picker, meld display, ...) in front of the player when it is their
turn. It decides no rule: every legal choice comes from the engine."""

from __future__ import annotations

import pygame

from game.match.controller import HUMAN, Match
from game.match.session import Session
from game.rules.actions import Action, PlayCard
from game.rules.engine import replay
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.view import PlayerView, redact
from game.ui import theme
from game.ui.anim import Timeline
from game.ui.scene import Route, Scene
from game.ui.table import hud
from game.ui.table.layout import Layout, hand_size
from game.ui.table.model import TableModel
from game.ui.widgets import Button, draw_text, felt, layout_row


class TableScene(Scene):
    name = "table"
    grey_illegal = True  # prompts dim the cards the rules forbid (the tutorial turns this off)

    def __init__(self, app, match: Match, preset: str | None, rules_text: str | None,
                 demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.preset = preset
        self.rules_text = rules_text
        self.demo = demo
        self.human = 0
        self.session = Session(match, app.store, app.stats, self.human, preset, rules_text,
                               app.settings.practice, keep_records=not demo)
        self.timeline = Timeline()
        self.layout = Layout(app.size, match.rules.players, hand_size(match.rules))
        self.model = TableModel(match.rules, self.human, self.layout, self.timeline)
        self.view: PlayerView = match.view(self.human)
        self.think = 0.0
        self.status = ""
        self.status_colour: tuple[int, ...] = theme.INK
        self.status_until = 0.0
        self.hint_card = None
        self.meld_shown_hand = -1
        self.result_shown_hand = -1
        self.buttons: list[Button] = []
        self._build_buttons()
        self.timeline.speed = app.speed
        if match.actions:
            self.rebuild()

    # -- set-up ------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        practice = self.app.settings.practice and not self.demo
        # Kept by name: a lesson keeps only some of these buttons, so never look it up by place.
        self.sound_button = Button("", self.toggle_sound, hotkey=pygame.K_m,
                                   icon="sound-on" if self.app.settings.sound else "sound-off")
        self.buttons = [
            Button("Hint", self.hint, hotkey=pygame.K_h, enabled=practice, icon="hint"),
            Button("Undo", self.undo, hotkey=pygame.K_u, enabled=practice, icon="undo"),
            Button("Scores", lambda: self.app.open(Route.SCORES, table=self),
                   hotkey=pygame.K_s, icon="scores"),
            Button("Rules", lambda: self.app.open(Route.RULES, rules=self.match.rules),
                   hotkey=pygame.K_r, icon="help"),
            self.sound_button,
            Button("Menu", lambda: self.app.open(Route.PAUSE, table=self),
                   hotkey=pygame.K_ESCAPE, icon="menu"),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.match.rules.players, hand_size(self.match.rules))
        self.model.layout = self.layout
        lay = self.layout
        h = round(lay.bar.height * 0.74)
        for b in self.buttons:
            b.font_size = lay.font_small
        layout_row(self.buttons, 0, 0, h, round(8 * lay.s), min_width=h)
        right = lay.size[0] - round(10 * lay.s)
        for b in reversed(self.buttons):
            b.rect.right = right
            b.rect.centery = lay.bar.centery
            right = b.rect.left - round(8 * lay.s)
        self.timeline.finish_all()
        self.model.snap()

    def rebuild(self) -> None:
        """Redraw the table from the action list (resume and undo): replay without animation."""
        self.model = TableModel(self.match.rules, self.human, self.layout, self.timeline)
        speed = self.timeline.speed
        self.timeline.speed = 0
        _, events = replay(self.match.rules, self.match.seed, self.match.actions)
        for event in events:
            self.model.apply(redact(event, self.human))
        self.model.sounds.clear()
        self.timeline.speed = speed
        self.view = self.match.view(self.human)
        hand_no = self.view.hand_no
        self.meld_shown_hand = hand_no if self.view.phase in (Phase.TRICKS, Phase.DEAL) else -1
        self.result_shown_hand = hand_no - 1 if self.view.phase == Phase.DEAL else -1
        if self.model.result is not None and self.view.phase == Phase.DEAL:
            self.model.result = None
        self.model.rebuild_human(self.view.hidden_cards)
        self.model.snap()

    # -- acting ------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Submit the player's action; an illegal one shows the rule and changes nothing."""
        try:
            events = self.match.submit(action, self.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        self.hint_card = None
        self.process(events)
        return True

    def process(self, events: list[Event]) -> None:
        for event in events:
            self.model.apply(event)
        self.session.record(events)
        self.view = self.match.view(self.human)
        self.model.rebuild_human(self.view.hidden_cards)

    def save(self) -> None:
        self.session.save()

    def refuse(self, message: str) -> None:
        """Tell the player why a move is not allowed (the rule, in the preset's words)."""
        self.say(message, theme.RED, 7.0)

    def hint(self) -> None:
        if not self.match.waiting_for_human():
            return
        suggestion = self.match.hint(self.human)
        self.say(f"Hint: {suggestion.reason}", theme.GOLD, 8.0)
        if isinstance(suggestion.action, PlayCard):
            self.hint_card = suggestion.action.card

    def undo(self) -> None:
        if not self.app.settings.practice or self.demo:
            return
        while self.app.top is not self:
            self.app.pop()
        if self.match.undo_last_decision(self.human):
            self.rebuild()
            self.say("Undone: back to your last decision.", theme.GOLD, 3.0)
            self.save()

    def toggle_sound(self) -> None:
        settings = self.app.settings
        settings.sound = not settings.sound
        self.app.sounds.muted = not settings.sound
        self.sound_button.icon = "sound-on" if settings.sound else "sound-off"
        self.app.store.save_settings(settings)

    def say(self, text: str, colour: tuple[int, ...] = theme.INK, seconds: float = 4.0) -> None:
        self.status, self.status_colour = text, colour
        self.status_until = self.app.time + seconds

    @property
    def prompt_x(self) -> float:
        """Centre line of the prompts in front of the player (the tutorial moves it aside)."""
        return self.layout.size[0] / 2

    # -- loop --------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        if self.timeline.busy:
            return True
        return not self.match.over and not self.match.waiting_for_human()

    def update(self, dt: float) -> None:
        self.timeline.speed = self.app.speed
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
            self._push_overlay()
            return
        self.advance_bots(dt)

    def advance_bots(self, dt: float) -> None:
        """Let the bot to act play, after its think pause (the tutorial scripts instead)."""
        self.think -= dt
        if self.think > 0:
            return
        phase = self.match.state.phase
        events = self.match.step_bot(self.human)
        self.process(events)
        delay = self.app.settings.think_ms / 1000 * (0 if self.demo else 1)
        self.think = 0 if phase == Phase.DEAL else delay * (self.app.speed or 0.0)
        if phase == Phase.DEAL:
            self.app.open(Route.DEALING, table=self)

    def _push_display(self) -> bool:
        hand_no = self.view.hand_no
        model = self.model
        if (len(model.melds) == self.match.rules.players and self.meld_shown_hand != hand_no
                and not self.match.rules.stock.enabled):
            self.meld_shown_hand = hand_no
            self.app.open(Route.MELD, table=self)
            return True
        if model.result is not None and self.result_shown_hand != model.result.hand_no:
            self.result_shown_hand = model.result.hand_no
            self.app.open(Route.RESULT, table=self, result=model.result)
            return True
        if self.match.over and model.game_won is not None:
            self.app.open(Route.GAME_OVER, table=self, won=model.game_won)
            model.game_won = None
            return True
        return False

    def _push_overlay(self) -> None:
        phase = self.match.state.phase
        self.app.open(Route.PROMPT, table=self, phase=phase)

    # -- input and drawing -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.review_last_trick(event.pos)
        return False

    def review_last_trick(self, pos: tuple[int, int]) -> bool:
        for seat in range(self.match.rules.players):
            x, y, _ = self.layout.pile_slot(seat)
            rect = pygame.Rect(0, 0, self.layout.small_h, self.layout.small_h)
            rect.center = (round(x), round(y))
            if rect.collidepoint(pos) and self.model.last_trick:
                self.app.open(Route.LAST_TRICK, table=self)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(felt(lay.size), (0, 0))
        bar = pygame.Surface(lay.bar.size, pygame.SRCALPHA)
        bar.fill((0, 0, 0, 110))
        surface.blit(bar, lay.bar.topleft)
        draw_text(surface, self.match.rules.title.split(":")[0], (round(14 * lay.s),
                  lay.bar.centery), lay.font, theme.INK, bold=True, anchor="midleft")
        for b in self.buttons:
            b.draw(surface)
        hud.draw_info(self, surface)
        four, back = self.app.settings.four_colour, self.app.settings.card_back
        glowing = self.glowing_cards()
        for sprite in self.model.all_sprites():
            sprite.glow = sprite.card in glowing and sprite in self.model.hands[self.human]
            sprite.draw(surface, four, back)
        hud.draw_seats(self, surface)
        hud.draw_laid(self, surface)
        text = self.status if self.app.time < self.status_until else self.model.message
        hud.draw_status(self, surface, text, self.status_colour if self.status else theme.INK)

    def glowing_cards(self) -> set:
        """Cards of the player's hand drawn with the golden glow (the hint)."""
        return {self.hint_card} if self.hint_card is not None else set()

    def human_name(self, seat: int) -> str:
        return "You" if self.match.seats[seat] == HUMAN else hud.seat_title(self, seat)
