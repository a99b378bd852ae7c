"""Issue 28, the review: "Clicking one opens the replay at that moment, with the alternatives
and the expert's reason in words". A decision made before the tricks (a bid, a pass or
pass-back, trump, the widow and the discard, play or concede) or between them (a two-handed
meld or draw) opens on a page of its own showing what the player saw then, from their seat: the
auction as it stood, the cards passed, the widow, the trick just won; a card opens at its
trick. Checked at the three window sizes for overlaps."""

from __future__ import annotations

import random

import pytest

from game.match.controller import Match
from game.match.review import decisions, review_hand
from game.match.reviewread import rows
from game.rules.actions import Bid, Discard, LayMeld, NameTrump, Pass, PassCards, PlayCard
from game.rules.gamehands import game_hands
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.tables import preset_table
from game.ui.scene import Route
from game.ui.scenes.review import MOMENT
from game.ui.table.scene import TableScene
from game.ui.widgets import recording
from tests.ui.driving import sized
from tests.ui.overlaps import problems, record_frame
from tools.screenshots import played_match

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
# (table, seed): a first hand in which the player (seat 0, played by the hard level) makes
# the decisions named, found once by playing them (the same every run: seeded)
HANDS = {"racehorse-0": ("racehorse", 0),  # bid, trump, pass back
         "racehorse-4": ("racehorse", 4),  # bid, pass, pass to the partner
         "cutthroat-4": ("cutthroat", 4),  # bid, widow, discard, trump, play or concede
         "two-handed-4": ("two-handed", 4)}  # stock cards, melds, draws


def played(preset: str, seed: int) -> Match:
    """The first hand over, the player's seat played by hard with its own generator."""
    return played_match(preset, seed, "hard", rng=random.Random(seed))


_REVIEWED: dict[str, tuple] = {}


def reviewed(key: str):
    """The hand, played and reviewed cheaply (the analysis is tested on its own)."""
    if key not in _REVIEWED:
        match = played(*HANDS[key])
        review = review_hand(match.rules, match.seed, match.actions, 0, 0, match.seats, 0.03,
                             levels=())
        _REVIEWED[key] = (match, review)
    return _REVIEWED[key]


def texts(app) -> list[str]:
    with recording() as rec:
        app.top.draw(app.screen)
    return [d.label for d in rec.items if d.kind == "text"]


def open_at(app, key: str, size=(1280, 800)):
    match, review = reviewed(key)
    preset = HANDS[key][0]
    table = TableScene(app, Match(match.rules, match.seed, match.seats, list(match.actions)),
                       preset_table(preset))
    app.reset(table)
    sized(app, size)
    hand = game_hands(match.rules, match.seed, match.actions)[0]
    return table, hand, rows(hand, review)


@pytest.mark.parametrize("key", list(HANDS))
def test_each_decision_opens_at_its_own_moment_as_the_player_saw_it(app, key):
    table, hand, all_rows = open_at(app, key)
    seen_before = {index: state for index, state, _ in decisions(hand, 0)}
    kinds = set()
    for row in all_rows:
        d = row.graded.decision
        replay = app.open(Route.REPLAY, table=table, hand_no=0, focus=row)
        shown = texts(app)
        # the alternatives with their expected scores, and the reason, on every page
        assert f"{row.graded.best.text} (best): {row.graded.best.value:+.0f}" in shown or \
            row.graded.best is row.graded.chosen
        assert any(t.startswith(row.moment[:1].upper() + row.moment[1:]) for t in shown)
        if isinstance(d.chosen, PlayCard):
            assert replay.index == row.trick and replay.seen is None
        else:
            kinds.add(type(d.chosen).__name__)
            assert replay.index == MOMENT
            # what the player saw at the decision: their own view, nothing more
            assert replay.seen == observe(seen_before[d.index], 0)
            assert not replay.seen.revealed
            _says_what_was_seen(replay, row, shown)
            # Next goes on to the trick that came after it: a meld follows the trick it
            # names ("after trick 2"), any other decision comes before its trick
            view = replay.seen
            replay.forward()
            after = row.trick + 1 if view.phase == Phase.MELD_TURN else max(0, row.trick)
            assert replay.index == after or not replay.history.tricks
        app.pop(replay)
    expected = {"racehorse-0": {"Bid", "NameTrump", "PassCards"},
                "racehorse-4": {"Bid", "Pass", "PassCards"},
                "cutthroat-4": {"Bid", "TakeWidow", "Discard", "NameTrump", "PlayHand"},
                "two-handed-4": {"LayMeld", "EndTurn"}}[key]
    assert expected <= kinds


def _says_what_was_seen(replay, row, shown: list[str]) -> None:
    view, d = replay.seen, row.graded.decision
    joined = " | ".join(shown)
    if view.phase == Phase.AUCTION:
        assert isinstance(d.chosen, Bid | Pass)
        assert "?" in shown  # the player's turn, after the calls made so far
        for _, amount in view.bids:  # every call made before it, and none after
            assert (str(amount) if amount else "Pass") in shown
        if isinstance(d.chosen, Bid):  # the player's own call is not made yet (bids rise,
            assert str(d.chosen.amount) not in shown  # so no earlier call has its number)
    if isinstance(d.chosen, PassCards):
        passed = " ".join(c.pretty for c in d.chosen.cards)
        assert f"{passed} (edged in blue)" in joined
    if isinstance(d.chosen, Discard):
        assert "You discarded: " + " ".join(c.pretty for c in d.chosen.cards) in joined
        assert "The widow" in shown
    if isinstance(d.chosen, NameTrump | Discard | PassCards) and view.bidder >= 0:
        assert f"the auction at {view.bid}" in joined
    if isinstance(d.chosen, LayMeld) or view.phase == Phase.MELD_TURN:
        trick = replay.history.tricks[row.trick]
        assert any(t.startswith(f"Trick {row.trick + 1}: ") and f"+{trick.points}" in t
                   for t in shown)
        assert f"Stock: {view.stock_size} card" in joined


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("key", ["racehorse-0", "cutthroat-4", "two-handed-4"])
def test_the_moments_overlap_nothing(app, key, size):
    table, _, all_rows = open_at(app, key, size)
    for row in all_rows:
        if row.at_trick:
            continue
        replay = app.open(Route.REPLAY, table=table, hand_no=0, focus=row)
        assert problems(record_frame(app), size) == [], row.moment
        app.pop(replay)
