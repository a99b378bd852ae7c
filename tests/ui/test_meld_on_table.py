"""Issue 25, "What regulars expect" 1: "Each seat's meld lies face up in front of it, grouped
and labelled with its points, through the first trick. ... The modal meld display becomes
optional (a setting), and L still opens the full recap."""

from __future__ import annotations

import pytest

from game.ui import widgets
from game.ui.scene import Route
from game.ui.scenes.displays import MeldScene
from game.ui.table import hud, meldtable
from tests.ui.conftest import key, pump
from tests.ui.driving import SIZES, run_until, start


def drawn(app):
    with widgets.recording() as rec:
        app.draw()
    return rec.items


def melded(table):
    return len(table.model.melds) == table.match.rules.players


@pytest.mark.parametrize("variant", ["racehorse", "double-deck", "cutthroat"])
def test_meld_lies_on_the_table_through_the_first_trick_without_the_display(app, variant,
                                                                          monkeypatch):
    app.settings.meld_shown = "table"
    opened = []
    real = app.open
    monkeypatch.setattr(app, "open", lambda route, **kw: opened.append(route) or real(route,
                                                                                     **kw))
    table = start(app, variant, size=(1280, 800))
    assert run_until(app, table, lambda: melded(table) and meldtable.showing(table))
    assert Route.MELD not in opened  # no modal display
    items = drawn(app)
    texts = [x.label for x in items if x.kind == "text"]
    for seat, (meld, _, _) in table.model.melds.items():
        name = "You" if seat == table.human else table.match.rules.seating.name(seat)
        # The seat's total and each group's name and points, every number the engine's.
        if meld.melds:
            assert any(t.startswith(f"{name}: meld {meld.total}") for t in texts), texts
            shown = [m for m in meld.melds if f"{m.name} {m.points}" in texts]
            assert shown, (seat, texts)
        else:
            assert f"{name}: no meld" in texts
    # The meld's cards are drawn face up, each a card the engine's meld names.
    cards = {x.label for x in items if x.kind == "card"}
    assert any(str(c) in cards for m, _, _ in table.model.melds.values() for g in m.melds
               for c in g.cards)
    # Through the first trick: gone once a trick has been won.
    assert run_until(app, table, lambda: bool(table.model.tricks.last_trick))
    assert not meldtable.showing(table)
    assert not any(t.endswith(": no meld") or ": meld " in t
                   for t in (x.label for x in drawn(app) if x.kind == "text"))


def test_l_still_opens_the_recap_and_the_display_is_a_setting(app):
    app.settings.meld_shown = "table"
    table = start(app, size=(1024, 640))
    assert run_until(app, table, lambda: melded(table) and meldtable.showing(table))
    pump(app, events=[key(ord("l"))])
    assert isinstance(app.top, MeldScene) and app.top.review
    app.settings.meld_shown = "display"
    table = start(app, seed=12, size=(1024, 640))
    # The player bids first: answered on the way (waiting unanswered spent 4,000 frames).
    assert run_until(app, table, lambda: isinstance(app.top, MeldScene))


@pytest.mark.parametrize("size", SIZES)
def test_the_meld_zones_stay_clear_of_hands_trick_and_each_other(app, size):
    """Each seat's strip lies between its hand and its card of the trick, inside the window,
    at every size and with the largest cards."""
    for card_size in (1.0, 1.5):
        app.settings.card_size = card_size
        table = start(app, "racehorse", size=size)
        lay = table.layout
        zones = [meldtable.zone(lay, seat) for seat in range(4)]
        window = app.screen.get_rect()
        for seat, z in enumerate(zones):
            assert z.height > 30 and z.width > 100, (seat, z)
            assert window.contains(z)
            for other in range(4):
                x, y, _ = lay.trick_slot(other)
                card = (round(x - lay.trick_w / 2), round(y - lay.trick_h / 2), lay.trick_w,
                        lay.trick_h)
                assert not z.colliderect(card), (seat, other, z, card)
                assert not z.colliderect(lay.hand_box(other)), (seat, other)
            for o, z2 in enumerate(zones):
                assert o == seat or not z.colliderect(z2), (seat, o)


def test_a_long_message_folds_souths_meld_away_while_it_is_read(app):
    """With the largest cards in the smallest window, a rule quoted in full on the status line
    grows up into South's strip: the strip steps aside rather than lie half under it (the
    layout walk found its captions half under the message), and comes back after."""
    from tests.ui.overlaps import problems

    app.settings.meld_shown = "table"
    app.settings.card_size = 1.5
    app.looks_changed()
    table = start(app, "double-deck", size=(1024, 640))
    assert run_until(app, table, lambda: melded(table) and meldtable.showing(table))
    heading = meldtable.seat_heading(table, table.human, *table.model.melds[table.human][:2])

    def texts():
        return [x.label for x in drawn(app) if x.kind == "text"]

    assert heading in texts()
    rule = ("Why not K♠: " + "you must play a card that beats the highest card of the suit led, "
            "if you hold one, and trump when you cannot follow suit, as the rules say. ") * 2
    table.refuse(rule)
    assert len(hud.status_rect(table, table.status_text()[0])[1]) == 3  # the tallest message
    items = drawn(app)
    assert heading not in [x.label for x in items if x.kind == "text"]
    assert not problems(items, app.size), problems(items, app.size)
    table.status_line.clear()
    assert heading in texts()


LOOKS = {"default": {}, "large": {"card_size": 1.5, "big_index": True, "four_colour": True,
                                  "table_theme": "high contrast"}}


