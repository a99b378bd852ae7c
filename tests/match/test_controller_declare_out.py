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


def test_after_declaring_out_the_running_score_counts_the_meld_once():
    """004: "Melds are scored when they are made", and on declaring out "his tricks are counted":
    the declared total holds this deal's meld. The view's running score (what the score box
    shows at two-handed) added the meld to it again: 960 before the deal, 40 melded, 10 from
    the tricks, declared out with 1010, shown as 1050."""
    from game.rules.actions import LayMeld
    from game.rules.view import observe

    for seed in range(1, 40):
        match = Match(load_preset("two-handed"), seed, ("human", "easy"))
        for _ in range(400):
            hand = match.state.hand
            if match.state.phase in (Phase.TRICKS, Phase.MELD_TURN) and \
                    getattr(hand, "meld_pts", (0,))[0] > 0 and match.may_declare_out(0):
                break
            if match.over or match.state.hand_no > 0:
                break
            if match.waiting_for_human():
                legal = [a for a in match.legal() if not isinstance(a, DeclareOut)]
                match.submit(next((a for a in legal if isinstance(a, LayMeld)), legal[0]))
            else:
                match.step_bot()
        else:
            continue
        if match.over or match.state.hand_no > 0 or not match.may_declare_out(0):
            continue
        total = match.declared_total(0)
        match.declare_out(0)
        view = observe(match.state, 0)
        assert match.state.phase == Phase.GAME_OVER and match.state.scores[0] == total
        assert (view.running or view.scores) == match.state.scores
        return
    raise AssertionError("no deal where South melded and could declare out")
