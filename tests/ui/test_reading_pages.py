"""Issue 25: "Rules and Help scroll with no scroll bar or cue." A page longer than its window
shows a scroll bar whose thumb follows the page, and a line under the page saying there is
more and how to reach it (or that the end is reached); a page that fits shows neither."""

from __future__ import annotations

import pygame
import pytest

from game.store.content import load_preset
from game.ui.scene import Route
from game.ui.widgets import recording
from tests.ui.conftest import click, key, pump
from tests.ui.driving import SIZES, sized


def drawn(app):
    with recording() as rec:
        app.top.draw(app.screen)
    return rec.items


def bar_and_cue(app):
    items = drawn(app)
    bar = [x for x in items if x.label == "scroll bar"]
    cue = [x.label for x in items if x.kind == "text" and x.label.startswith(("▼", "▲"))]
    return (bar[0].rect if bar else None), cue


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("route", [Route.RULES, Route.HELP])
def test_a_long_page_shows_a_scroll_bar_and_says_what_is_left(app, size, route):
    sized(app, size)
    app.go(Route.TITLE)
    page = app.open(route, **({"rules": load_preset("racehorse")} if route == Route.RULES
                              else {}))
    pump(app, 1)
    bar, cue = bar_and_cue(app)
    assert page.most > 0, "the page fits: nothing to scroll"
    assert bar is not None and cue and cue[0].startswith("▼ More below")
    top_thumb = page.thumb()
    pump(app, 2, events=[key(pygame.K_PAGEDOWN)])
    assert page.scroll > 0 and page.thumb().top > top_thumb.top  # the thumb follows
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-200, flipped=False,
                                            precise_x=0.0, precise_y=-200.0)])
    assert page.scroll == page.most
    assert bar_and_cue(app)[1][0].startswith("▲ The end")
    pump(app, 1, events=[key(pygame.K_HOME)])
    assert page.scroll == 0
    track = page.track()
    pump(app, 1, events=click((track.centerx, track.bottom - 2)))  # a click below the thumb
    assert page.scroll > 0


def test_a_page_that_fits_has_no_scroll_bar(app):
    app.go(Route.TITLE)
    page = app.open(Route.RULES, rules=load_preset("racehorse"))
    page.sections = [("Short", ["One line."])]
    pump(app, 2)
    assert page.most == 0
    assert bar_and_cue(app) == (None, [])
