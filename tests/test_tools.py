"""Every tool in tools/ imports and answers --help (issue 37: a recipe whose tool fails with an
ImportError is no recipe). Each is run as ``python -m tools.NAME --help`` would run it."""

from __future__ import annotations

import importlib
import re
import runpy
import sys
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[1] / "tools"
MODULES = sorted(p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__")
# A command has a main guard; the rest are the commands' libraries (the sprites' drawing kit).
COMMANDS = [m for m in MODULES
            if 'if __name__ == "__main__"' in (FOLDER / f"{m}.py").read_text(encoding="utf-8")]


@pytest.mark.parametrize("name", sorted(set(MODULES) - set(COMMANDS)))
def test_the_library_imports(name):
    importlib.import_module(f"tools.{name}")


@pytest.mark.parametrize("name", COMMANDS)
def test_the_tool_imports_and_answers_help(name, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [f"tools/{name}.py", "--help"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module(f"tools.{name}", run_name="__main__", alter_sys=False)
    assert done.value.code in (0, None)
    assert "usage" in capsys.readouterr().out.lower()


def test_a_tool_that_fails_to_import_is_caught(tmp_path, monkeypatch):
    """The plant: a tool importing a name that does not exist."""
    (tmp_path / "broken_tool.py").write_text("from game.bots.handeval import NO_SUCH_NAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["broken_tool.py", "--help"])
    with pytest.raises(ImportError):
        runpy.run_module("broken_tool", run_name="__main__", alter_sys=False)


def test_new_preset_copies_its_base_to_the_next_free_place(tmp_path):
    from tools.new_preset import new_preset

    for name, order in (("a", 3), ("b", 9)):
        (tmp_path / f"{name}.toml").write_text(f'name = "{name}"\norder = {order}  # place\n'
                                               f'[table]\nplayers = 4\n', encoding="utf-8")
    path = new_preset("c-2", "a", tmp_path)
    assert path.read_text(encoding="utf-8") == 'name = "c-2"\norder = 10  # place\n' \
                                               '[table]\nplayers = 4\n'
    for name, base, says in (("c-2", "a", "exists already"), ("C", "a", "no preset name"),
                             ("d", "nope", "no preset 'nope' to copy (choose from: a, b, c-2)")):
        with pytest.raises(ValueError, match=re.escape(says)):
            new_preset(name, base, tmp_path)


def test_hand_stats_reads_the_hands_it_played():
    from game.store.content import load_preset
    from tools.hand_stats import side_scores, stats

    rules = load_preset("cutthroat")
    scores = side_scores(rules, 3, 1)
    assert len(scores) == 3 * rules.seating.n_sides  # every side of every hand
    assert side_scores(rules, 3, 1) == scores  # seeded: the same hands again
    assert stats([1.0, 3.0]) == (2.0, 1.4)
    with pytest.raises(ValueError, match="fewer than two scored hands"):
        stats([5.0])
