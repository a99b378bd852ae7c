"""Issue 25, partnership-190 stars: "The game-over screen gives no star totals, though 002's
stars are what is paid. The score sheet shows a hand's stars as a bare '+3' and a cryptic
'0/0 of 40/40 = -250 (-250) +0'." 002: "Stars are counted at the end of the game and represent
a denomination of money"; every figure below is the engine's."""

from __future__ import annotations

from functools import cache

import pygame

from game.match.controller import Match
from game.rules.engine import replay
from game.rules.events import GameWon
from game.store.content import load_preset
from game.store.tables import preset_table
from game.ui.scene import Route
from game.ui.table.hud import side_label
from game.ui.table.scene import TableScene
from game.ui.widgets import recording
from tests.ui.conftest import pump
from tests.ui.driving import SIZES, sized


@cache
def finished_game(seed: int = 3) -> tuple:
    """A whole partnership-190 game played by random bots: its actions and its end."""
    rules = load_preset("partnership-190")
    match = Match(rules, seed, ("random",) * 4)
    for _ in range(20000):
        if match.over:
            break
        match.step_bot(0)
    assert match.over
    _, events = replay(rules, seed, match.actions)
    won = next(e for e in events if isinstance(e, GameWon))
    return tuple(match.actions), won


def table_at_the_end(app) -> TableScene:
    actions, _ = finished_game()
    rules = load_preset("partnership-190")
    match = Match(rules, 3, ("human", "random", "random", "random"), list(actions))
    table = TableScene(app, match, preset_table("partnership-190"))
    app.reset(table)
    return table


def texts(app) -> list[str]:
    with recording() as rec:
        for scene in app.stack:
            scene.draw(app.screen)
    return [x.label for x in rec.items if x.kind == "text"]


def test_the_game_over_screen_counts_the_stars_that_are_paid(app):
    table = table_at_the_end(app)
    _, won = finished_game()
    tallies = table.match.state.tallies
    assert tallies and any(tallies)
    app.open(Route.GAME_OVER, table=table, won=won)
    pump(app, 2)
    shown = texts(app)
    for side in range(2):
        assert f"{side_label(table, side)}: {won.totals[side]} points, {tallies[side]} stars" \
            in shown, shown
    payer = 0 if tallies[0] < tallies[1] else 1
    owed = tallies[1 - payer] - tallies[payer]
    assert (f"{side_label(table, payer)} pay {side_label(table, 1 - payer)} {owed} stars, at "
            "the stake agreed.") in shown


def test_the_score_sheet_gives_each_figure_its_column_and_the_stars_held(app):
    for size in SIZES:
        sized(app, size)
        table = table_at_the_end(app)
        app.open(Route.SCORES, table=table)
        pump(app, 2)
        with recording() as rec:
            app.top.draw(app.screen)
        shown = [x.label for x in rec.items if x.kind == "text"]
        assert "Stars" in shown and "Meld" in shown and "Tricks" in shown and "Total" in shown
        records = table.view.records
        last = records[-1]
        for side in range(2):
            # "+3" alone said nothing: the stars gained and now held, each from the engine
            assert f"{last.tallies[side]:+d} → {last.tally_totals[side]}" in shown
            assert f"{last.totals[side]}" in shown
        assert not any(" of " in t and "/" in t for t in shown)  # "0/0 of 40/40" is gone
        if any(sd.made is False for r in records[-20:] for sd in r.sides):
            assert any(t.endswith("✗") for t in shown)
            assert any(t.startswith("✗: melded or taken") for t in shown)
        assert any(t.startswith("Stars: gained in the hand → held in all") for t in shown)
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(x.rect) for x in rec.items if x.kind == "text")
