"""The reviews a network table's host makes for its seats after a hand (issue 41, item 4).

A seat asks for the review of its own decisions in a scored hand; the host, which alone holds
the deal, makes it in a worker process (:class:`game.match.reviewjob.ReviewJob`, one at a time,
so that the table's bots keep their pace) and sends it to that seat's devices only. A review is
made once per hand and seat and kept for the game: asking again, or after a rejoin, is instant.
Nothing here touches the game; the host hands in the record as it stands.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.match.reviewjob import ReviewJob, ReviewTask, task_for
from game.match.reviewread import rows, scored
from game.net.reviewwire import review_message
from game.rules.actions import Action
from game.rules.gamehands import game_hands
from game.rules.ruleset import RuleSet
from game.store.reviews import LEVELS, StoredReview
from game.store.tables import TableChoice

MAX_WAITING = 12  # reviews asked for and not begun: two a seat at the largest table


@dataclass(frozen=True)
class Game:
    """The game as the host holds it when a review is asked for (its record, never sent)."""

    table: TableChoice
    seed: int
    actions: tuple[Action, ...]
    seats: tuple[str, ...]
    scored: int  # hands scored so far

    @property
    def rules(self) -> RuleSet:
        return self.table.rules


@dataclass
class HostReviews:
    """The reviews asked for at one table: made one at a time, each sent to whoever asked."""

    budget: float = 1.0  # the review's budget (in samples: the same review every time)
    levels: tuple[str, ...] = LEVELS  # the levels whose picks the review compares
    make_job: Callable[[ReviewTask], ReviewJob] = ReviewJob
    done: dict[tuple[int, int], str] = field(default_factory=dict)  # (hand, seat): message
    asked: dict[tuple[int, int], set[int]] = field(default_factory=dict)  # connections waiting
    order: deque[tuple[int, int]] = field(default_factory=deque)  # not begun yet
    games: dict[tuple[int, int], Game] = field(default_factory=dict)
    job: ReviewJob | None = None
    running: tuple[int, int] | None = None
    game: Game | None = None  # the running review's game
    told: int = -1  # decisions done when the askers were last told

    @property
    def busy(self) -> bool:
        return self.job is not None or bool(self.order)

    def ask(self, conn: int, seat: int, hand: int, game: Game) -> str | list[tuple[int, str]]:
        """A seat asks for its review of ``hand``: the messages to send now (the review when it
        is made already), or the reason it cannot be had, in a player's words."""
        if hand >= game.scored:
            return f"Hand {hand + 1} has not been scored yet."
        key = (hand, seat)
        if key in self.done:
            return [(conn, self.done[key])]
        if key not in self.asked and len(self.order) >= MAX_WAITING:
            return "The host is making other reviews: ask again in a moment."
        self.asked.setdefault(key, set()).add(conn)
        if key != self.running and key not in self.order:
            self.order.append(key)
            self.games[key] = game
        return []

    def _progress(self) -> list[tuple[int, str]]:
        """How far the running review is, to those waiting for it, as each decision is done."""
        job, key = self.job, self.running
        if job is None or key is None or not job.total or job.done == self.told:
            return []
        self.told = job.done
        text = dumps({"t": "reviewing", "hand": key[0], "done": job.done,
                      "total": job.total - 1})
        return [(conn, text) for conn in sorted(self.asked.get(key, set()))]

    def _begin(self, key: tuple[int, int]) -> None:
        game = self.games.pop(key)
        self.running, self.game, self.told = key, game, -1
        self.job = self.make_job(task_for(game.table, game.seed, game.actions, key[0], key[1],
                                          game.seats, self.budget, self.levels))

    def forget(self, conn: int) -> None:
        """A connection is gone: its review is still made (a rejoin asks again), not sent."""
        for waiting in self.asked.values():
            waiting.discard(conn)

    def clear(self) -> None:
        """A new game: its hands are numbered afresh."""
        if self.job is not None:
            self.job.cancel()
        self.job = self.running = self.game = None
        self.done.clear()
        self.asked.clear()
        self.order.clear()
        self.games.clear()

    def poll(self) -> list[tuple[int, str]]:
        """Start the next review, or send the one just made: (connection, message text)."""
        if self.job is None:
            if self.order:
                self._begin(self.order.popleft())
            return []
        if not self.job.poll():
            return self._progress()
        job, key, game = self.job, self.running, self.game
        assert key is not None and game is not None
        self.job = self.running = self.game = None
        if job.result is not None:
            text = made(game, job.result)
        else:
            error = job.error or "the review was stopped"
            text = dumps(review_message(key[0], None, [], None,
                                        f"The host could not review hand {key[0] + 1}: "
                                        f"{error}"[:300]))
        self.done[key] = text
        return [(conn, text) for conn in sorted(self.asked.pop(key, set()))]


def made(game: Game, review: StoredReview) -> str:
    """A review's message: the review, where each decision was, and what the hand scored."""
    hand = game_hands(game.rules, game.seed, list(game.actions))[review.hand_no]
    moments = [(r.moment, r.trick) for r in rows(hand, review)]
    return dumps(review_message(review.hand_no, review, moments, scored(hand, review.seat)))


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))

