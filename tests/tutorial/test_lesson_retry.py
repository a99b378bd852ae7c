"""Issue 40, item 6: "Lesson 33 uses Retry and Play it out, and says what was at stake in its own
story (which contract the learner defends, and what the costly card gives away)."

The retry step judges the learner's answer by the review's values as the table's Find a better
play does: an answer within the tie of the best (game.bots.settle.TIE) is found, another is a
wrong try. The play-out step's text reads the lines the table's Play it out worker plays from
the same seed: the worker's own function is run here and its lines read through the engine."""

from __future__ import annotations

import shutil

import pytest

from game.bots.settle import TIE
from game.match.playout import LineReader
from game.match.playoutjob import _work, play_out_task
from game.match.review import grade
from game.rules.actions import PlayCard, parse_action
from game.rules.engine import apply
from game.store.content import LEVELS_DIR
from game.store.reviews import option_key
from game.tutorial.replies import NEUTRAL, WRONG
from game.tutorial.retrystep import firsts_of
from tests.tutorial.test_review_lesson import check_lesson, edit, played

RETRY, PLAY_OUT = 2, 4  # step indices
LEADS = (["AC"], ["JS"], ["JH"], ["AS"])


class Quiet:
    """The worker's reporter, keeping what it is sent."""

    def __init__(self) -> None:
        self.parts: list[object] = []

    def part(self, payload: object) -> None:
        self.parts.append(payload)


def at_retry(leads: list[str]):
    run = played(leads)
    run.start(RETRY)
    focus = run.revisit(run.step.retry)
    assert focus is not None
    return run, focus


def legal_of(focus, action):
    return next(a for a in focus.moment.view.legal if option_key(a) == option_key(action))


@pytest.mark.parametrize("leads", LEADS, ids=["".join(x) for x in LEADS])
def test_the_retry_step_accepts_every_answer_inside_the_tie_and_refuses_one_outside(leads):
    run, focus = at_retry(leads)
    options = focus.item.decision.options
    best = max(o.value for o in options)
    assert len(options) > 1  # a decision with a choice
    for option in options:
        run.start(RETRY)  # each answer from the step's start: a found one ends the step
        wrong = run.attempts.wrong
        reply = run.try_retry(legal_of(focus, option.action))
        inside = best - option.value <= TIE
        assert reply.ok == inside == run.done_current, (option.text, option.value, best)
        if inside:
            assert reply.message.startswith("Found:") and run.attempts.wrong == wrong
        else:
            assert reply.tone == NEUTRAL and run.attempts.wrong == wrong + 1
            # its own grade, never the better play's name
            assert f"({grade(best - option.value)})" in reply.message
            tops = [o.text for o in options if best - o.value <= TIE]
            assert not any(t in reply.message for t in tops if t != option.text)


def test_some_play_is_refused_and_the_best_then_found():
    """Across the plays above there is an answer outside the tie: it leaves the step open;
    the best afterwards ends it (the retry, answered wrong then right)."""
    for leads in LEADS:
        run, focus = at_retry(leads)
        options = focus.item.decision.options
        best = max(options, key=lambda o: o.value)
        outside = [o for o in options if best.value - o.value > TIE]
        if not outside:
            continue
        assert not run.try_retry(legal_of(focus, outside[0].action)).ok
        assert not run.done_current and run.next() == [] and run.index == RETRY
        assert run.try_retry(legal_of(focus, best.action)).ok and run.done_current
        assert run.attempts.stars(True) == 2  # one wrong try: its star
        return
    pytest.fail("no play of the lesson's hand left an answer outside the tie")


def test_a_card_not_legal_at_the_moment_is_refused_with_wrong_tone():
    run, focus = at_retry(["JS"])
    legal = {a.card for a in focus.moment.view.legal if isinstance(a, PlayCard)}
    other = next(c for c in run.match.rules.deck.types if c not in legal)
    reply = run.try_retry(PlayCard(other))
    assert not reply.ok and reply.tone == WRONG and not run.done_current


def test_the_answer_asked_for_costs_the_hint_and_ends_the_step():
    run, focus = at_retry(["AC"])
    text = run.hint()
    assert run.done_current and run.attempts.hints == 1
    best = max(focus.item.decision.options, key=lambda o: o.value)
    assert best.text in text


def test_the_retry_moment_is_the_lessons_hand_before_the_decision():
    run, focus = at_retry(["AC"])
    row = run.review.ranked()[0]
    state = run.review.hand.start
    for action in run.review.hand.moves[:row.graded.decision.index]:
        state, _ = apply(state, action)
    assert focus.moment.start == state  # Find a better play replays the game from its seed
    assert focus.moment.row.graded.decision.chosen == row.graded.decision.chosen
    assert focus.item.decision.options == row.graded.decision.options


