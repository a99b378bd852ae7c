"""Issue 25, two-handed: "The meld-after-the-trick panel hides your own melded cards" and "The
last stock card is never shown to the opponent; 004 says 'They show this card to their
opponent'"."""

from __future__ import annotations

import pytest

from game.rules.events import CardDrawn, PlayoffStarted
from game.ui.scenes.stockturn import MeldTurnScene
from tests.ui.driving import SIZES, run_until, sized, start
from tests.ui.overlaps import record_frame


def recorder(table, kind):
    seen = []
    process = table.process

    def record(events):
        seen.extend(e for e in events if isinstance(e, kind))
        process(events)

    table.process = record
    return seen


def test_the_playoffs_draws_lie_face_up_in_the_other_hand(app):
    """004: "... must draw the last face-down card of the stock. They show this card to their
    opponent, who draws the trump card". The card North draws is face up in North's hand,
    drawn with its face, until North plays it."""
    table = start(app, "two-handed", seed=2)
    draws = recorder(table, CardDrawn)
    started = recorder(table, PlayoffStarted)
    assert run_until(app, table, lambda: bool(started) and not table.timeline.busy,
                     frames=20000)
    north = next(e for e in draws[-2:] if e.seat == 1)
    assert (1, north.card) in table.view.shown_draws
    sprites = [sp for sp in table.model.hands[1] if sp.card == north.card]
    assert sprites and sprites[0].face_up and sprites[0].mark == "shown"
    items = record_frame(app)
    assert any(x.kind == "card" and x.label == str(north.card) for x in items)
    others = [sp for sp in table.model.hands[1] if sp is not sprites[0]]
    assert not any(sp.face_up for sp in others)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_meld_turn_panel_leaves_the_players_melds_in_sight(app, size):
    """Deciding what to meld next, the player sees what lies on the table already."""
    sized(app, size)
    table = start(app, "two-handed", seed=1)
    seen = []

    def ready() -> bool:
        if isinstance(app.top, MeldTurnScene) and not table.timeline.busy \
                and table.model.stock_area.tabled[0]:
            seen.append(True)
            return True
        return False

    assert run_until(app, table, ready, frames=20000), "the player never melded twice"
    items = record_frame(app)
    panels = [x.rect for x in items if x.kind == "panel" and x.layer > 0]
    buttons = [x.rect for x in items if x.kind == "button" and x.layer > 0]
    for sp in table.model.stock_area.tabled[0]:
        assert not any(p.colliderect(sp.rect) for p in panels + buttons), \
            f"{sp.card} lies under the meld prompt at {size}"


def test_the_meld_legends_go_with_the_melded_cards_at_the_playoff(app):
    """Review by eye: at the playoff the melded cards go back to the hands, but "Meld 130:
    Pinochle 40 · ..." stayed on the empty table, through the claim and under the result."""
    from game.ui.widgets import recording

    table = start(app, "two-handed", seed=1)
    laid = lambda: table.view.laid and any(table.view.laid) and any(table.model.stock_area.tabled)  # noqa: E731
    assert run_until(app, table, lambda: bool(laid()) and not table.timeline.busy, frames=20000)
    with recording() as rec:
        table.draw(app.screen)
    assert any(x.label.startswith("Meld ") for x in rec.items if x.kind == "text")
    started = recorder(table, PlayoffStarted)
    assert run_until(app, table, lambda: bool(started) and not table.timeline.busy,
                     frames=20000)
    assert not any(table.model.stock_area.tabled)
    with recording() as rec:
        table.draw(app.screen)
    assert not [x.label for x in rec.items if x.kind == "text" and x.label.startswith("Meld ")]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_norths_melds_lie_clear_of_norths_hand_with_the_largest_cards(app, size):
    """Review by eye (Xvfb, 1920x1080, card size 1.5): North's melds, laid a trick's height
    and a quarter above the middle, lay over the corner of North's hand, as they do at every
    size with cards of 1.25 or 1.5."""
    app.settings.card_size = 1.5
    app.looks_changed()
    sized(app, size)
    table = start(app, "two-handed", seed=1)
    area = table.model.stock_area
    assert run_until(app, table, lambda: bool(area.tabled[1]) and not table.timeline.busy,
                     frames=20000), "North never melded"
    hand = [sp.rect for sp in table.model.hands[1]]
    assert hand
    for sp in area.tabled[1]:
        assert not any(sp.rect.colliderect(r) for r in hand), \
            f"North's melded {sp.card} {tuple(sp.rect)} lies on North's hand at {size}"
        assert app.screen.get_rect().contains(sp.rect)
