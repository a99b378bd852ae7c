"""Issue 14, item 10: the keyboard focus ring is visible and moves over legal cards only, an
illegal card under the pointer still explains itself, F11 gives real full screen, Help lists
every key; and a table waiting for a click draws nothing."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.scene import Route
from game.ui.scenes.play import AuctionScene
from game.ui.scenes.sheets import HELP, KEYS
from tests.ui.conftest import key, pump
from tests.ui.driving import SIZES, run_until, start
from tests.ui.test_messages import reach_illegal_choice


@pytest.mark.parametrize("size", SIZES)
def test_the_focus_ring_moves_over_legal_cards_only(app, size):
    table = start(app, seed=5, size=size)
    scene = reach_illegal_choice(app, table)
    sprites = scene.picker.sprites
    assert len(scene.legal) < len({sp.card for sp in sprites})
    visited = set()
    for direction in [pygame.K_RIGHT] * (len(sprites) + 1) + [pygame.K_LEFT] * 3:
        pump(app, 1, events=[key(direction)])
        focus = scene.picker.focus
        assert sprites[focus].card in scene.legal
        assert [sp.focused for sp in sprites] == [i == focus for i in range(len(sprites))]
        visited.add(sprites[focus].card)
    assert visited == set(scene.legal)
    bad = next(sp for sp in sprites if sp.card in scene.reasons)
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(
        round(bad.rect.left + 5), round(bad.rect.centery)), rel=(0, 0), buttons=(0, 0, 0))])
    assert table.status_text()[0].startswith(f"Why not {bad.card.pretty}:")
    assert not any(sp.focused for sp in sprites)  # the pointer has the hand now


def test_f11_gives_real_full_screen_and_back(app):
    table = start(app, seed=5)
    windowed = app.size
    desktop = pygame.display.get_desktop_sizes()[0]
    pump(app, 1, events=[key(pygame.K_F11)])
    assert app.fullscreen and app.size == desktop  # the table laid out at full size
    assert table.layout.size == desktop
    assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    pump(app, 1, events=[key(pygame.K_F11)])
    assert not app.fullscreen and app.size == windowed and table.layout.size == windowed


def hotkeys_of(scene) -> set[int]:
    return {b.hotkey for b in getattr(scene, "buttons", []) if b.hotkey is not None}


def test_help_lists_every_key(app):
    """Every hotkey of every button of the title, the menus, the table and its prompts, and
    the keys the prompts read themselves, is in the Help screen's list."""
    listed = {k for keys, _, _ in KEYS for k in keys}
    found: set[int] = set()
    for route in (Route.TITLE, Route.SETUP, Route.SETTINGS, Route.STATISTICS):
        found |= hotkeys_of(app.open(route))
    for variant, seed in (("racehorse", 5), ("two-handed", 5), ("cutthroat", 8)):
        table = start(app, variant, seed=seed)
        found |= hotkeys_of(table)
        for _ in range(3000):
            pump(app)
            found |= hotkeys_of(app.top)
            if table.match.state.records:
                break
            from tests.ui.driving import answer
            answer(app, table)
        found |= hotkeys_of(app.open(Route.PAUSE, table=table))
    found |= {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_F11,
              pygame.K_BACKSPACE, pygame.K_p} | {pygame.K_0 + i for i in range(10)}
    missing = {pygame.key.name(k) for k in found - listed}
    assert not missing, missing
    keys_section = dict(HELP)["Keys"]
    assert len(keys_section) == len(KEYS)


def test_a_table_waiting_for_a_bid_draws_nothing(app):
    """Waiting for the player the loop sleeps in pygame.event.wait: under a real X display
    the old loop still drew four frames a second."""
    table = start(app, seed=21)
    assert run_until(app, table, lambda: isinstance(app.top, AuctionScene) and not app.busy)
    app.fixed_dt = None
    frames = app.frames
    stop = pygame.event.custom_type()
    pygame.time.set_timer(stop, 1500, loops=1)
    real = app.handle

    def handle(event):
        if event.type == stop:
            app.quit()
        else:
            real(event)

    app.handle = handle
    start_at = time.perf_counter()
    app.run()
    assert time.perf_counter() - start_at >= 1.4
    assert app.frames - frames <= 1


def test_a_prompt_opened_in_an_idle_step_is_drawn(app):
    """Review by eye under Xvfb: the first bid panel stayed undrawn until the mouse moved. The
    animations ended in one step; the next found nothing busy and no input, so it ran as an
    idle step (no draw), and the table opened its prompt inside it. A step whose scenes open
    or close a scene draws."""
    from game.ui.scene import Scene

    class Opener(Scene):
        def update(self, dt: float) -> None:
            if app.top is self:
                app.push(Scene(app))

    app.reset(Opener(app))
    app.step(1 / 30)
    frames = app.frames
    app.step(1 / 30, draw=False)  # the prompt is already open: an idle step draws nothing
    assert app.frames == frames
    app.pop()  # back to the opener, which opens its prompt again in the next idle step
    frames = app.frames
    app.step(1 / 30, draw=False)
    assert app.frames == frames + 1


def test_undo_opens_once_the_player_has_a_decision_to_go_back_to(app):
    """Review by eye: Undo was lit before any move, and pressing it did nothing."""
    app.settings.practice = True
    table = start(app, seed=21)
    assert run_until(app, table, lambda: isinstance(app.top, AuctionScene) and not app.busy)
    assert not table.toolbar.undo_button.enabled
    assert table.act(table.view.legal[0])
    assert table.toolbar.undo_button.enabled
    table.toolbar.undo()
    assert not table.toolbar.undo_button.enabled  # back before the only decision
