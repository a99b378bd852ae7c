"""Issue 38: at five-handed each player's won tricks lie by that player, and their label says
how many tricks and counters the pile holds. The label read the counters of the hand's sides
(bidder and partner against the rest), not the pile's seat: a pile of one trick said "-3 pts".
Each pile's label, as the table draws it through a played hand, names the counters of the
tricks in it, from the engine."""

from __future__ import annotations

from game.ui.table.hud import pile_label
from tests.ui.driving import run_until, start


def test_every_pile_label_counts_its_own_tricks_at_five_handed(app):
    table = start(app, "five-handed", seed=5)
    rules = table.match.rules
    checked = 0

    def labels_true() -> bool:
        nonlocal checked
        if not table.board.taken:
            return False  # only during the play
        for side in range(rules.seating.n_sides):
            text = pile_label(table, side)
            if "pts" not in text or "\n" not in text:
                continue
            points = int(text.split(" · ")[1].split(" pts")[0])
            seats = rules.seating.seats_of(side)
            # a trick on its way to the pile joins the count when it lands
            assert 0 <= points <= sum(table.board.taken[s] for s in seats), (side, text)
            checked += 1
        return checked >= 12  # a dozen labels with points seen, over several tricks

    assert run_until(app, table, labels_true, frames=20_000), (checked, table.board.taken)
