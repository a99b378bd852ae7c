"""House files: a table of values replaces the base's whole table, and trick points must add up
to the total the table names (issue 19.1)."""

from __future__ import annotations

import json
import sys

import pytest

from game.rules.errors import RuleSetError
from game.rules.explain import rules_sections, rules_text
from game.rules.rulefile import warnings
from game.store.content import load_preset, ruleset_from_text
from tests.limits import run_cpu_limited

METHOD_3 = ('base = "partnership-150"\nname = "m3"\ntitle = "Method 3"\n[tricks]\n'
            'points = { A = 10, T = 10, K = 10 }\n')


def test_method_3_without_writing_q_0():
    # 003: "Method #3 - streamlined: Aces, tens, and kings are worth 10, queens, jacks, and nines
    # are worth 0 ... a total of 4X60+10 = 250 points." The house table replaces the base's
    # points whole, so the base's Q = 5 does not creep back in (it made 290).
    r = ruleset_from_text(METHOD_3, "m3.toml")
    assert dict(r.tricks.points) == {"A": 10, "T": 10, "K": 10}
    assert r.total_trick_points == 250
    text = rules_text(r)
    assert "Trick points: A 10, 10 10, K 10; Q, J, 9 count nothing; last trick 10 (250 in all)."\
        in text
    assert "method 1" not in text  # the base's name for its own counting is gone
    assert warnings(r) == []


@pytest.mark.parametrize(("section", "table", "key", "value", "base_key"), [
    ("tricks", "texts", "follow_suit", '"Follow."', "must_trump"),
    ("meld", "classes", "run", '"Class II (suit melds)"', "aces"),
    ("meld", "names", "run", '"Sequence"', "aces"),
])
def test_a_table_of_values_replaces_the_bases_table_whole(section, table, key, value, base_key):
    house = (f'base = "partnership-150"\nname = "t"\ntitle = "t"\n[{section}.{table}]\n'
             f'{key} = {value}\n')
    r = ruleset_from_text(house, "t.toml")
    mapping = getattr(getattr(r, section), table)
    assert mapping[key] == json.loads(value) and base_key not in mapping
    assert base_key in getattr(getattr(load_preset("partnership-150"), section), table)


def test_counters_that_do_not_add_up_are_refused_where_the_document_says_they_must():
    # 003: "There are several ways to count up the points for play, but they add up to 250
    # points under all methods."
    house = METHOD_3.replace("K = 10 }", "K = 10, Q = 5 }")
    with pytest.raises(RuleSetError) as exc:
        ruleset_from_text(house, "m3.toml")
    message = str(exc.value)
    assert "tricks.points" in message and "290" in message and "250" in message
    assert "\n" not in message
    named = ruleset_from_text(house + "total = 290\n", "m3.toml")  # naming its own total
    assert named.total_trick_points == 290 and warnings(named) == []


def test_counters_that_do_not_add_up_are_warned_about_where_other_totals_are_allowed():
    # 000 states the total its counting makes ("there are 250 points available in the tricks")
    # without forbidding another counting: the table plays, and the rules say so.
    house = ('base = "racehorse"\nname = "q"\ntitle = "q"\n[tricks]\n'
             'points = { A = 10, T = 10, K = 10, Q = 5 }\n')
    r = ruleset_from_text(house, "q.toml")
    assert r.total_trick_points == 290
    assert warnings(r) == ["q.toml: tricks.points: the trick points add up to 290 with the last "
                           "trick, not the 250 that document 000 names (tricks.total): give "
                           "every counter its value, or name the total you mean"]
    title, lines = rules_sections(r)[0]
    assert title == "Warning" and lines == warnings(r)


def test_pinochle_rules_prints_the_warning_and_each_total(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text('base = "racehorse"\nname = "q"\ntitle = "q"\n[tricks]\n'
                    'points = { A = 10, T = 10, K = 10, Q = 5 }\n', encoding="utf-8")
    out = run_cpu_limited([sys.executable, "-m", "game", "rules", "--variant", str(path)], 60)
    assert out.returncode == 0
    assert out.stdout.startswith("Warning\n") and "(290 in all)" in out.stdout
    data = json.loads(run_cpu_limited(
        [sys.executable, "-m", "game", "rules", "--variant", str(path), "--json"], 60).stdout)
    assert data["sections"][0]["title"] == "Warning"
