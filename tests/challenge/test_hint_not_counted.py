"""Hint in a duplicate challenge (issue 28, items 3 and 4; the lead's decision): Hint asks the
expert, so a player who uses it can match the expert move for move. Hint stays available but
is counted: a hand in which it was used is marked "with Hint", left out of the table's
difference from the expert and its 95% interval and out of the rating, and the mark is kept
with the saved game and the challenge's file (checked on loading; a bad one is named in one
line and loses nothing)."""

from __future__ import annotations

import dataclasses
import json

from game.match.challenge import challenge_deal
from game.match.challengequeue import ChallengeQueue
from game.match.rating import rate, record, review_item, table_figures
from game.match.review import review_hand
from game.match.session import Session
from game.store.challenge import Challenge, Item
from game.store.stats import Stats
from game.store.store import Store
from game.store.tables import preset_table
from tests.challenge.test_duplicate_deal import table_game

LEVELS = ("easy", "medium", "hard", "expert")


def deal(hand: int, diff: float, hint: bool = False) -> Item:
    """A deal where the player is ``diff`` points from the expert."""
    return Item("duplicate", "racehorse", 5, hand, diff,
                tuple(zip(LEVELS, (-60.0, -30.0, -10.0, 0.0), strict=True)), hint)


def test_hinted_deals_are_left_out_of_the_tables_figures_and_counted_as_such():
    clean = [deal(k, d) for k, d in enumerate((-20.0, 10.0, -5.0))]
    hinted = [deal(10 + k, 500.0, hint=True) for k in range(3)]
    fig, alone = table_figures(clean + hinted), table_figures(clean)
    assert fig is not None and alone is not None
    assert (fig.deals, fig.mean, fig.low, fig.high) == (alone.deals, alone.mean, alone.low,
                                                        alone.high)
    assert fig.hinted == 3 and fig.hinted_words == "3 hands with Hint not counted"
    assert alone.hinted == 0 and alone.hinted_words == ""
    only = table_figures(hinted[:1])
    assert only is not None and only.mean is None and only.hinted_words == \
        "1 hand with Hint not counted"


def test_hinted_hands_are_left_out_of_the_rating_and_add_no_point_to_its_history():
    ch = Challenge()
    for k, d in enumerate((-20.0, 10.0, -5.0, -40.0)):
        record(ch, deal(k, d))
    before, points = rate(ch.items), len(ch.history)
    record(ch, deal(99, 500.0, hint=True))  # as good as the expert, and better
    assert rate(ch.items) == before and len(ch.history) == points
    assert len(ch.items) == 5 and ch.counted() == ch.items[:4]


def test_a_hint_marks_its_hand_and_the_challenge_task_and_review_carry_the_mark(tmp_path):
    store = Store(tmp_path)
    match = table_game("racehorse", "medium", hands=1)
    hand = match.state.hand_no  # the second hand, dealt
    assert match.hinted == set()
    match.hint(0)
    assert match.hinted == {hand}  # asking is enough: the hint was seen
    match.hinted.add(0)  # and say the first hand had one too
    session = Session(match, store, Stats(), 0, preset_table("racehorse"), True, True, True,
                      ChallengeQueue(lambda task: None))
    task = session.challenge_task(0)
    assert task.hint
    item = challenge_deal(match.rules, dataclasses.replace(task, levels=()), match.actions)
    assert item is not None and item.hint
    review = review_hand(match.rules, match.seed, match.actions, 0, 0, match.seats, 0.02,
                         levels=())
    assert review is not None
    session.reviewed(review)
    kept = store.load_challenge()
    assert [i.kind for i in kept.items] == ["review"] and kept.items[0].hint
    assert kept.history == []  # not rated
    reviewed = review_item("racehorse", match.seed, review)
    assert reviewed is not None and not reviewed.hint  # unmarked unless a hint was used


def _save_with(tmp_path, hinted: object) -> tuple[Store, dict]:
    store = Store(tmp_path)
    match = table_game("racehorse", "medium", hands=2)
    session = Session(match, store, Stats(), 0, preset_table("racehorse"), True, True, True,
                      ChallengeQueue(lambda task: None))
    session.save()
    path = store.save_path("racehorse")
    data = json.loads(path.read_text())
    data["hinted"] = hinted
    path.write_text(json.dumps(data))
    return store, data


def test_a_bad_mark_is_named_in_one_line_and_loses_nothing(tmp_path):
    for bad, field in ((["first"], "hinted[0]"), ([0, 0], "hinted[1]"), (7, "hinted"),
                       ([40], "hinted[0]")):
        store, data = _save_with(tmp_path / field.replace("[", "_").rstrip("]") / str(bad),
                                 bad)
        saved = store.load_game("racehorse")
        assert saved is not None, field  # the game itself is kept, every action of it
        assert [str(a) for a in saved.actions] == data["actions"]
        assert saved.hinted == [0, 1, 2]  # unknown: every hand so far taken as hinted
        assert len(store.messages) == 1 and "\n" not in store.messages[0]
        assert field in store.messages[0] and "Hint" in store.messages[0]
        kept = list(store.aside_dir.iterdir())
        assert len(kept) == 1 and json.loads(kept[0].read_text()) == data


def test_an_older_save_without_the_mark_reads_as_no_hint(tmp_path):
    store, _ = _save_with(tmp_path, None)
    saved = store.load_game("racehorse")
    assert saved is not None and saved.hinted == [] and store.messages == []
