"""Nothing on the table overlaps, from the smallest window (1024x640) to full HD."""

import itertools

import pygame
import pytest

from game.store.content import load_preset, preset_names
from game.ui.table.layout import Layout, hand_size


def zones(lay: Layout, players: int) -> dict[str, pygame.Rect]:
    out = {"bar": lay.bar, "info": lay.info, "status": lay.status}
    for seat in range(players):
        out[f"hand{seat}"] = lay.hand_box(seat)
    trick = None
    for seat in range(players):
        x, y, _ = lay.trick_slot(seat)
        r = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        r.center = (round(x), round(y))
        trick = r if trick is None else trick.union(r)
    out["trick"] = trick
    for seat in range(players):
        x, y, angle = lay.pile_slot(seat)
        w, h = (lay.small_h, lay.small_w) if angle % 180 else (lay.small_w, lay.small_h)
        pile = pygame.Rect(0, 0, w, h)
        pile.center = (round(x), round(y))
        out[f"pile{seat}"] = pile
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("preset", ["racehorse", "double-deck", "cutthroat", "two-handed",
                                    "five-handed", "six-handed"])
def test_zones_do_not_overlap_and_stay_on_screen(size, preset):
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules))
    window = pygame.Rect((0, 0), size)
    rects = zones(lay, rules.players)
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} leaves the {size} window"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"


def test_a_long_row_of_laid_melds_is_counted_and_cut_to_the_window():
    """Two-handed: many melds laid by one player once ran their legend off the right edge."""
    from game.rules.meld import Meld
    from game.ui import assets
    from game.ui.table.hud import laid_legend
    from game.ui.widgets import elide

    marriage = Meld("marriage", "Class II", "Marriage", (), 20)
    melds = [marriage, marriage, Meld("jacks", "Class I", "40 jacks", (), 40),
             Meld("royal_marriage", "Class II", "Royal marriage", (), 40)]
    assert laid_legend(melds) == "Marriage 20 ×2 · 40 jacks · Royal marriage 40"
    text = "Meld 300: " + laid_legend(melds * 3)
    cut = elide(text, 14, 200)
    assert assets.font(14).size(cut)[0] <= 200 and cut.endswith("…")
    assert elide("Meld 20", 14, 200) == "Meld 20"


def test_the_laid_meld_legend_adds_up_to_the_seats_meld_with_its_dix():
    """Review by eye (two-handed): 'Meld 130: Pinochle 40 · Marriage 20 ×2 · Royal marriage
    40' adds up to 120; the dix the seat scored was missing from the legend."""
    import re

    from game.rules.meld import Meld
    from game.ui.table.hud import laid_legend

    marriage = Meld("marriage", "Class II", "Marriage", (), 20)
    melds = [Meld("pinochle", "Class III", "Pinochle", (), 40), marriage, marriage,
             Meld("royal_marriage", "Class II", "Royal marriage", (), 40)]
    legend = laid_legend(melds, 130)
    assert legend.endswith("Dix 10")
    parts = [(int(p), int(n or 1)) for p, n in re.findall(r"(\d+)(?: ×(\d+))?(?= ·|$)", legend)]
    assert sum(p * n for p, n in parts) == 130
    assert laid_legend(melds, 120) == laid_legend(melds)  # no dix: nothing added
    # Two dixes read like any repeated meld (the review saw "Dix 20" beside "Pinochle 40 ×2").
    assert laid_legend(melds, 140, 10).endswith("Dix 10 ×2")
    assert laid_legend(melds, 130, 10).endswith("Dix 10")


def card_rect(lay: Layout, slot: tuple[float, float, float]) -> pygame.Rect:
    x, y, angle = slot
    w, h = (lay.small_h, lay.small_w) if angle % 180 else (lay.small_w, lay.small_h)
    r = pygame.Rect(0, 0, w, h)
    r.center = (round(x), round(y))
    return r


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("preset", ["racehorse", "double-deck", "cutthroat", "five-handed",
                                    "six-handed"])
