"""Issue 25: "The title lists only the 3 newest saved games. Every saved table must be
reachable from the title. A Resume label can also run past its button." The title resumes the
newest games and opens the list of all of them, a page at a time; every label is drawn whole
inside its button, at every size."""

from __future__ import annotations

import pygame
import pytest

from game.match.controller import Match
from game.store.content import load_preset, preset_names
from game.store.saves import SavedGame
from game.store.tables import house_table, preset_table
from game.ui.scene import Route
from game.ui.scenes.menus import resume_label
from game.ui.table.scene import TableScene
from game.ui.widgets import recording
from tests.ui.conftest import click, pump
from tests.ui.driving import SIZES, sized, table_of

HOUSE = 'base = "racehorse"\nname = "{name}"\ntitle = "{title}: pass four"\n[passing]\ncount = 4\n'


def save_every_table(store, house_tables: int = 3) -> list[SavedGame]:
    """A game in progress at every preset and at a few house tables."""
    games = []
    for name in preset_names():
        rules = load_preset(name)
        match = Match(rules, 7, ("human", *["random"] * (rules.players - 1)))
        games.append(SavedGame(preset_table(name), 7, list(match.seats), []))
    for i in range(house_tables):
        text = HOUSE.format(name=f"our-table-{i}", title=f"Our long-named table number {i}")
        games.append(SavedGame(house_table(text, f"our-{i}.toml"), 7,
                               ["human"] + ["random"] * 3, []))
    for saved in games:
        assert store.save_game(saved)
    return games


def drawn_labels(app) -> list[tuple[str, pygame.Rect, str, pygame.Rect]]:
    """(button label, button, label as drawn, where) for each button of the scene on top."""
    with recording() as rec:
        app.top.draw(app.screen)
    items = rec.items
    return [(b.label, b.rect, lab.label, lab.rect) for b, lab in zip(items, items[1:], strict=False)
            if b.kind == "button" and lab.kind == "label"]


def reachable(app) -> dict[str, tuple[str, ...]]:
    """Every Resume label reachable from the title (through the list of saved games, page by
    page), with the clicks that reach it."""
    found: dict[str, tuple[str, ...]] = {}
    title = app.go(Route.TITLE)
    for b in title.buttons:
        if b.label.startswith("Resume"):
            found[b.label] = (b.label,)
    more = [b for b in title.buttons if b.label.startswith("All ")]
    if more:
        listing = app.open(Route.SAVED)
        while True:
            for b in listing.buttons:
                if b.label.startswith("Resume"):
                    found.setdefault(b.label, (more[0].label, b.label))
            page = next((b for b in listing.buttons if b.label.startswith("Page")), None)
            if page is None or page.label.startswith(f"Page {page.label.split()[3][:-1]} "):
                break  # "Page 2 of 2: next": the last page
            pump(app, 2, events=click(page.rect.center))
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_saved_table_can_be_resumed_from_the_title(app, store, size):
    sized(app, size)
    games = save_every_table(store)
    assert len(store.load_games()) == len(games) > 3
    found = reachable(app)
    assert sorted(found) == sorted(resume_label(g) for g in games)
    for saved in games:  # and each one resumes that table's game (the order changes)
        label = resume_label(saved)
        scene = app.go(Route.TITLE)
        if not any(b.label == label for b in scene.buttons):
            more = next(b for b in scene.buttons if b.label.startswith("All "))
            pump(app, 2, events=click(more.rect.center))
            scene = app.top
            for _ in range(len(games)):
                if any(b.label == label for b in scene.buttons):
                    break
                scene.next_page()
        button = next(b for b in scene.buttons if b.label == label)
        pump(app, 2, events=click(button.rect.center))
        table = table_of(app)
        assert isinstance(table, TableScene) and table.session.key == saved.key


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_resume_labels_are_drawn_whole_inside_their_buttons(app, store, size, monkeypatch):
    """The longest labels a game reaches: a house table's name, a late hand, scores in the
    thousands and below zero."""
    sized(app, size)
    save_every_table(store)
    monkeypatch.setattr(SavedGame, "progress", lambda self: (23, (-1250, 10990, -870)))
    app.go(Route.TITLE)
    screens = [drawn_labels(app)]
    app.open(Route.SAVED)
    screens.append(drawn_labels(app))
    for labels in screens:
        resumes = [x for x in labels if x[0].startswith("Resume")]
        assert resumes
        for label, button, drawn, where in resumes:
            assert drawn == label, f"{label!r} was cut to {drawn!r} at {size}"
            assert button.contains(where), f"{label!r} runs past its button at {size}"
            assert pygame.Rect((0, 0), size).contains(button)


def test_the_list_of_saved_games_comes_back_after_a_scene_above_it_closes(app):
    """The list's "resume this game" was named ``resume``, the name of every scene's "the scene
    above was popped": closing any scene opened over the list (the help page here) called it
    without a game and crashed. mypy's strict check found it (issue 27)."""
    save_every_table(app.store, house_tables=3)
    listing = app.go(Route.TITLE) and app.open(Route.SAVED)
    above = app.open(Route.HELP)
    app.pop(above)
    assert app.top is listing and listing.error == ""
    assert not any(isinstance(s, TableScene) for s in app.stack)  # no game was resumed
