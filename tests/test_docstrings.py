"""Every public top-level class and function of the rules, the bots and the match says what it
is (issue 37, item 7): these are the floors the rest of the game is built on, and a reader meets
their names everywhere above them.

Public means a name without a leading underscore; methods and nested definitions are left to
their class's own docstring.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "bots", "match")


def _public_definitions(path: Path) -> list[ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    return [node for node in tree.body
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and not node.name.startswith("_")]


def _undocumented(path: Path) -> list[str]:
    """``file:name`` of each public top-level class or function of ``path`` without a
    docstring."""
    return [f"{path.relative_to(ROOT).as_posix()}:{node.name}"
            for node in _public_definitions(path) if ast.get_docstring(node) is None]


def _files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / "game" / pkg).rglob("*.py"))


def test_the_walk_reaches_every_package():
    """A walk that finds nothing passes vacuously: each package holds public definitions."""
    for pkg in PACKAGES:
        found = [node for p in (ROOT / "game" / pkg).rglob("*.py")
                 for node in _public_definitions(p)]
        assert len(found) > 10, f"game/{pkg}: only {len(found)} public definitions found"


def test_every_public_class_and_function_has_a_docstring():
    missing = [hit for path in _files() for hit in _undocumented(path)]
    assert not missing, ("public classes and functions without a docstring (say what each is "
                         "and holds):\n  " + "\n  ".join(missing))


def test_a_planted_undocumented_class_and_function_are_named(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    planted = tmp_path / "planted.py"
    planted.write_text('class Told:\n    """One."""\n\n\nclass Bare:\n    x: int\n\n\n'
                       'def bare() -> None:\n    pass\n\n\nclass _Private:\n    pass\n',
                       "utf-8")
    assert _undocumented(planted) == ["planted.py:Bare", "planted.py:bare"]
