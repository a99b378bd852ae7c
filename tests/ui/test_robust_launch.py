"""The window never falls over on the player's files or keys: launching with every kind of bad
file shows one line per file on the title screen; M (mute) works inside a lesson."""

from __future__ import annotations

import pygame
import pytest

from game.store.content import load_tutorial
from game.store.store import Store
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from tests.store.test_user_files import BAD_TEXTS
from tests.ui.conftest import key, pump


@pytest.mark.parametrize("label", list(BAD_TEXTS))
def test_launching_with_bad_files_reports_them_on_the_title_screen(tmp_path, label):
    store = Store(tmp_path)
    for path in (store.settings_path, store.stats_path, store.progress_path,
                 store.save_path("racehorse")):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(BAD_TEXTS[label], encoding="utf-8")
    app = App(store, ROUTES, (1024, 640))
    try:
        app.fixed_dt = 1 / 30
        title = app.open(Route.TITLE)
        pump(app, 3)
        assert title is not None and app.top is title
        assert all(b.label != "Resume game" for b in title.buttons)  # type: ignore[attr-defined]
        # settings and statistics at launch, the saved game when the title looks for it
        assert len(store.messages) == 3 and all("\n" not in m for m in store.messages)
    finally:
        app.shutdown()


def test_m_in_a_lesson_toggles_the_sound_and_keeps_the_lesson(app):
    lessons, _, _ = load_tutorial()
    lesson = app.go(Route.LESSON, lesson=lessons[0])
    sound = app.settings.sound
    pump(app, 2, events=[key(pygame.K_m, "m")])
    assert app.top is lesson and app.settings.sound is not sound
    pump(app, 2, events=[key(pygame.K_m, "m")])
    assert app.settings.sound is sound
