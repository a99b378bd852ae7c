"""Issue 14, item 2: a bidding panel shows each seat's bids and passes in order throughout the
auction, and stays reviewable during the play with the contract: who bid what, and trump."""

from __future__ import annotations

import pygame
import pytest

from game.rules.phase import Phase
from game.ui import widgets
from game.ui.scenes.play import AuctionScene
from game.ui.scenes.review import BiddingScene
from game.ui.table import infopanel
from tests.ui.conftest import key, pump
from tests.ui.driving import SIZES, run_until, start


def drawn_texts(monkeypatch, app, module=infopanel):
    """Every text the score panel draws on the next frame, with its rectangle."""
    seen: list[tuple[str, pygame.Rect]] = []
    real = widgets.draw_text

    def record(surface, text, pos, size, *args, **kwargs):
        rect = real(surface, text, pos, size, *args, **kwargs)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(module, "draw_text", record)
    app.draw()
    monkeypatch.setattr(module, "draw_text", real)
    return seen


def calls_by_seat(view):
    out: dict[int, list[str]] = {s: [] for s in range(view.rules.players)}
    for seat, amount in view.bids:
        out[seat].append(str(amount) if amount else "Pass")
    return out


def rows_drawn(texts, table, lay):
    """The panel's rows: the texts on each bidding row, keyed by the seat name heading it."""
    names = {infopanel.who(table, s): s for s in range(table.match.rules.players)}
    rows: dict[int, list[str]] = {}
    current = None
    for text, rect in texts:
        if text in names and rect.left < lay.info.left + 30:
            current = names[text]
            rows[current] = []
        elif " bid " in text:
            current = None  # the rows are over: "North bid 310", the contract
        elif current is not None and text != "…":
            rows[current].append(text)
    return rows


@pytest.mark.parametrize("size", SIZES)
def test_every_call_is_shown_in_order_in_the_auction_and_in_the_play(app, monkeypatch, size):
    table = start(app, seed=21, size=size)
    assert run_until(app, table, lambda: isinstance(app.top, AuctionScene)
                     and len(table.view.bids) >= 2)
    lay = table.layout
    texts = drawn_texts(monkeypatch, app)
    expected = calls_by_seat(table.board)
    rows = rows_drawn(texts, table, lay)
    assert set(rows) == set(expected)
    for seat, calls in rows.items():
        assert calls == expected[seat][-len(calls):] if calls else not expected[seat], (
            seat, [t for t, _ in texts], expected)
    for _, rect in texts:
        assert lay.info.contains(rect), rect
    assert run_until(app, table, lambda: table.view.phase == Phase.TRICKS and
                     table.match.waiting_for_human() and app.top is not table)
    texts = drawn_texts(monkeypatch, app)
    expected = calls_by_seat(table.board)
    assert sum(map(len, expected.values())) >= 3
    for seat, calls in rows_drawn(texts, table, lay).items():
        assert calls == expected[seat][-len(calls):] if calls else not expected[seat], (
            seat, [t for t, _ in texts], expected)
    contract = [t for t, _ in texts if " bid " in t]
    view = table.board
    assert contract == [f"{infopanel.who(table, view.bidder)} bid {view.bid}"]
    # The trump by symbol and name at every size (the name was dropped at 1280 and 1920).
    suit = view.trump_suit
    assert f"{suit.symbol} {suit.name.title()}" in [t for t, _ in texts]
    for _, rect in texts:
        assert lay.info.contains(rect), rect


def test_the_bids_key_reviews_the_whole_auction_during_the_play(app, monkeypatch):
    from game.ui.table import replaypieces  # where the auction is drawn

    table = start(app, seed=21)
    assert run_until(app, table, lambda: table.view.phase == Phase.TRICKS and
                     table.match.waiting_for_human() and app.top is not table)
    pump(app, 2, events=[key(pygame.K_b, "b")])
    assert isinstance(app.top, BiddingScene)
    texts = [t for t, _ in drawn_texts(monkeypatch, app, replaypieces)]
    view = table.board
    for seat, calls in calls_by_seat(view).items():
        name = infopanel.who(table, seat)
        i = texts.index(name)
        assert texts[i + 1:i + 1 + len(calls)] == calls
    assert any(t.startswith(f"{infopanel.who(table, view.bidder)} bid {view.bid}")
               for t in texts)


def test_a_long_auction_keeps_the_latest_calls_after_an_ellipsis():
    pygame.font.init()
    calls = [(str(250 + 10 * i), i == 9) for i in range(10)]
    fitted = infopanel.fit_calls(calls, 14, 160, 8)
    assert fitted[0] == ("…", False) and fitted[-1] == ("340", True)
    assert [t for t, _ in fitted[1:]] == [t for t, _ in calls[-(len(fitted) - 1):]]
    assert infopanel.fit_calls(calls[:2], 14, 160, 8) == calls[:2]


@pytest.mark.parametrize("scores", [(745, -105), (0, 102)])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_side_of_three_and_its_score_lie_apart_in_the_panel(app, monkeypatch, size, scores):
    """Issue 38, under Xvfb at six-handed, 1024x640: "Southwest, North & Southeast" ran under
    its score ("Southeast102"). With scores as wide as a game to 750 makes them, each side's
    name lies clear of its score, names the side's three seats, and stays in the panel; and
    both sides are named alike (in full, or both by initials: "You, Northwest & Northeast"
    above "SW, N & SE" read as two kinds of name)."""
    import dataclasses

    from game.ui.table.labels import side_initials, side_label

    table = start(app, "six-handed", size=size)
    table.board = dataclasses.replace(table.view, scores=scores)
    seen = drawn_texts(monkeypatch, app)
    lay = table.layout
    names = []
    for side, score in enumerate(str(v) for v in scores):
        figure = next(rect for text, rect in seen if text == score)
        name = next((text, rect) for text, rect in seen if rect.top == figure.top
                    and text != score)
        assert not name[1].colliderect(figure), (name, figure)
        assert lay.info.contains(name[1]) and lay.info.contains(figure)
        seats = table.match.rules.seating.seats_of(side)
        assert name[0].count(",") + name[0].count("&") == len(seats) - 1, name
        names.append(name[0])
    assert names in ([side_label(table, s) for s in (0, 1)],
                     [side_initials(table, s) for s in (0, 1)]), names
