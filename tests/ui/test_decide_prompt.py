"""The bidder's play-or-concede prompt (three-handed): a sentence built from the engine's own
words. Review by eye found 'you a trick to keep its meld, and ...': the verb was cut off."""

from __future__ import annotations

from game.rules.actions import NameTrump
from game.rules.cards import Suit
from game.rules.engine import apply
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset, load_tutorial
from game.tutorial.positions import build_state
from game.ui.scenes.play import decide_lines


def test_the_decide_prompt_says_what_the_bidder_needs_in_a_whole_sentence():
    rules = load_preset("cutthroat")
    _, puzzles, _ = load_tutorial()
    puzzle = next(p for p in puzzles if p.title == "After the widow: go on?")
    state = build_state(rules, puzzle.position, "31")
    state, _ = apply(state, NameTrump(Suit.HEARTS))  # the puzzle's 'before'
    view = observe(state, 0)
    assert view.phase == Phase.DECIDE
    first = decide_lines(view)[0]
    assert first.startswith(f"Bid {view.bid}, your meld ")
    assert ": you need " in first and " its meld" not in first
