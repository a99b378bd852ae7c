"""The table driven by posted pygame events, as a player would: bid, pass, play, and get told
which rule forbids an illegal card."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import Bid, Pass, PassCards, PlayCard
from game.rules.phase import Phase
from game.ui.scenes.passing import PassScene
from game.ui.scenes.play import AuctionScene
from game.ui.scenes.tricks import TrickScene
from game.ui.table.house import setup_table
from game.ui.table.scene import TableScene
from game.ui.table.start import start_game
from tests.ui.conftest import click, key, pump


def table_of(app) -> TableScene:
    return next(s for s in app.stack if isinstance(s, TableScene))


def start(app, variant="racehorse", seed=11):
    app.settings.variant = variant
    start_game(app, setup_table(app.settings), seed=seed)
    return table_of(app)


def reach(app, table, scene_type, frames=3000):
    """Let bots play until the player faces ``scene_type``; answer other prompts with the
    engine's first legal action so the test reaches the scene it wants."""
    for _ in range(frames):
        pump(app)
        top = app.top
        if isinstance(top, scene_type):
            return top
        if top is not table and hasattr(top, "act") and table.match.waiting_for_human() \
                and not table.timeline.busy and top.name not in ("deal",):
            top.act(table.match.legal()[0])
        elif hasattr(top, "cont"):
            top.close()
    raise AssertionError(f"never reached {scene_type.__name__}; top is {app.top.name}")


def test_bidding_with_number_keys_and_passing_with_p(app):
    table = start(app)
    auction = reach(app, table, AuctionScene)
    lowest = auction.bids[0]
    before = len(table.match.actions)
    events = [key(pygame.K_0 + int(d), d) for d in str(lowest)] + [key(pygame.K_RETURN)]
    pump(app, 2, events=events)
    assert table.match.actions[before] == Bid(lowest)
    auction = reach(app, table, AuctionScene) if table.match.state.phase == Phase.AUCTION \
        and table.match.waiting_for_human() else None
    if auction is not None:
        before = len(table.match.actions)
        pump(app, 2, events=[key(pygame.K_p, "p")])
        assert table.match.actions[before] == Pass()


def test_clicking_a_legal_card_plays_it_and_an_illegal_one_shows_the_rule(app):
    table = start(app, seed=5)
    for _ in range(40):
        scene = reach(app, table, TrickScene)
        if table.view.trick and scene.reasons:
            break
        legal = next(a for a in table.view.legal if isinstance(a, PlayCard))
        scene.act(legal)
    else:
        raise AssertionError("never had to follow a trick with an illegal card in hand")
    sprites = scene.picker.sprites
    illegal = next(i for i, sp in enumerate(sprites) if sp.card in scene.reasons)
    before = len(table.match.actions)
    pos = (round(sprites[illegal].rect.left + 6), round(sprites[illegal].rect.centery))
    pump(app, 2, events=click(pos))
    assert len(table.match.actions) == before
    assert scene.reasons[sprites[illegal].card] in table.status_line.text
    assert "Rule" in table.status_line.text
    legal = next(i for i, sp in enumerate(sprites) if sp.card in scene.legal)
    card = sprites[legal].card
    pos = (round(sprites[legal].rect.left + 6), round(sprites[legal].rect.centery))
    pump(app, 2, events=click(pos))
    assert table.match.actions[before].card is card


def test_keyboard_plays_a_card(app):
    table = start(app, seed=8)
    scene = reach(app, table, TrickScene)
    before = len(table.match.actions)
    for _ in range(len(scene.picker.sprites)):
        pump(app, 1, events=[key(pygame.K_RIGHT)])
        if scene.picker.card(scene.picker.focus) in scene.legal:
            break
    card = scene.picker.card(scene.picker.focus)
    pump(app, 2, events=[key(pygame.K_RETURN)])
    assert table.match.actions[before] == PlayCard(card)


