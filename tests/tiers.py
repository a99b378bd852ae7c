"""The two tiers of the long sweeps (issue 27, item 6: "Long sweeps keep their full size under a
`slow` marker, and a quicker sample runs by default").

A sweep of ``full`` cases is cut in two parts that never overlap: the *sample*, its first
``sample`` cases, runs in the fast tier (``pytest -m "not slow"``); the *rest* is marked ``slow``.
The README's test command runs both, so the whole run still checks every case, and no case is
checked twice. Each part is a ``range`` of case numbers; a sweep that draws its cases at random
seeds each case by its number, so that both parts draw the same cases whichever runs first.
"""

from __future__ import annotations

import pytest

# For a sweep that sizes each part itself (hypothesis's examples, a monkey's events): the part's
# name, "sample" or "rest".
PART = [pytest.param("sample", id="sample"),
        pytest.param("rest", id="rest", marks=pytest.mark.slow)]


def parts(sample: int, full: int) -> list[object]:
    """``pytest.param``s of the two parts of a sweep of ``full`` cases: the sample (the fast
    tier) and the rest (marked slow), as ranges of case numbers."""
    assert 0 < sample < full, (sample, full)
    return [pytest.param(range(sample), id="sample"),
            pytest.param(range(sample, full), id="rest", marks=pytest.mark.slow)]


def in_part(number: int, part: str, every: int) -> bool:
    """Whether case ``number`` of a sweep is in ``part``: every ``every``-th case (the first
    included) is the sample, the others the rest; ``"all"`` is both. Make ``every`` prime to the
    sweep's inner loop, so that the sample meets every value of it."""
    if part == "all":
        return True
    return (number % every == 0) == (part == "sample")
