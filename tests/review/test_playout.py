"""Issue 40, item 2, "The better line played out": "At any reviewed decision, 'Play it out' shows
the hand continued from the best action and from the player's action on the same cards ... by
the expert in every seat, ending in both scores", and from its Done when: "the played-out line
reaches the score shown". The score is checked against the game replayed whole through the
engine, the side's score read from the hand's result by hand here."""

from __future__ import annotations

import time

import pytest

from game.match.playout import LineReader, play_out
from game.match.playoutjob import WARM_MODULES, PlayOutJob, play_out_task, read_part, seed_of
from game.match.retry import practice_items, set_up
from game.match.review import Graded
from game.match.reviewread import rows
from game.match.spares import Spares
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
            shown = LineReader(moment.start, seat).feed(acts)
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
    line = LineReader(moment.start, item.decision.seat).feed(job.result[0])
    assert line.score is not None and len(line.tricks) >= len(parts) - 1


def test_two_lines_in_two_workers_are_the_lines_played_in_one_process():
    """Each line goes to a worker of its own (spares when the pool has them): the lines and the
    tricks sent are the ones :func:`play_out` plays for both lines together, the split
    changes no card."""
    item = next(i for i in items("racehorse", 4) if isinstance(i.decision.chosen, PlayCard))
    moment = set_up(item)
    g = Graded(item.decision)
    legal = {option_key(a): a for a in moment.view.legal}
    firsts = [legal[option_key(g.best.action)],
              next(a for k, a in legal.items() if k != option_key(g.best.action))]
    task = play_out_task(item, firsts)
    together: dict[int, tuple] = {}
    for line, acts, _ in play_out(moment.start, firsts, seed_of(task)):
        together[line] = acts
    pool = Spares(WARM_MODULES, keep=1)  # one line on a spare, the other started for it
    try:
        pool.warm()
        for _ in range(12_000):
            if pool.ready:
                break
            time.sleep(0.05)
        job = PlayOutJob(task, pool)
        assert job.wait(PATIENCE) and job.error is None and job.result is not None
        assert job.from_spares == 1
        assert job.result == [together[0], together[1]]
        parts = [read_part(p) for p in job.parts]
        assert {line for line, _, _ in parts} == {0, 1}
        for i in (0, 1):  # each line's tricks in order, its last part the whole line
            mine = [acts for line, acts, _ in parts if line == i]
            assert all(a == b[:len(a)] for a, b in zip(mine, mine[1:], strict=False))
            assert mine[-1] == together[i]
    finally:
        pool.close()
