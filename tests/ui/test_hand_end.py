"""Issue 14, item 6: at the end of a hand the result appears before the score panel changes,
the meld recap is complete, trick points show what each side took even when they do not
count, and every hand as dealt and a replay of the tricks can be shown."""

from __future__ import annotations

import pygame
import pytest

from game.match.history import hand_history
from game.rules.auction_game.melding import side_meld_totals
from game.rules.engine import replay
from game.rules.events import CardsDealt, HandNotPlayed, HandResult, HandScored, SideResult
from game.ui.scenes.displays import MeldScene, ResultScene, meld_text, tricks_text
from game.ui.scenes.review import HandsScene, ReplayScene
from game.ui.table.hud import side_label
from tests.ui.conftest import key, pump
from tests.ui.driving import SIZES, answer, run_until, start


@pytest.mark.parametrize("size", SIZES)
def test_the_result_appears_before_the_score_panel_changes(app, size):
    table = start(app, seed=5, size=size)
    scored: list[HandScored] = []
    process = table.process

    def record(events):
        scored.extend(e for e in events if isinstance(e, HandScored))
        before = table.board.scores
        process(events)
        if scored and not isinstance(app.top, ResultScene):
            assert table.board.scores == before

    table.process = record
    assert run_until(app, table, lambda: bool(scored))
    old = table.board.scores
    frames = 0
    while not isinstance(app.top, ResultScene):
        assert table.board.scores == old and table.board.hand_no == scored[0].result.hand_no
        pump(app)
        frames += 1
        assert frames < 600
    assert frames > 5  # the last trick was shown and swept first
    # Behind the result the panel keeps the hand just played (review by eye: it had moved to
    # the next hand, its dealer and an empty auction); it moves on when the result closes.
    pump(app, 10)
    assert table.board.scores == old and table.board.hand_no == scored[0].result.hand_no
    app.top.cont.on_click()
    pump(app, 2)
    assert not isinstance(app.top, ResultScene)
    assert table.board.scores == scored[0].result.totals


def test_the_meld_recap_is_complete_when_the_hand_is_lost_under_twenty(app):
    """001's bidding side under 20 meld loses its bid at once; the recap read "Team meld —"
    with nothing after it, the view having moved on to the next deal."""
    seen = []
    # Game 5 is the first whose opening hands include one lost under 20 meld (searching from
    # game 1 played twelve whole hands first); later games are tried if the bots change.
    for seed in range(5, 45):
        table = start(app, "double-deck", seed=seed)
        unplayed = []
        process = table.process

        def record(events, p=process, u=unplayed):
            if any(isinstance(e, HandNotPlayed) for e in events):
                u.append(True)
            p(events)

        table.process = record
        for _ in range(8000):
            pump(app)
            if isinstance(app.top, MeldScene) and unplayed:
                seen.append(app.top)
                break
            answer(app, table)
            if len(table.match.state.records) >= 3:
                break
        if seen:
            break
    assert seen, "no hand was lost under 20 meld"
    scene = seen[0]
    model = table.model
    rules = table.match.rules
    totals = side_meld_totals(rules, [model.melds[s][0] for s in range(rules.players)])
    assert scene.footer_lines() == [f"{side_label(table, side)}: meld {totals[side]}"
                                    for side in range(rules.n_sides)]
    assert min(totals) == 0  # a side under the minimum scores no meld


def test_tricks_that_do_not_count_still_show_what_the_side_took():
    set_side = SideResult(0, 130, 0, 90, 0, -280, 280, False)
    assert tricks_text(set_side) == "0 (took 90)"
    # Review by eye (issue 25): its meld read "0/30" beside it; now in the same words.
    assert meld_text(SideResult(0, 30, 0, 17, 0, 0)) == "0 (melded 30)"
    assert meld_text(SideResult(1, 54, 54, 33, 33, 87)) == "54"
    assert tricks_text(SideResult(1, 30, 30, 160, 160, 190)) == "160"
    assert tricks_text(SideResult(0, 0, 0, 87, 90, 90, raw_tricks=87)) == "90 (87)"
    result = HandResult(0, 3, 2, 280, None, (set_side,), (-280, 190), outcome="set")
    scene = ResultScene.__new__(ResultScene)
    scene.result = result
    assert scene.side_notes(set_side)[0] == "set: nothing counts, the bid of 280 is lost"


