"""Real positions found by the engine, the endless "Which rule?" drill, the guided first hand,
the rule-order comparison built from the rule sets, and the stars."""

import dataclasses

import pytest

from game.rules.actions import PlayCard, parse_action
from game.store.content import load_preset, load_tutorial, load_tutorial_library, preset_names
from game.tutorial.compare import cell_text, columns, grid
from game.tutorial.drill import Drill, drill_specs
from game.tutorial.find import find, situation
from game.tutorial.guided import GuidedRun
from game.tutorial.puzzlerun import PuzzleRun
from game.tutorial.runner import Attempts, LessonRun
from game.tutorial.text import TextContext

LESSONS, PUZZLES, _ = load_tutorial()


@pytest.mark.parametrize("preset", preset_names())
def test_the_engine_finds_each_rule_deciding_on_every_table(preset):
    """follow:<rule> stops where that very rule forbids one of the learner's cards."""
    rules = load_preset(preset)
    for spec in drill_specs(rules):
        found = find(rules, spec)
        assert found is not None, (preset, spec)
        s = situation(found.state)
        assert s is not None
        kind, _, rule = spec.partition(":")
        forbidding = {f.rule for f in s.verdict.illegal}
        if kind == "follow":
            assert rule in forbidding
        else:  # the rule's exception: it forbids nothing, and there is a real choice
            assert rule not in forbidding and len(s.verdict.legal) >= 2


def test_the_drill_never_runs_out_and_names_the_rule():
    rules = load_preset("racehorse")
    drill = Drill(rules)
    seeds = []
    for _ in range(12):
        item = drill.next()
        seeds.append(item.found.seed)
        legal = item.legal_cards()
        hand = item.found.state.hand
        cards = rules.deck.to_cards(hand.hands[0])
        illegal = [c for c in cards if c not in legal]
        if illegal:
            reply = item.answer(illegal[0])
            assert not reply.ok and "Which rule forbids it?" in reply.message
            assert item.attempts.wrong == 1 and item.asking == illegal[0]
            number = TextContext(rules, item.state).verdict()[2].reason(illegal[0]).number
            named = item.name_rule(number)
            assert named.ok and "Rule " in named.message and item.asking is None
        reply = item.answer(legal[0])
        assert reply.ok and item.done
        assert item.stars == (2 if illegal else 3)
    assert seeds == sorted(seeds) and len(set(seeds)) == len(seeds)
    # and far beyond: a thousand deals on
    far = Drill(rules, seed=1000, number=40).next()
    assert far.found.seed >= 1000


def test_drill_hint_costs_a_star():
    item = Drill(load_preset("partnership-150")).next()
    assert "rule" in item.hint().lower()
    item.answer(item.legal_cards()[0])
    assert item.stars == 2


def test_stars_are_done_no_wrong_try_no_hint():
    assert Attempts().stars(True) == 3
    assert Attempts(wrong=1).stars(True) == 2
    assert Attempts(hints=1).stars(True) == 2
    assert Attempts(wrong=2, hints=1).stars(True) == 1
    assert Attempts().stars(False) == 0


def test_a_puzzle_counts_illegal_tries_hints_and_legal_wrong_answers():
    """No "first try" after an illegal click or a hint (the issue's complaint)."""
    puzzle = next(p for p in PUZZLES if p.id == "40-rh-last-to-play")
    run = PuzzleRun(puzzle, load_preset)
    reply = run.answer(parse_action("play AS"))  # a spade: hearts were led
    assert not reply.ok and reply.tone == "wrong" and "follow suit" in reply.message
    reply = run.answer(parse_action("play QH"))
    assert not reply.ok and reply.tone == "neutral" and "counter" in reply.message
    run.hint("advice")
    assert run.answer(parse_action("play TH")).ok
    assert run.stars == 1 and run.grade == "solved"
    clean = PuzzleRun(puzzle, load_preset)
    assert clean.answer(parse_action("play TH")).ok and clean.stars == 3
    assert clean.grade == "first try"


def test_a_lesson_gives_a_legal_wrong_answer_a_neutral_reason():
    lesson = next(x for x in LESSONS if x.id == "42-double-deck-crawl")
    run = LessonRun(lesson, load_preset)
    run.try_action(parse_action("play KS"))  # step 1: either crawling card is right
    run.start(2)  # step 3: crawl in trump, cheaply
    reply = run.try_action(parse_action("play KS"))
    assert not reply.ok and reply.tone == "neutral" and "keep the king" in reply.message
    illegal = next(a for a in map(parse_action, ("play 9S", "play QS", "play KS", "play AS",
                                                 "play TS", "play JS", "play AH", "play KC"))
                   if a not in run.legal())
    reply = run.try_action(illegal)
    assert not reply.ok and reply.tone == "wrong"
    assert run.try_action(parse_action("play QS")).ok
    assert run.attempts.wrong == 2


