"""docs/rating.md says exactly how the rating is computed: its figures are read from the page
and checked against the code, and its worked example is worked out again here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.match.duplicate import interval
from game.match.rating import (
    GRID,
    NEAR,
    POSITIONS,
    STEPS,
    WINDOW,
    leads,
    position,
    rate,
    rating_words,
)
from game.store.challenge import Item

DOC = (Path(__file__).parents[2] / "docs" / "rating.md").read_text()


def figure(pattern: str) -> str:
    found = re.findall(pattern, DOC)
    assert len(found) == 1, f"{pattern!r} is on the page {len(found)} times"
    return found[0]


def test_the_window_and_the_grid_are_the_codes():
    assert int(figure(r"From the most recent \*\*(\d+)\*\* items")) == WINDOW
    assert int(figure(r"a grid of \*\*(\d+)\*\* ratings from 1")) == GRID
    assert STEPS[1] - STEPS[0] == pytest.approx(float(figure(r"\(a step of ([\d.]+)\)")))


def test_the_scale_is_the_codes():
    scale = figure(r"\*\*(easy \d, medium \d, hard \d, expert \d)\*\*")
    assert dict((w, float(n)) for w, n in (p.split() for p in scale.split(", "))) == POSITIONS


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("+", ""))


def test_the_worked_example_comes_out_as_the_page_says():
    found = figure(r"(?s)Example: three duplicate deals.*?:\s+(.*?) give a rating of\s+([\d.]+) ± "
                   r"([\d.]+), \"(.*?)\"\. \(Your mean leads there are (.*?); the game "
                   r"review's rule.*?would say ([\d.]+)\.\)")
    deals_text, value, sd, words, leads_text, review_rule = found
    deals = re.findall(r"(−?\d+) \((.*?)\)", deals_text)
    assert len(deals) == 3
    items = [Item("duplicate", "racehorse", 7, k, number(p),
                  tuple(zip(("easy", "medium", "hard", "expert"),
                            (number(v) for v in figs.split(", ")), strict=True)))
             for k, (p, figs) in enumerate(deals)]
    got = rate(items)
    assert got is not None
    assert f"{got.value:.2f}" == value and f"{got.sd:.2f}" == sd and got.words == words
    said = {w: number(v) for w, v in (p.split() for p in re.split(r",\s+|\s+and\s+",
                                                                     leads_text))}
    assert {lv: round(v, 1) for lv, v in leads(items).items()} == said
    assert f"{position(leads(items)):.2f}" == review_rule


def test_the_simulation_rows_are_the_tools():
    """The page's table of reported against true spreads names the tool that makes it, and
    the test that runs it again holds the same figures' promise."""
    assert "python -m tools.rating_sim" in DOC
    assert "tests/challenge/test_rating_honest.py" in DOC
    rows = re.findall(r"^\| (\d+) \| ([\d.]+) \| ([\d.]+) \| ([−+][\d.]+) \|", DOC, re.M)
    assert [int(r[0]) for r in rows] == [3, 5, 20]
    for _, reported, true, bias in rows:
        assert abs(float(reported) - float(true)) <= 0.2 * float(true)
        assert abs(number(bias)) <= 0.15


def test_the_words_and_the_interval_are_as_described():
    limit = float(figure(r"Within ([\d.]+) of a level"))
    assert limit == NEAR
    assert rating_words(2 + limit * 0.99) == "about medium"
    assert rating_words(2 + limit * 1.01) == "between medium and hard"
    assert "1.96 standard errors" in DOC
    mean, (lo, hi), var = interval([10.0, 20.0, 30.0])
    assert hi - mean == pytest.approx(1.96 * (var / 3) ** 0.5)