def with_souths_meld(app, size, looks, seat=None):
    """A racehorse table with every seat's meld on it, South's (or ``seat``'s) the one seen
    under Xvfb at 1024x640: Marriage 20, two Nines of Trump and a Pinochle, from the engine."""
    from game.rules.cards import Suit, parse_cards
    from game.rules.compiled import best_meld

    app.settings.meld_shown = "table"
    for name, value in LOOKS[looks].items():
        setattr(app.settings, name, value)
    app.looks_changed()
    table = start(app, "racehorse", size=size)
    assert run_until(app, table, lambda: melded(table) and meldtable.showing(table))
    meld = best_meld(table.match.rules, parse_cards("KS QS 9D 9D QS JD"), Suit.DIAMONDS)
    assert len(meld.melds) == 4
    table.model.melds[table.human if seat is None else seat] = (meld, True, "")
    return table, meld


@pytest.mark.parametrize("seat", ["South", "North"])
@pytest.mark.parametrize("looks", list(LOOKS))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_four_group_meld_is_shown_whole_beside_free_table(app, size, looks, seat):
    """Under Xvfb at 1024x640 the player's fourth meld was cut to "+1 more (L)", its strip
    0.56 of the window wide while the table beside it, out to West's and East's hands, was
    empty (and North's, at every size, out to the score panel and East's pile): every group
    of the meld is drawn, nothing overlapping."""
    from tests.ui.overlaps import problems

    table, meld = with_souths_meld(app, size, looks, 0 if seat == "South" else 2)
    assert table.match.rules.seating.name(2) == "North"
    items = drawn(app)
    texts = [x.label for x in items if x.kind == "text"]
    assert not [t for t in texts if t.endswith("more (L)")], texts
    for m in meld.melds:
        assert f"{m.name} {m.points}" in texts, (m.name, texts)
    assert not problems(items, app.size), problems(items, app.size)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_two_line_refusal_leaves_souths_meld_in_sight(app, size):
    """Under Xvfb, pointing at a card that may not be played folded the player's whole meld
    away, though the two-line reason only grazed its strip: the strip keeps to the room above
    the message, every group still there, clear of it."""
    from tests.ui.overlaps import problems

    table, meld = with_souths_meld(app, size, "default")
    heading = meldtable.seat_heading(table, table.human, meld, True)
    table.refuse("Why not A♥: Rule 2: You must follow suit if you can. (you hold 10♠, K♠, Q♠ "
                 "in spades, the suit led)")
    message, lines, _ = hud.status_rect(table, table.status_text()[0])
    assert len(lines) == 2
    items = drawn(app)
    texts = [x for x in items if x.kind == "text"]
    assert heading in [x.label for x in texts]
    for m in meld.melds:
        shown = [x for x in texts if x.label == f"{m.name} {m.points}"]
        assert shown and not shown[0].rect.colliderect(message), (m.name, message)
    assert not problems(items, app.size), problems(items, app.size)


@pytest.mark.parametrize("card_scale", [1.0, 1.5])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("preset", ["racehorse", "double-deck", "cutthroat", "five-handed",
                                    "six-handed"])
def test_every_chair_shows_a_two_group_meld_in_its_strip(preset, size, card_scale):
    """Issue 38, under Xvfb at six-handed, 1024x640 and 1920x1080: the two lower side chairs'
    strips, cut short by the player's strip below them, were too low for a row of cards with
    their captions under them, and showed only "Southwest: meld 6" and "+2 more (L)" beside
    empty table. Every chair's strip, as the table lays it out, shows a meld of two groups
    (a marriage and a pinochle, from the engine) whole: both captions, all four cards, no
    "more", inside the strip."""
    from types import SimpleNamespace

    import pygame

    from game.rules.cards import Suit, parse_cards
    from game.rules.compiled import best_meld
    from game.store.content import load_preset
    from game.ui.table.layout import Layout, hand_size

    pygame.init()
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules), card_scale=card_scale)
    scene = SimpleNamespace(layout=lay, human=0, match=SimpleNamespace(rules=rules),
                            app=SimpleNamespace(settings=SimpleNamespace(four_colour=False)))
    meld = best_meld(rules, parse_cards("KS QS QS JD"), Suit.HEARTS)
    assert len(meld.melds) == 2
    long_meld = best_meld(rules, parse_cards("AS AH AC AD KS KH KC KD QS QH QC QD JS JH JC JD"),
                          Suit.HEARTS)
    assert len(long_meld.melds) >= 6
    surface = pygame.Surface(size)
    for seat in range(rules.players):
        strip = meldtable.zone(lay, seat)
        with widgets.recording() as rec:
            meldtable.draw_seat(scene, surface, seat, meld, True, strip)
        texts = [x.label for x in rec.items if x.kind == "text"]
        cards = [x for x in rec.items if x.kind == "card"]
        assert not [t for t in texts if "more" in t], (seat, texts, strip)
        for m in meld.melds:
            assert f"{m.name} {m.points}" in texts, (seat, m.name, texts, strip)
        # draw_seat lets the smallest cards take two pixels of the strip's pad
        room = strip.inflate(0, 2 * round(2 * lay.s))
        assert len(cards) == 4 and all(room.contains(c.rect) for c in cards), (seat, strip)
        # A meld too long for the strip ends in "+N more (L)" inside it, off every hand (at a
        # right chair the note ran onto the hand).
        with widgets.recording() as rec:
            meldtable.draw_seat(scene, surface, seat, long_meld, True, strip)
        for item in rec.items:
            assert strip.left <= item.rect.left and item.rect.right <= strip.right, (
                seat, item.label, item.rect, strip)
            for other in range(rules.players):
                assert not item.rect.colliderect(lay.hand_box(other)), (seat, item.label, other)
