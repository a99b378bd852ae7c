"""House-rules files are checked as a whole: every number in range, fields that depend on each
other checked together, and the file itself read safely. Each case was accepted before (and then
crashed or hung the engine) or refused for the wrong reason."""

from __future__ import annotations

import pytest

from game.rules.errors import RuleSetError
from game.store.content import read_house_rules, ruleset_from_text

HEAD = 'name = "x"\ntitle = "x"\n'

REFUSED = [
    # (file body after the head, the field the one-line error must name)
    ('base = "racehorse"\n[auction]\nmax_bid = 1000000000000\n', "auction.max_bid"),
    ('base = "racehorse"\n[auction]\nmax_bid = 10000000\n', "auction.max_bid"),
    ('base = "racehorse"\n[auction]\nstep = 0\n', "auction.step"),
    ('base = "racehorse"\n[scoring]\novertime_step = 0\n', "scoring.overtime_step"),
    ('base = "racehorse"\n[scoring]\ntarget = 0\n', "scoring.target"),
    ('base = "racehorse"\n[auction]\nall_pass_bid = 2500\n', "auction.all_pass_bid"),
    ('base = "partnership-190"\n[scoring]\nstar_levels = []\n', "scoring.star_levels"),
    ('base = "partnership-190"\n[scoring]\nstar_levels = [300, 250]\n', "scoring.star_levels"),
    ('base = "racehorse"\n[auction]\nskip_endings = ' + str(list(range(0, 100, 10))) + "\n",
     "auction.skip_endings"),
    ('base = "racehorse"\n[passing]\ncount = 5\n', "passing.count"),
    ('base = "racehorse"\n[table]\ndeal_packet = 9\n', "table.deal_packet"),
    ('base = "racehorse"\n[tricks.points]\nA = 100000\n', "tricks.points.A"),
    ('base = "racehorse"\n[table]\nrank_order = "A-9"\n', "table.rank_order"),
    ('base = "racehorse"\ndescription = "' + "x" * 5000 + '"\n', "description"),
]


@pytest.mark.parametrize(("body", "field"), REFUSED, ids=[f for _, f in REFUSED])
def test_out_of_range_or_inconsistent_fields_are_refused_in_one_line(body, field):
    base, _, rest = body.partition("\n")
    with pytest.raises(RuleSetError) as err:
        ruleset_from_text(base + "\n" + HEAD + rest, "house.toml")
    message = str(err.value)
    assert "\n" not in message and f"'{field}'" in message and "house.toml" in message


def test_deeply_nested_toml_is_refused_in_one_line(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(HEAD + "x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        read_house_rules(path)
    assert "\n" not in str(err.value) and "nests" in str(err.value)


def test_a_huge_number_is_refused_not_a_crash(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(HEAD + 'base = "racehorse"\n[auction]\nmin_bid = ' + "9" * 5000 + "\n",
                    encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        read_house_rules(path)
    assert "\n" not in str(err.value)


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeff".encode() + (HEAD + 'base = "racehorse"\n').encode("utf-8"))
    _, rules = read_house_rules(path)
    assert rules.name == "x" and rules.auction.min_bid == 250


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(HEAD + "# " + "x" * 3_000_000 + "\n", encoding="utf-8")
    with pytest.raises(RuleSetError, match="larger than"):
        read_house_rules(path)


def test_every_number_in_a_rule_file_has_a_range():
    import dataclasses
    import typing

    from game.rules.rulefile import _SECTIONS, RANGES

    missing = []
    for section, cls in _SECTIONS.items():
        for f in dataclasses.fields(cls):
            hint = typing.get_type_hints(cls)[f.name]
            args = typing.get_args(hint)
            numeric = hint is int or (typing.get_origin(hint) is tuple and args[0] is int) or (
                f.name == "points")
            if numeric and f"{section}.{f.name}" not in RANGES:
                missing.append(f"{section}.{f.name}")
    assert not missing, f"numbers with no range: {missing}"
