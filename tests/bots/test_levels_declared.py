"""Declared once: the bot levels live in one catalogue and behaviour comes from their settings,
and the bots' per-preset calibration tables cover exactly the presets the game ships.

Before, bidding asked ``level in ("hard", "expert", "open")`` and the registry kept its own
lists; a preset added to game/presets/ got the generic hand model without a word.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.bots import catalogue, registry
from game.bots.gamevalue import HAND_STATS
from game.bots.handeval import MODELS, PRESET_SIGNATURES, signature
from game.rules.ruleset import RuleSet
from game.store.content import load_preset, preset_names, ruleset_from_text

GAME = Path(__file__).resolve().parents[2] / "game"
NAMES = set(catalogue.BY_NAME)


# -- the catalogue --------------------------------------------------------------------------------
def test_the_registry_makes_every_catalogued_level_and_nothing_else():
    assert tuple(level.name for level in catalogue.CATALOGUE) == registry.LEVELS
    assert set(registry.MAKERS) == NAMES
    for name in NAMES - {"random"}:
        assert registry.make_bot(name).level == name  # type: ignore[attr-defined]
    assert tuple(lv.name for lv in catalogue.CATALOGUE if lv.at_table) == registry.TABLE_LEVELS
    assert not set(registry.TABLE_LEVELS) & set(registry.MEASUREMENT_ONLY)
    assert catalogue.BY_NAME[registry.STRONGEST].at_table
    with pytest.raises(ValueError, match="unknown bot level 'grandmaster'"):
        catalogue.level_settings("grandmaster")


def level_name_tests(source: str) -> list[str]:
    """Each place ``source`` decides behaviour by a level's name: ``level == "easy"``,
    ``level in ("hard", "expert", "open")``, ``self.level != "hard"``..."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        # A network chair's kind is "open", "bot" or "human": the word, not the level "open".
        if any("kind" in ast.unparse(side) for side in [node.left, *node.comparators]):
            continue
        for side in [node.left, *node.comparators]:
            values = [side] if isinstance(side, ast.Constant) else (
                list(side.elts) if isinstance(side, ast.Tuple | ast.List | ast.Set) else [])
            if any(isinstance(v, ast.Constant) and v.value in NAMES for v in values):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
                break
    return found


def test_no_behaviour_is_chosen_by_a_level_name():
    bad = [f"{path.relative_to(GAME.parent)} {hit}" for path in sorted(GAME.rglob("*.py"))
           for hit in level_name_tests(path.read_text(encoding="utf-8"))]
    assert not bad, "ask catalogue.level_settings(level) instead:\n" + "\n".join(bad)


@pytest.mark.parametrize("planted", [
    'if level in ("hard", "expert", "open"):\n    pass\n',
    'easy = level == "easy"\n',
    'if "open" != self.level:\n    pass\n',
    'if seat.level == "open":\n    pass\n',
])
def test_a_planted_level_name_test_is_found(planted):
    assert level_name_tests(planted)


def hand_kept_level_lists(source: str) -> list[str]:
    """Each list of levels written out by hand in ``source`` (a tuple, list or set naming two
    levels or more): a new level would be missing from it until someone found and edited it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            names = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in NAMES]
            if len(names) >= 2:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_every_list_of_levels_is_read_from_the_catalogue():
    """'pinochle match' refused a new level until a hand-kept list in commands/match_cmd.py was
    edited (issue 37); play, settings, the network table and the reviews read the catalogue."""
    bad = [f"{path.relative_to(GAME.parent)} {hit}" for path in sorted(GAME.rglob("*.py"))
           if path.name != "catalogue.py"
           for hit in hand_kept_level_lists(path.read_text(encoding="utf-8"))]
    assert not bad, "read the levels from game/bots/catalogue.py:\n" + "\n".join(bad)


@pytest.mark.parametrize("planted", [
    'LEVEL_CHOICES = ("random", "easy", "medium", "hard", "expert", "open")\n',
    'LEVELS = ["easy", "medium"]\n',
])
def test_a_planted_level_list_is_found(planted):
    assert hand_kept_level_lists(planted)


def test_a_level_setting_moves_the_margin():
    """The search levels stop at SEARCH_MARGIN: the setting, not the name, decides it."""
    from game.bots import bidding

    p150 = load_preset("partnership-150")
    assert bidding.margin_z(p150, "normal", "hard") == bidding.SEARCH_MARGIN
    assert bidding.margin_z(p150, "normal", "medium") > bidding.SEARCH_MARGIN
    assert bidding.margin_z(p150, "normal", "easy") == bidding.ROUGH_MARGIN


# -- the calibration tables -----------------------------------------------------------------------
def calibration_problems(presets: dict[str, RuleSet]) -> list[str]:
    """Every way the bots' tables fail the presets: a preset without its hand statistics, an
    auction preset without its fitted models or whose rules differ from those they were fitted
    on, and a table entry for a preset that does not exist."""
    bad = []
    for name, rules in presets.items():
        if name not in HAND_STATS:
            bad.append(f"{name}: no HAND_STATS (game/bots/gamevalue.py)")
        if rules.stock.enabled:
            continue  # the stock game has no auction: no bid or play model
        if name not in MODELS:
            bad.append(f"{name}: no fitted MODELS (python -m tools.calibrate_bots {name})")
        if PRESET_SIGNATURES.get(name) != signature(rules):
            bad.append(f"{name}: its rules are not those its models were fitted on "
                       f"(PRESET_SIGNATURES)")
    for table, entries in (("MODELS", MODELS), ("HAND_STATS", HAND_STATS),
                           ("PRESET_SIGNATURES", PRESET_SIGNATURES)):
        bad += [f"{table} has {e!r}, which is no preset" for e in entries if e not in presets]
    return bad


def _shipped() -> dict[str, RuleSet]:
    return {name: load_preset(name) for name in preset_names()}


def test_every_preset_has_its_calibration_and_no_table_has_a_stranger():
    assert calibration_problems(_shipped()) == []


def test_a_preset_without_its_models_is_found(monkeypatch):
    monkeypatch.delitem(MODELS, "double-deck")
    monkeypatch.delitem(HAND_STATS, "check")
    assert calibration_problems(_shipped()) == [
        "double-deck: no fitted MODELS (python -m tools.calibrate_bots double-deck)",
        "check: no HAND_STATS (game/bots/gamevalue.py)"]


def test_a_preset_whose_rules_changed_after_fitting_is_found_and_not_given_its_model():
    """A preset file edited (method 3's trick points) without refitting: the test names it,
    and the bots do not use the old preset's model for the new rules."""
    changed = ruleset_from_text('base = "partnership-150"\nname = "partnership-150"\n'
                                '[tricks]\npoints = { A = 10, T = 10, K = 10 }\n', "planted")
    presets = {**_shipped(), "partnership-150": changed}
    assert calibration_problems(presets) == [
        "partnership-150: its rules are not those its models were fitted on (PRESET_SIGNATURES)"]
    from game.bots.handeval import preset_key

    assert preset_key(changed) != "partnership-150"
    assert preset_key(load_preset("partnership-150")) == "partnership-150"


def test_a_new_preset_without_calibration_is_found():
    extra = ruleset_from_text('base = "racehorse"\nname = "pinochle-six"\n', "planted")
    assert calibration_problems({**_shipped(), "pinochle-six": extra}) == [
        "pinochle-six: no HAND_STATS (game/bots/gamevalue.py)",
        "pinochle-six: no fitted MODELS (python -m tools.calibrate_bots pinochle-six)",
        "pinochle-six: its rules are not those its models were fitted on (PRESET_SIGNATURES)"]