def test_rounded_tricks_say_why_they_count_less_or_more():
    """004: "In this count, 7 points or more count as 10. Example: 87 points count as 90." The
    result read "60 (62)" with nothing to say why."""
    scene = ResultScene.__new__(ResultScene)
    scene.result = HandResult(0, 1, -1, 0, None, (), (100, 540))
    rounded = SideResult(0, 40, 40, 62, 60, 100, raw_tricks=62)
    assert tricks_text(rounded) == "60 (62)"
    assert scene.side_notes(rounded) == [
        "62 in tricks count as 60 (in this count, 7 points or more count as 10.)"]
    up = SideResult(1, 350, 350, 87, 90, 440, raw_tricks=87)
    assert scene.side_notes(up) == [
        "87 in tricks count as 90 (in this count, 7 points or more count as 10.)"]
    assert scene.side_notes(SideResult(0, 40, 40, 60, 60, 100, raw_tricks=60)) == []
    from game.rules.stock_game.score import ROUNDING
    from game.store.content import LEVELS_DIR
    from game.tutorial.check_text import seeds_folder

    docs = seeds_folder(LEVELS_DIR, None)
    assert docs is not None, "no rule documents beside the checkout: no silent skip (issue 36)"
    assert any(ROUNDING in p.read_text(encoding="utf-8") for p in docs.glob("004_*"))


def play_a_hand_with_passes(app, seed=2):
    table = start(app, seed=seed)
    assert run_until(app, table, lambda: isinstance(app.top, ResultScene), frames=8000)
    return table, app.top


@pytest.mark.parametrize("size", SIZES)
def test_show_all_hands_shows_every_hand_as_dealt_with_the_passes(app, size):
    table, result = play_a_hand_with_passes(app)
    from tests.ui.driving import sized

    sized(app, size)
    pump(app, 2, events=[key(pygame.K_a, "a")])
    scene = app.top
    assert isinstance(scene, HandsScene)
    m = table.match
    _, events = replay(m.rules, m.seed, m.actions)
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert scene.history.dealt == dealt.hands  # every hand, the others' too
    assert scene.history.passes and all(
        any(f"{c.pretty}" in " ".join(scene.changes(p.source)) for c in p.cards)
        for p in scene.history.passes)
    pump(app, 1)
    inner = pygame.Rect((0, 0), size)
    for b in scene.buttons:
        assert inner.contains(b.rect)


def test_the_replay_steps_through_the_tricks_forward_and_back(app):
    table, result = play_a_hand_with_passes(app)
    pump(app, 2, events=[key(pygame.K_p, "p")])
    scene = app.top
    assert isinstance(scene, ReplayScene)
    hist = hand_history(table.match.rules, table.match.seed, table.match.actions, 0)
    assert [t.cards for t in scene.history.tricks] == [t.cards for t in hist.tricks]
    assert len(hist.tricks) == 12
    for i in range(3):
        assert scene.index == i
        held = scene.history.held_before(i)
        assert [len(h) for h in held] == [12 - i] * 4
        for seat, card in hist.tricks[i].cards:
            assert card in held[seat]
        pump(app, 2, events=[key(pygame.K_RIGHT)])
    pump(app, 2, events=[key(pygame.K_LEFT)])
    assert scene.index == 2
    pump(app, 2, events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.top, ResultScene)


