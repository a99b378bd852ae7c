"""A lesson's or puzzle's position may be written in the position notation (issue 27 item 5:
"the tutorial's positions ... use it instead of building state tuples by hand"):
``position = "pn1 ..."`` is read on loading, its moves played by the engine, and a malformed
one is refused in one line naming the file, the step and the field. ``tools/lesson_positions``
rewrites a table position as the pn1 of the very state it builds."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.rules.actions import PassCards
from game.rules.notation import dealt, read, write
from game.store.content import LEVELS_DIR, load_preset, preset_names
from game.store.lesson_reader import lesson_from_mapping, puzzle_from_mapping
from game.store.lessons import LEARNER, LessonError
from game.tutorial.positions import build_state, melded_cards
from tools.lesson_history import same_place
from tools.lesson_positions import _seen, convert, positions_of, rewrite

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


@pytest.mark.parametrize("preset, table, moves", [
    # The old 12-widow-discard table: the bidder holds its hand and the widow's three.
    ("cutthroat", 'phase = "discard"\nbidder = 0\nbid = 320\ndealer = 1\nsouth = "AH TH KH '
     'QH JH 9H KS QS JD AS TC KC 9C 9D JC AD JS 9S"', "take-widow"),
    # The old 14-pass-spades table: trump named, partner to pass.
    ("racehorse", 'phase = "pass"\ntrump = "S"\nbidder = 2\nbid = 260\ndealer = 1\nsouth = '
     '"AS JS 9S AH TH AC 9C JD QD JH KH 9H"', "trump:S"),
])
def test_a_stated_phase_converts_to_a_contract_and_the_moves_after_it(preset, table, moves):
    """A table that states its phase without the auction is written ``contract SEAT BID``
    and the moves after it; the notation builds the table's state (the widow once taken, which
    the table leaves blank, aside) and the engine, not the table, puts the hand there."""
    data = {"title": "t", "preset": preset, "category": "passing", "question": "q",
            "answers": ["throw-in"], "explanation": "e", **tomllib.loads(f"[position]\n{table}")}
    puzzle = puzzle_from_mapping(data, "puzzles/p.toml", "p", preset_names(), load_preset)
    found = convert(Path("puzzles/p.toml"), None, puzzle.position, preset)
    assert found.reason == "a contract and the moves after it: converts"
    contract = "contract S 320" if preset == "cutthroat" else "contract N 260"
    assert f"; {contract}; moves {moves}" in found.notation
    rules = load_preset(preset)
    built = build_state(rules, puzzle.position, "p")
    assert _seen(read(found.notation, load_preset).state) == _seen(built)


# The old 40-rh-last-to-play table: six cards each, West to lead trick 7, meld shown earlier.
LATE = '''phase = "tricks"
trump = "D"
bidder = 1
bid = 260
leader = 1
dealer = 3
cards_each = 6
south = "AS TH QH TC KC KC"
west = "TD KD QD QD JD TH"
north = "JS JS KH AC QC AH"
east = "JH 9H QC JC 9C 9H"
[position.melded]
south = "QS KS 9D"
west = "QS TD JD QD KD AD"
north = "QH KH 9D"'''


def _late_puzzle(table: str):
    data = {"title": "t", "preset": "racehorse", "category": "play", "question": "q",
            "answers": ["play TH"], "explanation": "e",
            **tomllib.loads(f"[position]\n{table}")}
    return puzzle_from_mapping(data, "puzzles/p.toml", "p", preset_names(), load_preset)


def test_a_late_hand_converts_with_the_tricks_before_it_played_by_the_engine():
    """A table late in the hand (cards out of play in no hand) is written as a deal, the pass,
    and six tricks the engine accepts card by card, ending with West to lead: the hands, trump,
    contract and the meld the table states all read back the same."""
    puzzle = _late_puzzle(LATE)
    found = convert(Path("puzzles/p.toml"), None, puzzle.position, "racehorse")
    assert found.reason == "the tricks before it made up: converts", found.reason
    pos = read(found.notation, load_preset)
    rules = load_preset("racehorse")
    built = build_state(rules, puzzle.position, "p")
    stated = frozenset(s for s, c in enumerate(melded_cards(rules, puzzle.position)) if c)
    assert stated == {0, 1, 2}
    assert same_place(pos.state, built, stated)
    assert len(pos.state.hand.play.tricks) == 6
    assert any(isinstance(m, PassCards) for m in pos.moves)  # racehorse passes (000)
    # The same table, the same history: the search is seeded.
    assert convert(Path("puzzles/p.toml"), None, puzzle.position, "racehorse") == found


def test_the_history_check_refuses_another_place():
    """same_place is what stands between a made-up history and a lesson: another seat to lead,
    another card in a hand, or another stated meld each fail it."""
    rules = load_preset("racehorse")
    puzzle = _late_puzzle(LATE)
    built = build_state(rules, puzzle.position, "p")
    found = read(convert(Path("puzzles/p.toml"), None, puzzle.position, "racehorse").notation,
                 load_preset).state
    stated = frozenset({0, 1, 2})
    assert same_place(found, built, stated)
    other = _late_puzzle(LATE.replace("leader = 1", "leader = 2"))
    assert not same_place(found, build_state(rules, other.position, "p"), stated)
    swapped = _late_puzzle(LATE.replace('south = "AS TH', 'south = "AS JH').replace(
        'east = "JH 9H', 'east = "TH 9H'))
    assert not same_place(found, build_state(rules, swapped.position, "p"), stated)
    hand = built.hand
    fewer = hand._replace(melds=(hand.melds[1], *hand.melds[1:]))
    assert not same_place(found, built._replace(hand=fewer), stated)


def test_a_history_can_give_every_trick_so_far_to_one_side():
    """A lesson whose story says one side has taken nothing (32: "your side ... has taken
    nothing in the tricks so far") gets a history in which the other side won every trick
    already played, and still the same place; a side that cannot have (the seat to lead, who
    won the last trick, is not on it) gets none."""
    puzzle = _late_puzzle(LATE)
    rules = load_preset("racehorse")
    # Seed 2: a history this constrained takes the seeded search anywhere from a tenth of a
    # second to a minute, and the test is of the constraint, not of the search's luck.
    found = convert(Path("puzzles/p.toml"), None, puzzle.position, "racehorse", seed=2,
                    tricks_to="bidder")
    assert found.notation, found.reason
    state = read(found.notation, load_preset).state
    play = state.hand.play
    winners = {s for s in range(4) if play.won[s]}
    assert len(play.tricks) == 6 and winners
    assert all(rules.side_of(s) == rules.side_of(1) for s in winners)  # West's contract
    stated = frozenset(s for s, c in enumerate(melded_cards(rules, puzzle.position)) if c)
    assert same_place(state, build_state(rules, puzzle.position, "p"), stated)
    refused = convert(Path("puzzles/p.toml"), None, puzzle.position, "racehorse",
                      tricks_to="defenders")
    assert not refused.notation and "no history found" in refused.reason


def test_no_lesson_or_puzzle_position_is_a_state_built_by_hand():
    """Issue 27 item 5: the tutorial's positions use the notation. What may stay a table is a
    position on the learner's table (it must hold on every table) or one the engine finds."""
    built_by_hand = []
    for path in sorted(LEVELS_DIR.glob("lessons/*.toml")) + sorted(LEVELS_DIR.glob(
            "puzzles/*.toml")):
        for step, pos, preset in positions_of(path):
            if not (pos.notation or pos.find or (pos.preset or preset) == LEARNER):
                built_by_hand.append(f"{path.name} step {step}")
    assert built_by_hand == []


def test_lesson_32s_defenders_have_taken_nothing_before_the_last_trick():
    """The lesson says: "You and {partner} defend: your side melded {side_meld} but has taken
    nothing in the tricks so far" (and 000: a side that takes no trick loses its meld). Its
    history must bear that out: eleven tricks, every one won by the bidder's side."""
    path = LEVELS_DIR / "lessons/32-racehorse-set-and-throw-in.toml"
    (_, pos, _), *_ = positions_of(path)
    state = read(pos.notation, load_preset).state
    rules = load_preset("racehorse")
    play = state.hand.play
    assert len(play.tricks) == 11
    assert all(play.won[s] == 0 for s in rules.seats_of(rules.side_of(0)))
    assert rules.side_of(state.hand.bidder) != rules.side_of(0)
