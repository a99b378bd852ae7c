"""Issue 40, item 1, "Retry": "The player chooses; an answer within the tie of the best is
accepted, another gets its own figure and reason, and the answer is shown after it or on
request. Works for bids, passes, the widow, trump, meld and draws as well as cards."
The tie is game.bots.settle.TIE; the values are the stored review's."""

from __future__ import annotations

import random

import pytest

from game.bots.analysis import TIE
from game.match.retry import (
    GameRecordText,
    answer_words,
    game_practice,
    judge,
    practice_items,
    set_up,
    to_retry,
)
from game.match.retryjob import weigh, weigh_task
from game.match.review import Graded, review_hand
from game.match.reviewread import rows
from game.rules.actions import Bid, PlayCard
from game.rules.engine import replay
from game.rules.gamehands import game_hands
from game.rules.view import observe
from game.store.learning import Learning, learning_from_json
from game.store.reviews import option_key
from tools.screenshots import played_match

# (table, seed): first hands whose player (hard) bids, passes, takes the widow, names trump,
# melds and draws (tests/ui/test_review_moments.py found them)
HANDS = [("racehorse", 0), ("racehorse", 4), ("cutthroat", 4), ("two-handed", 4)]
_CACHE: dict[tuple[str, int], tuple] = {}


def reviewed(preset: str, seed: int):
    if (preset, seed) not in _CACHE:
        match = played_match(preset, seed, "hard", rng=random.Random(seed))
        review = review_hand(match.rules, match.seed, match.actions, 0, 0, match.seats, 0.03,
                             levels=())
        hand = game_hands(match.rules, match.seed, match.actions)[0]
        _CACHE[(preset, seed)] = (match, hand, review)
    return _CACHE[(preset, seed)]


def record(match, preset: str) -> GameRecordText:
    return GameRecordText(preset, preset, None, match.rules.source, match.seed,
                          tuple(match.seats), tuple(str(a) for a in match.actions))


@pytest.mark.parametrize(("preset", "seed"), HANDS)
def test_a_retry_accepts_every_action_inside_the_tie_and_refuses_one_outside(preset, seed):
    match, hand, review = reviewed(preset, seed)
    kinds = set()
    refused = accepted = 0
    for d in review.decisions:
        kinds.add(type(d.chosen).__name__)
        state, _ = replay(match.rules, match.seed, match.actions[:d.index])
        view = observe(state, 0)
        best = Graded(d).best.value
        for o in d.options:
            answer = next(a for a in view.legal if option_key(a) == option_key(o.action))
            verdict = judge(d, view, answer)
            assert verdict is not None
            inside = best - o.value <= TIE
            assert verdict.accepted == inside, (d.kind, o, best)
            assert verdict.value == o.value and verdict.best == best
            assert (verdict.lost == 0) == inside
            if inside:
                accepted += 1
                assert "the best (" in verdict.words
            else:
                refused += 1
                # its own figure, and a reason that does not give the answer away
                assert f"about {round(verdict.lost)} point" in verdict.words
                for b in Graded(d).equally_best:
                    if b.text not in o.text:
                        assert b.text not in verdict.words, (b.text, verdict.words)
        # the answer, on request: every equally good best, and why
        shown = answer_words(d, view)
        assert shown.startswith(f"Best: {Graded(d).best_words} ")
    assert accepted and refused, (accepted, refused)
    # every kind of decision these hands hold is judged: bids, passes, the widow, trump,
    # meld and draws, and cards
    assert {"racehorse-0": {"Bid", "NameTrump", "PassCards", "PlayCard"},
            "racehorse-4": {"Bid", "Pass", "PassCards", "PlayCard"},
            "cutthroat-4": {"Bid", "TakeWidow", "Discard", "NameTrump", "PlayHand", "PlayCard"},
            "two-handed-4": {"LayMeld", "EndTurn", "PlayCard"}}[f"{preset}-{seed}"] <= kinds


def test_an_answer_the_review_did_not_analyse_is_weighed_with_the_review_s_deals():
    """A bid the review's search left out is not judged from nothing: it is analysed (in a
    worker at the table) beside the review's own options, and judged by that analysis."""
    match, hand, review = reviewed("racehorse", 4)
    items = practice_items(record(match, "racehorse"), hand, review, rows(hand, review),
                           least=0.0)
    bid = next(i for i in items if isinstance(i.decision.chosen, Bid | type(None))
               or i.decision.kind == "bid")
    moment = set_up(bid)
    analysed = {option_key(o.action) for o in bid.decision.options}
    answer = next(a for a in moment.view.legal if isinstance(a, Bid)
                  and option_key(a) not in analysed)
    assert judge(bid.decision, moment.view, answer) is None
    fresh = weigh(weigh_task(bid, answer))
    verdict = judge(fresh, moment.view, answer, weighed_now=True)
    assert verdict is not None and verdict.weighed_now
    assert verdict.accepted == (Graded(fresh).best.value - verdict.value <= TIE)
    assert {option_key(o.action) for o in fresh.options} >= {option_key(answer),
                                                             option_key(bid.decision.chosen)}


def test_practice_runs_costliest_first_and_the_unfound_are_kept_in_the_learning_file():
    items = []
    for preset, seed in HANDS:
        match, hand, review = reviewed(preset, seed)
        got = practice_items(record(match, preset), hand, review, rows(hand, review))
        lost = [Graded(i.decision).lost for i in got]
        assert lost == sorted(lost, reverse=True) and all(x >= 10 for x in lost)
        assert len(got) == len(to_retry(rows(hand, review)))
        items.append(got)
    practice = game_practice(items, n=5)
    every = sorted((Graded(i.decision).lost for hand in items for i in hand), reverse=True)
    assert [Graded(i.decision).lost for i in practice] == every[:5]
    learning = Learning()
    learning.keep(practice)
    learning.keep(practice[:2])  # kept again: replaced, not doubled
    assert len(learning.practice) == len(practice)
    learning.found(practice[0].key)
    back, errors = learning_from_json(learning.to_json())
    assert not errors and back.practice == learning.practice
    assert practice[0].key not in {i.key for i in back.practice}
    # each one set up again shows the player's own view at the decision
    for item in back.practice:
        moment = set_up(item)
        assert item.decision.chosen in moment.view.legal and not moment.view.revealed
        if isinstance(item.decision.chosen, PlayCard):
            assert moment.row.at_trick


def test_a_practice_item_that_does_not_name_the_game_s_action_is_refused_in_one_line():
    match, hand, review = reviewed("cutthroat", 4)
    item = practice_items(record(match, "cutthroat"), hand, review, rows(hand, review))[0]
    data = Learning(practice=[item]).to_json()
    data["practice"][0]["decision"]["index"] += 1
    back, errors = learning_from_json(data)
    assert back.practice == [] and len(errors) == 1
    assert "practice[0].decision" in str(errors[0]) and "\n" not in str(errors[0])
