"""Panels hide what lies beneath them: through a slightly translucent one, cards showed as
ghosts (the cutthroat widow under the bid panel, the hands under the meld display)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scenes.displays import MeldScene
from game.ui.widgets import panel
from tests.ui.conftest import pump
from tests.ui.driving import run_until, start


def test_a_panel_over_a_white_card_shows_only_the_panel():
    surface = pygame.Surface((120, 80))
    surface.fill((255, 255, 255))
    panel(surface, pygame.Rect(10, 10, 100, 60))
    assert surface.get_at((60, 40))[:3] == theme.PANEL[:3]


def test_the_meld_display_hides_the_hands_beneath_it(app):
    """The same frame drawn with and without the hands on the table is the same inside the
    meld display's panel."""
    table = start(app, seed=3)
    assert run_until(app, table, lambda: isinstance(app.top, MeldScene))
    pump(app, 1)
    shown = app.screen.copy()
    outer = app.top.panel_rect().inflate(-8, -8)
    under = [sp.rect.clip(outer) for hand in table.model.hands for sp in hand]
    assert any(r.width and r.height for r in under)  # cards do lie beneath the panel
    for hand in table.model.hands:
        for sp in hand:
            sp.x += 5000
    pump(app, 1)
    changed = [(x, y) for x in range(outer.left, outer.right, 3)
               for y in range(outer.top, outer.bottom, 3)
               if shown.get_at((x, y)) != app.screen.get_at((x, y))]
    assert not changed, f"{len(changed)} pixels of the panel show the cards beneath, {changed[:3]}"
