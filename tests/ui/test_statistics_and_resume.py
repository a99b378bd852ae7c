"""Issue 26, items 2 and 9, on screen: Statistics shows every table with legible figures (at most
9 tables were shown, and 8-digit figures ran together); a negative score in a Resume label is
legible (it read "30–150––4990"); the title's report of bad files stays on the screen and says
once where they went.
"""

from __future__ import annotations

import pygame
import pytest

from game.bots.base import RandomBot
from game.match.controller import Match
from game.store.content import load_preset
from game.store.saves import SavedGame
from game.store.stats import VariantStats
from game.store.tables import preset_table
from game.ui import theme, widgets
from game.ui.scene import Route
from game.ui.scenes import stats as stats_module
from game.ui.scenes.menus import TitleScene, resume_label

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def _drawn(monkeypatch, app, module) -> list[tuple[str, pygame.Rect, tuple[int, ...]]]:
    seen: list[tuple[str, pygame.Rect, tuple[int, ...]]] = []
    real = widgets.draw_text

    def record(surface, text, pos, size, colour=theme.INK, *args, **kwargs):
        rect = real(surface, text, pos, size, colour, *args, **kwargs)
        seen.append((text, rect, tuple(colour)))
        return rect

    monkeypatch.setattr(module, "draw_text", record)
    app.draw()
    monkeypatch.setattr(module, "draw_text", real)
    return seen


def _many_tables(app) -> list[str]:
    names = []
    for i in range(15):
        key = f"house: table {i:02d}"
        app.stats.variants[key] = VariantStats(
            games_played=9_999_999 - i, games_won=8_765_432, hands_played=9_999_999,
            bids_won=12_345_678 // (i + 1), bids_made=7_654_321, bids_set=1_234_567,
            bid_total=9_999_999, best_meld=1_500, best_streak=9_999_999)
        names.append(f"table {i:02d} (house)")
    return names


@pytest.mark.parametrize("size", SIZES)
def test_statistics_show_every_table_with_legible_figures(app, monkeypatch, size):
    app.screen = pygame.display.set_mode(size)
    names = _many_tables(app)
    scene = app.open(Route.STATISTICS)
    seen: set[str] = set()
    for _ in range(len(names)):  # one row down at a time, as a wheel or the arrow key scrolls
        drawn = _drawn(monkeypatch, app, stats_module)
        texts = [t for t, _, _ in drawn]
        seen.update(t for t in texts if t in names)
        for i, (text, rect, _) in enumerate(drawn):
            assert scene.rect.contains(rect), (text, rect)
            for other, rect2, _ in drawn[i + 1:]:
                # a gap between any two texts: figures never run together
                assert not rect.inflate(6, 0).colliderect(rect2), (text, other)
        assert "9,999,999" in texts and "99999999" not in "".join(texts)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                              unicode="", scancode=0))
    assert seen == set(names)
    assert any(t.startswith("Tables ") and "of 15" in t for t in texts)  # the cue says so
    assert scene.rect.contains(scene.buttons[0].rect)
    assert pygame.Rect((0, 0), size).contains(scene.rect)


def test_a_negative_score_in_a_resume_label_is_legible():
    rules = load_preset("cutthroat")
    match = Match(rules, 4, ("human", "random", "random"))
    bot = RandomBot()
    for _ in range(20_000):  # a work counter: a random game sets a bidder soon enough
        if min(match.state.scores) < 0:
            break
        if match.waiting_for_human():
            match.submit(bot.choose(match.view(0), match.bot_rng()))
        else:
            match.step_bot()
    scores = match.state.scores
    assert min(scores) < 0
    saved = SavedGame(preset_table("cutthroat"), match.seed, list(match.seats),
                      list(match.actions))
    label = resume_label(saved)
    shown = label.split(": ", 1)[1].rstrip(")")
    assert shown == ", ".join(f"{x:,}".replace("-", "\u2212") for x in scores), label
    assert "–−" not in label and "––" not in label and "-" not in shown


def test_the_titles_report_of_bad_files_stays_on_the_screen(app, store, monkeypatch):
    app.screen = pygame.display.set_mode((1024, 640))
    store.saves_dir.mkdir(parents=True)
    for i in range(12):
        (store.saves_dir / f"house-t{i}-0123456789.json").write_text("{bad", encoding="utf-8")
    for _ in range(3):  # three visits to the title
        app.reset(TitleScene(app))
        drawn = [(t, r) for t, r, c in _drawn(monkeypatch, app, widgets) if c == theme.RED]
        assert all(r.bottom <= 640 for _, r in drawn), drawn[-1]
        assert sum(str(store.aside_dir) in t for t, _ in drawn) <= 1
    assert len(store.messages) == 12 and len(list(store.aside_dir.iterdir())) == 12
