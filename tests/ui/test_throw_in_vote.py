"""The player is asked to agree to a throw-in (000: "unless everybody agrees to throw it in")."""

import pygame

from game.match.controller import Match
from game.rules.actions import RefuseThrowIn
from game.rules.phase import Phase
from game.store.tables import preset_table
from game.ui.scenes.play import ThrowInVoteScene
from game.ui.table.scene import TableScene
from tests.helpers import play_actions
from tests.rules.test_throw_in_agreement import first_lead
from tests.ui.conftest import click, pump


def test_the_player_answers_a_proposed_throw_in_at_the_table(app):
    # East (3) bid and asks; South (0), on its left, answers first.
    state, _ = play_actions(first_lead(400, melds=(20, 100, 0, 60), bidder=3),
                            "propose-throw-in")
    match = Match(state.rules, 1, ("human", "random", "random", "random"), initial=state)
    table = TableScene(app, match, preset_table("racehorse"))
    app.reset(table)
    assert pump(app, 200, until=lambda: isinstance(app.top, ThrowInVoteScene))
    scene = app.top
    assert [b.label for b in scene.buttons] == ["Agree: throw it in", "Play it out"]
    surface = pygame.Surface(app.size)
    scene.draw(surface)  # the prompt draws (its text comes from the view)
    pump(app, 2, events=click(scene.buttons[1].rect.center))
    assert match.actions[0] == RefuseThrowIn()  # then East, whose bid it is, leads
    assert match.state.phase == Phase.TRICKS