def test_the_score_sheet_shows_what_a_set_side_took():
    """Review by eye: a set side read '0/0 = -60' on the score sheet, hiding the 44 meld and 14
    in tricks it had (the result display said so; the sheet did not). Issue 25: then it read
    "0/0 of 40/40 = -250 (-250) +0"; each figure now has its own column, and what did not
    count is marked."""
    from game.rules.events import SideResult
    from game.ui.scenes.scoresheet import meld_cell, tricks_cell

    set_side = SideResult(0, 44, 0, 14, 0, -60, bid=60, made=False)
    assert (meld_cell(set_side), tricks_cell(set_side)) == ("44 ✗", "14 ✗")
    plain = SideResult(1, 30, 30, 20, 20, 50)
    assert (meld_cell(plain), tricks_cell(plain)) == ("30", "20")
    # two-handed: the rounding is shown in brackets, not again as what was taken
    assert tricks_cell(SideResult(0, 40, 40, 104, 100, 140, raw_tricks=104)) == "100 (104)"


def test_every_hand_as_dealt_spreads_across_the_panel_when_nothing_was_passed(app, monkeypatch):
    """Double-deck at 1024x640: twenty cards a seat were squeezed into half the panel (the half
    beside them kept for passes that this table does not make), each card's corner only just
    showing while the other half stayed empty."""
    from game.rules.engine import apply, legal_actions, new_game
    from game.ui.scenes import review

    table = start(app, "double-deck", seed=1, size=(1024, 640))
    m = table.match
    state, actions = new_game(m.rules, m.seed), []
    while state.hand_no == 0:
        action = legal_actions(state)[0]
        state, _ = apply(state, action)
        actions.append(action)
    m.actions = actions
    rows = []
    real = review.draw_cards

    def record(surface, table, cards, pos, width, marked=(), span=0):
        end = real(surface, table, cards, pos, width, marked, span)
        rows.append((len(cards), width, (end - pos[0] - width) / (len(cards) - 1)))
        return end

    monkeypatch.setattr(review, "draw_cards", record)
    app.push(HandsScene(app, table, 0))
    pump(app, 2)
    assert len(rows) >= 4 and all(n == 20 for n, _, _ in rows[:4])
    for n, width, step in rows:
        assert step >= 0.6 * width, f"{n} cards {width} wide overlap at a step of {step:.0f}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["racehorse", "cutthroat", "two-handed"])
def test_the_replays_trick_lies_like_the_tables_and_grows_with_the_window(size, preset):
    """Review by eye: in the three-handed replay the leader's card lay over the others' corners
    (the cross was drawn for four seats), and at 1920x1080 the cards stayed small."""
    from types import SimpleNamespace

    from game.store.content import load_preset
    from game.ui.table.layout import Layout, hand_size

    rules = load_preset(preset)
    lay = Layout(size, rules.seating, hand_size(rules))
    scene = ReplayScene.__new__(ReplayScene)
    scene.table = SimpleNamespace(layout=lay)
    area = pygame.Rect(0, 0, round(size[0] * 0.36), round(size[1] * 0.7))
    rects = scene.trick_rects(list(range(rules.players)), area)
    for i, a in enumerate(rects):
        assert area.contains(a), (i, a, area)
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_side_of_three_reads_clear_of_the_results_numbers(app, size):
    """Issue 38, under Xvfb at six-handed, 1024x640: the result's rows name a side of three
    ("Southwest, North & Southeast"), and the name ran into its meld ("Southeast62"). Each
    side's name, its meld and tricks (the longest forms: "0 (melded 28)", "0 (took 25)") and
    its scores lie apart, at every size."""
    from game.rules.cards import Suit
    from game.rules.events import Outcome
    from game.ui import widgets
    from tests.ui.overlaps import problems

    table = start(app, "six-handed", size=size)
    sides = (SideResult(0, 28, 0, 25, 0, 0),
             SideResult(1, 62, 62, 50, 50, 112, bid=90, made=True))
    result = HandResult(0, 5, 3, 90, Suit.CLUBS, sides, (0, 112), outcome=Outcome.MADE)
    app.push(ResultScene(app, table, result))
    pump(app, 2)
    with widgets.recording() as rec:
        app.draw()
    texts = [x.label for x in rec.items if x.kind == "text"]
    for side in (0, 1):
        assert side_label(table, side) in texts
    assert "0 (melded 28)" in texts and "0 (took 25)" in texts
    found = problems(rec.items, app.size)
    assert not found, found
