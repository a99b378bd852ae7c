"""The table's buttons and the player's actions outside the prompts: hints, undo, sound, the
reviews of the auction and the meld, claiming the rest of the tricks, and declaring out (which
two-handed allows on the opponent's turn too)."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.actions import PlayCard
from game.rules.errors import IllegalActionError
from game.ui import theme
from game.ui.scene import Route
from game.ui.widgets import Button


class TableButtons:
    """The toolbar of :class:`~game.ui.table.scene.TableScene` and what its buttons do (a
    mixin: the scene provides the match, the app and the rest)."""

    app: Any
    match: Any
    human: int
    demo: bool
    model: Any
    buttons: list[Button]

    @property
    def practising(self) -> bool:
        """Undo and hints are open: a practice game, not the demo."""
        return self.app.settings.practice and not self.demo

    def _build_buttons(self) -> None:
        practice = self.practising
        # Kept by name: a lesson keeps only some of these buttons, so never look it up by place.
        # Undo is open once the player has a decision to go back to (one replay to find out
        # for a resumed game; then every action of the player's opens it).
        self.undo_button = Button("Undo", self.undo, hotkey=pygame.K_u, icon="undo",
                                  enabled=practice and bool(self.match.human_decisions(
                                      self.human)))
        self.sound_button = Button("", self.toggle_sound, hotkey=pygame.K_m,
                                   icon="sound-on" if self.app.settings.sound else "sound-off")
        self.buttons = [
            Button("Hint", self.hint, hotkey=pygame.K_h, enabled=practice, icon="hint"),
            self.undo_button,
            *self._review_buttons(),
            Button("Scores", lambda: self.app.open(Route.SCORES, table=self),
                   hotkey=pygame.K_s, icon="scores"),
            Button("Rules", lambda: self.app.open(Route.RULES, rules=self.match.rules),
                   hotkey=pygame.K_r, icon="help"),
            *self._declare_out_button(),
            self.sound_button,
            Button("Menu", lambda: self.app.open(Route.PAUSE, table=self),
                   hotkey=pygame.K_ESCAPE, icon="menu"),
        ]

    def _review_buttons(self) -> list[Button]:
        """The auction and the meld, to review during the play (two-handed has neither: its
        melds lie on the table)."""
        if self.match.rules.stock.enabled:
            return []
        return [Button("Bids", lambda: self.app.open(Route.BIDDING, table=self),
                       hotkey=pygame.K_b),
                Button("Meld", self.review_meld, hotkey=pygame.K_l)]

    def _declare_out_button(self) -> list[Button]:
        """Two-handed matches: declaring out, open on the opponent's turn too (004: "At any
        time during the play, a player may 'declare out.'"); it asks first."""
        rules = self.match.rules
        if not (rules.stock.enabled and rules.stock.declare_out):
            return []
        self.declare_button = Button("Declare out…", self.ask_declare_out, hotkey=pygame.K_o,
                                     enabled=False)
        return [self.declare_button]

    def ask_declare_out(self) -> None:
        """What declaring out would mean now, with the engine's count, and Yes or No."""
        match, seat = self.match, self.human
        if not match.may_declare_out(seat):
            return
        total, target = match.declared_total(seat), match.state.target
        wins = match.declaring_out_wins(seat)
        verdict = (f"You have {total}, at least {target}: declaring out now wins the match."
                   if wins else
                   f"You have only {total}, under {target}: declaring out now LOSES the match.")
        self.app.open(Route.CONFIRM, title="Declare out?", lines=[
            "Declaring out stops the play at once and counts your score with this deal's meld "
            f"and the tricks you have taken (rounded). With {target} or more you win the match, "
            "even if your opponent has more; with less you lose it.", verdict],
            yes="Declare out" if wins else "Declare out and lose", on_yes=self.declare_out,
            destructive=not wins, no="Keep playing")

    def declare_out(self) -> bool:
        try:
            events = self.match.declare_out(self.human, self.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        while self.app.top is not self and self in self.app.stack:
            self.app.pop()  # the prompt in front of the player is moot
        self.process(events)
        return True

    def review_meld(self) -> None:
        if self.model.melds:
            self.app.open(Route.MELD, table=self, review=True)
        else:
            self.say("No meld has been shown yet this hand.", theme.INK_DIM, 3.0)

    def hint(self) -> None:
        if not self.match.waiting_for_human():
            return
        suggestion = self.match.hint(self.human)
        self.say(f"Hint: {suggestion.reason}", theme.GOLD, 8.0)
        if isinstance(suggestion.action, PlayCard):
            self.hint_card = suggestion.action.card

    def undo(self) -> None:
        if not self.practising:
            return
        while self.app.top is not self:
            self.app.pop()
        if self.match.undo_last_decision(self.human):
            self.undo_button.enabled = bool(self.match.human_decisions(self.human))
            self.rebuild()
            self.say("Undone: back to your last decision.", theme.GOLD, 3.0)
            self.save()

    def toggle_sound(self) -> None:
        settings = self.app.settings
        settings.sound = not settings.sound
        self.app.sounds.muted = not settings.sound
        self.sound_button.icon = "sound-on" if settings.sound else "sound-off"
        self.app.store.save_settings(settings)

    def claim(self) -> bool:
        """The player claims the rest of the tricks for their side."""
        try:
            events = self.match.claim(self.human, self.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        self.process(events)
        return True
