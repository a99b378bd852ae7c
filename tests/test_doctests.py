"""The public functions of the rules, the bots and the match say what they do, and the examples
in the game's docstrings are run (issue 37, item 7: "public functions of rules, bots and match
documented, with doctests run by the suite where an example says more than words", as
python-chess does). Every module of game/ that writes an example is found here: an example
cannot be written and never run."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"


def modules_with_examples(root: Path = GAME) -> list[str]:
    return sorted(".".join(p.relative_to(root.parent).with_suffix("").parts)
                  for p in root.rglob("*.py") if ">>> " in p.read_text(encoding="utf-8"))


MODULES = modules_with_examples()


def test_the_examples_are_found():
    assert {"game.rules.cards", "game.rules.notation", "game.rules.seating"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_modules_examples_hold(name):
    """A failing example is printed above the assertion; a ``>>>`` outside a docstring (never
    run) counts as a module with no example."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name}: '>>> ' written where doctest does not run it"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"


# The packages whose public classes and functions (at a module's top level) say what they are:
# the floors the rest of the game is built on, whose names a reader meets everywhere above them.
DOCUMENTED = ("rules", "bots", "match")


def undocumented(source: str) -> list[str]:
    """The public classes and functions of a module (at its top level) without a docstring."""
    return [f"line {n.lineno}: {n.name}" for n in ast.parse(source).body
            if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and not n.name.startswith("_") and ast.get_docstring(n) is None]


def test_every_public_class_and_function_of_rules_bots_and_match_says_what_it_is():
    files = [p for package in DOCUMENTED for p in sorted((GAME / package).rglob("*.py"))]
    assert len(files) > 3 * 5  # the walk reaches the packages: nothing found is no pass
    bad = [f"{p.relative_to(GAME.parent)} {hit}" for p in files
           for hit in undocumented(p.read_text(encoding="utf-8"))]
    assert not bad, "a public class or function without a docstring:\n" + "\n".join(bad)


def test_a_planted_undocumented_class_and_function_are_found():
    planted = 'def documented() -> int:\n    """One."""\n    return 1\n\n\n' \
              'def bare() -> int:\n    return 1\n\n\ndef _private() -> None:\n    pass\n\n\n' \
              'class Bare:\n    x: int\n\n\nclass Told:\n    """One."""\n'
    assert undocumented(planted) == ["line 6: bare", "line 14: Bare"]
