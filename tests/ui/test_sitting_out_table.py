"""The table at a three-handed game where four sit down (VARIANTS.md, "Sitting out": "If there
are four players, the dealer receives no cards"): the dealer's chair is labelled as sitting out
and shows no cards, and sentences about the hand keep the plain seat names."""

from __future__ import annotations

from game.ui.table.hud import seat_title
from game.ui.table.labels import chair_title
from tests.ui.driving import run_until, start

FOUR = 'base = "cutthroat"\nname = "cutthroat-four"\ntitle = "Four at the table"\n' \
       '[table]\nseated = 4\n'


def test_the_dealers_chair_sits_out_and_holds_no_cards(app, tmp_path):
    path = tmp_path / "four.toml"
    path.write_text(FOUR, encoding="utf-8")
    table = start(app, str(path))
    assert run_until(app, table, lambda: sum(table.view.hand_sizes) > 0, answering=False)
    dealer = table.board.dealer
    assert dealer == 3  # the first dealer sits on the human's right: East
    titles = [chair_title(table, s) for s in range(4)]
    assert titles[3] == "East (sitting out)"
    assert not any("sitting out" in t for t in titles[:3])
    assert table.view.hand_sizes == (15, 15, 15, 0)
    assert seat_title(table, 3).startswith("East") and "sitting" not in seat_title(table, 3)
