"""The bot levels, declared once: each level's name and the settings its behaviour comes from.

Code asks a level's settings (``level_settings(level).rough``), never its name: a new level is a
line here, a maker in :mod:`game.bots.registry`, and nothing else to find and change
(``tests/bots/test_levels_declared.py`` fails on a ``level == "hard"`` test anywhere in game/).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LevelSettings:
    """One bot level: its name and the settings its behaviour comes from."""

    name: str
    rough: bool = False  # values a hand by meld and a few points per ace and trump: no model
    search: bool = False  # bids backed by search: stops at the search levels' margin at most
    at_table: bool = True  # a seat at the table may take it (else measurements only)
    sees_all: bool = False  # sees every card: measurements only


# Weakest first: every list of levels (the table's, the reviews', the rating's scale) keeps
# this order.
CATALOGUE: tuple[LevelSettings, ...] = (
    LevelSettings("random", at_table=False),  # legal moves at random: a floor for measurements
    LevelSettings("easy", rough=True),
    LevelSettings("medium"),
    LevelSettings("hard", search=True),
    LevelSettings("expert", search=True),
    LevelSettings("open", search=True, at_table=False, sees_all=True),
)
BY_NAME = {level.name: level for level in CATALOGUE}
STRONGEST = "expert"  # the table's Hint


def level_settings(name: str) -> LevelSettings:
    """The settings of the level named; ValueError with one line for a name the catalogue
    does not declare."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r} (choose from: "
                         f"{', '.join(BY_NAME)})") from None
