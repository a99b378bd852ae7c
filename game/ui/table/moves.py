"""The player's moves at the table: who takes them and what answers a refused one.

At a game the moves go to the match (:class:`GameMoves`): an illegal one is refused with the
rule, in the preset's words, on the status line, and the only legal card may be played for the
player (the "play forced cards" setting). A coach attached to the table takes them instead
(:class:`~game.ui.table.coaching.Coach` is also a :class:`Moves`): its run judges them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.rules.actions import Action, DeclareOut, PlayCard
from game.rules.errors import IllegalActionError
from game.rules.events import Event
from game.rules.phase import Phase
from game.ui import theme

if TYPE_CHECKING:
    from game.match.tablegame import TableGame
    from game.rules.view import PlayerView
    from game.ui.scene import AppContext
    from game.ui.table.toolbar import Toolbar


class Moves(Protocol):
    """What the table does with a move the player makes (prompts and toolbar call these)."""

    def act(self, action: Action) -> bool:
        """Take the player's action; False (and the rule said) when it is refused."""
        ...

    def refuse(self, message: str) -> None:
        """A move refused: tell the player why."""
        ...

    def claim(self) -> bool: ...

    def declare_out(self) -> bool: ...

    def offers(self, control: str) -> bool:
        """Whether the table offers ``control`` ("claim", "throw-in", "declare-out") when the
        rules allow it."""
        ...

    def play_forced(self) -> bool:
        """Play the player's only legal card for them, when that is due; whether it was."""
        ...


class MovesHost(Protocol):
    """What a game's moves ask of the table they are made at."""

    app: AppContext
    match: TableGame
    human: int
    view: PlayerView
    toolbar: Toolbar

    @property
    def practising(self) -> bool: ...

    def process(self, events: list[Event]) -> None: ...

    def close_prompts(self) -> None: ...

    def say(self, text: str, colour: tuple[int, ...] = ..., seconds: float = ...) -> None: ...


class GameMoves:
    """The moves at a game: submitted to the match in the player's seat."""

    def __init__(self, table: MovesHost) -> None:
        self.table = table

    def act(self, action: Action) -> bool:
        """Submit the player's action; an illegal one shows the rule and changes nothing."""
        table = self.table
        try:
            events = table.match.submit(action, table.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        table.toolbar.undo_button.enabled = table.practising  # a decision to go back to now
        table.process(events)
        return True

    def refuse(self, message: str) -> None:
        """Tell the player why a move is not allowed (the rule, in the preset's words)."""
        self.table.say(message, theme.RED, 7.0)

    def claim(self) -> bool:
        """The player claims the rest of the tricks for their side."""
        table = self.table
        try:
            events = table.match.claim(table.human, table.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        table.process(events)
        return True

    def declare_out(self) -> bool:
        """The player declares out (two-handed), after the toolbar's question."""
        table = self.table
        try:
            events = table.match.declare_out(table.human, table.human)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        table.close_prompts()  # the prompt in front of the player is moot
        table.process(events)
        return True

    def offers(self, control: str) -> bool:
        """Always at a game, where the rules allow it."""
        del control
        return True

    def forced_play(self) -> PlayCard | None:
        """The player's only legal card, when the setting plays it for them: one card (perhaps
        from the hand or the table) and no other choice (declaring out counts as a choice only
        when it would win)."""
        table = self.table
        view = table.view
        if not table.app.settings.play_forced or view.phase != Phase.TRICKS:
            return None
        plays = [a for a in view.legal if isinstance(a, PlayCard)]
        if len({a.card for a in plays}) != 1:
            return None
        for a in view.legal:
            if isinstance(a, DeclareOut) and table.match.declaring_out_wins(table.human):
                return None
            if not isinstance(a, (PlayCard, DeclareOut)):
                return None
        return next((a for a in plays if a.from_table), plays[0])

    def play_forced(self) -> bool:
        action = self.forced_play()
        if action is None:
            return False
        table = self.table
        table.process(table.match.submit(action, table.human, automatic=True))
        table.say(f"{action.card.pretty} was your only legal card: played for you.",
                  theme.INK_DIM, 2.5)
        return True
