"""Issue 25, wording: what the table says must be what a player reads at a real table.
"'Until I click' shows no cue to click; the meld display during the pass-back says 'meld 0' for
a side that has not melded yet; cutthroat says 'You discards' and 'the bidding side'"; and, found
in the review, two-handed's "Stock: 1 cards"."""

from __future__ import annotations

import pytest

from game.rules.actions import Bid, Pass
from game.rules.phase import Phase
from game.ui.scene import Route
from game.ui.scenes.displays import ResultScene
from game.ui.scenes.stockturn import stock_left
from game.ui.table import hud
from game.ui.table.status import CLICK_ON
from game.ui.widgets import recording
from tests.ui.conftest import click, pump
from tests.ui.driving import run_until, start


def texts(app) -> list[str]:
    with recording() as rec:
        for scene in app.stack:
            scene.draw(app.screen)
    return [x.label for x in rec.items if x.kind in ("text", "label")]


def test_a_trick_held_until_a_click_says_so(app):
    app.settings.trick_pause = "until I click"
    table = start(app, seed=3)
    held = lambda: table.timeline.held is not None and table.timeline.held.seconds is None  # noqa: E731
    assert run_until(app, table, held)
    assert table.status_text()[0] == CLICK_ON
    assert CLICK_ON in texts(app)
    pump(app, 1, events=click(table.layout.center))  # the click it asks for
    assert not held() and CLICK_ON not in texts(app)


def test_the_meld_review_during_the_pass_back_says_who_has_not_melded(app):
    """The bidder melds after the pass-back: until then its side has "not melded yet"."""
    for seed in range(40):
        table = start(app, seed=seed)

        def bid(legal):
            bids = [a for a in legal if isinstance(a, Bid)]
            return bids[0] if bids else (Pass() if Pass() in legal else legal[0])

        assert run_until(app, table, lambda t=table: t.view.phase not in (
            Phase.DEAL, Phase.AUCTION, Phase.TRUMP, Phase.PASS), choose=bid)
        if table.view.phase == Phase.PASS_BACK and table.view.actor == 0:
            break
    else:
        pytest.fail("the player never passed back")
    melded = set(table.model.melds)
    assert melded and len(melded) < 4, melded  # the pass-back comes between the melds
    scene = app.open(Route.MELD, table=table, review=True)
    pump(app, 2)
    lines = scene.footer_lines()
    rules = table.match.rules
    for side in range(rules.n_sides):
        label = hud.side_label(table, side)
        line = next(x for x in lines if x.startswith(label))
        if not set(rules.seats_of(side)) & melded:
            assert line == f"{label}: not melded yet", line
        assert "meld 0" not in line or set(rules.seats_of(side)) <= melded
    shown = texts(app)
    for seat in set(range(4)) - melded:
        assert f"{table.human_name(seat)} — not melded yet" in shown


def test_cutthroat_names_the_bidder_not_a_side_and_says_whose_discards(app):
    def bid(legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        return bids[0] if bids else legal[0]

    table = start(app, "cutthroat", seed=2)
    assert run_until(app, table, lambda: table.view.phase == Phase.TRICKS
                     and table.view.bidder == 0, choose=bid)
    rules = table.match.rules
    label = hud.pile_label(table, rules.side_of(0))
    assert label in ("Your discards", "") or label.startswith("You\n"), label
    if not table.board.side_won(rules.side_of(0)):
        assert label == "Your discards"
    assert run_until(app, table, lambda: isinstance(app.top, ResultScene), choose=bid)
    shown = " ".join(texts(app))
    assert "The bidder " in shown and "bidding side" not in shown


def test_the_stock_counts_one_card_as_one_card():
    assert stock_left(1) == "Stock: 1 card."
    assert stock_left(9) == "Stock: 9 cards."


@pytest.mark.parametrize("unseen", [False, True])
def test_a_conceded_hand_is_said_in_words_that_fit_the_player_too(app, unseen):
    """Review by eye (cutthroat): the player's bubble read "Throws in" beside "You"."""
    from game.rules.events import HandConceded

    table = start(app, "cutthroat", seed=2)
    table.model.apply(HandConceded(0, unseen))
    said = table.model.talk.bubbles[0]
    assert said in ("Thrown in", "Conceded unseen")
    assert not said.endswith("s in") and not said.endswith("Concedes")
