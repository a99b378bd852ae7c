"""Issue 40, item 2, "The better line played out": "At any reviewed decision, 'Play it out' shows
the hand continued from the best action and from the player's action on the same cards ... by
the expert in every seat, ending in both scores", and from its Done when: "the played-out line
reaches the score shown". The score is checked against the game replayed whole through the
engine, the side's score read from the hand's result by hand here."""

from __future__ import annotations

import pytest

from game.match.playout import play_out, read_line
from game.match.playoutjob import PlayOutJob, play_out_task, read_part, seed_of
from game.match.retry import practice_items, set_up
from game.match.review import Graded
from game.match.reviewread import rows
from game.rules.actions import Bid, Pass, PlayCard
from game.rules.engine import replay
from game.rules.events import HandScored
from game.store.reviews import option_key
from tests.review.test_retry import HANDS, record, reviewed

PATIENCE = 600.0


def items(preset: str, seed: int):
    match, hand, review = reviewed(preset, seed)
    return practice_items(record(match, preset), hand, review, rows(hand, review), least=0.0)


def by_hand_margin(rules, seat: int, result) -> float:
    """The side's score minus the others' average, read from the result here."""
    mine = rules.side_of(seat)
    own = [s.score for s in result.sides if s.side == mine]
    others = [s.score for s in result.sides if s.side != mine]
    return (own[0] if own else 0) - (sum(others) / len(others) if others else 0.0)


@pytest.mark.parametrize(("preset", "seed"), [HANDS[0], HANDS[2], HANDS[3]])
def test_the_played_out_line_reaches_the_score_shown(preset, seed):
    every = items(preset, seed)
    # a call and a card where the table has them, the two-handed game's stock cards
    picked = [next((i for i in every if isinstance(i.decision.chosen, Bid | Pass)), None),
              next(i for i in every if isinstance(i.decision.chosen, PlayCard))]
    for item in (i for i in picked if i is not None):
        moment = set_up(item)
        g = Graded(item.decision)
        firsts = [g.best.action, item.decision.chosen]
        firsts = [next(a for a in moment.view.legal if option_key(a) == option_key(f))
                  for f in firsts]
        task = play_out_task(item, firsts)
        last: dict[int, tuple] = {}
        for line, acts, _ in play_out(moment.start, firsts, seed_of(task)):
            assert acts[0] == firsts[line]
            assert acts[:len(last.get(line, ()))] == last.get(line, ())  # it only grows
            last[line] = acts
        assert set(last) == {0, 1}
        seat = item.decision.seat
        for i, acts in last.items():
            shown = read_line(moment.start, seat, acts)
            assert shown.score is not None and shown.result is not None
            # the whole game replayed through the engine to the line's end scores the hand
            prefix = list(moment.actions[:item.decision.index])
            _, events = replay(moment.rules, item.seed, [*prefix, *acts])
            scored = [e for e in events if isinstance(e, HandScored)]
            assert scored and scored[-1].result == shown.result
            assert shown.score == pytest.approx(by_hand_margin(moment.rules, seat,
                                                               scored[-1].result))
            assert len(shown.tricks) >= 1 or not isinstance(firsts[i], PlayCard)


def test_play_it_out_in_a_worker_sends_each_trick_before_the_whole():
    item = next(i for i in items("racehorse", 4) if isinstance(i.decision.chosen, PlayCard))
    moment = set_up(item)
    g = Graded(item.decision)
    firsts = [next(a for a in moment.view.legal if option_key(a) == option_key(g.best.action))]
    job = PlayOutJob(play_out_task(item, firsts))
    job.wait(PATIENCE)
    assert job.error is None and job.result is not None
    parts = [read_part(p) for p in job.parts]
    assert len(parts) >= 2 and not parts[0][2] and parts[-1][2]
    assert parts[-1][1] == job.result[0]  # the last trick sent is the whole line
    line = read_line(moment.start, item.decision.seat, job.result[0])
    assert line.score is not None and len(line.tricks) >= len(parts) - 1
