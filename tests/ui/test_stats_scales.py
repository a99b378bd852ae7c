"""Issue 25: "Statistics' 'All tables' average bid mixes double-deck with single-deck bids." A
double-deck bid of 60 and a racehorse bid of 300 make no average: "All tables" gives an average
bid (and a best meld) only when every table played counts its points on one scale."""

from __future__ import annotations

from game.store.stats import VariantStats
from game.ui.scene import Route
from game.ui.widgets import recording
from tests.ui.conftest import pump


def all_tables_row(app) -> list[str]:
    with recording() as rec:
        app.top.draw(app.screen)
    texts = [x for x in rec.items if x.kind == "text"]
    row = next(x for x in texts if x.label == "All tables")
    return [x.label for x in texts if abs(x.rect.top - row.rect.top) < 3 and x is not row], \
        [x.label for x in texts]


def test_all_tables_has_no_average_bid_across_scales(app):
    stats = app.stats
    stats.variants["racehorse"] = VariantStats(games_played=1, hands_played=4, bids_won=2,
                                               bid_total=600, best_meld=150)
    stats.variants["double-deck"] = VariantStats(games_played=1, hands_played=4, bids_won=2,
                                                 bid_total=120, best_meld=40)
    app.go(Route.TITLE)
    app.open(Route.STATISTICS)
    pump(app, 2)
    row, texts = all_tables_row(app)
    assert "180" not in row and "150" not in row  # (600 + 120) / 4, and the racehorse meld
    assert row.count("–") == 2
    assert any(t.startswith("All tables: no average bid or best meld") for t in texts)


def test_all_tables_averages_the_bids_of_one_scale(app):
    stats = app.stats
    stats.variants["racehorse"] = VariantStats(games_played=1, hands_played=4, bids_won=2,
                                               bid_total=600, best_meld=150)
    stats.variants["partnership-190"] = VariantStats(games_played=1, hands_played=4, bids_won=2,
                                                     bid_total=520, best_meld=90)
    app.go(Route.TITLE)
    app.open(Route.STATISTICS)
    pump(app, 2)
    row, texts = all_tables_row(app)
    assert "280" in row and "150" in row  # (600 + 520) / 4; the best of both
    assert not any(t.startswith("All tables: no average") for t in texts)