def test_a_side_hand_laid_open_for_a_claim_shows_every_cards_corner(size, preset):
    """Issue 14, item 7: "The claimed cards are shown" -- a sideways column of backs turned face
    up showed a sliver of each card (the claim could not be checked card by card). Laid open,
    each side card is upright and the corner that names it is covered by no later card, and the
    hand stays on screen, clear of the score panel and the middle of the table."""
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules))
    window = pygame.Rect((0, 0), size)
    rects = zones(lay, rules.players)
    for seat, chair in enumerate(lay.chairs):
        pos = chair.edge
        if chair.upright:
            continue
        for n in range(1, hand_size(rules) + 1):
            slots = lay.open_slots(seat, n)
            assert len(slots) == n and all(angle == 0.0 for _, _, angle in slots)
            cards = [card_rect(lay, slot) for slot in slots]
            for i, rect in enumerate(cards):
                corner = pygame.Rect(rect.left, rect.top, round(lay.small_w * 0.3),
                                     round(lay.small_h * 0.3))
                covering = [j for j in range(i + 1, n) if cards[j].colliderect(corner)]
                assert not covering, f"{pos} card {i} of {n}: its corner is under {covering}"
                assert window.contains(rect), f"{pos} card {i} of {n} leaves the window"
                for zone in ("bar", "info", "trick", "status"):
                    assert not rect.colliderect(rects[zone]), f"{pos} {n} cards cover {zone}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_chairs_sit_by_angle_clockwise_from_the_player(players):
    """Issue 38: "The table asks its layout for chair i of n and derives every hand, trick
    slot ... from that chair's place". The player at the bottom; the seat on the player's left
    (the next one clockwise, seating.next) on the left of the window; every seat named for the
    side of the table its chair is on."""
    from game.rules.seating import seating_for
    from game.ui.table.layout import chairs

    seated = chairs(players)
    assert seated[0].edge == "bottom"
    seating = seating_for(players, players)
    for seat, chair in enumerate(seated):
        name = seating.name(seat).lower()
        if "west" in name:
            assert chair.dx < 0
        if "east" in name:
            assert chair.dx > 0
        if name.startswith("north"):
            assert chair.dy < 0
    if players > 2:
        assert seated[seating.next(0)].dx < 0  # play passes to the player on the left
    for edge in ("top", "left", "right"):  # chairs sharing an edge split it evenly
        mine = [c for c in seated if c.edge == edge]
        assert sum(c.share for c in mine) == pytest.approx(1.0 if mine else 0.0)
        assert len({c.along for c in mine}) == len(mine)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("preset", ["five-handed", "six-handed"])
def test_twenty_cards_stay_pickable_and_the_trick_cards_apart(size, preset):
    """Issue 38: "Twenty cards in a hand must stay pickable at 1024x640" -- each card of the
    player's widest hand shows a strip at least a third of a card wide; and the cards of one
    trick, one per chair, cover at most a sliver of each other."""
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules))
    slots = lay.hand_slots(0, hand_size(rules))
    steps = [b[0] - a[0] for a, b in zip(slots, slots[1:], strict=False)]
    assert hand_size(rules) == 20 and min(steps) >= lay.card_w / 3
    cards = []
    for seat in range(rules.players):
        x, y, _ = lay.trick_slot(seat)
        r = pygame.Rect(0, 0, lay.trick_w, lay.trick_h)
        r.center = (round(x), round(y))
        cards.append(r)
    for a, b in itertools.combinations(cards, 2):
        cut = a.clip(b)
        assert cut.width * cut.height <= 0.25 * lay.trick_w * lay.trick_h, (a, b)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("preset", ["racehorse", "cutthroat", "five-handed", "six-handed"])
