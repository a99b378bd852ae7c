"""Decisions that lived only in preset comments are stated to the player (issue 19.4:
"`pinochle rules --variant V` states every decision a player needs, including those now only
in preset comments, and the rules screen shows the same text")."""

from __future__ import annotations

import pytest

from game.rules.errors import RuleSetError
from game.rules.explain import rules_text
from game.store.content import load_preset, preset_names, ruleset_from_text

SILENT = "Where the document is silent, this table decided"


def test_002_a_side_must_take_a_trick_to_keep_its_meld_and_the_bidders_count_first():
    text = rules_text(load_preset("partnership-190"))
    assert SILENT in text
    assert "a side must take at least one trick to keep its meld" in text
    assert "the bidding side counts first and wins" in text


def test_003_four_handed_saves_meld_per_side():
    # 003: "A player must take at least one trick to gain credit for his meld" (three players)
    text = rules_text(load_preset("partnership-150"))
    assert "four-handed this table saves meld per side" in text


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_states_its_decisions_and_the_direction(name):
    rules = load_preset(name)
    assert rules.decisions, name
    text = rules_text(rules)
    for line in rules.decisions.values():
        assert line in text


def test_a_house_file_that_changes_an_option_drops_the_presets_decision_about_it():
    house = ruleset_from_text('base = "partnership-190"\nname = "h"\ntitle = "h"\n[scoring]\n'
                              'save_meld = "none"\n', "h.toml")
    assert "scoring.save_meld" not in house.decisions
    assert "scoring.tie_rule" in house.decisions


def test_decisions_must_name_an_option():
    with pytest.raises(RuleSetError, match="decisions.scoring.nonsense"):
        ruleset_from_text('base = "racehorse"\nname = "h"\ntitle = "h"\n[decisions]\n'
                          '"scoring.nonsense" = "x"\n', "h.toml")
