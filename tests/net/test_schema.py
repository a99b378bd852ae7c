"""Messages checked on the device's side too (issue 41, item 5): a host's message that is not
what its schema says is refused with the field named, never half-read."""

from __future__ import annotations

import copy
import json

import pytest

from game.net.codec import WireError
from game.net.seatstate import SeatState
from game.store.content import preset_names
from tests.net.tables import desk


@pytest.fixture(scope="module")
def sent():
    """A welcome and an update as the host sent them to seat 0."""
    d = desk("racehorse", 2)
    d.run_bots()
    inbox = d.inbox[1]
    welcome = next(m for m in inbox if m["t"] == "welcome")
    update = next(m for m in reversed(inbox) if m["t"] in ("update", "sync")
                  and m["view"]["hand"])
    return welcome, update


def device(welcome) -> SeatState:
    state = SeatState()
    state.receive(json.dumps(welcome))
    return state


def test_the_hosts_messages_are_read_back_whole(sent):
    welcome, update = sent
    state = device(welcome)
    assert state.receive(json.dumps(update)) == update["t"]
    assert state.latest.view.seat == 0 and len(state.latest.view.cards) == 12


@pytest.mark.parametrize(("change", "field"), [
    (lambda m: m["view"]["hand"].append("7S"), "view.hand"),  # no sevens in this pack
    (lambda m: m["view"]["hand"].extend(["AS"] * 3), "view.hand"),  # three of a card
    (lambda m: m["view"].update(seat=2), "view.seat"),  # another seat's view
    (lambda m: m["view"].update(revealed=True), "view.revealed"),
    (lambda m: m["view"].update(spy=1), "view.spy"),
    (lambda m: m["view"].pop("dealer"), "view.dealer"),
    (lambda m: m["view"].update(actor="3"), "view.actor"),
    (lambda m: m["view"].update(legal=["fly away"]), "view.legal"),
    (lambda m: m["events"].append({"e": "Explosion"}), "events"),
    (lambda m: m.update(extra={}), "extra"),
    (lambda m: m.update(surprise=True), "surprise"),
])
def test_a_host_message_that_does_not_fit_is_refused_naming_the_field(sent, change, field):
    welcome, update = sent
    bad = copy.deepcopy(update)
    change(bad)
    with pytest.raises(WireError) as caught:
        device(welcome).receive(json.dumps(bad))
    assert caught.value.where.startswith(field)


def test_a_view_before_the_welcome_is_refused(sent):
    with pytest.raises(WireError, match="before the welcome"):
        SeatState().receive(json.dumps(sent[1]))


@pytest.mark.parametrize("preset", preset_names())
def test_the_longest_list_of_moves_any_table_offers_fits_a_message(preset):
    # Issue 38 at a network table: the five-handed bidder's discard (any 5 of its 21 cards)
    # is up to 20,349 moves; the wire's limit of 5,000 items refused the host's update and
    # closed the bidder's link ("view.legal: more than 5000 items").
    from itertools import combinations
    from math import comb

    from game.net.codec import MAX_ITEMS, Codec
    from game.net.schema import MAX_HOST_BYTES
    from game.rules.actions import Discard, PassCards
    from game.store.content import load_preset

    rules = load_preset(preset)
    widow, passed = rules.widow.size, rules.passing.count
    choices = [(rules.hand_size + widow, widow, Discard)] if widow else []
    choices += [(rules.hand_size + passed, passed, PassCards)] if passed else []
    for held, size, move in choices:
        assert comb(held, size) <= MAX_ITEMS, (preset, comb(held, size))
        # written out, the cards all distinct (the most moves there can be)
        cards = list(rules.deck.types)[:held]
        legal = [Codec(rules).encode(move(c)) for c in combinations(cards, size)]
        assert len(json.dumps(legal, separators=(",", ":"))) < MAX_HOST_BYTES - 100_000, preset
