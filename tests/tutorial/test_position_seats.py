"""A lesson's position names its chairs through the seating: the four compass chairs and, for
tables of five and six, the chairs between; a chair the table does not have is refused with
the field named, and a dealer written for a larger table is counted on round this one."""

from __future__ import annotations

import pytest

from game.rules.cards import parse_cards
from game.store.content import load_preset
from game.store.lessons import SEATS, LessonError, Position
from game.tutorial.positions import build_state, seat_key, seat_of


def _cards(**given: str) -> tuple:
    return tuple(tuple(parse_cards(given.get(name, ""))) for name in SEATS)


def test_every_chair_of_every_table_is_a_position_key():
    assert SEATS[:4] == ("south", "west", "north", "east")
    for name in ("racehorse", "cutthroat", "two-handed"):
        rules = load_preset(name)
        for seat in rules.seating.seats:
            assert seat_key(rules, seat) in SEATS
            assert seat_of(rules, seat_key(rules, seat)) == seat


@pytest.mark.parametrize(("preset", "chair"), [("cutthroat", "north"),
                                               ("racehorse", "northwest"),
                                               ("two-handed", "west")])
def test_a_chair_the_table_lacks_is_refused(preset, chair):
    pos = Position(phase="auction", cards=_cards(**{chair: "AS"}))
    with pytest.raises(LessonError, match=f"position.{chair}.*has no {chair}"):
        build_state(load_preset(preset), pos, "lesson.toml")


def test_cards_given_to_east_sit_at_east_whatever_the_table():
    for preset in ("racehorse", "cutthroat"):
        rules = load_preset(preset)
        state = build_state(rules, Position(phase="auction", cards=_cards(east="AS AS")), "x")
        east = rules.seating.seat_of_name("East")
        assert rules.deck.count(state.hand.hands[east], parse_cards("AS")[0]) == 2


def test_a_dealer_written_for_four_is_counted_round_three():
    rules = load_preset("cutthroat")
    state = build_state(rules, Position(phase="auction", dealer=3, cards=_cards()), "x")
    assert state.dealer == 0


def test_a_bidder_the_table_lacks_is_refused():
    pos = Position(phase="trump", bidder=3, trump=None, cards=_cards())
    with pytest.raises(LessonError, match="position.bidder.*seats 0 to 2, not 3"):
        build_state(load_preset("cutthroat"), pos, "lesson.toml")
