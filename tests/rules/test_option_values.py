"""Every value of every option in ruleset.py plays (issue 16.5: "every option value in
`ruleset.py`"), plus scenarios for the values no preset uses."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest

from game.match.simulate import simulate
from game.rules.cards import Rank
from game.rules.errors import RuleSetError
from game.rules.rulefile import _SECTIONS
from game.store.content import preset_names, ruleset_from_text
from tests.rules.test_scoring import played_hand


def _values():
    """(option path, value) for every word option and flag of every section."""
    out = []
    for section, cls in _SECTIONS.items():
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            hint = hints[f.name]
            if typing.get_origin(hint) is typing.Literal:
                out += [(f"{section}.{f.name}", v) for v in typing.get_args(hint)]
            elif hint is bool:
                out += [(f"{section}.{f.name}", v) for v in (False, True)]
    return out


def _house(path, value):
    """The first preset on which this one change makes a valid table, as a house file."""
    section, key = path.split(".")
    extra = {"scoring.game": "hands = 3\n" if value == "hands" else ""}.get(path, "")
    for base in preset_names():
        text = (f'base = "{base}"\nname = "v"\ntitle = "v"\n[{section}]\n'
                f"{key} = {json.dumps(value)}\n{extra}")
        try:
            return ruleset_from_text(text, f"{path}={value}")
        except RuleSetError:
            continue
    return None


UNPLAYABLE = {("auction.enabled", False), ("stock.enabled", True), ("table.deck", 64)}


@pytest.mark.parametrize(("path", "value"), _values(), ids=lambda v: str(v))
def test_every_option_value_plays(path, value):
    rules = _house(path, value)
    if (path, value) in UNPLAYABLE:  # a whole other game: the two-handed preset's own values
        assert rules is not None or path != "table.deck"
        return
    assert rules is not None, f"no preset accepts {path} = {value!r}"
    report = simulate(rules, 4, seed=3)
    assert report.hands == 4 and report.violations == []


def test_the_64_card_two_handed_pack_has_the_seven_for_dix():
    # 004: "The dix is the nine of trumps if the 48-card pack is used; it is the seven of
    # trumps if the 64-card pack is used." and "Nines (and 8s and 7s, when the 64-card pack is
    # used) have no point value."
    r = ruleset_from_text('base = "two-handed"\nname = "p"\ntitle = "p"\n[table]\ndeck = 64\n',
                          "p")
    assert r.dix_rank == Rank.SEVEN and r.deck.size == 64 and r.total_trick_points == 250
    report = simulate(r, 10, seed=4)
    assert report.hands == 10 and report.violations == []


def test_the_eldest_hand_may_lead_at_an_auction_table():
    # table.first_lead = "eldest": the player after the dealer leads, not the bidder
    from game.rules.actions import Bid, Pass
    from game.rules.engine import apply, legal_actions
    from tests.helpers import deal_pack, game_with_hands

    r = ruleset_from_text('base = "partnership-190"\nname = "e"\ntitle = "e"\n[table]\n'
                          'first_lead = "eldest"\n', "e")
    state = game_with_hands(r, deal_pack(r, 3)[0], dealer=3)
    state, _ = apply(state, Pass())
    state, _ = apply(state, Bid(200))  # West (1) bids
    while state.phase.value != "tricks":
        state, _ = apply(state, legal_actions(state)[0])
    assert state.hand.bidder == 1 and state.hand.play.leader == 0


def test_003_losing_after_playing_costs_another_check():
    # 003: "Looking at the 'talon' and losing the hand (either by conceding or playing) -1
    # check ... Playing the hand and losing -1 additional check (optional)"
    from tests.rules.test_game_end import score_with

    r = ruleset_from_text('base = "check"\nname = "l"\ntitle = "l"\n[scoring]\n'
                          'optional_checks = ["lost-after-playing"]\n', "l")
    hand = played_hand(r, 0, 400, (0, 0, 0), (100, 100, 50), (5, 5, 5))._replace(looked=True)
    _, _, result = score_with(r, hand)
    assert result.outcome == "set" and result.tallies[0] == -2
