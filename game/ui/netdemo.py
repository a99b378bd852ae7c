"""A network table's window played by a bot, through the same prompts a person answers: how
four windows on one machine play a whole game for the tests of issue 41 (``pinochle host`` /
``pinochle join`` with ``--autoplay``).

The bot answers the seat's prompts from the seat's own view (the demo's way); the host's window
starts the game once every chair is taken; screenshots are taken as the scenes come and every
few seconds; ``drop_after`` breaks the link once, mid-hand, as a sleeping laptop does, and the
window comes back to its seat by itself.
"""

from __future__ import annotations

from pathlib import Path

from game.bots.registry import make_bot
from game.net.schema import SetSeat, Start
from game.ui.app import App
from game.ui.overlay import Display, Overlay
from game.ui.scene import Scene
from game.ui.scenes.displays import ResultScene
from game.ui.scenes.handreview import DecisionScene, HandReviewScene
from game.ui.table.network import NetTableScene

SETTLE = 0.4
EVERY = 6.0  # seconds between the periodic screenshots


class AutoSeat:
    def __init__(self, app: App, level: str | None, shots: Path | None,
                 drop_after: float | None, label: str, fill_after: float | None = None,
                 review: bool = False) -> None:
        self.app = app
        self.bot = make_bot(level) if level is not None else None  # None: a person plays
        self.fill_after = fill_after  # the host seats easy bots in chairs still open then
        self.shots = shots
        self.drop_after = drop_after
        self.label = label
        self.count = 0
        self.taken: set[str] = set()
        self.since: tuple[object, float] = (None, 0.0)
        self.last_shot = -EVERY
        self.table_time = 0.0
        self.dropped_at: float | None = None
        self.back_shot = False
        self.over_since: float | None = None
        self.moves = 0
        self.review = review  # open the first hand's Review, as a player would, then go on

    def shot(self, what: str) -> None:
        if self.shots is None:
            return
        self.count += 1
        self.app.screenshot(self.shots / f"{self.label}-{self.count:03d}-{what}.png")

    def hook(self, app: App, dt: float) -> None:
        top = app.top
        if top is None:
            return
        if self.since[0] is not top:
            self.since = (top, app.time)
        settled = app.time - self.since[1]
        table = next((s for s in app.stack if isinstance(s, NetTableScene)), None)
        if table is None:
            self.lobby(app, top, settled)
            return
        self.table_time += dt
        if self.review and self.reviewing(app, top, settled):
            return
        self.screens(app, top, table, settled)
        self.link(table)
        if (self.bot is not None and isinstance(top, Overlay) and not isinstance(top, Display)
                and top.name != "deal"
                and settled >= SETTLE and not table.timeline.busy
                and table.match.waiting_for_human()):
            view = table.match.view(table.human)
            top.act(self.bot.choose(view, table.match.bot_rng()))
            self.moves += 1
        if table.match.over:
            self.over_since = self.over_since if self.over_since is not None else app.time
            if app.time - self.over_since > 8.0:
                self.shot("game-over")
                app.quit()

    def lobby(self, app: App, top: Scene, settled: float) -> None:
        if top.name != "lobby" or settled < 1.0:
            return
        seat = getattr(top, "seat", None)
        if "lobby" not in self.taken and seat is not None and seat.client.state.seats:
            self.taken.add("lobby")
            self.shot("lobby")
        if seat is None or not getattr(top, "owner", False):
            return
        seats = seat.client.state.seats
        if self.fill_after is not None and settled > self.fill_after:
            for chair, info in enumerate(seats):
                if info.kind == "open" and f"fill{chair}" not in self.taken:
                    self.taken.add(f"fill{chair}")
                    seat.client.send(SetSeat(chair, "bot", "easy"))
        if seats and all(s.kind != "open" for s in seats) and settled > 2.0 and \
                "started" not in self.taken:
            self.taken.add("started")
            self.shot("lobby-full")
            seat.client.send(Start())

    def reviewing(self, app: App, top: Scene, settled: float) -> bool:
        """The first hand's result: Review, its costliest decision, then back to the table
        (the result's display waits meanwhile); whether the table is held for it."""
        if isinstance(top, ResultScene) and "reviewed" not in self.taken:
            self.taken.add("reviewed")
            button = next((b for b in top.buttons if b.label == "Review"), None)
            if button is not None:
                button.on_click()
            return True
        if isinstance(top, HandReviewScene):
            if top.making:
                if settled >= SETTLE and "review-waiting" not in self.taken:
                    self.taken.add("review-waiting")
                    self.shot("review-waiting")
                return True
            if settled >= 1.0:
                self.shot("review")
                if top.picks and "decision" not in self.taken:
                    self.taken.add("decision")
                    top.picks[0].on_click()
                else:
                    top.close()
            return True
        if isinstance(top, DecisionScene):
            if settled >= 1.0:
                self.shot("review-decision")
                top.close()
            return True
        return False

    def screens(self, app: App, top: Scene, table: NetTableScene, settled: float) -> None:
        if top.name not in self.taken and settled >= SETTLE:
            self.taken.add(top.name)
            self.shot(top.name.replace(" ", "-"))
        if app.time - self.last_shot >= EVERY:
            self.last_shot = app.time
            self.shot("table")

    def link(self, table: NetTableScene) -> None:
        client = table.seat.client
        if self.drop_after is not None and self.dropped_at is None and \
                self.table_time >= self.drop_after and \
                table.view.phase.value == "tricks" and client.drop():
            self.dropped_at = self.table_time
            self.shot("dropping")
        if self.dropped_at is not None and not self.back_shot and \
                client.status != "connected":
            self.shot("away")
        if self.dropped_at is not None and not self.back_shot and client.status == "connected" \
                and self.table_time - self.dropped_at > 1.5:
            self.back_shot = True
            self.shot("rejoined")
