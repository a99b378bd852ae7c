"""Every tool in tools/ imports and answers --help (issue 37: a recipe whose tool fails with an
ImportError is no recipe). Each is run as ``python -m tools.NAME --help`` would run it."""

from __future__ import annotations

import importlib
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
