"""The fast tier's list of long tests (tests/tiers.py LONG) names tests that exist: a test
renamed or removed would otherwise drop silently back into the fast tier, or out of it."""

from __future__ import annotations

import importlib

from tests.limits import ROOT
from tests.tiers import LONG, is_long


def test_every_long_test_named_exists():
    missing = []
    for key in LONG:
        path, _, name = key.partition("::")
        if not (ROOT / path).is_file():
            missing.append(key)
            continue
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        if name and not callable(getattr(module, name.split("[")[0], None)):
            missing.append(key)
    assert missing == []


def test_a_long_test_is_matched_with_its_parameters_and_nothing_else():
    key = "tests/ui/test_no_overlaps.py::test_nothing_overlaps_in_any_scene_or_prompt"
    assert key in LONG
    assert is_long(key) and is_long(key + "[1024x640-default]")
    assert not is_long(key + "_too") and not is_long("tests/ui/test_no_overlaps.py::test_x")
    assert is_long("tests/review/test_no_peeking.py::test_anything[racehorse]")
