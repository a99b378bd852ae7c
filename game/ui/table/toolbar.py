"""The table's toolbar and what its buttons do: hints, undo, sound, the reviews of the auction
and the meld, the score sheet, the rules, declaring out (which two-handed allows on the
opponent's turn too) and the menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.actions import PlayCard
from game.ui import theme
from game.ui.scene import Route
from game.ui.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.match.tablegame import TableGame
    from game.ui.scene import AppContext
    from game.ui.table.layout import Layout
    from game.ui.table.model import TableModel
    from game.ui.table.status import StatusLine


class ToolbarHost(Protocol):
    """What the toolbar asks of the table it sits on (the table scene)."""

    app: AppContext
    human: int
    model: TableModel
    status_line: StatusLine

    @property
    def match(self) -> TableGame:  # read only: a Match or a RemoteMatch
        ...

    @property
    def practising(self) -> bool: ...

    def say(self, text: str, colour: tuple[int, ...] = ..., seconds: float = ...) -> None: ...

    def rebuild(self) -> None: ...

    def save(self) -> None: ...

    def declare_out(self) -> bool: ...

    def close_prompts(self) -> None: ...


class Toolbar:
    """The buttons along the top bar, kept by name where something else needs one (a lesson
    keeps only some of them, so never look one up by place)."""

    def __init__(self, host: ToolbarHost) -> None:
        self.host = host
        app, match, practice = host.app, host.match, host.practising
        # Undo is open once the player has a decision to go back to (one replay to find out
        # for a resumed game; then every action of the player's opens it).
        self.undo_button = Button("Undo", self.undo, hotkey=pygame.K_u, icon="undo",
                                  enabled=practice and bool(match.human_decisions(host.human)))
        self.sound_button = Button("", self.toggle_sound, hotkey=pygame.K_m,
                                   icon="sound-on" if app.settings.sound else "sound-off")
        self.declare_button = self._declare_out_button()
        self.buttons: list[Button] = [
            Button("Hint", self.hint, hotkey=pygame.K_h, enabled=practice, icon="hint"),
            self.undo_button,
            *self._review_buttons(),
            Button("Scores", self._open(Route.SCORES), hotkey=pygame.K_s, icon="scores"),
            Button("Rules", self.show_rules, hotkey=pygame.K_r, icon="help"),
            *([self.declare_button] if self.declare_button is not None else []),
            self.sound_button,
            Button("Menu", self._open(Route.PAUSE), hotkey=pygame.K_ESCAPE, icon="menu"),
        ]

    def _open(self, route: Route) -> Callable[[], None]:
        """A button's action: open ``route`` over this table."""
        def open_route() -> None:
            self.host.app.open(route, table=self.host)
        return open_route

    def show_rules(self) -> None:
        self.host.app.open(Route.RULES, rules=self.host.match.rules)

    def _review_buttons(self) -> list[Button]:
        """The auction and the meld, to review during the play (two-handed has neither: its
        melds lie on the table)."""
        if self.host.match.rules.stock.enabled:
            return []
        return [Button("Bids", self._open(Route.BIDDING), hotkey=pygame.K_b),
                Button("Meld", self.review_meld, hotkey=pygame.K_l)]

    def _declare_out_button(self) -> Button | None:
        """Two-handed matches: declaring out, open on the opponent's turn too (004: "At any
        time during the play, a player may 'declare out.'"); it asks first."""
        rules = self.host.match.rules
        if not (rules.stock.enabled and rules.stock.declare_out):
            return None
        return Button("Declare out…", self.ask_declare_out, hotkey=pygame.K_o, enabled=False)

    # -- placing and drawing ---------------------------------------------------------------
    def place(self, lay: Layout) -> None:
        """Right-aligned along the top bar, at the layout's scale."""
        h = round(lay.bar.height * 0.74)
        for b in self.buttons:
            b.font_size = lay.font_small
        layout_row(self.buttons, 0, 0, h, round(8 * lay.s), min_width=h)
        right = lay.size[0] - round(10 * lay.s)
        for b in reversed(self.buttons):
            b.rect.right = right
            b.rect.centery = lay.bar.centery
            right = b.rect.left - round(8 * lay.s)

    def handle(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    # -- what the buttons do ---------------------------------------------------------------
    def ask_declare_out(self) -> None:
        """What declaring out would mean now, with the engine's count, and Yes or No."""
        host = self.host
        match, seat = host.match, host.human
        if not match.may_declare_out(seat):
            return
        total, target = match.declared_total(seat), match.state.target
        wins = match.declaring_out_wins(seat)
        verdict = (f"You have {total}, at least {target}: declaring out now wins the match."
                   if wins else
                   f"You have only {total}, under {target}: declaring out now LOSES the match.")
        host.app.open(Route.CONFIRM, title="Declare out?", lines=[
            "Declaring out stops the play at once and counts your score with this deal's meld "
            f"and the tricks you have taken (rounded). With {target} or more you win the match, "
            "even if your opponent has more; with less you lose it.", verdict],
            yes="Declare out" if wins else "Declare out and lose", on_yes=host.declare_out,
            destructive=not wins, no="Keep playing")

    def review_meld(self) -> None:
        if self.host.model.melds:
            self.host.app.open(Route.MELD, table=self.host, review=True)
        else:
            self.host.say("No meld has been shown yet this hand.", theme.INK_DIM, 3.0)

    def hint(self) -> None:
        host = self.host
        if not host.match.waiting_for_human():
            return
        suggestion = host.match.hint(host.human)
        host.say(f"Hint: {suggestion.reason}", theme.GOLD, 8.0)
        if isinstance(suggestion.action, PlayCard):
            host.status_line.hint_card = suggestion.action.card

    def undo(self) -> None:
        host = self.host
        if not host.practising:
            return
        host.close_prompts()
        if host.match.undo_last_decision(host.human):
            self.undo_button.enabled = bool(host.match.human_decisions(host.human))
            host.rebuild()
            host.say("Undone: back to your last decision.", theme.GOLD, 3.0)
            host.save()

    def toggle_sound(self) -> None:
        app = self.host.app
        settings = app.settings
        settings.sound = not settings.sound
        app.sounds.muted = not settings.sound
        self.sound_button.icon = "sound-on" if settings.sound else "sound-off"
        app.store.save_settings(settings)
