"""Issue 25, "What regulars expect" 5, cards easy on the eyes: a card-size setting up to 1.5x,
large-index faces, four-colour suits offered on the first run, two table themes (one of them
high contrast); the settings persist, validated on load."""

from __future__ import annotations

import json

import pygame

from game.store.content import load_preset
from game.store.settings import settings_from_json
from game.store.store import Store
from game.ui import assets, theme
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from game.ui.scenes.settings import SettingsScene
from game.ui.table.layout import Layout
from tests.ui.conftest import pump
from tests.ui.driving import start


def test_the_looks_persist_and_bad_values_are_refused_by_name():
    good = {"card_size": 1.5, "big_index": True, "table_theme": "high contrast",
            "meld_shown": "display", "fast": True}
    settings, errors = settings_from_json(good)
    assert not errors
    assert (settings.card_size, settings.big_index, settings.table_theme, settings.meld_shown,
            settings.fast) == (1.5, True, "high contrast", "display", True)
    bad = {"card_size": 3, "table_theme": "neon", "meld_shown": 1, "fast": "yes",
           "four_colour": True}
    settings, errors = settings_from_json(bad)
    assert {e.field for e in errors} == {"card_size", "table_theme", "meld_shown", "fast"}
    assert settings.card_size == 1.0 and settings.table_theme == "classic"
    assert settings.four_colour  # a good field beside bad ones is kept
    assert "1, 1.25, 1.5" in str(next(e for e in errors if e.field == "card_size"))


def test_the_first_run_offers_the_looks_and_remembers_them(tmp_path):
    store = Store(tmp_path)
    app = App(store, ROUTES, (1280, 800))
    app.fixed_dt = 1 / 30
    try:
        assert app.first_run
        app.go(Route.TITLE)
        pump(app, 3)
        page = app.top
        assert isinstance(page, SettingsScene) and page.first_run
        labels = [b.label for b in page.buttons]
        assert "Four-colour suits: off" in labels and "Card size: 1x" in labels
        assert "Table theme: classic" in labels and "Large-index faces: off" in labels
        next(b for b in page.buttons if b.label.startswith("Four-colour")).on_click()
        next(b for b in page.buttons if b.label.startswith("Card size")).on_click()
        next(b for b in page.buttons if b.label == "Done").on_click()
        assert app.top.name == "title"
    finally:
        app.shutdown()
    data = json.loads(store.settings_path.read_text("utf-8"))
    assert data["four_colour"] is True and data["card_size"] == 1.25
    again = App(store, ROUTES, (1280, 800))
    again.fixed_dt = 1 / 30
    try:
        assert not again.first_run
        again.go(Route.TITLE)
        pump(again, 3)
        assert again.top.name == "title"  # offered once
    finally:
        again.shutdown()


def test_card_size_scales_the_hand_and_keeps_the_trick_clear_of_the_status_line():
    seating = load_preset("double-deck").seating  # four seats of 20 cards: the widest hand
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        plain = Layout(size, seating, 20)
        big = Layout(size, seating, 20, card_scale=1.5)
        assert abs(big.card_w - 1.5 * plain.card_w) <= 1
        _, y, _ = big.trick_slot(0)
        assert y + big.trick_h / 2 <= big.status.top, size
        assert big.trick_w >= 0.95 * plain.card_w  # the trick keeps its size, or grows
        xs = [x for x, _, _ in big.hand_slots(0, 20)]
        assert xs[0] - big.card_w / 2 >= 0 and xs[-1] + big.card_w / 2 <= size[0]


def test_large_cards_and_faces_reach_the_table(app):
    table = start(app, size=(1280, 800))
    pump(app, 2)
    default_w = table.layout.card_w
    app.settings.card_size = 1.5
    app.settings.big_index = True
    app.looks_changed()
    try:
        assert table.layout.card_w == round(1.5 * default_w)
        face = assets.card_image("TS", 100)
        plain = pygame.image.load(str(assets.SPRITES / "cards" / "1x" / "TS.png"))
        big = pygame.image.load(str(assets.SPRITES / "cards-big" / "1x" / "TS.png"))
        assert face.get_at((15, 20)) == big.get_at((15, 20)) != plain.get_at((15, 20))
    finally:
        app.settings.big_index = False
        app.looks_changed()


def test_the_high_contrast_theme_recolours_the_table(app):
    start(app, size=(1280, 800))
    pump(app, 2)
    app.draw()
    classic = app.screen.get_at((app.size[0] // 2, app.size[1] // 3))
    app.settings.table_theme = "high contrast"
    app.looks_changed()
    try:
        assert theme.INK == (255, 255, 255) and theme.PANEL == (0, 0, 0, 255)
        app.draw()
        dark = app.screen.get_at((app.size[0] // 2, app.size[1] // 3))
        assert sum(dark[:3]) < sum(classic[:3]) - 60, (dark, classic)
    finally:
        app.settings.table_theme = "classic"
        app.looks_changed()
    assert theme.INK == (245, 243, 235)


def test_every_text_scales_with_the_window(app):
    """Issue 25: "Every text scales with the window": the smallest and the largest text of the
    table, its bid prompt and the settings page are taller at 1920x1080 than at 1024x640."""
    from tests.ui.driving import run_until, sized
    from tests.ui.overlaps import record_frame

    def heights(size):
        sized(app, size)
        table = start(app, "partnership-190", seed=5, size=size)
        assert run_until(app, table, lambda: app.top.name == "auction")
        pump(app, 2)
        texts = [x.rect.height for x in record_frame(app) if x.kind == "text"]
        app.open(Route.SETTINGS)
        pump(app, 2)
        texts += [x.rect.height for x in record_frame(app) if x.kind == "text"]
        return min(texts), max(texts)

    small, large = heights((1024, 640)), heights((1920, 1080))
    assert large[0] > small[0] and large[1] > small[1], (small, large)


def test_the_first_run_page_has_nothing_overlapping_at_any_size(app):
    """The layout test's reader on the first-run page (its title ran past the panel)."""
    from tests.ui.driving import SIZES, sized
    from tests.ui.overlaps import problems, record_frame

    for size in SIZES:
        for card_size in (1.0, 1.5):
            app.settings.card_size = card_size
            sized(app, size)
            app.go(Route.TITLE)
            app.open(Route.SETTINGS, first_run=True)
            pump(app, 2)
            items = record_frame(app)
            assert any(x.kind == "card" for x in items)  # the row of cards to judge by
            found = problems(items, app.size)
            assert not found, (size, card_size, found)
