"""Tutorial progress: lessons finished, best stars per exercise, the learner's table, the terms
already explained and the drill's tally, each field checked, a bad one refused by name."""

import json

import pytest

from game.store.progress import Progress, progress_from_json
from game.store.store import Store


def test_progress_round_trips_through_the_store(tmp_path):
    store = Store(tmp_path)
    p = Progress()
    p.lessons["10-cards-and-tricks"] = True
    p.record_stars("lesson/10-cards-and-tricks", 2)
    p.record_stars("lesson/10-cards-and-tricks", 1)  # the best result is kept
    p.record_stars("puzzle/40-rh-last-to-play", 3)
    p.table = "partnership-150"
    p.terms = ["trick", "trump"]
    p.record_drill("racehorse", 3, 57)
    p.record_drill("racehorse", 1, 60)
    p.record_drill("cutthroat", 2, 9)
    assert store.save_progress(p)
    back = store.load_progress()
    assert back == p and back.stars["lesson/10-cards-and-tricks"] == 2
    # The drill's tally is per table (issue 24), and where it stands too.
    assert back.drill_tally("racehorse") == (2, 4) and back.drill_tally("cutthroat") == (1, 2)
    assert back.drill_tally("two-handed") == (0, 0) and back.drill["at:racehorse"] == 60


def test_stars_out_of_range_are_refused():
    with pytest.raises(ValueError):
        Progress().record_stars("lesson/x", 4)


@pytest.mark.parametrize("data,field", [
    ({"stars": {"lesson/x": 5}}, "stars.lesson/x"),
    ({"stars": {"lesson/x": "three"}}, "stars.lesson/x"),
    ({"drill": {"played": -1}}, "drill.played"),
    ({"drill": {"cheat": 3}}, "drill.cheat"),
    ({"drill": {"cheat:racehorse": 3}}, "drill.cheat:racehorse"),
    ({"drill": {"stars:racehorse": -2}}, "drill.stars:racehorse"),
    ({"terms": "trick"}, "terms"),
    ({"terms": [3]}, "terms[0]"),
    ({"table": 7}, "table"),
])
def test_bad_fields_are_refused_by_name_and_the_rest_kept(data, field):
    good = {"lessons": {"a": True}}
    progress, errors = progress_from_json({**good, **data})
    assert progress.lessons == {"a": True}
    assert len(errors) == 1 and errors[0].field.startswith(field)


def test_old_progress_files_still_load():
    progress, errors = progress_from_json(json.loads(
        '{"lessons": {"01-the-pack": true}, "puzzles": {"01-feed-the-counter": "first try"}}'))
    assert errors == [] and progress.puzzles == {"01-feed-the-counter": "first try"}
    assert progress.stars == {} and progress.table == ""
    # A file from before the drill kept its tally per table still loads, its numbers kept.
    progress, errors = progress_from_json({"drill": {"played": 4, "stars": 9, "next_seed": 3}})
    assert errors == [] and progress.drill["played"] == 4
