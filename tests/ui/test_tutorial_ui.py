"""The tutorial in the window: nothing greyed out, wrong moves answered with the rule, old
replies cleared, finished tricks held until a click, glossary pop-ups once, meld built and
scores added with the mouse, stars kept, the table picked in the menu."""

import pygame

from game.rules.actions import parse_action
from game.store.content import load_preset, load_tutorial, preset_names
from game.store.progress import lesson_key
from game.tutorial.text import TextContext
from game.ui import theme
from game.ui.coached import NEUTRAL
from game.ui.scenes.drill import DrillTutor
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.puzzle import PuzzleTutor
from game.ui.scenes.ruleorder import RuleOrderScene
from game.ui.scenes.tricks import TrickScene
from game.ui.scenes.tutorial import LessonMenuScene
from tests.ui.conftest import click, key, pump

LESSONS, PUZZLES, _ = load_tutorial()


def lesson(name):
    return next(x for x in LESSONS if x.id == name)


def open_lesson(app, name, table="racehorse"):
    scene = LessonTutor(app, lesson(name), load_preset(table))
    app.reset(scene.table)
    scene.coach.terms = []  # glossary pop-ups are tested on their own
    assert pump(app, 300, until=lambda: isinstance(app.top, TrickScene))
    return scene, app.top


def sprite(tricks, code):
    return next(sp for sp in tricks.picker.sprites if str(sp.card) == code)


def click_card(app, sp):
    pump(app, 2, events=click((round(sp.rect.left + 5), round(sp.rect.centery))))


def test_a_wrong_card_is_answered_with_the_rule_and_nothing_is_greyed(app):
    scene, tricks = open_lesson(app, "31-racehorse-take-the-trick")
    pump(app, 5)
    assert not any(sp.dim for sp in tricks.picker.sprites)  # the 10♥ is not greyed out
    click_card(app, sprite(tricks, "TH"))
    assert "Rule 2" in scene.narration.reply and scene.narration.reply_colour == theme.RED
    # The step says "Try it": the illegal try it invites costs no star (issue 24).
    assert scene.run.attempts.wrong == 0 and not scene.run.done_current
    assert not scene.narration.side_buttons[2].enabled  # Next waits for the right move
    click_card(app, sprite(tricks, "AD"))
    assert scene.run.done_current and scene.narration.side_buttons[2].enabled


def test_an_old_reply_is_cleared_at_the_next_step(app):
    scene, tricks = open_lesson(app, "31-racehorse-take-the-trick")
    click_card(app, sprite(tricks, "TH"))
    assert scene.narration.reply
    click_card(app, sprite(tricks, "AD"))
    pump(app, 60)
    while scene.coach.held is not None:
        scene.coach.release_held()
        pump(app, 10)
    scene.next()
    assert scene.narration.reply == "" and scene.table.status_line.text == ""


def test_a_finished_trick_stays_until_a_click(app):
    scene, tricks = open_lesson(app, "31-racehorse-take-the-trick")
    click_card(app, sprite(tricks, "AD"))
    pump(app, 240)  # four seconds and more: the trick is still on the table
    assert scene.coach.held is not None and len(scene.table.model.tricks.trick) == 4
    assert "East takes the trick" in scene.coach.trick_caption()
    pump(app, 2, events=click((10, 400)))
    assert scene.coach.held is None
    pump(app, 60)
    assert scene.table.model.tricks.trick == []


def test_glossary_terms_pop_up_once(app, store):
    scene = LessonTutor(app, lesson("31-racehorse-take-the-trick"))
    app.reset(scene.table)
    pump(app, 5)
    first = [t.id for t in scene.coach.terms]
    assert "trump" in first and "trick" in first
    assert set(first) <= set(store.load_progress().terms)
    pump(app, 2, events=[key(pygame.K_g)])  # Got it
    again = LessonTutor(app, lesson("31-racehorse-take-the-trick"))
    app.reset(again.table)
    pump(app, 5)
    assert not {t.id for t in again.coach.terms} & set(first)