def test_no_pile_label_lies_on_a_chairs_name(size, preset):
    """Issue 38 ("derives every hand, trick slot, meld strip, pile, label ... from that chair's
    place"): at five-handed, 1024x640, the right top chair's pile lay between the two top
    hands and its label ("Northeast / 3 tricks · 27 pts") fell on both chairs' names, which sat
    at the hands' inner ends. Each side's pile label, laid out by the table's own function, is
    clear of every chair's name (as wide as a bold "Northwest (medium)" can be)."""
    from types import SimpleNamespace

    from game.ui import assets
    from game.ui.table.hud import pile_label_lines

    pygame.init()
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules))
    scene = SimpleNamespace(layout=lay, human=0, keep_clear=lambda: [],
                            model=SimpleNamespace(tricks=SimpleNamespace(
                                pile_seat=lambda side: lay.pile_seat(side, 0))))
    name_font, small = assets.font(lay.font, True), assets.font(lay.font_small)
    names = {}
    for seat in range(rules.players):
        x, y, anchor = lay.label_pos(seat)
        r = pygame.Rect((0, 0), name_font.size(f"{rules.seating.name(seat)} (medium)"))
        setattr(r, anchor, (round(x), round(y)))
        names[seat] = r
    for side in range(rules.seating.n_sides):
        pile = lay.pile_seat(side, 0)
        who = " & ".join(rules.seating.name(s) for s in rules.seating.seats_of(side))
        # and the bidder's pile with its discards, at the hand's end (five-handed, 1024x640:
        # "0 tricks + discards · 0 pts" ran over both top chairs' names)
        for count in ("13 tricks · 127 pts", "16 tricks · 250 pts + discards",
                      "0 tricks + discards · 0 pts"):
            for line, (x, y) in pile_label_lines(scene, side, f"{who}\n{count}"):
                r = pygame.Rect((x, y), small.size(line))
                for seat, name in names.items():
                    if seat != pile:  # a chair's own name may sit by its own pile
                        assert not r.colliderect(name), (preset, size, side, line, seat)


@pytest.mark.parametrize("card_scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("preset", preset_names())
def test_no_pile_label_runs_onto_the_score_panel(preset, size, card_scale):
    """Issue 38: at five-handed, 1024x640, Northwest's pile lay at the left end of its stretch
    of the top edge, beside the score panel, and the second line of its label ("1 trick ·
    3 pts + discards"), centred under the pile, ran over the panel's right edge. Each side's
    pile label, as long as it gets (the most tricks, every counter, the bidder's discards),
    laid out by the table's own function, stays clear of the score panel and the button bar
    and inside the window, at every preset, size and card size."""
    from types import SimpleNamespace

    from game.rules.seating import listed
    from game.store.settings import CARD_SIZES
    from game.ui import assets
    from game.ui.table.hud import pile_label_lines

    assert card_scale in CARD_SIZES
    pygame.init()
    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules), auction=not rules.stock.enabled,
                 card_scale=card_scale)
    scene = SimpleNamespace(layout=lay, human=0, keep_clear=lambda: [],
                            model=SimpleNamespace(tricks=SimpleNamespace(
                                pile_seat=lambda side: lay.pile_seat(side, 0))))
    small = assets.font(lay.font_small)
    window = pygame.Rect((0, 0), size)
    seating = rules.seating
    tricks = rules.hand_size  # a side may take every trick
    discards = " + discards" if rules.widow.size else ""
    for side in range(seating.n_sides):
        seats = seating.seats_of(side)
        owner = ("Your side" if 0 in seats and seating.side_size > 2
                 else listed(["You" if s == 0 else seating.name(s) for s in seats]))
        text = f"{owner}\n{tricks} tricks · 250 pts{discards}"
        for line, (x, y) in pile_label_lines(scene, side, text):
            r = pygame.Rect((x, y), small.size(line))
            assert window.contains(r), (preset, size, side, line, r)
            assert not r.colliderect(lay.info), (preset, size, side, line, r, lay.info)
            assert not r.colliderect(lay.bar), (preset, size, side, line, r, lay.bar)
