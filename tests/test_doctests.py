"""The examples in the game's docstrings are run (issue 37, item 7: "doctests run by the suite
where an example says more than words", as python-chess does). Every module of game/ that
writes one is found here: an example cannot be written and never run."""

from __future__ import annotations

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
