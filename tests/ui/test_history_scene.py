"""Issue 25, item 4: the hand history "can be browsed from Statistics and replayed"."""

from __future__ import annotations

from game.ui.scene import Route
from tests.store.test_hand_history import golden
from tests.ui.conftest import pump


def test_statistics_opens_the_history_and_a_hand_replays(app):
    app.store.save_game(golden("racehorse"))
    app.store.archive_game(golden("cutthroat"))
    stats = app.open(Route.STATISTICS)
    history_button = next(b for b in stats.buttons if b.label == "Hand history")
    history_button.on_click()
    history = app.top
    assert history.name == "hand history"
    games = [b.label for b in history.buttons[:-1]]
    assert games == ["Racehorse: in progress, 2 hands", "Cutthroat: finished, 2 hands"]
    history.buttons[1].on_click()  # the finished cutthroat game: its hands
    hands = [b.label for b in history.buttons[:-1]]
    assert [h.split(":")[0] for h in hands] == ["Hand 1", "Hand 2"]
    assert "pinochle history cutthroat--" in history.note
    history.buttons[1].on_click()  # hand 2's replay, over the game as it stood then
    replay = app.top
    assert replay.name == "replay" and replay.history.hand_no == 1
    table = replay.table
    assert len(table.match.actions) <= len(golden("cutthroat").actions)
    replay.close()
    pump(app, 3)
    assert app.top is history  # the table it was drawn on left with it
    assert not app.store.save_path("cutthroat").exists()  # nothing saved by looking
