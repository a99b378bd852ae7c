"""Issue 14, item 1: a completed trick stays face up in the middle with its winner lit and its
counters shown, for the pause chosen in Settings (or until a click), then sweeps to the winning
side's one pile, whose counters are shown; clicking a pile shows the last trick."""

from __future__ import annotations

import pygame
import pytest

from game.rules.events import TrickWon
from game.ui.table import hud
from game.ui.table.sprites import CardSprite
from tests.ui.conftest import click, pump
from tests.ui.driving import SIZES, run_until, start


def first_trick_won(table):
    """Record the first TrickWon the table is given."""
    seen: list[TrickWon] = []
    original = table.model.apply

    def apply(event):
        if isinstance(event, TrickWon) and not seen:
            seen.append(event)
        original(event)

    table.model.apply = apply
    return seen


@pytest.mark.parametrize("size", SIZES)
def test_a_completed_trick_stays_face_up_with_its_winner_lit_then_sweeps(app, size):
    app.settings.trick_pause = "1 s"
    app.fixed_dt = 1 / 30  # frame by frame: the trick is read through its pause and sweep
    table = start(app, seed=5, size=size)
    seen = first_trick_won(table)
    assert run_until(app, table, lambda: bool(seen))
    won = seen[0]
    tricks = table.model.tricks
    assert run_until(app, table, lambda: tricks.shown is not None and tricks.shown.lit,
                     answering=False)
    shown = table.model.tricks.shown
    lay = table.layout
    assert [seat for seat, _ in shown.sprites] == [seat for seat, _ in won.cards]
    for seat, sp in shown.sprites:
        assert sp.face_up and sp.card is not None
        assert (round(sp.x), round(sp.y)) == tuple(round(v) for v in lay.trick_slot(seat)[:2])
    assert shown.winning_sprite is dict((s, sp) for s, sp in shown.sprites)[won.seat]
    assert shown.points == won.points
    pump(app, 15)  # half a second at 30 frames a second: still on show
    assert tricks.shown is shown and shown.lit and all(sp.face_up for _, sp in shown.sprites)
    assert run_until(app, table, lambda: table.model.tricks.shown is None, 120, answering=False)
    side = table.match.rules.side_of(won.seat)
    x, y, _ = lay.pile_slot(table.model.tricks.pile_seat(side))
    for _, sp in shown.sprites:
        assert not sp.face_up and sp in table.model.tricks.piles[side]
        assert abs(sp.x - x) < 8 and abs(sp.y - y) < 8


