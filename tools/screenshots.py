"""Screenshots of every scene at a given window size, for reviewing the table by eye.

    python -m tools.screenshots --out /tmp/shots --size 1280x800

Game scenes come from demo games (several seeds and variants, until each scene has been
seen); menus and reading screens are opened directly.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.bots.registry import make_bot  # noqa: E402
from game.match.controller import Match  # noqa: E402
from game.rules.events import HandScored  # noqa: E402
from game.store.content import load_preset  # noqa: E402
from game.store.store import Store  # noqa: E402
from game.store.tables import preset_table  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.routes import ROUTES  # noqa: E402

GAME_SCENES = {"deal", "auction", "table", "trump", "passing", "meld", "tricks",
               "hand result", "widow", "discard", "decide", "meld turn", "game over"}


def played_match(preset: str, seed: int, level: str, hands: int = 1,
                 rng: random.Random | None = None) -> Match:
    """A game whose first ``hands`` hands are scored (or that ended first), the player's seat
    played by ``level`` with ``rng`` (the match's own bot generator when None), the others by
    medium."""
    rules = load_preset(preset)
    match = Match(rules, seed, ("human", *["medium"] * (rules.players - 1)))
    player = make_bot(level)
    scored = 0
    for _ in range(50_000):
        if match.waiting_for_human():
            choice = player.choose(match.view(0), rng if rng is not None else match.bot_rng())
            events = match.submit(choice)
        else:
            events = match.step_bot()
        scored += sum(isinstance(e, HandScored) for e in events)
        if scored == hands or match.over:
            return match
    raise RuntimeError("the hands did not end")


def app_at(size: tuple[int, int], home: Path) -> App:
    app = App(Store(home), ROUTES, size)
    app.fixed_dt = 1 / 60
    app.settings.speed = "fast"
    app.settings.think_ms = 0
    app.settings.seat_levels = ["random"] * 3
    app.sounds.muted = True
    return app


def game_scenes(size: tuple[int, int], out: Path, home: Path) -> dict[str, Path]:
    from game.store.tables import table_named
    from game.ui.demo import run_demo

    found: dict[str, Path] = {}
    plan = [("racehorse", s) for s in range(1, 6)] + [("cutthroat", s) for s in range(1, 12)] \
        + [("two-handed", 1), ("double-deck", 2)]
    for variant, seed in plan:
        if set(found) >= GAME_SCENES:
            break
        tmp = out / f".{variant}-{seed}"
        app = app_at(size, home)
        try:
            hands = 40 if variant == "two-handed" else 1
            driver = run_demo(app, table_named(variant), hands, tmp, seed, "random")
        finally:
            app.shutdown()
        for name, path in driver.captured.items():
            if name not in found:
                target = out / f"{variant}-{name.replace(' ', '-')}.png"
                path.replace(target)
                found[name] = target
        for leftover in tmp.glob("*.png"):
            leftover.unlink()
        tmp.rmdir()
    return found


def menu_scenes(size: tuple[int, int], out: Path, home: Path) -> dict[str, Path]:
    from game.match.controller import Match
    from game.ui.scenes import menus, scoresheet, settings, sheets, stats
    from game.ui.table.scene import TableScene

    found: dict[str, Path] = {}
    app = app_at(size, home)
    try:
        rules = load_preset("check")
        match = Match(rules, 5, ("human", "random", "random"))
        for _ in range(250):
            if match.over:
                break
            if match.waiting_for_human():
                match.submit(match.legal()[0])
            else:
                match.step_bot()
        table = TableScene(app, match, preset_table("check"))
        app.push(table)
        scenes = [menus.TitleScene(app), menus.SetupScene(app), settings.SettingsScene(app),
                  stats.StatsScene(app), sheets.HelpScene(app), sheets.RulesScene(app, rules),
                  scoresheet.ScoreSheetScene(app, table), menus.PauseScene(app, table)]
        for scene in scenes:
            app.push(scene)
            app.step(1 / 60)
            path = out / f"menu-{scene.name.replace(' ', '-')}.png"
            app.screenshot(path)
            found[scene.name] = path
            app.pop(scene)
    finally:
        app.shutdown()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        found = game_scenes(size, args.out, Path(home))  # type: ignore[arg-type]
        found |= menu_scenes(size, args.out, Path(home))  # type: ignore[arg-type]
    missing = GAME_SCENES - set(found)
    print(f"{len(found)} scenes in {args.out}" + (f"; not reached: {sorted(missing)}"
                                                  if missing else ""))


if __name__ == "__main__":
    main()
