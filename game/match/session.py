"""A game at the table with its bookkeeping: saved after every action, and counted in the
player's statistics when a hand is scored or the game is won.

The table scene hands every batch of events here; it keeps no records of its own. Outcomes are
read from the engine's results (:func:`game.store.stats.record_hand`), never from their wording.
"""

from __future__ import annotations

from game.bots.settle import GRADE_EDGES
from game.match.challenge import ChallengeTask
from game.match.challengequeue import ChallengeQueue
from game.match.phases import record_of
from game.match.rating import record as record_item
from game.match.rating import review_item
from game.match.retry import GameRecordText, practice_items
from game.match.reviewread import rows
from game.match.tablegame import TableGame
from game.rules.events import Event, GameWon, HandScored
from game.rules.gamehands import finished_texts, game_hands
from game.store.challenge import Item
from game.store.reviews import StoredReview
from game.store.saves import SavedGame
from game.store.stats import Stats, record_game, record_hand
from game.store.store import Store
from game.store.tables import TableChoice

KEPT = GRADE_EDGES[1]  # a reviewed hand's mistakes and blunders are kept to retry later


class Session:
    """One game at the table and its bookkeeping (see the module): the save, the statistics, the
    reviews and the duplicate challenge."""

    def __init__(self, match: TableGame, store: Store, stats: Stats, seat: int,
                 table: TableChoice | None, practice: bool, keep_records: bool = True,
                 challenge: bool = False, queue: ChallengeQueue | None = None) -> None:
        self.match = match
        self.store = store
        self.stats = stats
        self.seat = seat
        # The table chosen, saved with the game; None for a table that is no game (a lesson's,
        # the hand history's), which keeps no records.
        self.table = table
        self.practice = practice
        self.keep_records = keep_records and table is not None  # off for the demo too
        # The hand history (game.store.handlog), written again only when a hand is scored
        # or an undo takes actions back: not replayed after every card.
        self._history: list[str] | None = None
        self._history_for = -1  # how many actions it was written for
        self.reviews: dict[int, StoredReview] = {}  # kept with the save, by hand number
        self._archived = False  # the finished game is in the history folder
        # The duplicate challenge (issue 28): each scored hand replayed by the levels in the
        # player's seat, in a worker, and counted in the challenge's file.
        self.challenge = challenge and keep_records
        self.queue = queue if queue is not None else ChallengeQueue()

    @property
    def history(self) -> list[str]:
        """The scored hands of the game in the position notation."""
        m = self.match
        if m.initial is not None:
            return []  # a position set up by hand (a lesson's, a test's) has no deal to replay
        if self._history is None or self._history_for > len(m.actions):
            self._history = finished_texts(m.rules, m.seed, m.actions)
            self._history_for = len(m.actions)
        return self._history

    @property
    def chosen(self) -> TableChoice:
        """The game's table. Only a game asks: a table that is no game keeps no records."""
        if self.table is None:
            raise ValueError("this table is no game: no table was chosen, nothing is kept")
        return self.table

    @property
    def saved(self) -> SavedGame:
        m = self.match
        reviews = {n: r for n, r in self.reviews.items() if r.hand_no < len(self.history)}
        return SavedGame(self.chosen, m.seed, list(m.seats), list(m.actions), self.practice,
                         self.history, reviews, self.challenge, sorted(m.hinted),
                         dict(m.bot_options))

    @property
    def key(self) -> str:
        """The saved game's table (one saved game per table)."""
        return self.saved.key

    def record(self, events: list[Event]) -> None:
        """After an action: count what the events decided, and save the game."""
        if not self.keep_records:
            return
        counted = False
        for event in events:
            if isinstance(event, HandScored):
                self._history = None
                record_hand(self.stats, self.chosen.stats_name, self.match.rules, self.seat,
                            event.result)
                counted = True
                if self.challenge:
                    self.queue.add(self.challenge_task(event.result.hand_no))
            elif isinstance(event, GameWon):
                record_game(self.stats, self.chosen.stats_name,
                            event.side == self.match.rules.side_of(self.seat))
                counted = True
        if counted:
            self.store.save_stats(self.stats)
        self.save()

    def save(self) -> None:
        if not self.keep_records:
            return
        if self.match.over:
            if self._archived or self.store.archive_game(self.saved):
                self._archived = True
                self.store.clear_game(self.key)
        else:
            self.store.save_game(self.saved)

    # -- the duplicate challenge and the rating (issue 28, items 3 and 4) --------------------
    def challenge_task(self, hand_no: int) -> ChallengeTask:
        m = self.match
        t = self.chosen
        return ChallengeTask(t.stats_name, t.preset, t.text, t.rules.source, m.seed,
                             tuple(str(a) for a in m.actions), hand_no, self.seat,
                             tuple(m.seats), tuple(sorted(m.bot_options.items())),
                             hint=hand_no in m.hinted)

    def poll(self) -> list[Item]:
        """Once a frame: count the duplicate deals the worker has finished."""
        done = self.queue.poll()
        for item in done:
            self.count(item)
        return done

    def count(self, item: Item) -> None:
        """Add an item to the challenge's file and the rating's history."""
        if not self.keep_records:
            return
        challenge = self.store.load_challenge()
        record_item(challenge, item)
        self.store.save_challenge(challenge)

    def reviewed(self, review: StoredReview) -> None:
        """A review of the player's hand was made: kept with the game, counted in the
        rating, and in what the player is learning."""
        self.reviews[review.hand_no] = review
        self.save()
        if review.seat == self.seat and self.match.initial is None:
            item = review_item(self.chosen.stats_name, self.match.seed, review,
                               review.hand_no in self.match.hinted)
            if item is not None:
                self.count(item)
            self.learn(review)

    def learn(self, review: StoredReview) -> None:
        """Issue 40: the hand's figures by phase, for Statistics over time, and its mistakes
        and blunders, kept to find a better play for later (game.store.learning)."""
        if not self.keep_records:
            return
        m = self.match
        hand = game_hands(m.rules, m.seed, m.actions)[review.hand_no]
        record = self.game_record()
        learning = self.store.load_learning()
        learning.record(record_of(self.chosen.stats_name, m.seed, review,
                                  review.hand_no in m.hinted))
        learning.keep(practice_items(record, hand, review, rows(hand, review), KEPT))
        self.store.save_learning(learning)

    def game_record(self) -> GameRecordText:
        """The game so far as text (its table, seed, seats and moves): what a practice item
        keeps so that it outlives the saved game."""
        m, t = self.match, self.chosen
        return GameRecordText(t.stats_name, t.preset, t.text, m.rules.source, m.seed,
                              tuple(m.seats), tuple(str(a) for a in m.actions))

    def resume_challenge(self) -> None:
        """A challenge game resumed: its scored hands whose deal was not played (the game was
        closed first) are queued again, so that no deal is lost."""
        if not self.challenge or self.match.initial is not None:
            return
        challenge = self.store.load_challenge()
        m = self.match
        for hand in game_hands(m.rules, m.seed, m.actions):
            key = ("duplicate", self.chosen.stats_name, m.seed, hand.hand_no)
            if hand.result is not None and not challenge.has(key):
                self.queue.add(self.challenge_task(hand.hand_no))
