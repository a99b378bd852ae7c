"""The controller's declare-out API (issue 19): a human may declare out on the bot's turn.

004: "At any time during the play, a player may 'declare out.'"
"""

import pytest

from game.match.controller import Match
from game.rules.actions import DeclareOut
from game.rules.errors import IllegalActionError
from game.rules.events import DeclaredOut
from game.rules.phase import Phase
from game.store.content import load_preset


def test_the_human_declares_out_while_the_bot_is_to_act():
    match = Match(load_preset("two-handed"), 11, ("human", "easy"))
    for _ in range(400):  # the bot to act during the play, South not
        if match.state.phase in (Phase.TRICKS, Phase.MELD_TURN) and match.actor == 1:
            break
        if match.waiting_for_human():
            match.submit(next(a for a in match.legal() if not isinstance(a, DeclareOut)))
        else:
            match.step_bot()
    assert match.actor == 1 and match.may_declare_out(0)
    total = match.declared_total(0)
    events = match.declare_out(0)
    assert DeclaredOut(0, total, total >= match.state.target) in events
    assert match.over and match.actions[-1] == DeclareOut(0)
    again = Match(match.rules, match.seed, match.seats, list(match.actions))
    assert again.state.winner == match.state.winner  # the declaration replays
    with pytest.raises(IllegalActionError):
        match.declare_out(1)
