"""A lesson's or puzzle's position may be written in the position notation (issue 27 item 5:
"the tutorial's positions ... use it instead of building state tuples by hand"):
``position = "pn1 ..."`` is read on loading, its moves played by the engine, and a malformed
one is refused in one line naming the file, the step and the field. ``tools/lesson_positions``
rewrites a table position as the pn1 of the very state it builds."""

from __future__ import annotations

import tomllib

import pytest

from game.rules.notation import dealt, read, write
from game.store.content import load_preset, preset_names
from game.store.lesson_reader import lesson_from_mapping, puzzle_from_mapping
from game.store.lessons import LessonError
from game.tutorial.positions import build_state
from tools.lesson_positions import rewrite

RACEHORSE = write(dealt(load_preset("racehorse"), seed=5), [])
LESSON = f'''title = "Bidding at racehorse"
track = "table"
preset = "racehorse"
summary = "A lesson."
position = "{RACEHORSE}"

[[steps]]
say = "Bid."
expect = "bid 250"

[[steps]]
position = "{RACEHORSE}; moves 250"
say = "Again."
expect = "pass"
'''


def lesson(text: str):
    return lesson_from_mapping(tomllib.loads(text), "lessons/x.toml", "x", preset_names(),
                               load_preset)


def test_a_position_in_the_notation_is_the_state_it_reads_to():
    got = lesson(LESSON)
    rules = load_preset("racehorse")
    assert got.position.preset == "racehorse" and got.position.seed == 5
    assert build_state(rules, got.position, "x") == read(RACEHORSE, load_preset).state
    step = got.steps[1].position
    assert step is not None
    state = build_state(rules, step, "x", 2)
    assert state.hand.auction.high_bid == 250  # the engine played the step's move


def _with(position: int, text: str) -> str:
    """LESSON with its file position (0) or step 2's replaced by ``text``."""
    old = RACEHORSE if position == 0 else f"{RACEHORSE}; moves 250"
    line = f'position = "{old}"\n'
    assert LESSON.count(line) == 1
    return LESSON.replace(line, f'position = "{text}"\n')


@pytest.mark.parametrize(("where", "text", "message"), [
    (2, f"{RACEHORSE}; moves 240",
     "lessons/x.toml: step 2: field 'position': moves, token 1 (240): "),
    (0, "pn2 racehorse", "lessons/x.toml: field 'position': a position in the notation starts"),
    (0, "pn1 monopoly; dealer S", "lessons/x.toml: field 'position': unknown preset 'monopoly'"),
    (0, RACEHORSE.replace(" W:", "9 W:", 1),
     "lessons/x.toml: field 'position': deal, S: 13 cards, a hand holds 12"),
])
def test_a_malformed_position_is_refused_in_one_line_naming_the_field(where, text, message):
    text_of = _with(where, text)
    assert text_of != LESSON
    with pytest.raises(LessonError) as info:
        lesson(text_of)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_a_puzzle_reads_its_position_in_the_notation_too():
    data = {"title": "t", "preset": "racehorse", "category": "bidding", "question": "q",
            "answers": ["bid 250"], "explanation": "e", "position": RACEHORSE}
    puzzle = puzzle_from_mapping(data, "puzzles/p.toml", "p", preset_names(), load_preset)
    assert puzzle.position.notation == RACEHORSE
    with pytest.raises(LessonError, match="^puzzles/p.toml: field 'position': deal"):
        puzzle_from_mapping({**data, "position": RACEHORSE.replace("deal ", "deal X:A...")},
                            "puzzles/p.toml", "p", preset_names(), load_preset)


TABLES = '''title = "Bidding at racehorse"
track = "table"
preset = "racehorse"
summary = "A lesson."

[position]
phase = "auction"
seed = 5
# South holds a run.
south = "AH TH KH QH JH AS AC AD 9C 9D JS 9S"

[[steps]]
say = "Bid."
expect = "bid 250"

[[steps]]
say = "Again."
expect = "pass"
[steps.position]
phase = "auction"
seed = 7
dealer = 2
'''


def test_the_converter_writes_the_state_each_table_built():
    """rewrite() puts the pn1 of the state a table builds where the table was: the file then
    loads, and each position builds the very same state."""
    before = lesson(TABLES)
    rules = load_preset("racehorse")
    states = [build_state(rules, before.position, "x"),
              build_state(rules, before.steps[1].position, "x", 2)]
    text = rewrite(TABLES, 2, write(states[1], []))
    text = rewrite(text, None, write(states[0], []))
    assert "[position]" not in text and "[steps.position]" not in text
    assert "# South holds a run." in text  # comments are kept
    after = lesson(text)
    assert after.position.notation and after.steps[1].position.notation
    assert build_state(rules, after.position, "x") == states[0]
    assert build_state(rules, after.steps[1].position, "x", 2) == states[1]
