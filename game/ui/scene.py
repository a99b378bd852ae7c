"""The scene stack and its contract: read this first.

The window shows a stack of scenes. The top scene receives input; every scene updates; drawing
starts at the highest opaque scene, so overlays (the bid panel, the meld display) draw over the
table beneath them.

Scenes never import one another. A scene reaches the rest of the program only through the
:class:`AppContext` it is given (the settings, the player's files, the sounds, the stack), and it
goes elsewhere by naming a :class:`Route`: ``self.app.open(Route.RULES, rules=...)`` builds the
scene registered for that route (:mod:`game.ui.routes`, the only module that knows them all) and
pushes it. Only the top-level entry points build the app with its routes.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.widgets import cover, shade

if TYPE_CHECKING:
    from game.match.spares import Spares
    from game.store.settings import Settings
    from game.store.stats import Stats
    from game.store.store import Store
    from game.ui.assets import Sounds


class Route(StrEnum):
    """Every place a scene may send the player, by name."""

    TITLE = "title"
    SAVED = "saved games"  # every saved game, to resume any of them
    SETUP = "setup"  # a new game: choose the table and the bots
    SETTINGS = "settings"
    STATISTICS = "statistics"
    HELP = "help"
    RULES = "rules"  # the rules of a table: rules=RuleSet
    SCORES = "scores"  # the score sheet: table=TableScene
    PAUSE = "pause"  # the in-game menu: table=TableScene
    PROMPT = "prompt"  # the player's decision now: table=TableScene, phase=Phase
    DEALING = "dealing"  # the deal animation: table=TableScene
    MELD = "meld"  # everyone's meld: table=TableScene (review=True: during the play)
    RESULT = "result"  # a hand's result: table=TableScene, result=HandResult
    GAME_OVER = "game over"  # table=TableScene, won=GameWon
    LAST_TRICK = "last trick"  # table=TableScene
    BIDDING = "bidding"  # the auction in full, with the contract: table=TableScene
    HANDS = "hands"  # after a hand: every hand as dealt, with the passes: table, hand_no
    REPLAY = "replay"  # after a hand: its tricks one by one: table, hand_no (focus: a review row)
    HISTORY = "hand history"  # every kept game's hands, each to replay (from Statistics)
    RATING = "rating"  # the rating's history and the duplicate challenge (from Statistics)
    HAND_REVIEW = "hand review"  # after a hand: the player's decisions graded: table, hand_no
    DECISION = "decision"  # a reviewed decision's choices and their worth: table, row
    RETRY = "retry"  # find a better play: items (PracticeItem list), table (optional), title
    PLAY_OUT = "play it out"  # a decision's lines played on: item (PracticeItem), table
    PHASES = "phase statistics"  # points lost and accuracy by phase, per table (Statistics)
    CONFIRM = "confirm"  # a question before an action: title, text, yes, on_yes
    LESSONS = "lessons"  # the tutorial's menu
    LESSON = "lesson"  # lesson=Lesson, table=RuleSet (the learner's table)
    PUZZLE = "puzzle"  # puzzle=Puzzle
    FIRST_HAND = "first hand"  # the guided hand: lesson=Lesson, table=RuleSet
    DRILL = "drill"  # "Which rule?": table=RuleSet
    RULE_ORDER = "rule order"  # every table's trick rules side by side
    HOST = "host"  # open the settings' table on the network, and its lobby
    JOIN = "join"  # the tables heard on the network, or a typed address
    LOBBY = "lobby"  # a network table before its game: seat=NetSeat


class AppContext(Protocol):
    """What a scene may ask of the app that runs it."""

    settings: Settings
    first_run: bool  # no settings file was found at launch
    stats: Stats
    store: Store
    sounds: Sounds
    stack: list[Scene]
    time: float
    spares: Spares  # workers started ahead for Play it out (game.match.spares)

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def speed(self) -> float: ...

    @property
    def top(self) -> Scene | None: ...

    def make(self, route: Route, **args: Any) -> Scene | None:
        """The scene registered for ``route``, built with ``args`` (None: nothing to show)."""
        ...

    def open(self, route: Route, **args: Any) -> Scene | None:
        """``make`` and push it; returns it."""
        ...

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene | None = None) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def reset(self, scene: Scene) -> None: ...

    def go(self, route: Route, **args: Any) -> Scene | None:
        """``make`` and make it the only scene (the stack is cleared)."""
        ...

    def quit(self) -> None: ...

    def looks_changed(self) -> None:
        """The settings' looks changed (card size, faces, theme): every scene lays out again."""
        ...


Routes = Mapping[Route, Any]  # route -> a callable (app, **args) -> Scene | None


class Scene:
    name = "scene"  # used for demo screenshots: one PNG per scene name
    opaque = True  # whether scenes beneath need drawing
    is_menu = False  # a column of buttons (title, settings...): overlays hide it entirely

    def __init__(self, app: AppContext) -> None:
        self.app = app

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""

    # loop
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one input event; return True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface."""

    def backdrop(self, surface: pygame.Surface, alpha: int) -> None:
        """Dim what lies beneath this overlay; over a menu, start from plain felt instead,
        because a dimmed menu shows through the overlay's panel and sticks out around it."""
        stack = self.app.stack
        i = stack.index(self) if self in stack else len(stack)
        if i > 0 and stack[i - 1].is_menu:
            cover(surface)
        else:
            shade(surface, alpha)

    @property
    def busy(self) -> bool:
        """Whether the scene needs frames (animating or about to act) rather than idling."""
        return False

    @property
    def stale(self) -> bool:
        """Whether the picture must be redrawn although nothing moves and no input came (a
        message that has just expired); the app draws nothing otherwise while idle."""
        return False

    @property
    def settled(self) -> bool:
        """Nothing is moving: a screenshot now shows the scene as a player sees it."""
        return not self.busy