def test_until_i_click_holds_the_trick_and_draws_nothing_meanwhile(app):
    app.settings.trick_pause = "until I click"
    table = start(app, seed=5)
    seen = first_trick_won(table)
    assert run_until(app, table, lambda: bool(seen))
    assert run_until(app, table, lambda: table.timeline.held is not None, answering=False)
    pump(app, 150)  # five seconds
    assert table.model.tricks.shown is not None and table.model.tricks.shown.lit
    assert not table.busy and not app.busy  # the loop may sleep: nothing moves
    pump(app, 2, events=click((5, app.size[1] // 2)))
    assert run_until(app, table, lambda: table.model.tricks.shown is None, 60, answering=False)


@pytest.mark.parametrize("variant", ["racehorse", "cutthroat", "two-handed"])
def test_one_pile_per_side_labelled_with_its_tricks_and_counters(app, variant):
    table = start(app, variant, seed=3)
    rules = table.match.rules
    assert len(table.model.tricks.piles) == rules.n_sides
    # once three tricks have landed on their piles (a trick on show is counted when it lands)
    assert run_until(app, table, lambda: sum(table.board.won or (0,)) >= 3
                     and not table.model.tricks.sweeping)
    for side in range(rules.n_sides):
        won, taken = table.board.side_won(side), table.board.side_taken(side)
        assert won == sum(table.view.won[s] for s in rules.seats_of(side))
        owner = hud.side_label(table, side)  # whose pile: the other side's lies by East
        # The bidder's discards count as its tricks, their worth unknown to the others.
        plus = " + discards" if rules.widow.size and rules.side_of(
            table.board.bidder) == side else ""
        assert hud.pile_label(table, side) == (
            f"{owner}\n{won} trick{'s' if won != 1 else ''} · {taken} pts{plus}" if won else
            hud.possessive(owner) + " discards" if plus else "")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["racehorse", "double-deck", "cutthroat", "two-handed"])
def test_pile_labels_clear_every_seat_label_and_hand(app, size, variant):
    """At 1024x640 West's "1 trick" sat on the "You" label."""
    from game.ui import assets

    table = start(app, variant, seed=3, size=size)
    lay = table.layout
    font = assets.font(lay.font_small)
    taken = []
    for side in range(table.match.rules.n_sides):
        longest = f"{hud.side_label(table, side)}\n12 tricks · 250 pts"
        for line, pos in hud.pile_label_lines(table, side, longest):
            rect = pygame.Rect(pos, font.size(line))
            assert pygame.Rect((0, 0), size).contains(rect), (side, rect)
            taken.append(rect)
    big = assets.font(lay.font, True)
    for seat in range(table.match.rules.players):
        x, y, anchor = lay.label_pos(seat)
        label = big.render(hud.seat_title(table, seat) + "  D", True, (0, 0, 0)).get_rect(
            **{anchor: (round(x), round(y))})
        assert not label.colliderect(lay.info), (seat, label, lay.info)
        for rect in taken:
            assert not rect.colliderect(label), (seat, rect, label)
            assert not rect.colliderect(lay.hand_box(seat)), (seat, rect)
    for a in taken:
        assert not a.colliderect(lay.info) and not a.colliderect(lay.bar)


def test_clicking_a_pile_shows_the_last_trick(app):
    from game.ui.scenes.displays import LastTrickScene

    table = start(app, seed=5)
    assert run_until(app, table, lambda: bool(table.model.tricks.last_trick)
                     and table.model.tricks.shown is None and app.top is not table
                     and table.match.waiting_for_human())
    side = next(s for s, pile in enumerate(table.model.tricks.piles) if pile)
    pump(app, 2, events=click(table.pile_rect(side).center))
    assert isinstance(app.top, LastTrickScene)


def test_moving_cards_have_no_box_behind_them(app):
    """A card in flight is turned; its shadow was a square, so a black box showed around it.
    The corners of the turned card's bounds must keep the felt."""
    surface = pygame.Surface((300, 300))
    felt = (22, 92, 58)
    surface.fill(felt)
    sp = CardSprite(None, 150, 150, 92, angle=37)
    sp.draw(surface, False, "blue")
    img = sp.image(False, "blue")
    rect = img.get_rect(center=(150, 150)).move(2, 3)
    for corner in (rect.topleft, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1),
                   (rect.right - 1, rect.bottom - 1)):
        assert surface.get_at(corner)[:3] == felt, corner


@pytest.mark.parametrize("variant", ["racehorse", "double-deck"])
def test_every_card_of_a_trick_is_drawn_while_its_last_card_flies_in(app, variant):
    """The review by eye: the trick's cards join their pile when TrickWon arrives, while the
    last card is still in flight; the pile draws only its top three cards, so the lead card
    vanished for those frames. Every card of the trick stays drawn until its sweep is over."""
    app.settings.trick_pause = "1 s"
    table = start(app, variant, seed=5)
    seen = first_trick_won(table)
    assert run_until(app, table, lambda: bool(seen))
    side = table.match.rules.side_of(seen[0].seat)
    trick = list(table.model.tricks.piles[side])  # the first trick: the whole pile
    assert len(trick) == len(seen[0].cards)
    frames = 0
    while table.model.tricks.shown is None or not table.model.tricks.shown.lit:
        drawn = {id(sp) for sp in table.model.all_sprites()}
        missing = [str(sp.card) for sp in trick if id(sp) not in drawn]
        assert not missing, f"frame {frames}: {missing} not drawn"
        pump(app, 1)
        frames += 1
        assert frames < 300
    assert frames > 0


def test_a_pile_counts_a_trick_when_the_trick_lands_on_it(app):
    """Review by eye: the pile's label said "1 trick · 30" while the trick's last card was still
    in flight; the label now counts a trick once its sweep has landed."""
    app.settings.trick_pause = "1 s"
    table = start(app, seed=5)
    seen = first_trick_won(table)
    assert run_until(app, table, lambda: bool(seen))
    side = table.match.rules.side_of(seen[0].seat)
    assert hud.pile_label(table, side) == ""  # the first trick is still in the middle
    assert run_until(app, table, lambda: table.model.tricks.shown is None
                     and not table.model.tricks.sweeping, 120, answering=False)
    owner = hud.side_label(table, side)
    assert hud.pile_label(table, side) == f"{owner}\n1 trick · {seen[0].points} pts"