def test_meld_is_built_with_the_mouse(app):
    scene = LessonTutor(app, lesson("15-building-meld"), load_preset("racehorse"))
    app.reset(scene.table)
    scene.coach.terms = []
    pump(app, 60)
    for code in ("AH", "TH", "KH", "QH"):
        sp = next(s for s in scene.picker.sprites if str(s.card) == code)
        pump(app, 2, events=click(sp.rect.center))
    scene.count()
    assert not scene.run.done_current and scene.narration.reply_colour == NEUTRAL
    sp = next(s for s in scene.picker.sprites if str(s.card) == "JH")
    pump(app, 2, events=click(sp.rect.center))
    count = next(b for b in scene.narration.task_buttons if b.label == "Count")
    pump(app, 2, events=click(count.rect.center))
    assert scene.run.done_current and "Run 150" in scene.narration.reply


def test_a_score_is_added_up_with_the_buttons(app):
    scene, tricks = open_lesson(app, "18-scoring")
    card = next(a for a in scene.run.legal())
    tricks.act(card)
    pump(app, 60)
    while scene.coach.held is not None:
        scene.coach.release_held()
        pump(app, 10)
    scene.next()
    scene.coach.terms = []
    pump(app, 5)
    task = scene.run.sum
    labels = [b.label for b in scene.narration.task_buttons]
    assert str(task.total) in labels and "Made" in labels and "Set" in labels
    wrong = next(b for b in scene.narration.task_buttons if b.label not in (str(task.total), "Made",
                                                                   "Set"))
    pump(app, 2, events=click(wrong.rect.center))
    right = next(b for b in scene.narration.task_buttons if b.label == str(task.total))
    pump(app, 2, events=click(right.rect.center))
    verdict = next(b for b in scene.narration.task_buttons
                   if b.label == ("Made" if task.made else "Set"))
    pump(app, 2, events=click(verdict.rect.center))
    assert scene.run.done_current and scene.narration.reply.startswith("Right")


def test_a_puzzle_counts_wrong_tries_and_hints_in_its_stars(app, store):
    puzzle = next(p for p in PUZZLES if p.id == "40-rh-last-to-play")
    scene = PuzzleTutor(app, puzzle, PUZZLES)
    app.reset(scene.table)
    scene.coach.terms = []
    assert pump(app, 200, until=lambda: isinstance(app.top, TrickScene))
    tricks = app.top
    pump(app, 5)
    assert not any(sp.dim for sp in tricks.picker.sprites)
    click_card(app, sprite(tricks, "AS"))  # illegal: hearts were led
    assert scene.narration.reply_colour == theme.RED and scene.prun.attempts.wrong == 1
    assert not scene.act(parse_action("play QH"))  # legal, not best
    assert scene.narration.reply_colour == NEUTRAL and "counter" in scene.narration.reply
    scene.show_hint()
    assert "strongest bot" in scene.narration.reply and scene.prun.attempts.hints == 1
    assert scene.act(parse_action("play TH"))
    assert store.load_progress().stars["puzzle/40-rh-last-to-play"] == 1
    assert store.load_progress().puzzles["40-rh-last-to-play"] == "solved"


def test_the_menu_picks_the_table_and_lists_its_lessons(app, store):
    menu = LessonMenuScene(app)
    app.reset(menu)
    pump(app, 2)
    button = next(b for b in menu.table_buttons if b.label == "Two-handed")
    pump(app, 2, events=click(button.rect.center))
    assert store.load_progress().table == "two-handed"
    titles = [e.title for e in menu.entries]
    assert any(t.startswith("How Two-handed differs") for t in titles)
    assert "The auction" not in titles
    assert any("two-handed: the stock" in t.lower() for t in titles)
    button = next(b for b in menu.table_buttons if b.label == "Racehorse")
    pump(app, 2, events=click(button.rect.center))
    titles = [e.title for e in menu.entries]
    assert "The auction" in titles and any(t.startswith("How Racehorse differs · about ")
                                           for t in titles)
    minutes = [e.right for e in menu.entries if e.kind == "lesson"]
    assert all(m.endswith("min") for m in minutes), minutes  # measured estimates shown


