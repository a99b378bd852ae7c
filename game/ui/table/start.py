"""Starting a game at the table: a new one at a chosen table, or a saved one resumed.

Both end with the table as the only scene; neither knows any menu. The table comes whole
(a :class:`~game.store.tables.TableChoice`) from whoever chose it: the command line, the New
game screen (:func:`game.ui.table.house.setup_table`), a saved game.
"""

from __future__ import annotations

import os

from game.match import thinking
from game.match.controller import Match
from game.rules.errors import RulesError
from game.store.saves import SavedGame
from game.store.tables import TableChoice
from game.ui.scene import AppContext
from game.ui.table.scene import TableScene


def game_in_progress(app: AppContext, table: TableChoice) -> SavedGame | None:
    """The saved game at ``table``, which a new game there would replace (one saved game is
    kept per table)."""
    return app.store.load_game(table.key)


def start_game(app: AppContext, table: TableChoice, new_seed: bool = True,
               seed: int | None = None) -> TableScene:
    """Start a game at ``table`` with the settings' bots and options, and return its scene.
    It replaces the game in progress at the same table: ask first (:func:`game_in_progress`)."""
    settings = app.settings
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") if new_seed else 1
    levels = settings.bot_levels(table.rules.players - 1)
    if thinking.calibrate(settings):  # once per machine: the think time becomes samples
        app.store.save_settings(settings)
    match = Match(table.rules, seed, ("human", *levels), bot_options=settings.bot_options())
    scene = TableScene(app, match, table)
    app.store.retire_game(scene.session.key)
    app.reset(scene)
    return scene


def resume_game(app: AppContext, saved: SavedGame) -> str | None:
    """Put a saved game back on the table; returns a one-line error instead when it cannot."""
    try:
        rules = saved.rules()
        # The game's own bots (their options were kept with it), so that its replays search
        # the same samples; an older save's take the settings'.
        options = saved.bot_options
        if options is None:
            if thinking.calibrate(app.settings):
                app.store.save_settings(app.settings)
            options = app.settings.bot_options()
        match = Match(rules, saved.seed, tuple(saved.seats), list(saved.actions),
                      bot_options=dict(options), hinted=set(saved.hinted))
    except (RulesError, ValueError) as exc:
        return f"The saved game cannot be resumed: {exc}"
    app.settings.practice = saved.practice
    app.settings.challenge = saved.challenge
    table = TableScene(app, match, saved.table)
    table.session.reviews = dict(saved.reviews)  # reopening a review is instant
    table.session.resume_challenge()  # deals the worker had not played when the game closed
    app.reset(table)
    return None
