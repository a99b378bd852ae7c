"""docs/rating.md says exactly how the rating is computed: its figures are read from the page
and checked against the code, and its worked example is worked out again here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.match.duplicate import interval
from game.match.rating import (
    MIN_ITEMS,
    NEAR,
    POSITIONS,
    RESAMPLES,
    UNKNOWN_SD,
    WINDOW,
    position,
    rating_words,
)

DOC = (Path(__file__).parents[2] / "docs" / "rating.md").read_text()


def figure(pattern: str) -> str:
    found = re.findall(pattern, DOC)
    assert len(found) == 1, f"{pattern!r} is on the page {len(found)} times"
    return found[0]


def test_the_window_resamples_and_least_items_are_the_codes():
    assert int(figure(r"From the most recent \*\*(\d+)\*\* items")) == WINDOW
    assert int(figure(r"over \*\*(\d+)\*\* bootstrap resamples")) == RESAMPLES
    assert int(figure(r"Under \*\*(\d+)\*\* items")) == MIN_ITEMS
    assert float(figure(r"the uncertainty is then ([\d.]+)")) == round(UNKNOWN_SD, 2)


def test_the_scale_is_the_codes():
    scale = figure(r"\*\*(easy \d, medium \d, hard \d, expert \d)\*\*")
    assert dict((w, float(n)) for w, n in (p.split() for p in scale.split(", "))) == POSITIONS


def test_the_worked_example_comes_out_as_the_page_says():
    text = figure(r"Example: leads of (.*?) give a\s+rating of ([\d.]+)\.")
    leads_text, said = text
    lead = {w: float(v.replace("−", "-")) for w, v in
            (p.split() for p in re.split(r",\s+", leads_text))}
    assert position(lead) == pytest.approx(float(said))


def test_the_words_and_the_interval_are_as_described():
    limit = float(figure(r"Within ([\d.]+) of a level"))
    assert limit == NEAR
    assert rating_words(2 + limit * 0.99) == "about medium"
    assert rating_words(2 + limit * 1.01) == "between medium and hard"
    assert "1.96 standard errors" in DOC
    mean, (lo, hi), var = interval([10.0, 20.0, 30.0])
    assert hi - mean == pytest.approx(1.96 * (var / 3) ** 0.5)
