"""docs/house-rules.md lists every option a house file may set (the README points there)."""

import dataclasses
from pathlib import Path

from game.rules.rulefile import _SECTIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"


def test_every_option_is_documented():
    text = DOC.read_text(encoding="utf-8")
    missing = [f"{section}.{f.name}" for section, cls in _SECTIONS.items()
               for f in dataclasses.fields(cls) if f"`{f.name}`" not in text]
    assert not missing, missing
    assert all(f"`[{section}]`" in text for section in _SECTIONS)
