"""The Hint of a puzzle is the strongest bot's reason: it says what the card gives away."""

from game.store.content import load_preset, load_tutorial, load_tutorial_library
from game.tutorial.check_bot import hard_choice
from game.tutorial.puzzlerun import PuzzleRun

_, PUZZLES, _ = load_tutorial()


def test_a_losing_card_that_counts_is_not_called_giving_nothing_away():
    """Issue 36, puzzle 49 at partnership-150: the Hint read "play the Q♣: this trick cannot be
    won, so give nothing away", while the trick's caption counts the queen's points there."""
    puzzle = next(p for p in PUZZLES if p.source.endswith("49-p150-twin-trump.toml"))
    run = PuzzleRun(puzzle, load_preset, load_tutorial_library().quotes)
    action, reason = hard_choice(run.state, puzzle.source)
    rules = load_preset(puzzle.preset)
    card = action.card  # type: ignore[attr-defined]
    assert rules.tricks.points.get(card.rank.letter, 0) > 0  # the queen counts here
    assert "give nothing away" not in reason, reason
    assert "as few points as you can" in reason, reason