def test_passing_needs_a_confirm(app):
    # North is the bidder's partner only when North wins; play until the player must pass.
    for seed in range(30):
        table = start(app, seed=seed)
        for _ in range(2000):
            pump(app)
            top = app.top
            if isinstance(top, PassScene):
                break
            if table.match.state.phase not in (Phase.DEAL, Phase.AUCTION, Phase.TRUMP,
                                               Phase.PASS):
                top = None
                break
            if isinstance(top, AuctionScene):
                top.act(Pass() if Pass() in table.view.legal else table.view.legal[0])
        if isinstance(top, PassScene):
            break
    else:
        raise AssertionError("no deal gave the player a pass")
    scene = top
    before = len(table.match.actions)
    for i in range(len(scene.picker.sprites)):
        if len(scene.selected) == scene.k:
            break
        if scene.can_add(i):
            sp = scene.picker.sprites[i]
            pump(app, 1, events=click((round(sp.rect.left + 6), round(sp.rect.centery))))
    assert len(table.match.actions) == before  # choosing is not passing
    assert scene.confirm.enabled
    pump(app, 2, events=[key(pygame.K_RETURN)])
    assert isinstance(table.match.actions[before], PassCards)


def test_the_bots_bidding_style_setting_reaches_every_bot_seat(app):
    app.settings.seat_levels = ["easy", "medium", "hard"]
    app.settings.bot_style = "bold"
    table = start(app)
    assert sorted(b.level for b in table.match.bots.values()) == ["easy", "hard", "medium"]
    assert {b.style.aggression for b in table.match.bots.values()} == {"bold"}
    assert {b.style.think_samples for b in table.match.bots.values()} == {None}  # the tests' 0 ms
    assert app.settings.think_rate == 0  # no think time: the machine is not measured
    app.settings.think_ms = 300
    table = start(app)
    # The machine measured once, and the think time handed to every seat as samples.
    assert app.settings.think_rate > 0
    samples = round(300 * app.settings.think_rate)
    assert {b.style.think_samples for b in table.match.bots.values()} == {samples}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_prompt_text_ends_above_the_prompts_buttons(app, size):
    """Two-handed's meld-after-the-trick prompt wrapped its text under its two rows of
    buttons; a prompt panel now grows until its text clears the first button row."""
    from game.ui.scenes.stockturn import MeldTurnScene
    from game.ui.widgets import wrap

    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    table = start(app, "two-handed", seed=5)
    scene = reach(app, table, MeldTurnScene)
    scene.resize(app.size)
    lay = scene.layout
    text = ["You won the trick: lay down one meld (one card at least from your hand) " * 3]
    rect = scene.prompt_panel(app.screen, "Meld after the trick", text)
    n = len(wrap(text[0], lay.font, round(620 * lay.s) - round(30 * lay.s)))
    assert n >= 3
    assert rect.top + round((52 + 26 * n) * lay.s) <= min(b.rect.top for b in scene.buttons)
    assert rect.bottom >= max(b.rect.bottom for b in scene.buttons)


def test_a_menu_opened_from_the_title_hides_the_title_menu(app):
    """Statistics over the title once showed the dimmed title panel sticking out below its own
    panel and its buttons ghosting through; over a menu an overlay starts from plain felt."""
    from game.ui.scenes.menus import TitleScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.widgets import felt

    app.screen = pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    title = TitleScene(app)
    app.push(title)
    stats = StatsScene(app)
    app.push(stats)
    for scene in app.stack:
        scene.resize(app.size)
    app.draw()
    below = title.rect.clip(pygame.Rect(0, stats.rect.bottom + 2, 1024, 640))
    assert below.height > 4, "the title panel should reach below the statistics panel"
    x, y = below.center
    assert app.screen.get_at((x, y)) == felt(app.size).get_at((x, y))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (900, 600)])
def test_declare_out_button_clears_the_status_line(app, size):
    """On the two-handed trick screen the "Declare out (...)" button reached a few pixels over
    the right end of the status line ("Your lead: play a card ..."). It is now in the toolbar,
    where it is open on the opponent's turn too, and clear of the other buttons."""
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    table = start(app, "two-handed", seed=5)
    scene = reach(app, table, TrickScene)
    scene.resize(app.size)
    table.resize(app.size)
    button = table.toolbar.declare_button
    assert button.enabled and button in table.toolbar.buttons
    assert table.layout.bar.contains(button.rect)
    assert not button.rect.colliderect(scene.layout.status)
    others = [b for b in table.toolbar.buttons if b is not button]
    assert not any(button.rect.colliderect(b.rect) for b in others)
    assert not any(b.label.startswith("Declare") for b in scene.buttons)


