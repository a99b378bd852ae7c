"""The network table at the tables of five and six chairs (issue 38 with issue 41): five-handed,
six-handed, and a three-handed table where four or five sit down and some sit out each hand.
People choose from their own device's view; after every action each device's view equals the
host's for its seat, and every message passes the leak check (a partner found by a card
stays unknown to the others until the card is played; a chair sitting out sees no hand of
anyone's). Driven without sockets (tests.net.tables)."""

from __future__ import annotations

import pytest

from game.rules.view import observe
from tests.net.tables import desk, desynced, listen, play_people

SIT_OUT = 'base = "cutthroat"\nname = "cutthroat-five"\n[table]\nseated = {n}\n'


@pytest.mark.parametrize(("preset", "house", "people"), [
    ("five-handed", None, 3),
    ("six-handed", None, 4),
    ("cutthroat", SIT_OUT.format(n=4), 2),
    ("cutthroat", SIT_OUT.format(n=5), 3),
], ids=["five-handed", "six-handed", "cutthroat-seated-4", "cutthroat-seated-5"])
def test_people_play_a_hand_at_every_table_size_in_step_and_without_leaks(preset, house, people):
    d = desk(preset, people=people, house=house)
    listen(d)
    match = d.host.match
    assert match is not None
    chairs = match.rules.players
    assert chairs in (4, 5, 6) and len(d.host.chairs.chairs) == chairs
    start_hands = len(match.state.records)
    made = play_people(d, 400)
    assert made > 0 and desynced(d) == []
    assert len(match.state.records) > start_hands, "a whole hand was scored"
    assert d.checked > made  # every message the host sent was put through the leak check
    for conn, state in d.states.items():
        seat = d.host.links[conn].seat
        assert state.latest is not None and state.latest.view == observe(match.state, seat)