@pytest.mark.parametrize("leads", [["AC"], ["JS"]], ids=["AC", "JS"])
def test_the_play_out_steps_text_comes_from_the_deterministic_play_out(leads):
    run = played(leads)
    run.start(PLAY_OUT)
    focus = run.revisit(run.step.play_out)
    assert focus is not None
    firsts = firsts_of(focus)
    # The lines of the table's Play it out screen: its worker's function, run here.
    raw = _work(play_out_task(focus.item, firsts), Quiet(), lambda: False)
    lines = [LineReader(focus.moment.start, 0).feed([parse_action(a) for a in acts])
             for acts in raw["lines"]]
    best, yours = lines[0], lines[-1]
    text = run.text()
    rules = run.match.rules
    for which, line in (("best", best), ("yours", yours)):
        won = line.tricks[0]
        taker = "you" if won.seat == 0 else rules.seating.name(won.seat)
        card = next(c for s, c in won.cards if s == won.seat)
        assert line.first.card.pretty in text
        assert f"by {taker} with the {card.pretty}, for {won.points} points" in text, which
    made = {True: "made", False: "set"}
    bidder = rules.seating.name(best.result.bidder)
    assert (f"Played to the end from the best card, the hand scores {best.score:+.0f} and "
            f"{bidder}'s contract is {made[best.result.bid_made]}; from yours, "
            f"{yours.score:+.0f} and {made[yours.result.bid_made]}.") in text
    assert run.played().best.actions == best.actions


def test_the_story_says_which_contract_is_defended_and_what_it_lacks():
    run = played([])
    run.start(0)
    view = run.match.view(0)
    side = run.match.rules.side_of(view.bidder)
    meld = sum(m.total for s, m in enumerate(view.melds)
               if m is not None and run.match.rules.side_of(s) == side)
    taken = view.side_taken(side)
    text = run.text()
    name = run.match.rules.seating.name(view.bidder)
    assert f"{name} won the auction at {view.bid}" in text
    assert f"leaves {view.bid - meld} points to take in tricks" in text
    assert f"have taken {taken} so far and still lack {view.bid - meld - taken}" in text


@pytest.fixture
def levels(tmp_path):
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR, root)
    return root


LESSON = "33-racehorse-review-a-hand"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("retry = 1", "retry = 9", "step 3: retry = 9: the hand has"),
    ("for {playout:points:yours}", "for 30", "step 5: say: bare number '30'"),
    ("seed 12;", "seed 13;", "step 3: retry = 1: the position's deal is not seed 13's"),
    ("{playout:with:yours}", "{playout:with:other}", "step 5: say: {playout:with:other}: "
     "cannot be filled"),
], ids=["missing-decision", "typed-figure", "deal-not-the-seeds", "unknown-line"])
def test_a_planted_fault_in_the_retry_or_play_out_fails_the_check(levels, old, new, message):
    edit(levels / f"lessons/{LESSON}.toml", old, new)
    failures = check_lesson(levels)
    assert any(f"{LESSON}.toml: {message}" in f for f in failures), failures


def test_a_planted_wrong_figure_in_the_play_out_fails_the_check(levels, monkeypatch):
    """The play-out's figure read from another trick than the costly card's: the check's own
    reading of the line's cards disagrees."""
    import game.tutorial.retrystep as rs

    monkeypatch.setattr(rs, "_trick", lambda line: line.tricks[-1])
    failures = check_lesson(levels)
    assert any("step 5: {playout:" in f and "cards give" in f for f in failures), failures


def test_a_retry_that_accepts_outside_the_tie_fails_the_check(levels, monkeypatch):
    import game.tutorial.retrystep as rs
    from game.match.retry import Verdict

    real = rs.retry_verdict

    def lenient(focus, action):
        v = real(focus, action)
        return None if v is None else Verdict(v.answer, v.text, v.value, v.best, v.lost, True,
                                              v.words)

    monkeypatch.setattr(rs, "retry_verdict", lenient)
    import game.tutorial.check_revisit as cr
    import game.tutorial.runner as runner

    monkeypatch.setattr(cr, "retry_verdict", lenient)
    monkeypatch.setattr(runner, "retry_verdict", lenient)
    failures = check_lesson(levels)
    assert any("step 3: retry:" in f and "is accepted" in f for f in failures), failures
