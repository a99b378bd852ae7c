"""Where a saved game stands, in the words the title screen, the New game screen's question and
the command line's question use: the hand and each side's score, from the engine."""

from __future__ import annotations

from game.rules.errors import RulesError
from game.store.saves import SavedGame


def progress_text(saved: SavedGame, named: bool = False) -> str:
    """"hand 3: 420, 380" (on a Resume button, where room is short) or, ``named``, "hand 3:
    You & North 420, West & East 380" (in a question, where whose score is whose matters):
    where a saved game stands, with the engine's scores, the player's side first (the player
    sits in seat 0). A negative score keeps its own minus sign."""
    try:
        hand_no, scores = saved.progress()
        seating = saved.rules().seating
    except RulesError:
        return "it cannot be read"
    you = seating.name(0)
    return f"hand {hand_no + 1}: " + ", ".join(
        (f"{seating.side_name(side).replace(you, 'You')} " if named else "") + score_text(x)
        for side, x in enumerate(scores))


def score_text(score: int) -> str:
    """A score as the player reads it: thousands grouped, a true minus sign."""
    return f"{score:,}".replace("-", "\u2212")
