"""Issue 25, layout: "Add a layout test: no two interactive or text elements overlap, at each of
the three sizes, in every scene and prompt." Every scene reports what it draws through the
drawing helpers (``game.ui.widgets.recording``); a walk puts every scene and prompt on top in
turn, at each size, and every frame it settles on is read for overlaps."""

from __future__ import annotations

import pygame
import pytest

from game.ui.widgets import Button, Drawn, draw_text, panel, recording
from tests.ui.driving import SIZES, sized
from tests.ui.overlaps import problems, record_frame
from tests.ui.walk import tour

# Every scene and prompt the walk must reach (a name it visits starts with each).
EVERY_SCENE = [
    "title", "saved games", "setup", "settings", "statistics", "help", "rules", "table",
    "auction", "trump", "passing pass (", "passing pass_back", "widow", "discard", "decide",
    "tricks", "meld turn", "throw-in vote", "meld (", "hand result", "hands", "replay",
    "hand review", "hand history", "rating", "retry", "phase statistics",
    "scores over", "bidding over", "meld over", "last trick over", "pause over",
    "rules over", "declare out", "game over", "replace the game",
    "auction (racehorse) with a hint", "tricks (racehorse) with a hint",
    "lessons", "rule order", "drill", "puzzle"]


LOOKS = {"default": {},
         # Cards easy on the eyes (issue 25): the largest cards, large indices, four colours,
         # the high-contrast theme, and the meld left on the table (no modal display).
         "large": {"card_size": 1.5, "big_index": True, "four_colour": True,
                   "table_theme": "high contrast", "meld_shown": "table and display"}}


@pytest.mark.parametrize("looks", list(LOOKS))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_nothing_overlaps_in_any_scene_or_prompt(app, size, looks):
    for name, value in LOOKS[looks].items():
        setattr(app.settings, name, value)
    app.looks_changed()
    sized(app, size)
    found: list[str] = []
    frames = {"n": 0}

    def visit(name: str) -> None:
        items = record_frame(app)
        frames["n"] += 1
        assert any(x.kind in ("text", "button") for x in items), f"{name} drew nothing"
        found.extend(f"{name}: {p}" for p in problems(items, app.size))

    names = tour(app, visit)
    missing = [want for want in EVERY_SCENE if not any(n.startswith(want) for n in names)]
    assert not missing, f"the walk never reached {missing}; it reached {sorted(names)}"
    assert not found, f"{len(found)} overlaps in {frames['n']} frames:\n" + "\n".join(found[:30])


def kinds(found: list[str]) -> str:
    return "\n".join(found)


def test_the_overlap_reader_sees_each_kind_of_overlap(app):
    """The reader can fail: each planted overlap is reported, and what is only covered whole
    by a later panel, or merely adjacent, is not."""
    surface = app.screen
    size = app.size
    with recording() as rec:
        draw_text(surface, "Hello", (100, 100), 20)
        draw_text(surface, "World", (110, 105), 20)  # on top of "Hello"
        Button("A label far too long for this button", lambda: None,
               rect=pygame.Rect(300, 100, 60, 30)).draw(surface)  # shrunk and cut to fit
        panel(surface, pygame.Rect(500, 100, 100, 100))
        Button("Edge", lambda: None, rect=pygame.Rect(560, 180, 80, 40)).draw(surface)
        draw_text(surface, "Off", (size[0] - 5, 300), 20)  # past the window's edge
        rec.layer = 1
        panel(surface, pygame.Rect(90, 90, 60, 20))  # half over "Hello" and "World"
    found = problems(rec.items, size)
    text = kinds(found)
    assert "text 'Hello'" in text and "overlaps text 'World'" in text
    assert "button 'Edge'" in text and "crosses the edge" in text
    assert "text 'Off'" in text and "leaves the" in text
    assert "is half under panel (90, 90, 60, 20)" in text
    assert "runs past its button" not in text  # the long label was fitted to its button
    label = next(x for x in rec.items if x.kind == "label")
    assert pygame.Rect(300, 100, 60, 30).contains(label.rect)
    # A label drawn past its button, a card under text, a panel that hides a label whole.
    items = [Drawn("button", pygame.Rect(0, 0, 50, 20), "B", 0),
             Drawn("label", pygame.Rect(0, 0, 70, 20), "Bee", 0),
             Drawn("card", pygame.Rect(200, 200, 60, 84), "AS", 0),
             Drawn("text", pygame.Rect(210, 210, 40, 15), "over", 0),
             Drawn("text", pygame.Rect(400, 400, 40, 15), "under", 0),
             Drawn("panel", pygame.Rect(390, 390, 100, 100), "", 1),
             Drawn("text", pygame.Rect(400, 400, 40, 15), "on the panel", 1)]
    text = kinds(problems(items, size))
    assert "runs past its button" in text
    assert "card 'AS'" in text and "overlaps text 'over'" in text
    assert "'under'" not in text and "'on the panel'" not in text