def test_every_tables_own_lessons_are_listed_under_it(app, store):
    """Each table's lessons (the five- and six-handed ones too) are listed when it is the
    learner's table, and under its own header among the other tables."""
    menu = LessonMenuScene(app)
    app.reset(menu)
    pump(app, 2)
    for name in preset_names():
        own = [x.title for x in LESSONS if x.track == "table" and name in x.tables]
        if not own:
            continue
        label = load_preset(name).title.split(":")[0]
        button = next(b for b in menu.table_buttons if b.label == label)
        pump(app, 2, events=click(button.rect.center))
        titles = [e.title for e in menu.entries]
        assert set(own) <= set(titles), (name, own)
    button = next(b for b in menu.table_buttons if b.label == "Racehorse")
    pump(app, 2, events=click(button.rect.center))
    tab = next(b for b in menu.tab_buttons if b.label == "Other tables")
    pump(app, 2, events=click(tab.rect.center))
    entries = [(e.kind, e.title) for e in menu.entries]
    for name in ("five-handed", "six-handed"):
        header = entries.index(("header", load_preset(name).title.split(":")[0]))
        under = [t for k, t in entries[header + 1:] if k == "lesson"][:1]
        assert under and under[0].startswith(load_preset(name).title.split(":")[0]), entries


def test_every_table_button_of_the_menu_shows_its_whole_label(app, store):
    """Issue 36: at 1024x640 the menu's Two-handed button was drawn as "…" (its width was
    guessed from the label's length)."""
    from game.ui.widgets import label_shown

    menu = LessonMenuScene(app)
    app.reset(menu)
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        menu.resize(size)
        shown = [label_shown(b) for b in menu.table_buttons]
        assert shown == [b.label for b in menu.table_buttons], size
        assert menu.table_buttons[0].rect.left >= 0
        assert menu.table_buttons[-1].rect.right <= size[0], size


