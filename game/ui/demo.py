"""Demo mode: bots in every seat play through every scene — the player's seat is driven
through its own overlays by a bot — optionally writing one screenshot per scene. Used by
people, the tests and the frame-time benchmark.

Each hand is timed in game time, leaving out the time the table waits for the player (a prompt
or a display waiting for a click): what a hand costs a player who decides at once. Run at the
default speed and pauses (``--pace``) this is the figure issue 14 asks to keep under 60 s."""

from __future__ import annotations

import time
from pathlib import Path

from game.bots.base import Bot
from game.bots.registry import make_bot
from game.store.tables import TableChoice
from game.ui.app import App
from game.ui.overlay import Display, Overlay
from game.ui.scene import Route, Scene
from game.ui.table.scene import TableScene

SETTLE_SECONDS = 0.25


class DemoDriver:
    def __init__(self, app: App, table: TableScene, hands: int, shots: Path | None,
                 bot: Bot) -> None:
        self.app = app
        self.table = table
        self.hands = hands
        self.shots = shots
        self.bot = bot
        self.captured: dict[str, Path] = {}
        self.toured: set[str] = set()
        self.shown_cards: dict[str, list[tuple[str, bool]]] = {}  # as each was captured
        # The scene on top and since when. The scene itself, not its id(): a new scene may reuse
        # a freed one's id and would seem to have been on top all along.
        self.top_since: tuple[object, float] = (None, 0.0)
        self.started = time.perf_counter()
        self.hand_seconds: list[float] = []  # per finished hand: table time, no waiting
        self.clock = 0.0
        self.decisions = 0  # the player's prompts answered (forced cards are not asked)

    def capture(self, name: str) -> None:
        if self.shots is None or name in self.captured:
            return
        path = self.shots / f"{len(self.captured) + 1:02d}-{name.replace(' ', '-')}.png"
        self.app.screenshot(path)
        self.captured[name] = path

    # After a scene is captured, the review screen it leads to (screenshots only).
    TOUR = {"tricks": Route.BIDDING, "bidding": Route.MELD, "hand result": Route.HANDS,
            "all hands": Route.REPLAY}

    def tour(self, app: App, top: Scene) -> None:
        route = self.TOUR.get(top.name)
        if self.shots is None or route is None or top.name not in self.captured:
            return
        if route == Route.BIDDING and self.table.match.rules.stock.enabled:
            route = Route.MELD  # two-handed has no auction, and its melds lie on the table
            if not self.table.model.melds:
                return
        if route.value in self.toured:
            return
        self.toured.add(route.value)
        if top.name in ("bidding", "all hands"):
            app.pop(top)  # one review at a time, as a player opens them
        args: dict[str, object] = {"table": self.table}
        if route == Route.MELD:
            if not self.table.model.melds:
                return
            args["review"] = True
        if route in (Route.HANDS, Route.REPLAY):
            result = self.table.model.result or getattr(top, "result", None)
            hand_no = getattr(result, "hand_no", None)
            if hand_no is None:
                hand_no = getattr(getattr(top, "history", None), "hand_no", None)
            if hand_no is None:
                return
            args["hand_no"] = hand_no
        app.open(route, **args)

    @property
    def hands_done(self) -> int:
        return len(self.table.match.state.records)

    def waiting(self, top: Scene) -> bool:
        """The table waits for the player: a prompt with nothing moving, or a display."""
        table = self.table
        if isinstance(top, Display):
            return top.fast_wait is None  # under Fast a display goes on by itself: table time
        return (isinstance(top, Overlay) and top.name != "deal" and not table.timeline.busy
                and table.match.waiting_for_human())

    def time_hands(self, top: Scene, dt: float) -> None:
        if not self.waiting(top):
            self.clock += dt
        if self.hands_done > len(self.hand_seconds) and top is not self.table and \
                isinstance(top, Display) and top.name == "hand result":
            self.hand_seconds.append(round(self.clock, 1))
            self.clock = 0.0

    def screenshots(self, app: App, top: Scene, on_top_for: float) -> None:
        """One picture per scene, once it has settled; the review screens; a completed trick
        on show (and a claim), face up with the winner lit."""
        table = self.table
        if top.name not in self.captured:
            settled = not table.timeline.busy or top.name in ("deal", "table")
            wanted = 0.18 if top.name == "deal" else SETTLE_SECONDS
            if settled and on_top_for >= wanted:
                self.capture(top.name)
        self.tour(app, top)
        shown = table.model.tricks.shown
        if shown is not None and shown.lit and top is table and table.timeline.held:
            name = "claim" if shown.claim else "completed trick"
            if name not in self.captured:
                self.shown_cards[name] = [(str(sp.card), sp.face_up) for _, sp in shown.sprites]
            self.capture(name)

    def hook(self, app: App, dt: float) -> None:
        top = app.top
        if top is None:
            return
        self.time_hands(top, dt)
        if self.top_since[0] is not top:
            self.top_since = (top, app.time)
        on_top_for = app.time - self.top_since[1]
        table = self.table
        if self.shots is not None:
            self.screenshots(app, top, on_top_for)
        if (isinstance(top, Overlay) and not isinstance(top, Display) and top.name != "deal"
                and on_top_for >= SETTLE_SECONDS * 1.5 and not table.timeline.busy
                and table.match.waiting_for_human()):
            view = table.match.view(table.human)
            self.decisions += 1
            top.act(self.bot.choose(view, table.match.bot_rng()))
        if (self.hands_done >= self.hands and top is table and not table.timeline.busy
                and table.result_shown_hand >= self.hands - 1):
            app.quit()


def run_demo(app: App, choice: TableChoice, hands: int, shots: Path | None, seed: int,
             bot_level: str, paced: bool = False) -> DemoDriver:
    from game.match.controller import Match

    rules = choice.rules
    bot = make_bot(bot_level)  # the command line has checked the level
    match = Match(rules, seed, ("human",) + (bot_level,) * (rules.players - 1))
    table = TableScene(app, match, choice, demo=True)
    table.paced = paced
    driver = DemoDriver(app, table, hands, shots, bot)
    app.frame_hook = driver.hook
    app.push(table)
    app.run()
    return driver
