"""The table turns every engine event into something on screen: a handler per event type, found
by type, or a place in the deliberate SILENT list. Before, handlers were found by name and the
aces-declared, declared-out and renege-called events were dropped without a word."""

import typing

import pytest

from game.rules import events as ev
from game.rules.seats import seat_name
from game.store.content import load_preset
from game.ui.anim import Timeline
from game.ui.table.layout import Layout
from game.ui.table.model import HANDLERS, SILENT, TableModel

EVENT_TYPES = typing.get_args(ev.Event)


def test_every_event_type_has_a_handler_or_is_listed_as_silent():
    missing = [t.__name__ for t in EVENT_TYPES if t not in HANDLERS and t not in SILENT]
    assert not missing, f"events the table would drop: {missing}"
    assert len(EVENT_TYPES) >= 25


def _model():
    rules = load_preset("racehorse")
    return TableModel(rules, 0, Layout((1280, 800), 4, 12), Timeline())


def test_an_unknown_event_type_is_an_error_not_a_silent_drop():
    class Unheard:  # an event type the table was never taught
        pass

    with pytest.raises(TypeError, match="no handler for Unheard"):
        _model().apply(Unheard())  # type: ignore[arg-type]


def test_declaring_out_and_a_renege_are_told_to_the_player():
    model = _model()
    model.apply(ev.DeclaredOut(1, 1040, True))
    assert seat_name(1, 4) in model.talk.message and "1040" in model.talk.message
    model.apply(ev.RenegeCalled(2, 0, "You must follow suit if you can."))
    assert "follow suit" in model.talk.message
    model.apply(ev.AcesDeclared(3))
    assert model.talk.bubbles[3] == "Aces around"
