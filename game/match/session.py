"""A game at the table with its bookkeeping: saved after every action, and counted in the
player's statistics when a hand is scored or the game is won.

The table scene hands every batch of events here; it keeps no records of its own. Outcomes are
read from the engine's results (:func:`game.store.stats.record_hand`), never from their wording.
"""

from __future__ import annotations

from game.match.challenge import ChallengeTask
from game.match.challengequeue import ChallengeQueue
from game.match.rating import record as record_item
from game.match.rating import review_item
from game.match.tablegame import TableGame
from game.rules.events import Event, GameWon, HandScored
from game.rules.gamehands import finished_texts, game_hands
from game.store.challenge import Item
from game.store.reviews import StoredReview
from game.store.saves import SavedGame
from game.store.stats import Stats, record_game, record_hand
from game.store.store import Store


class Session:
    def __init__(self, match: TableGame, store: Store, stats: Stats, seat: int,
                 preset: str | None, rules_text: str | None, practice: bool,
                 keep_records: bool = True, challenge: bool = False,
                 queue: ChallengeQueue | None = None) -> None:
        self.match = match
        self.store = store
        self.stats = stats
        self.seat = seat
        self.preset = preset
        self.rules_text = rules_text
        self.practice = practice
        self.keep_records = keep_records  # off for the demo and lessons
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
    def saved(self) -> SavedGame:
        m = self.match
        return SavedGame(self.preset, self.rules_text, m.rules.source, m.seed, list(m.seats),
                         list(m.actions), self.practice, self.history,
                         {n: r for n, r in self.reviews.items() if r.hand_no < len(self.history)},
                         self.challenge, sorted(m.hinted), dict(m.bot_options))

    @property
    def key(self) -> str:
        """The saved game's table (one saved game per table)."""
        return self.saved.key

    @property
    def variant(self) -> str:
        """The statistics' name for this table: the preset, or the house rules' name."""
        return self.preset if self.preset is not None else f"house: {self.match.rules.name}"

    def record(self, events: list[Event]) -> None:
        """After an action: count what the events decided, and save the game."""
        if not self.keep_records:
            return
        counted = False
        for event in events:
            if isinstance(event, HandScored):
                self._history = None
                record_hand(self.stats, self.variant, self.match.rules, self.seat, event.result)
                counted = True
                if self.challenge:
                    self.queue.add(self.challenge_task(event.result.hand_no))
            elif isinstance(event, GameWon):
                record_game(self.stats, self.variant,
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
        return ChallengeTask(self.variant, self.preset, self.rules_text, m.rules.source, m.seed,
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
        """A review of the player's hand was made: kept with the game, and counted in the
        rating."""
        self.reviews[review.hand_no] = review
        self.save()
        if review.seat == self.seat and self.match.initial is None:
            item = review_item(self.variant, self.match.seed, review,
                               review.hand_no in self.match.hinted)
            if item is not None:
                self.count(item)

    def resume_challenge(self) -> None:
        """A challenge game resumed: its scored hands whose deal was not played (the game was
        closed first) are queued again, so that no deal is lost."""
        if not self.challenge or self.match.initial is not None:
            return
        challenge = self.store.load_challenge()
        m = self.match
        for hand in game_hands(m.rules, m.seed, m.actions):
            key = ("duplicate", self.variant, m.seed, hand.hand_no)
            if hand.result is not None and not challenge.has(key):
                self.queue.add(self.challenge_task(hand.hand_no))
