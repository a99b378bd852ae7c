"""Issue 14, item 7: fewer clicks with the rules kept. The player's only legal card is played
for them (a setting, on by default); a side that can show it takes every remaining trick may
claim them, bots too, with the claimed cards shown and the hand scored as if played out."""

from __future__ import annotations

import re

import pygame
import pytest

from game.rules.actions import PlayCard
from game.rules.engine import actor, apply, legal_actions, new_game, replay
from game.rules.events import HandClaimed, HandScored
from game.ui.scenes.tricks import TrickScene
from game.ui.table import hud
from tests.ui.conftest import click, pump
from tests.ui.driving import run_until, start


def prompts_for_cards(app):
    opened = []
    real = app.open

    def open_(route, **args):
        scene = real(route, **args)
        if isinstance(scene, TrickScene):
            opened.append(len(scene.table.match.actions))
        return scene

    app.open = open_
    return opened


def forced_indexes(match, seat=0):
    """Action indexes where ``seat`` had to play and only one card was legal."""
    state = new_game(match.rules, match.seed)
    out, asked = [], []
    for i, action in enumerate(match.actions):
        if actor(state) == seat and isinstance(action, PlayCard):
            cards = {a.card for a in legal_actions(state) if isinstance(a, PlayCard)}
            (out if len(cards) == 1 else asked).append(i)
        state, _ = apply(state, action)
    return out, asked


@pytest.mark.parametrize("on", [True, False])
def test_the_only_legal_card_is_played_for_the_player_unless_turned_off(app, on):
    app.settings.play_forced = on
    table = start(app, seed=5)
    table.match.claims = False  # plays inside a claim are nobody's choice either
    opened = prompts_for_cards(app)
    assert run_until(app, table, lambda: len(table.match.state.records) >= 2, frames=20000)
    match = table.match
    forced, asked = forced_indexes(match)
    assert forced and asked
    if on:
        assert match.automatic == set(forced)
        assert not set(opened) & set(forced)  # never asked for
    else:
        assert not match.automatic
        assert set(forced) <= set(opened)  # asked every time


def test_bots_claim_and_the_claimed_cards_are_shown_then_scored_as_played(app):
    for seed in range(30):
        table = start(app, seed=seed)
        claims: list[HandClaimed] = []
        process = table.process

        def record(events, p=process, c=claims):
            c.extend(e for e in events if isinstance(e, HandClaimed) and e.seat != 0)
            p(events)

        table.process = record
        assert run_until(app, table, lambda t=table, c=claims: bool(c) or bool(
            t.match.state.records), frames=8000)
        if claims:
            break
    else:
        pytest.fail("no bot claimed in thirty hands")
    claim = claims[0]
    tricks = table.model.tricks
    assert run_until(app, table, lambda: tricks.shown is not None and
                     tricks.shown.claim and tricks.shown.lit, answering=False)
    shown = table.model.tricks.shown
    held = sorted(str(c) for cards in claim.hands for c in cards)
    assert sorted(str(sp.card) for _, sp in shown.sprites) == held
    assert all(sp.face_up for _, sp in shown.sprites)
    # The piles count the claimed tricks (the view the table keeps until the result is shown
    # was taken before the claim): every trick of the hand is someone's.
    rules = table.match.rules
    counted = [re.search(r"(\d+) tricks?", hud.pile_label(table, side)) for side in
               range(rules.n_sides)]
    assert sum(int(m.group(1)) for m in counted if m) == rules.hand_size, counted
    # Side hands are laid upright to be read, not left as a sideways column.
    sides = [sp for seat, sp in shown.sprites if not table.layout.chair(seat).upright]
    assert sides and all(sp.angle == 0.0 for sp in sides)
    # The claim is in the action list as plays: the saved game replays to the same score.
    state, events = replay(table.match.rules, table.match.seed, table.match.actions)
    assert state.records == table.match.state.records
    assert any(isinstance(e, HandScored) for e in events)


def test_the_player_claims_with_the_claim_button(app):
    for seed in range(60):
        table = start(app, seed=seed)
        found = []

        def look(t=table, f=found):
            top = app.top
            if isinstance(top, TrickScene) and not t.timeline.busy:
                button = next((b for b in top.buttons if b.label == "Claim the rest"), None)
                if button is not None:
                    f.append(button)
                    return True
            return bool(t.match.state.records)

        assert run_until(app, table, look, frames=8000)
        if found:
            break
    else:
        pytest.fail("the player never could claim")
    before = len(table.match.actions)
    pump(app, 2, events=click(found[0].rect.center))
    assert table.match.state.records  # the hand is over, played out by the claim
    assert len(table.match.actions) > before + 1
    assert set(range(before + 1, len(table.match.actions))) <= table.match.automatic
    pygame.event.clear()


def test_a_claim_made_with_cards_on_the_table_completes_that_trick_with_the_players_card(app):
    """Issue 36: claimed with three cards already on the table, the claim played the player's
    card into the claim's display and the trick in the middle stayed three cards without it.
    Now the player's card completes that trick where the others lie, and it is swept as one."""
    for seed in range(80):
        table = start(app, seed=seed)
        found = []

        def look(t=table, f=found):
            top = app.top
            if isinstance(top, TrickScene) and not t.timeline.busy and t.model.tricks.trick:
                button = next((b for b in top.buttons if b.label == "Claim the rest"), None)
                if button is not None:
                    f.append(button)
                    return True
            return bool(t.match.state.records)

        assert run_until(app, table, look, frames=8000)
        if found:
            break
    else:
        pytest.fail("the player never could claim with cards on the table")
    tricks = table.model.tricks
    on_table = len(tricks.trick)
    pump(app, 2, events=click(found[0].rect.center))
    players = table.match.rules.players
    completed = [t for t in [tricks.shown, *tricks.sweeping] if t is not None and not t.claim]
    assert completed, "the trick on the table was not completed"
    seats = [seat for seat, _ in completed[0].sprites]
    assert on_table >= 1 and len(seats) == players and table.human in seats
    assert not tricks.trick  # nothing left in the middle
