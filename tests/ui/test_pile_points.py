"""Issue 38: at five-handed each player's won tricks lie by that player, and their label says
how many tricks and counters the pile holds. The label read the counters of the hand's sides
(bidder and partner against the rest), not the pile's seat: a pile of one trick said "-3 pts".
Each pile's label, as the table draws it through a played hand, names the counters of the
tricks in it, from the engine."""

from __future__ import annotations

import pytest

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


def test_the_piles_at_the_games_end_read_the_last_hands_result():
    """Issue 38, under Xvfb at six-handed, 1024x640: behind "You win the game!" the piles read
    "Your side 13 tricks · 42 pts" and "... 7 tricks · 27 pts", 69 of the 75 a hand holds: the
    last hand's result (48 and 27, on the score sheet) had closed, and the labels fell back on
    the view's count, which at the game's end is not the last hand's (six of its counters were
    missing; a game ended by a hand not played has none). At the game's end each pile reads
    its side's tricks as the last hand's result scored them."""
    from types import SimpleNamespace

    from game.rules.cards import Suit
    from game.rules.events import HandResult, Outcome, SideResult
    from game.rules.phase import Phase
    from game.store.content import load_preset

    rules = load_preset("six-handed")
    result = HandResult(11, 5, 1, 90, Suit.SPADES,
                        (SideResult(0, 48, 48, 48, 48, 96),
                         SideResult(1, 56, 0, 27, 0, -90, bid=90, made=False)),
                        (827, 343), outcome=Outcome.SET)
    # The view at the game's end as seen: six of the last hand's counters missing.
    view = SimpleNamespace(phase=Phase.GAME_OVER, bidder=1, taken=(14, 9, 14, 9, 14, 9))
    scene = SimpleNamespace(
        match=SimpleNamespace(rules=rules), human=0, view=view, board=view,
        model=SimpleNamespace(result=result, tricks=SimpleNamespace(
            sweeping=[], side_tricks=[13, 7])))
    assert pile_label(scene, 0) == "Your side\n13 tricks · 48 pts"
    assert pile_label(scene, 1) == "Southwest, North & Southeast\n7 tricks · 27 pts"


@pytest.mark.parametrize(("preset", "side", "said"), [
    ("six-handed", 0, "You, Northwest & Northeast reached 750"),
    ("six-handed", 1, "Southwest, North & Southeast reached 750"),
    ("racehorse", 0, "You & North reached 500"),
    ("five-handed", 0, "You reached 500"),
])
def test_the_game_over_reason_names_the_players_side_as_the_table_does(app, preset, side,
                                                                     said):
    """The engine's reason names the winners by seat ("South, Northwest & Northeast reached
    750"); under "You win the game!" the player's own seat reads "You", as everywhere else."""
    from game.rules.events import GameWon
    from game.ui.scenes.gameover import GameOverScene


    table = start(app, preset)
    seating = table.match.rules.seating
    target = 750 if preset == "six-handed" else 500
    won = GameWon(side, f"{seating.side_name(side)} reached {target}")
    assert GameOverScene(app, table, won).reason() == said
