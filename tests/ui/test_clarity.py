"""Issue 14, item 8: clarity per variant. Double-deck says why a trump suit is unavailable and
warns before a bid is lost for lack of the 20 meld; declaring out explains when it wins and
asks first; any action the engine refuses shows the engine's own reason."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import Bid, DeclareOut, NameTrump, Pass
from game.rules.compiled import meld_table
from game.rules.phase import Phase
from game.rules.stock_game.score import declared_total
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.play import AuctionScene, TrumpScene
from game.ui.scenes.tricks import TrickScene
from game.ui.widgets import wrap
from tests.ui.conftest import click, key, pump
from tests.ui.driving import SIZES, run_until, start


def bid_low(legal):
    bids = [a for a in legal if isinstance(a, Bid)]
    return bids[0] if bids else legal[0]


def panel_lines(scene, surface):
    """The lines a prompt's panel shows, wrapped as drawn."""
    seen = []
    real = scene.prompt_panel

    def record(surf, title, lines, *args, **kwargs):
        seen.extend(lines)
        return real(surf, title, lines, *args, **kwargs)

    scene.prompt_panel = record
    scene.draw(surface)
    scene.prompt_panel = real
    return seen


@pytest.mark.parametrize("size", SIZES)
def test_double_deck_says_why_a_trump_suit_is_unavailable(app, size):
    """001: "the bidder must hold a marriage in the suit named trump" (VARIANTS.md); the
    refusal is the engine's own."""
    for seed in range(60):
        table = start(app, "double-deck", seed=seed, size=size)
        assert run_until(app, table, lambda t=table: isinstance(app.top, TrumpScene) or bool(
            t.match.state.records) or t.view.bidder not in (-1, 0), choose=bid_low)
        scene = app.top
        if isinstance(scene, TrumpScene) and scene.refused:
            break
    else:
        pytest.fail("never named trump with a suit refused")
    for suit, refused in scene.refused.items():
        engine = table.match.refusal(NameTrump(suit))
        assert engine is not None and refused.rule == engine.rule
        button = scene.buttons[int(suit)]
        assert not button.enabled and button.label.endswith("✕")
    lines = panel_lines(scene, app.screen)
    rule = next(iter(scene.refused.values())).rule
    assert any(rule in line for line in lines)
    rect = scene.prompt_panel(app.screen, "Name trump", lines)
    lay = scene.layout
    wrapped = sum(len(wrap(x, lay.font, rect.width - round(30 * lay.s))) for x in lines)
    assert rect.top + round((52 + 26 * wrapped) * lay.s) <= min(b.rect.top for b in scene.buttons)


def test_double_deck_warns_before_bidding_with_under_twenty_meld(app):
    """001: "If the bidding side fails to reach 20 in meld they automatically lose the bid
    without playing"."""
    for seed in range(60):
        table = start(app, "double-deck", seed=seed)
        assert run_until(app, table, lambda: isinstance(app.top, AuctionScene))
        rules = table.match.rules
        best = max(meld_table(rules).total(table.view.hand, s) for s in range(4))
        if best < rules.meld.minimum:
            break
    else:
        pytest.fail("no deal left the player under 20 meld")
    lines = panel_lines(app.top, app.screen)
    warning = [x for x in lines if x.startswith("Warning")]
    assert warning == [f"Warning: your meld is at most {best}. Unless your side melds "
                       f"{rules.meld.minimum} or more with your partner's, a bid you win is "
                       "lost without play."]
    for seed in range(60):  # and no warning with enough meld
        table = start(app, "double-deck", seed=seed)
        assert run_until(app, table, lambda: isinstance(app.top, AuctionScene))
        if max(meld_table(rules).total(table.view.hand, s) for s in range(4)) >= 20:
            assert not any(x.startswith("Warning") for x in panel_lines(app.top, app.screen))
            break


@pytest.mark.parametrize("opponents_turn", [False, True])
def test_declare_out_explains_and_asks_before_ending_the_game(app, opponents_turn):
    """004: "At any time during the play, a player may 'declare out.' ... If, in fact, the
    player has 1000 points or more, he wins the game even if the opponent has more. If the
    claimant has fewer than 1,000 points, he loses the game." """
    app.settings.think_ms = 3000  # the opponent thinks long enough to be interrupted
    table = start(app, "two-handed", seed=5)
    if opponents_turn:
        ready = lambda: (table.match.actor == 1 and table.view.phase == Phase.TRICKS  # noqa
                         and not table.timeline.busy)
    else:
        ready = lambda: isinstance(app.top, TrickScene) and not table.timeline.busy  # noqa: E731
    assert run_until(app, table, ready)
    button = table.toolbar.declare_button
    pump(app, 1)
    assert button.enabled
    before = len(table.match.actions)
    pump(app, 2, events=click(button.rect.center))
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    total = table.match.declared_total(0)
    assert total == declared_total(table.match.state, 0)
    text = " ".join(confirm.lines)
    assert f"You have only {total}, under {table.view.target}" in text and "LOSES" in text
    assert "you win the match" in text.lower() and "with less you lose it" in text
    pump(app, 2, events=[key(pygame.K_ESCAPE)])
    assert not isinstance(app.top, ConfirmScene)
    assert len(table.match.actions) == before
    pump(app, 2, events=click(button.rect.center))
    pump(app, 2, events=click(app.top.yes.rect.center))
    assert table.match.actions[before] == DeclareOut(0) and table.match.over
    assert table.match.state.winner == 1  # under the target: the claim loses


def test_a_refused_bid_shows_the_engines_own_reason(app):
    table = start(app, seed=21)
    assert run_until(app, table, lambda: isinstance(app.top, AuctionScene))
    pump(app, 2, events=[key(pygame.K_1, "1"), key(pygame.K_0, "0"), key(pygame.K_RETURN)])
    assert table.status_line.text == table.match.why_not(Bid(10)) and table.status_line.text
    assert "10" in table.status_line.text


def test_the_pass_button_says_why_the_player_must_bid(app):
    """003: "the first player is forced to bid when holding meld" (VARIANTS.md); the panel
    says so in the engine's words."""
    for seed in range(80):
        table = start(app, "partnership-150", seed=seed)
        assert run_until(app, table, lambda t=table: isinstance(app.top, AuctionScene) or bool(
            t.match.state.records))
        scene = app.top
        if isinstance(scene, AuctionScene) and not scene.can_pass:
            break
    else:
        pytest.fail("never obliged to open")
    refused = table.match.refusal(Pass())
    assert refused is not None and refused.detail and refused.rule
    # The engine's reason and the preset's sentence, joined without a second colon.
    lines = panel_lines(scene, app.screen)
    assert f"You may not pass ({refused.detail}): {refused.rule}" in lines
    assert not any("P to pass" in line for line in lines)  # the key would be refused too