def test_a_house_rules_file_can_be_the_learners_table(app, store, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('base = "racehorse"\nname = "our-house"\ntitle = "Our house: racehorse '
                     'with four passed"\n[passing]\ncount = 4\n', encoding="utf-8")
    menu = LessonMenuScene(app)
    app.reset(menu)
    menu.start_typing()
    for ch in str(house):
        pump(app, 1, events=[key(0, ch)])
    pump(app, 1, events=[key(pygame.K_RETURN)])
    assert store.load_progress().table == str(house)
    assert any(e.title.startswith("The core lessons, on Our house") for e in menu.entries)
    menu.pick(str(tmp_path / "missing.toml"))
    assert "cannot be read" in menu.message


def test_the_drill_names_the_rule_and_keeps_its_tally(app, store):
    scene = DrillTutor(app, load_preset("racehorse"))
    app.reset(scene.table)
    assert pump(app, 200, until=lambda: isinstance(app.top, TrickScene))
    tricks = app.top
    pump(app, 5)
    legal = set(scene.item.legal_cards())
    illegal = [sp for sp in tricks.picker.sprites if sp.card not in legal]
    assert illegal  # the first position is one where a rule forbids a card
    if illegal:
        click_card(app, illegal[0])
        # The drill asks which rule forbids it (issue 24), with a button per rule.
        assert "Which rule forbids it?" in scene.narration.reply and scene.item.attempts.wrong == 1
        number = TextContext(scene.item.rules, scene.item.state).verdict()[2] \
            .reason(illegal[0].card).number
        wrong = next(b for b in scene.narration.task_buttons if b.label != str(number))
        pump(app, 2, events=click(wrong.rect.center))
        assert scene.item.attempts.wrong == 2 and scene.item.asking is not None
        right = next(b for b in scene.narration.task_buttons if b.label == str(number))
        pump(app, 2, events=click(right.rect.center))
        assert scene.item.asking is None and scene.narration.reply.startswith("Yes")
    click_card(app, next(sp for sp in tricks.picker.sprites if sp.card in legal))
    assert scene.item.done and scene.narration.side_buttons[1].enabled
    progress, earned = store.load_progress(), scene.item.stars
    assert progress.drill_tally("racehorse") == (1, earned)
    # The tally is per table, like the lessons' progress (issue 24): none on another table.
    assert progress.drill_tally("cutthroat") == (0, 0)
    scene.next_item()
    assert not scene.item.done and scene.drill.number == 2
    # Opened again, the drill starts where the learner left off, not at deal 1.
    again = DrillTutor(app, load_preset("racehorse"))
    assert again.item.found.seed == scene.item.found.seed
    # The menu shows the tally of the learner's table only.
    store.save_progress(progress)
    menu = LessonMenuScene(app)
    menu.pick("racehorse")
    menu.set_tab(2)
    row = next(e for e in menu.entries if e.kind == "drill")
    assert row.right == f"1 played · {earned} stars"
    menu.pick("cutthroat")
    row = next(e for e in menu.entries if e.kind == "drill")
    assert row.right == "0 played · 0 stars"


def test_the_drill_reopens_where_the_learner_left_off_on_each_table(app, store):
    """Issue 24: the drill "starts where the learner left off, not at deal 1 each time the
    drill opens". (The test above could not tell: from deal 1 the next rule's first position
    can be the very one the learner was at.) A place far from deal 1 is kept per table."""
    from game.store.progress import drill_key

    progress = store.load_progress()
    progress.drill[drill_key("at", "racehorse")] = 400
    store.save_progress(progress)
    assert DrillTutor(app, load_preset("racehorse")).item.found.seed >= 400
    assert DrillTutor(app, load_preset("cutthroat")).item.found.seed < 400


def test_the_rule_order_grid_draws_from_the_rule_sets(app):
    scene = RuleOrderScene(app)
    app.reset(scene)
    pump(app, 3)
    # a column a table, two for a table with a stock (no count of presets pinned: issue 37)
    tables = [load_preset(name) for name in preset_names()]
    assert len(scene.cols) == sum(2 if r.stock.enabled else 1 for r in tables) and scene.cells
    cell = scene.grid.left + scene.label_w + scene.col_w // 2, scene.grid.top + 2
    pump(app, 2, events=click(cell))
    assert scene.pointed == (0, 0)


def test_the_whole_core_track_and_racehorse_lessons_play_in_the_window(app, store):
    """Every step answered through the table's own prompts and buttons."""
    from tools.tutorial_play import play_lesson

    rules = load_preset("racehorse")
    chosen = [x for x in LESSONS if x.track == "core" or x.preset == "racehorse"
              and x.track == "table"]
    for x in chosen:
        play_lesson(app, x, rules if x.on_learner_table else None)
    done = store.load_progress()
    keys = [lesson_key(x.id, "racehorse" if x.on_learner_table else None) for x in chosen]
    assert all(done.lessons.get(k) for k in keys)  # progress is kept per table
    assert all(1 <= done.stars[f"lesson/{k}"] <= 3 for k in keys)


def test_the_first_hand_plays_to_the_score_in_the_window(app, store):
    from tools.tutorial_play import play_first_hand

    first = next(x for x in LESSONS if x.guided is not None)
    m = play_first_hand(app, first, load_preset("racehorse"))
    assert m.actions >= 12  # a bid, trump, passing back, every trick, the sum
    assert store.load_progress().lessons[lesson_key(first.id, "racehorse")]


def test_the_first_hands_prompts_stay_clear_of_the_coach_at_the_smallest_window(
        app, store, monkeypatch):
    """At 1024x640 the Name-trump panel (wider than a bid panel: a button per suit) was centred
    where a narrower panel would fit, and covered the coach's panel beside it. Every prompt
    panel of the guided hand stays clear of the coach's: on the cutthroat table, which has the
    most prompts (bid, widow, discard, trump, play or concede)."""
    from game.ui.overlay import Overlay
    from tests.ui.driving import sized
    from tools.tutorial_play import play_first_hand

    sized(app, (1024, 640))
    drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []
    real = Overlay.prompt_panel

    def record(self, surface, title, *args, **kwargs):
        rect = real(self, surface, title, *args, **kwargs)
        drawn.append((title, rect, self.table.coach.narration_rect()))
        return rect

    monkeypatch.setattr(Overlay, "prompt_panel", record)
    first = next(x for x in LESSONS if x.guided is not None)
    play_first_hand(app, first, load_preset("cutthroat"))
    titles = {title for title, _, _ in drawn}
    assert {"Your bid", "The widow", "Name trump", "Play or concede?"} <= titles
    window = app.screen.get_rect()
    for title, rect, coach in drawn:
        assert not rect.colliderect(coach), f"{title} {rect} covers the coach's panel {coach}"
        assert window.contains(rect), f"{title} {rect} leaves the window"


def test_a_held_tricks_caption_stays_in_the_window_and_clear_of_the_coach(app, monkeypatch):
    """Issue 36: at two-handed the coach's panel is left of the trick, and the caption (who
    took the trick, its points, "Click to go on") was pushed left of it, off the window, at
    both sizes. At every table's lesson layout and both sizes the caption is drawn inside the
    window and clear of the coach's panel."""
    from game.rules.events import TrickWon
    from game.ui import coached_popups
    from tests.ui.driving import sized

    drawn: list[pygame.Rect] = []
    real = coached_popups.panel

    def record(surface, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(coached_popups, "panel", record)
    for name in preset_names():
        scene = LessonTutor(app, lesson("10-cards-and-tricks"), load_preset(name))
        app.reset(scene.table)
        pump(app, 5)
        coach = scene.coach
        coach.terms = []
        for size in ((1024, 640), (1280, 800)):
            sized(app, size)
            pump(app, 2)
            coach.table.timeline.finish_all()
            hand = [sp.card for sp in coach.model.hands[coach.human] if sp.card is not None]
            players = coach.layout.players
            cards = tuple((seat, hand[seat]) for seat in range(players))
            coach.held = TrickWon(coach.human, cards, 40, last=True)  # the longest caption
            drawn.clear()
            coached_popups.draw(coach, app.screen)
            coach.held = None
            assert drawn, (name, size)
            window, narration = app.screen.get_rect(), coach.narration_rect()
            assert window.contains(drawn[0]), f"{name} {size}: caption {drawn[0]} off {window}"
            assert not drawn[0].colliderect(narration), (
                f"{name} {size}: caption {drawn[0]} covers the coach's panel {narration}")


def test_a_step_that_opens_between_hands_shows_the_hand_just_played(app):
    """Issue 36: lessons 18 and 32 read a hand's result in a step that opens after the engine
    has dealt the next hand, and the score box showed "Hand 2", the next dealer and an emptied
    auction while the learner was still on hand 1 (lesson 33's play-out steps kept it). Any
    step opening between hands keeps the box on the hand just played, its scores after it."""
    for name in ("18-scoring", "32-racehorse-set-and-throw-in"):
        scene = LessonTutor(app, lesson(name), load_preset("racehorse"))
        app.reset(scene.table)
        scene.coach.terms = []
        scene.enter_step(scene.run.start(1))
        pump(app, 30)
        board, now = scene.table.board, scene.run.match.view(0)
        assert now.hand_no == len(now.records) == 1, name  # the engine has dealt on
        result = now.records[-1]
        assert board.hand_no == 0 and board.dealer == result.dealer, (name, board.hand_no)
        assert (board.bidder, board.bid) == (result.bidder, result.bid), name  # its contract
        assert board.scores == now.scores, name
