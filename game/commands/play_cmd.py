"""``pinochle`` (no arguments) and ``pinochle play``: open the table, or run the demo."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots.registry import TABLE_LEVELS
from game.commands.args import (
    CannotRunError,
    UsageError,
    output_folder,
    positive_int,
    seed,
    window_size,
)

if TYPE_CHECKING:
    from game.store.tables import TableChoice
    from game.ui.app import App

# The demo's bots play the player's seat through its prompts, which show only what a player
# sees: the measurement-only "open" level, which must see every card, cannot sit there.
DEMO_LEVELS = ("random", *TABLE_LEVELS)


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="open the table (or --demo: bots play through every scene)")
    p.add_argument("--variant", help="preset name or house-rules .toml file")
    p.add_argument("--demo", action="store_true", help="bots in every seat, full speed")
    p.add_argument("--hands", type=positive_int, default=2, help="demo: hands to play")
    p.add_argument("--screenshots", type=Path, help="demo: write one PNG per scene here")
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--size", type=window_size, default=(1280, 800),
                   help="window size, e.g. 1024x640")
    p.add_argument("--bots", default="medium", choices=DEMO_LEVELS,
                   help="demo: bot level for every seat")
    p.add_argument("--pace", action="store_true",
                   help="demo: the default animation speed and think pause, as a player sees "
                        "them (time each hand)")
    p.set_defaults(run=cmd_play)


def _app(size: tuple[int, int] = (1280, 800)) -> App:
    # The window's modules load only when a window is wanted: `pinochle rules` stays quick.
    from game.store.store import Store
    from game.ui.app import App, NoDisplayError
    from game.ui.routes import ROUTES

    store = Store()
    store.tidy()  # a save interrupted by a kill left its temporary file
    try:
        return App(store, ROUTES, size)
    except NoDisplayError as exc:
        raise CannotRunError(str(exc)) from None


def open_window(table: TableChoice | None = None, size: tuple[int, int] = (1280, 800),
                seed: int | None = None) -> int:
    app = _app(size)
    try:
        prepare_window(app, table, seed)
        return app.run()
    finally:
        app.shutdown()


def prepare_window(app: App, table: TableChoice | None, seed: int | None) -> None:
    """The title, and with ``--variant`` a game at that table (as chosen on the command line:
    the settings' last choice on the New game screen is neither read nor changed). A game in
    progress there is never replaced unasked (issue 25): the player is asked first, as the
    new-game menu asks, and resuming it is the default (Enter); Escape leaves both at the
    title."""
    from game.ui.progress import progress_text
    from game.ui.scene import Route
    from game.ui.table.start import game_in_progress, resume_game, start_game

    title = app.open(Route.TITLE)
    if table is None:
        return
    saved = game_in_progress(app, table)
    if saved is None:
        start_game(app, table, seed=seed)
        return

    def then(error: str | None) -> None:
        if error and title is not None:
            title.error = error  # type: ignore[attr-defined]

    app.open(Route.CONFIRM, title="Resume the game in progress?", lines=[
        f"A game at this table is in progress: {progress_text(saved, named=True)}.",
        "Resume it, or start a new game here, which replaces it (games at other tables are "
        "kept)."], yes="Resume it", on_yes=lambda: then(resume_game(app, saved)),
        destructive=False, no="Title screen",
        other=("Start a new game", lambda: start_game(app, table, seed=seed), True))


def open_tutorial() -> int:
    from game.ui.scene import Route

    app = _app()
    try:
        app.open(Route.TITLE)
        app.open(Route.LESSONS)
        return app.run()
    finally:
        app.shutdown()


def cmd_play(args: argparse.Namespace) -> int:
    from game.store.tables import table_named

    # Every argument is checked before a window opens: a bad one is one line and exit 2. The
    # table is chosen here, once, and goes whole to the window.
    table = table_named(args.variant) if args.variant is not None else None
    if args.screenshots is not None:
        if not args.demo:
            raise UsageError("--screenshots needs --demo")
        output_folder(args.screenshots, "--screenshots")
    if not args.demo:
        return open_window(table, args.size, args.seed)
    from game.ui.demo import run_demo

    app = _app(args.size)
    if not args.pace:  # the default speed and think pause stay as Settings has them
        app.settings.speed = "fast"
        app.settings.think_ms = 0
    app.sounds.muted = True
    if not args.pace:  # full speed: frames as fast as they can be drawn, in game time
        app.fixed_dt = 1 / 60
    try:
        driver = run_demo(app, table or table_named("racehorse"), args.hands, args.screenshots,
                          args.seed if args.seed is not None else 1, args.bots, args.pace)
    finally:
        app.shutdown()
    if args.screenshots is not None:
        print(f"{len(driver.captured)} screenshots in {args.screenshots}: "
              + ", ".join(driver.captured))
    print(f"demo: {driver.hands_done} hands of {args.variant or 'racehorse'} played")
    if driver.hand_seconds:
        pace = f"{app.settings.speed} speed, bots think {app.settings.think_ms} ms"
        print(f"seconds per hand, not counting the player's {driver.decisions} decisions "
              f"({pace}): " + ", ".join(f"{x:.1f}" for x in driver.hand_seconds))
    return 0
