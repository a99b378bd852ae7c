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


DOCUMENTED = ("rules", "bots", "match")  # the packages whose public functions say what they do


def undocumented(source: str) -> list[str]:
    """The public functions of a module (at its top level) without a docstring."""
    return [f"line {n.lineno}: {n.name}" for n in ast.parse(source).body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            and not n.name.startswith("_") and ast.get_docstring(n) is None]


def test_every_public_function_of_rules_bots_and_match_says_what_it_does():
    bad = [f"{p.relative_to(GAME.parent)} {hit}" for package in DOCUMENTED
           for p in sorted((GAME / package).rglob("*.py"))
           for hit in undocumented(p.read_text(encoding="utf-8"))]
    assert not bad, "a public function without a docstring:\n" + "\n".join(bad)


def test_a_planted_undocumented_function_is_found():
    planted = 'def documented() -> int:\n    """One."""\n    return 1\n\n\n' \
              'def bare() -> int:\n    return 1\n\n\ndef _private() -> None:\n    pass\n'
    assert undocumented(planted) == ["line 6: bare"]
