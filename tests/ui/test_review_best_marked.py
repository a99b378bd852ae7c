"""Issue 40, item 3, in the replay: every option within the tie of the best is marked best
in the list of choices, and every such card is outlined in gold in the player's hand."""

from __future__ import annotations

import dataclasses

import pytest

from game.bots.analysis import TIE
from game.match.review import Graded
from game.match.reviewread import Row
from game.rules.actions import PlayCard
from game.store.reviews import StoredOption
from game.ui.scene import Route
from game.ui.widgets import recording
from tests.ui.test_review_moments import SIZES, open_at


def tied(row: Row, gap: float) -> Row:
    """The row's decision with its two best options ``gap`` apart and the player's choice
    well below them."""
    d = row.graded.decision
    chosen = next(o for o in d.options if o.action == d.chosen or
                  getattr(o.action, "card", None) == getattr(d.chosen, "card", 0))
    others = [o for o in d.options if o is not chosen][:2]
    options = (dataclasses.replace(others[0], value=50.0),
               dataclasses.replace(others[1], value=50.0 - gap),
               dataclasses.replace(chosen, value=-40.0))
    return Row(Graded(dataclasses.replace(d, options=options)), row.moment, row.trick)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_equally_good_card_is_outlined_and_marked_best(app, size):
    table, _, all_rows = open_at(app, "cutthroat-4", size)
    row = next(r for r in all_rows if r.at_trick and len(r.graded.decision.options) >= 3)
    for gap, marked in ((TIE - 1, 2), (TIE + 1, 1)):
        focus = tied(row, gap)
        app.open(Route.REPLAY, table=table, hand_no=0, focus=focus)
        with recording() as rec:
            app.top.draw(app.screen)
        texts = [d.label for d in rec.items if d.kind == "text"]
        outlined = [d.label for d in rec.items if d.kind == "best card"]
        best: list[StoredOption] = list(focus.graded.decision.options[:marked])
        for o in best:
            assert any(t.startswith(f"{o.text} (best): ") for t in texts), (o.text, texts)
            assert isinstance(o.action, PlayCard)
            assert str(o.action.card) in outlined
        assert len(outlined) == marked
        third = focus.graded.decision.options[marked]
        assert not any(t.startswith(f"{third.text} (best") for t in texts)
        app.pop()
