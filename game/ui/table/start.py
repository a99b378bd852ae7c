"""Starting a game at the table: a new one from the player's settings, or a saved one resumed.

Both end with the table as the only scene; neither knows any menu.
"""

from __future__ import annotations

import os

from game.match import thinking
from game.match.controller import Match
from game.rules.errors import RulesError
from game.rules.ruleset import RuleSet
from game.store.content import load_ruleset, preset_names, read_house_rules, ruleset_from_text
from game.store.saves import SavedGame
from game.ui.scene import AppContext
from game.ui.table.house import house_text
from game.ui.table.scene import TableScene


def chosen_table(app: AppContext) -> tuple[str | None, str | None, RuleSet]:
    """The table the settings choose: a preset's name or a house-rules text, and its rules.
    Raises RulesError for rules that cannot be read."""
    settings = app.settings
    preset: str | None = settings.variant if settings.variant in preset_names() else None
    text: str | None = None
    if preset is not None:
        rules = load_ruleset(preset)
        text = house_text(preset, rules, settings)  # the new-game screen's house options
        if text is not None:
            preset, rules = None, ruleset_from_text(text, "house options")
    else:
        text, rules = read_house_rules(settings.variant)
    return preset, text, rules


def game_in_progress(app: AppContext) -> SavedGame | None:
    """The saved game at the table the settings choose, which a new game there would replace
    (one saved game is kept per table)."""
    try:
        preset, text, rules = chosen_table(app)
    except RulesError:
        return None
    key = SavedGame(preset, text, rules.source, 0, [], []).key
    return app.store.load_game(key)


def start_game(app: AppContext, new_seed: bool = True, seed: int | None = None) -> str | None:
    """Start a game from the settings; returns a one-line error instead when it cannot. It
    replaces the game in progress at the same table: ask first (:func:`game_in_progress`)."""
    settings = app.settings
    try:
        preset, text, rules = chosen_table(app)
    except RulesError as exc:
        return str(exc)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") if new_seed else 1
    levels = settings.bot_levels(rules.players - 1)
    if thinking.calibrate(settings):  # once per machine: the think time becomes samples
        app.store.save_settings(settings)
    match = Match(rules, seed, ("human", *levels), bot_options=settings.bot_options())
    table = TableScene(app, match, preset, text)
    app.store.retire_game(table.session.key)
    app.reset(table)
    return None


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
    table = TableScene(app, match, saved.rules_preset, saved.rules_text)
    table.session.reviews = dict(saved.reviews)  # reopening a review is instant
    table.session.resume_challenge()  # deals the worker had not played when the game closed
    app.reset(table)
    return None
