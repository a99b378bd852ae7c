"""Issue 25, "What regulars expect" 2: "A 'Fast' setting: no click needed after meld, result or
trick, short pauses, auto-continue between hands, and Enter plays the hinted card." (The
seconds per hand are measured by ``python -m benchmarks.fast_hand``, not here.)"""

from __future__ import annotations

import pygame

from game.rules.actions import PlayCard
from game.ui.overlay import Display
from game.ui.scenes.displays import MeldScene, ResultScene
from game.ui.scenes.tricks import TrickScene
from game.ui.table import fastflow
from tests.ui.conftest import key, pump
from tests.ui.driving import start


def prompts_only(app, table, until, frames=6000):
    """Run the table answering the prompts (as a player deciding), never a display."""
    for _ in range(frames):
        if until():
            return True
        pump(app)
        if until():
            return True
        top = app.top
        if isinstance(top, Display) or top is table or table.timeline.busy:
            continue
        if hasattr(top, "act") and table.match.waiting_for_human() and top.name != "deal":
            top.act(table.match.legal()[0])
    return until()


def test_fast_shortens_every_pause_and_overrides_until_i_click(app):
    app.settings.trick_pause = "until I click"
    app.settings.think_ms = 1000
    app.settings.speed = "normal"
    table = start(app, size=(1280, 800))
    assert table.trick_pause is None and app.speed == 1.0
    app.settings.fast = True
    assert table.trick_pause == fastflow.FAST_TRICK and app.speed <= fastflow.FAST_SPEED
    assert fastflow.think_seconds(app.settings) <= fastflow.FAST_THINK_MS / 1000


def test_no_click_after_the_meld_the_result_or_a_trick_and_the_next_hand_follows(app):
    app.settings.fast = True
    app.settings.trick_pause = "until I click"
    app.settings.meld_shown = "table and display"  # the display too: it must go by itself
    table = start(app, size=(1024, 640))
    seen, labels = set(), set()

    def watch():
        top = app.top
        if isinstance(top, (MeldScene, ResultScene)):
            seen.add(top.name)
            labels.add(top.cont.label)
        # The next hand dealt and bidding, after the result went by itself.
        return "hand result" in seen and table.view.hand_no >= 1 and \
            table.view.phase.name == "AUCTION" and not isinstance(top, ResultScene)

    assert prompts_only(app, table, watch), "the next hand never came without a click"
    assert {"meld", "hand result"} <= seen
    # The button says it goes on by itself: "Continue (2 s)".
    assert any(label.startswith("Continue (") and label.endswith(" s)") for label in labels)


def test_enter_plays_the_hinted_card(app):
    app.settings.meld_shown = "table"
    table = start(app, size=(1280, 800))
    assert prompts_only(app, table, lambda: isinstance(app.top, TrickScene)
                        and not table.timeline.busy and table.match.waiting_for_human())
    pump(app, events=[key(pygame.K_h, "h")])
    hinted = table.status_line.hint_card
    assert hinted is not None
    before = len(table.match.actions)
    pump(app, events=[key(pygame.K_RETURN, "\r")])
    played = table.match.actions[before]
    assert isinstance(played, PlayCard) and played.card == hinted


def test_under_fast_enter_plays_the_hint_without_asking_for_it(app):
    app.settings.fast = True
    app.settings.meld_shown = "table"
    table = start(app, size=(1280, 800))
    assert prompts_only(app, table, lambda: isinstance(app.top, TrickScene)
                        and not table.timeline.busy and table.match.waiting_for_human())
    assert table.status_line.hint_card is None
    suggested = table.match.hint(table.human).action
    before = len(table.match.actions)
    pump(app, events=[key(pygame.K_RETURN, "\r")])
    assert table.match.actions[before] == suggested
    app.settings.fast = False
    assert prompts_only(app, table, lambda: isinstance(app.top, TrickScene)
                        and not table.timeline.busy and table.match.waiting_for_human())
    table.status_line.hint_card = None
    before = len(table.match.actions)
    pump(app, events=[key(pygame.K_RETURN, "\r")])
    assert len(table.match.actions) == before  # not Fast, no hint shown: Enter waits
