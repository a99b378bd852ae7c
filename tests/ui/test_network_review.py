"""The review after a hand at a network table, in the window (issue 41, item 4: "the review of
one's own decisions after the hand works at a network table"): the hand's result offers the
Review (not the replays, whose deal stays with the host), the host makes it from the player's
own views and sends it to that device, and the screen shows it as at a game on this machine;
a costly decision opens its choices and their worth. Headless, on 127.0.0.1."""

from __future__ import annotations

import random

from game.net.reviews import HostReviews
from game.net.schema import Start
from game.net.seat import join_table
from game.ui import widgets
from game.ui.overlay import Display, Overlay
from game.ui.scene import Route
from game.ui.scenes.displays import ResultScene
from game.ui.scenes.handreview import DecisionScene, HandReviewScene
from game.ui.table.reviewsource import NetReview
from tests.limits import HANG_SECONDS
from tests.net.devices import room
from tests.ui.test_network_table import run, table_of


def texts(app) -> list[str]:  # noqa: ANN001
    with widgets.recording() as rec:
        app.draw()
    return [x.label for x in rec.items if x.kind == "text"]


def test_the_host_reviews_a_network_seats_hand_and_the_window_shows_it(app):
    app.settings.fast = True  # the meld display goes on by itself
    r = room("racehorse", people=2, bot_delay=0.0)
    r.host.reviews = HostReviews(budget=0.05, levels=())  # quick, and the same every time
    owner = r.join("Ann", seat=0, owner=True)
    seat = join_table(f"127.0.0.1:{r.server.port}", "Bob")
    seat.client.want_seat = 1
    rng = random.Random(41)
    try:
        app.open(Route.TITLE)
        app.open(Route.LOBBY, seat=seat)
        client = seat.client
        assert run(app, lambda: client.state.welcome is not None, client)
        owner.client.settle(lambda c: c.state.welcome is not None, HANG_SECONDS)
        assert owner.client.send(Start())
        assert run(app, lambda: table_of(app) is not None, client)
        table = table_of(app)

        def to_result() -> bool:
            r.devices[0].turn()
            top = app.top
            if isinstance(top, ResultScene):
                return True
            if isinstance(top, Overlay) and not isinstance(top, Display) and top.name != "deal" \
                    and table.match.waiting_for_human() and not table.timeline.busy:
                top.act(rng.choice(table.view.legal))  # as a click on a legal choice would
            return False

        assert run(app, to_result, client)
        result = app.top
        labels = [b.label for b in result.buttons]
        assert "Review" in labels and "Replay" not in labels and "Show all hands" not in labels
        next(b for b in result.buttons if b.label == "Review").on_click()
        review = app.top
        assert isinstance(review, HandReviewScene) and isinstance(review.source, NetReview)
        assert review.making and "The host is starting it" in " ".join(texts(app))
        assert [b.label for b in review.buttons] == ["Close"]  # the host finishes it anyway
        assert run(app, lambda: (r.devices[0].turn() or True)
                   and (not review.making or "The host has graded" in " ".join(texts(app))),
                   client)
        assert run(app, lambda: (r.devices[0].turn() or True) and not review.making, client)
        assert review.error == "" and review.review is not None
        assert review.review.seat == 1 and len(review.rows) == len(review.review.decisions) > 0
        drawn = " | ".join(texts(app))
        assert "Review of hand 1" in drawn and "decisions:" in drawn and "points lost" in drawn
        assert "Find a better play" not in [b.label for b in review.buttons]  # needs the deal
        assert "click one to see its choices and their worth" in drawn  # no replay here
        assert review.picks  # a random player's hand has costly decisions
        review.picks[0].on_click()
        decision = app.top
        assert isinstance(decision, DecisionScene)
        shown = " | ".join(texts(app))
        assert "Expected score of each choice" in shown
        assert decision.row.graded.chosen.text in shown
        assert "Outlined in gold" not in shown  # no cards are drawn to be outlined
        assert r.server.figures.engine_errors == 0 and r.leaks == []
    finally:
        app.reset(app.stack[0]) if app.stack else None
        seat.close()
        r.close()
