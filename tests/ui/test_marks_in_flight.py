"""Issue 25, layout: "Passed cards poke into the toolbar." Cards that change hands fly between
the player and North, turning as they go; their IN tabs and OUT edges were drawn on the
rectangle around the turning card, so they floated above it, over one another and up towards
the toolbar. Every frame of the pass and the pass-back keeps every card, mark included, below
the toolbar, and draws a mark only on a card lying square (upright or sideways)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import Bid, Pass
from game.rules.events import CardsPassed
from game.rules.phase import Phase
from game.ui.table import sprites
from game.ui.widgets import recording
from tests.ui.conftest import pump
from tests.ui.driving import SIZES, answer, sized, start


def pick_by_hand(app, scene) -> None:
    """Choose the first legal cards to pass by pointing at each and clicking it, then click
    the confirm button: the cards rise under the pointer and when chosen."""
    from tests.ui.conftest import click

    choice = list(next(iter(sorted(scene.choices))))
    for sp in list(scene.picker.sprites):
        if sp.card in choice:
            choice.remove(sp.card)
            pump(app, 3, events=click(sp.rect.center))
    pump(app, 6)
    if scene in app.stack:
        pump(app, 2, events=click(scene.confirm.rect.center))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("human_bids", [False, True])
def test_cards_changing_hands_stay_below_the_toolbar_in_every_frame(app, size, human_bids,
                                                                     monkeypatch):
    sized(app, size)
    app.settings.speed = "normal"
    askew: list[tuple] = []
    draw_mark = sprites.draw_mark

    def spy(surface, rect, mark, width):
        short, long = sorted(rect.size)
        if abs(short - round(width)) > 2 or abs(long - round(width * 1.4)) > 3:
            askew.append((mark, tuple(rect)))  # the box of a card turned part way
        return draw_mark(surface, rect, mark, width)

    monkeypatch.setattr(sprites, "draw_mark", spy)

    def choose(legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return bids[0] if human_bids else (Pass() if Pass() in legal else bids[0])
        return legal[0]

    crossed: list[str] = []
    frames = {"n": 0}
    step = app.step
    state: dict[str, object] = {}

    def checked_step(dt: float, draw: bool = True) -> None:
        """Every frame from the player's first pass on: no card over the toolbar."""
        step(dt, draw)
        table, passes = state.get("table"), state.get("passes", [])
        if table is None or not any(0 in (p.source, p.target) for p in passes):
            return
        frames["n"] += 1
        with recording() as rec:
            table.draw(app.screen)
        bar = table.layout.bar
        crossed.extend(f"{x.label} {tuple(x.rect)}" for x in rec.items
                       if x.kind == "card" and x.rect.colliderect(bar))

    monkeypatch.setattr(app, "step", checked_step)
    for seed in range(40):
        table = start(app, seed=seed)
        passes: list[CardsPassed] = []
        state.update(table=table, passes=passes)
        process = table.process

        def record(events, process=process, passes=passes):
            passes.extend(e for e in events if isinstance(e, CardsPassed))
            process(events)

        table.process = record
        for _ in range(6000):
            pump(app)
            if table.view.phase == Phase.TRICKS and passes or \
                    passes and table.view.phase not in (Phase.PASS, Phase.PASS_BACK):
                break
            if app.top.name == "passing" and not table.timeline.busy:
                pick_by_hand(app, app.top)  # as a player does: point, click, confirm
            else:
                answer(app, table, choose)
        if frames["n"]:
            pump(app, 60)  # the meld display, over the cards that changed hands
            break
    else:
        pytest.fail("the player never passed")
    assert frames["n"] > 10
    assert not crossed, f"{len(crossed)} cards over the toolbar at {size}: {crossed[:5]}"
    assert not askew, f"{len(askew)} marks drawn on turning cards: {askew[:4]}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_deal_banner_lies_on_its_own_pill_over_the_flying_cards(app, size):
    """Review by eye: "Hand 1: East deals" was written straight onto the middle of the table,
    where the cards of the deal fly under it: a card crossing it left the words unreadable."""
    from game.ui.scenes.play import DealScene

    sized(app, size)
    app.settings.speed = "normal"
    table = start(app, seed=3)
    frames = 0
    for _ in range(400):
        pump(app)
        if not isinstance(app.top, DealScene):
            if frames:
                break
            continue
        frames += 1
        with recording() as rec:
            for layer, scene in enumerate(app.stack):
                rec.layer = layer
                scene.draw(app.screen)
        banner = [x for x in rec.items if x.kind == "text" and x.label.startswith("Hand 1:")]
        assert banner, "the deal says whose deal it is"
        assert any(p.kind == "panel" and p.layer == banner[0].layer
                   and p.rect.contains(banner[0].rect) for p in rec.items), \
            "the deal's words lie straight on the table, under the flying cards' path"
    assert frames > 5 and table is not None


def test_a_card_played_by_a_click_lies_in_its_place_in_the_trick(app):
    """The card under the pointer rises; played, it kept the rise and lay in the trick higher
    than its place, over the card opposite."""
    app.fixed_dt = 1 / 30  # frame by frame: the card's flight is read as it goes
    from game.ui.scenes.tricks import TrickScene
    from tests.ui.conftest import click
    from tests.ui.driving import run_until

    table = start(app, seed=3)
    assert run_until(app, table, lambda: isinstance(app.top, TrickScene)
                     and not table.timeline.busy)
    scene = app.top
    card = next(iter(scene.legal))
    sprite = next(sp for sp in scene.picker.sprites if sp.card == card)
    pump(app, 8, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.rect.center,
                                            rel=(0, 0), buttons=(0, 0, 0))])
    assert sprite.lift > 0  # it rose under the pointer
    pump(app, 2, events=click(sprite.rect.center))
    assert any(sp is sprite for _, sp in table.model.tricks.trick)
    assert sprite.lift == 0
