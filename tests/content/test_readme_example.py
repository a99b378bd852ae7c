"""The README's own house-rules example is read out of README.md and played (issue 18: "The
README's example plays in `simulate`, `match` and the table.")"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.bots import handeval
from game.bots.calibrate import starting_models
from game.match.duplicate import MatchSpec, run_match, seatings
from game.match.simulate import simulate
from game.rules.handview import hand_rules
from game.store.content import load_house_rules

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_house_file(folder: Path) -> Path:
    """The README's first TOML example that starts from a preset, written to ``folder``."""
    blocks = re.findall(r"```toml\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    text = next(b for b in blocks if b.lstrip().startswith("base = "))
    path = folder / "our-table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_readme_example_is_the_one_the_issue_names(tmp_path):
    rules = load_house_rules(readme_house_file(tmp_path))
    assert rules.passing.count == 4 and rules.meld.run_includes_royal_marriage
    assert rules.scoring.scale == "x1"


def test_the_readme_example_simulates(tmp_path):
    # Before issue 18 this stopped with "You can only pass back cards you hold."
    rules = load_house_rules(readme_house_file(tmp_path))
    report = simulate(rules, 200, seed=1)
    assert report.hands == 200 and report.violations == []


def test_the_readme_example_plays_a_match(tmp_path):
    # Before issue 18 `pinochle match ... --a medium --b easy --deals 40` hung.
    path = readme_house_file(tmp_path)
    rules = load_house_rules(path)
    report = run_match(MatchSpec(str(path), "medium", "easy", 1), 40, load=lambda _: rules)
    assert len(report.tables) == 80 and sum(t.illegal for t in report.tables) == 0


def house_examples() -> list[tuple[str, str]]:
    """(where, text) of every TOML example that starts from a preset, in README.md and docs/."""
    out = []
    for doc in [README, *sorted((README.parent / "docs").glob("*.md"))]:
        blocks = re.findall(r"```toml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
        out += [(f"{doc.name} #{i}", b) for i, b in enumerate(blocks)
                if b.lstrip().startswith("base = ")]
    return out


def test_every_house_example_in_the_readme_and_docs_is_found():
    where = [w.split(" #")[0] for w, _ in house_examples()]
    assert "README.md" in where and "house-rules.md" in where


@pytest.mark.parametrize("where,text", house_examples())
def test_every_house_example_plays_with_bots_fitted_for_it(where, text, tmp_path):
    """Issue 27: a house table whose trick-taking is no preset's is played by bots whose hand
    models were fitted for it (the README's pass-four, x1 table is one)."""
    path = tmp_path / "example.toml"
    path.write_text(text, encoding="utf-8")
    rules = load_house_rules(path)
    report = run_match(MatchSpec(str(path), "medium", "easy", 3), 4, load=lambda _: rules)
    # every deal at every seating (two at sides of two; five where five sit out in turn)
    assert sum(t.illegal for t in report.tables) == 0
    assert len(report.tables) == 4 * len(seatings(rules))
    # Where people sit out, the bots play each hand at its three-handed table (a preset's).
    rules = hand_rules(rules)
    if not rules.stock.enabled and not handeval.preset_key(rules):
        assert handeval.signature(rules) in handeval.FITTED
        assert handeval.model_for(rules) != starting_models(rules)[0]
