"""Issue 25: "The bid Hint contradicts itself ('pass: … 54% to make 310')." A pass given with a
chance to make the next bid also says the chance the bot bids at, which that chance misses."""

from __future__ import annotations

import random
import re

from game.bots import hardbid
from game.rules.actions import Pass
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.phase import Phase
from game.rules.view import observe
from tests.helpers import rules


def test_a_pass_says_the_chance_it_needs_and_the_one_it_has():
    r = rules("racehorse")
    found = 0
    for seed in range(60):
        state = new_game(r, seed)
        while state.phase == Phase.DEAL:
            state, _ = apply(state, legal_actions(state)[0])
        view = observe(state, actor(state))
        action, reason = hardbid.decide(view, random.Random(seed), "normal", 12)
        m = re.fullmatch(r"pass: .*?(\d+)% to make (\d+), and a bid wants (\d+)% or better",
                         reason)
        if action != Pass() or "% to make" not in reason:
            continue
        assert m, reason
        has, need = int(m.group(1)), int(m.group(3))
        assert has < need, reason  # the chance it has misses the bar it names
        found += 1
        if found >= 3:
            break
    assert found, "no opening hand passed on points"
