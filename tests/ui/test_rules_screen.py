"""The rules screen shows what `pinochle rules` prints (issues 16 and 19): who bids first, the
rank order, warnings and the decisions where the document is silent."""

import pytest

from game.rules.explain import rules_sections
from game.store.content import load_preset, preset_names, ruleset_from_text
from game.ui.scenes.sheets import RulesScene


@pytest.mark.parametrize("name", preset_names())
def test_the_rules_screen_shows_the_rules_text(app, name):
    rules = load_preset(name)
    scene = RulesScene(app, rules)
    assert scene.sections == rules_sections(rules)
    titles = [t for t, _ in scene.sections]
    assert "Where the document is silent, this table decided" in titles


def test_the_rules_screen_opens_with_a_house_files_warning(app):
    rules = ruleset_from_text('base = "racehorse"\nname = "q"\ntitle = "q"\n[tricks]\n'
                              'points = { A = 10, T = 10, K = 10, Q = 5 }\n', "q.toml")
    scene = RulesScene(app, rules)
    assert scene.sections[0][0] == "Warning" and "290" in scene.sections[0][1][0]