def test_the_playoff_narration_ends_with_the_hand():
    """Under the hand's result the status line still read "The stock is gone: the last twelve
    tricks are played strictly."; a reason the hand was not played must stay, though."""
    from game.rules import events as ev
    from game.store.content import load_preset
    from game.ui.anim import Timeline
    from game.ui.table.layout import Layout
    from game.ui.table.model import TableModel
    from game.ui.table.stockmodel import PLAYOFF_NARRATION

    rules = load_preset("two-handed")
    model = TableModel(rules, 0, Layout((1280, 800), rules.seating, rules.max_held), Timeline())
    model.talk.message = PLAYOFF_NARRATION
    model.on_HandScored(ev.HandScored(result="result"))  # type: ignore[arg-type]
    assert model.talk.message == "" and model.result == "result"
    model.apply(ev.HandNotPlayed("the bidder holds no marriage"))
    model.on_HandScored(ev.HandScored(result="result"))  # type: ignore[arg-type]
    assert model.talk.message == "the bidder holds no marriage"


def test_every_score_display_names_the_players_side_you():
    """The info panel said "You" while the hand's result, the game's end and the score sheet
    said "South" for the same seat; they all name sides through one helper now."""
    from types import SimpleNamespace

    from game.ui.table.hud import side_label
    from tests.helpers import rules

    def scene(variant, human):
        return SimpleNamespace(match=SimpleNamespace(rules=rules(variant)), human=human)

    assert [side_label(scene("two-handed", 0), s) for s in (0, 1)] == ["You", "North"]
    assert [side_label(scene("racehorse", 0), s) for s in (0, 1)] == ["You & North",
                                                                      "West & East"]
    assert [side_label(scene("cutthroat", 1), s) for s in (0, 1, 2)] == ["South", "You", "East"]
    # Issue 38: the player's "South" is not replaced inside "Southwest" and "Southeast".
    assert [side_label(scene("six-handed", 0), s) for s in (0, 1)] == [
        "You, Northwest & Northeast", "Southwest, North & Southeast"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_meld_turn_prompt_holds_its_buttons_and_leaves_the_turn_up_visible(app, size):
    """With seven or more choices the meld turn's third row of buttons hung below its panel,
    its first row was wider than the panel, and the panel covered the turn-up the player may
    be about to exchange the dix for."""
    import dataclasses

    from game.rules.actions import CountDix, DeclareOut, EndTurn, ExchangeDix, LayMeld
    from game.rules.cards import Card
    from game.ui.scenes.stockturn import MeldTurnScene

    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    table = start(app, "two-handed", seed=5)
    scene = reach(app, table, MeldTurnScene)

    def meld(kind, text):
        return LayMeld(kind, tuple(Card.parse(c) for c in text.split()))

    table.view = dataclasses.replace(table.view, legal=(
        meld("run", "AC TC KC QC JC"), meld("royal_marriage", "KC QC"),
        meld("marriage", "KH QH"), meld("pinochle", "QS JD"), meld("kings", "KS KH KC KD"),
        CountDix(), ExchangeDix(), EndTurn(), DeclareOut()))
    app.pop(scene)
    scene = MeldTurnScene(app, table)
    app.push(scene)
    scene.resize(app.size)
    assert len(scene.buttons) == 8  # declaring out is in the toolbar
    rect = scene.prompt_panel(app.screen, "Meld after the trick", ["Lay down one meld"],
                              center_x=scene.center_x)
    for b in scene.buttons:
        assert rect.contains(b.rect), (b.label, b.rect, rect)
    assert rect.left >= 0 and rect.right <= size[0]
    turnup = table.model.stock_area.turnup
    assert turnup is not None and not rect.colliderect(turnup.rect)
    assert all(not rect.colliderect(sp.rect) for sp in table.model.stock_area.stock)