def test_meld_is_built_by_selecting_cards_and_counted_by_the_engine():
    lesson = next(x for x in LESSONS if x.id == "15-building-meld")
    run = LessonRun(lesson, load_preset, load_preset("racehorse"))
    from game.rules.cards import parse_cards

    wrong = run.try_meld(parse_cards("AH TH KH QH"))
    assert not wrong.ok and "count 40: Royal Marriage 40" in wrong.message  # not a run
    right = run.try_meld(parse_cards("AH TH KH QH JH"))
    assert right.ok and "Run 150" in right.message and run.done_current


def test_scoring_is_added_up_against_the_bid():
    lesson = next(x for x in LESSONS if x.id == "18-scoring")
    run = LessonRun(lesson, load_preset, load_preset("racehorse"))
    card = next(a for a in run.legal() if isinstance(a, PlayCard))
    assert run.try_action(card).ok
    run.next()
    task = run.sum
    assert task is not None and task.kind == "hand" and task.total in task.choices
    assert sum(v for _, v in task.parts) == task.total
    assert not run.try_sum(task.total + 10, task.made).ok
    assert not run.try_sum(task.total, not task.made).ok
    assert run.try_sum(task.total, task.made).ok
    assert run.attempts.wrong == 2


@pytest.mark.parametrize("preset", preset_names())
def test_the_first_hand_runs_from_deal_to_score_on_every_table(preset):
    from game.bots.registry import make_bot

    lesson = next(x for x in LESSONS if x.guided is not None)
    rules = load_preset(preset)
    run = GuidedRun(lesson, rules, load_tutorial_library().quotes)
    player = make_bot("medium")
    import random

    phases = set()
    for _ in range(500):
        if run.scored is not None:
            break
        phases.add(run.phase)
        assert run.narration(), run.phase
        if not run.match.waiting_for_human():
            run.step_others()
            continue
        if run.match.state.phase.value in ("auction", "trump", "pass back", "widow", "discard",
                                           "decide"):
            action, reason = run.suggestion()
            assert reason
        else:
            action = player.choose(run.match.view(0), random.Random(len(run.match.actions)))
        assert run.act(action).ok
    assert run.scored is not None
    assert "tricks" in phases and "deal" in phases
    if rules.auction.enabled and not rules.stock.enabled:
        assert "auction" in phases and run.scored.bidder == 0
        assert run.sum is not None and run.try_sum(run.sum.total, run.sum.made).ok
        assert run.finished


def test_the_first_hand_answers_an_illegal_move_with_the_rule():
    lesson = next(x for x in LESSONS if x.guided is not None)
    run = GuidedRun(lesson, load_preset("racehorse"), {})
    while not run.match.waiting_for_human():
        run.step_others()
    reply = run.act(parse_action("bid 255"))
    assert not reply.ok and reply.tone == "wrong" and "multiples" in reply.message.lower() \
        or "steps" in reply.message


def test_the_rule_order_numbers_are_read_from_the_rule_sets():
    """The page's rows (levels/rule_order.toml) name the rule deciding each situation; the
    number shown is that rule's place in the table's rule set, so nothing is typed."""
    rule_sets = [load_preset(p) for p in preset_names()]
    cols = columns(rule_sets)
    assert [c.preset for c in cols] == [*preset_names(), "two-handed"]
    order = load_tutorial_library().rule_order
    assert order is not None
    rows = order.rows
    cells = grid(rows, cols)
    follow = next(i for i, r in enumerate(rows) if r.situation == "follow")
    for j, col in enumerate(cols):
        number = col.number_of("follow_suit")
        want = "—" if col.phase == "while the stock lasts" else str(number)
        assert cells[follow][j] == want
    racehorse = cols[0]
    assert [o for _, o, _ in racehorse.rules] == list(load_preset("racehorse").tricks.obligations)
    # change a rule set and the numbers change with it
    r = rule_sets[0]
    swapped = dataclasses.replace(r, tricks=dataclasses.replace(
        r.tricks, obligations=("follow_suit", "first_identical_wins", "take_trick", "any_card")))
    assert cell_text(rows[follow], columns([swapped])[0]) == "1"


def test_the_coachs_reply_compares_only_with_the_card_played():
    """Issue 36: a coach reply compared its choice with its own runner-up, a card the learner
    had not played ("about 12 more for your side than the 9♠" after the K♠)."""
    from game.tutorial.guided import against_played

    reason = ("play the A♠: about 12 more for your side than the 9♠, given the cards seen so "
              "far")
    assert against_played(reason, parse_action("play 9S")) == reason
    assert against_played(reason, parse_action("play KS")) == \
        "play the A♠, its best choice given the cards seen so far"
    assert against_played("the cheapest card that wins", parse_action("play KS")) == \
        "the cheapest card that wins"
