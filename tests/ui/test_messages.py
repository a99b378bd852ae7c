"""Issue 14, item 4: status, error and hint lines clear on the next action; the reason a card
may not be played never covers other text; nothing covers the toolbar."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import PlayCard
from game.ui import widgets
from game.ui.scenes.tricks import TrickScene
from game.ui.table import hud
from tests.ui.conftest import click, key, pump
from tests.ui.driving import SIZES, answer, run_until, start


def reach_illegal_choice(app, table):
    """The player to follow a trick, holding a card the rules forbid."""
    def ready():
        top = app.top
        return isinstance(top, TrickScene) and bool(top.reasons) and not table.timeline.busy

    assert run_until(app, table, ready, frames=8000)
    return app.top


def test_a_refusal_clears_when_a_card_is_played(app):
    table = start(app, seed=5)
    scene = reach_illegal_choice(app, table)
    sprites = scene.picker.sprites
    bad = next(sp for sp in sprites if sp.card in scene.reasons)
    pump(app, 2, events=click((round(bad.rect.left + 5), round(bad.rect.centery))))
    refusal = table.status_line.text
    assert refusal and scene.reasons[bad.card] in refusal
    assert table.status_text()[0] == refusal
    good = next(sp for sp in sprites if sp.card in scene.legal)
    pump(app, 2, events=click((round(good.rect.left + 5), round(good.rect.centery))))
    assert table.match.actions[-1] == PlayCard(good.card) or table.match.actions[-2] == \
        PlayCard(good.card)
    assert table.status_line.text == "" and table.status_text()[0] != refusal


def test_a_hint_and_its_glowing_card_clear_when_any_card_is_played(app):
    table = start(app, seed=5)
    assert run_until(app, table, lambda: isinstance(app.top, TrickScene)
                     and not table.timeline.busy)
    pump(app, 2, events=[key(pygame.K_h, "h")])
    assert table.status_line.text.startswith("Hint:") and table.status_line.hint_card is not None
    scene = app.top
    hinted = table.status_line.hint_card
    other = next(c for c in scene.legal if c != hinted) if len(scene.legal) > 1 else hinted
    scene.act(next(a for a in table.view.legal if isinstance(a, PlayCard) and a.card == other))
    assert table.status_line.text == "" and table.status_line.hint_card is None
    assert table.glowing_cards() == set()


@pytest.mark.parametrize("size", SIZES)
def test_why_a_card_is_refused_shows_above_the_hand_over_nothing(app, monkeypatch, size):
    """The reason sat in a tooltip over the status line (and the old refusal under it)."""
    table = start(app, seed=5, size=size)
    scene = reach_illegal_choice(app, table)
    monkeypatch.setattr("game.ui.widgets.tooltip", lambda *a, **k: pytest.fail("tooltip"))
    bad = next(sp for sp in scene.picker.sprites if sp.card in scene.reasons)
    pump(app, 2, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(
        round(bad.rect.left + 5), round(bad.rect.centery)), rel=(0, 0), buttons=(0, 0, 0))])
    text, _ = table.status_text()
    assert text == f"Why not {bad.card.pretty}: {scene.reasons[bad.card]}"
    rect, lines, size_px = hud.status_rect(table, text)
    assert " ".join(lines) == text  # all of it, wrapped if need be
    lay = table.layout
    others = [sp.rect for _, sp in table.model.tricks.trick] + [b.rect for b in scene.buttons]
    others += [b.rect for b in table.toolbar.buttons] + [lay.info]
    font = widgets.render_text
    for seat in range(table.match.rules.players):
        x, y, anchor = lay.label_pos(seat)
        others.append(font(hud.seat_title(table, seat), lay.font, bold=True).get_rect(
            **{anchor: (round(x), round(y))}))
    for other in others:
        assert not rect.colliderect(other), (rect, other)
    assert pygame.Rect((0, 0), size).contains(rect)
    assert rect.bottom <= min(sp.rect.top for sp in scene.picker.sprites) + round(30 * lay.s)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["racehorse", "double-deck"])
def test_nothing_covers_the_toolbar_through_a_whole_hand(app, size, variant):
    """The cards partner passed lay over Hint and Undo for the whole hand."""
    table = start(app, variant, seed=2, size=size)
    bar = table.layout.bar
    passes = []
    for _ in range(6000):
        pump(app)
        for sp in table.model.all_sprites():
            assert not sp.rect.colliderect(bar), (sp.card, sp.rect, bar)
        passes += [a for a in table.match.actions[len(passes):]]
        if table.match.state.records:
            break
        answer(app, table)
    assert table.match.state.records
    assert variant != "racehorse" or any(type(a).__name__ == "PassCards"
                                         for a in table.match.actions)
