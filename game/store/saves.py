"""A saved game: its table (a preset's name, or a house-rules file's text: a
:class:`~game.store.tables.TableChoice`), its seed, its seats and its action list. Saving is
replaying: a save that does not replay is refused, and one saved game is kept per table, so
starting another table never replaces a game in progress."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.bots.base import AGGRESSIONS
from game.bots.registry import TABLE_LEVELS
from game.rules.actions import Action, ActionParseError, parse_action
from game.rules.engine import replay
from game.rules.errors import RulesError
from game.rules.gamehands import finished_texts
from game.rules.ruleset import RuleSet
from game.rules.seating import MAX_PLAYERS
from game.store import schema
from game.store.content import preset_names
from game.store.reviews import StoredReview
from game.store.schema import SchemaError
from game.store.tables import TableChoice, recorded_table

SAVE_FORMAT = 1
SEAT_KINDS = ("human", "random", *TABLE_LEVELS)  # never the measurement-only open level
MAX_ACTIONS = 200_000
MAX_RULES_TEXT = 200_000
MAX_THINK_SAMPLES = 10_000_000  # the bot option's own bound (game.bots.registry)


@dataclass
class SavedGame:
    table: TableChoice  # a house table keeps its text, so the save survives the file moving
    seed: int
    seats: list[str]
    actions: list[Action]
    practice: bool = True
    # The scored hands in the position notation (game.store.handlog); None: not recorded (a
    # save of an older version), rebuilt from the actions when read.
    history: list[str] | None = None
    # The hand reviews by hand number (game.store.reviews), kept so reopening one is instant.
    reviews: dict[int, StoredReview] = field(default_factory=dict)
    # A duplicate challenge game (issue 28): every deal is also played by the levels.
    challenge: bool = False
    # The hands (by number) in which the player asked for a Hint: left out of the challenge's
    # figures and the rating. Read apart (game.store.store), like the history and reviews.
    hinted: list[int] = field(default_factory=list)
    # The bots' options the game was played with (the bidding style, the think time as
    # reference samples: game.match.thinking), so that a resumed game's bots and the replays of
    # its deals search the same samples as the table's did. None: a save of an older version,
    # whose bots take the settings' options. Read apart (game.store.store).
    bot_options: dict[str, object] | None = None

    @property
    def key(self) -> str:
        """The table this game is played at: one saved game per key."""
        return self.table.key

    def rules(self) -> RuleSet:
        return self.table.rules

    def check(self) -> None:
        """Replay the actions: a save that does not replay is incompatible."""
        rules = self.rules()
        if len(self.seats) != rules.players:
            raise SchemaError("seats", f"{len(self.seats)} seats for a {rules.players}-player "
                              "game")
        try:
            replay(rules, self.seed, self.actions)
        except RulesError as exc:
            raise SchemaError("actions", f"the game does not replay ({exc})") from None

    def progress(self) -> tuple[int, tuple[int, ...]]:
        """The hand being played (0-based) and the scores so far, by replaying the game."""
        state, _ = replay(self.rules(), self.seed, self.actions)
        return state.hand_no, state.scores

    def to_json(self) -> dict[str, Any]:
        table = self.table
        return {"format": SAVE_FORMAT, "preset": table.preset, "rules_text": table.text,
                "rules_source": table.rules.source, "seed": self.seed, "seats": self.seats,
                "actions": [str(a) for a in self.actions], "practice": self.practice,
                "history": (self.history if self.history is not None else
                            finished_texts(self.rules(), self.seed, self.actions)),
                "reviews": {str(n): r.to_json() for n, r in sorted(self.reviews.items())},
                "challenge": self.challenge, "hinted": sorted(self.hinted),
                **({"bot_options": self.bot_options} if self.bot_options is not None else {})}


def bot_options_from_json(raw: Any) -> dict[str, object] | None:
    """The saved game's bot options (None when the save has none); SchemaError names the
    option that is wrong."""
    if raw is None:
        return None
    top = schema.table(raw, "bot_options")
    unknown = sorted(set(top) - {"aggression", "think_samples"})
    if unknown:
        raise SchemaError(f"bot_options.{unknown[0]}", "not a bot option a game keeps")
    out: dict[str, object] = {}
    if "aggression" in top:
        out["aggression"] = schema.choice(top["aggression"], "bot_options.aggression",
                                          AGGRESSIONS)
    if "think_samples" in top:
        out["think_samples"] = schema.whole(top["think_samples"], "bot_options.think_samples",
                                            1, MAX_THINK_SAMPLES)
    return out


def hinted_from_json(raw: Any, hands: int) -> list[int]:
    """The hands played with Hint: distinct hand numbers of this game (0 to ``hands - 1``, the
    hand in play included); SchemaError names the entry that is wrong."""
    if raw is None:
        return []
    out: list[int] = []
    for i, n in enumerate(schema.items(raw, "hinted", max(1, hands))):
        n = schema.whole(n, f"hinted[{i}]", 0, max(0, hands - 1))
        if n in out:
            raise SchemaError(f"hinted[{i}]", f"hand {n} is listed twice")
        out.append(n)
    return sorted(out)


def saved_game_from_json(data: Any) -> SavedGame:
    """A saved game from parsed JSON; SchemaError names the first field that is wrong."""
    top = schema.table(data)
    schema.choice(top.get("format"), "format", (SAVE_FORMAT,))
    preset = top.get("preset")
    if preset is not None:
        schema.choice(preset, "preset", preset_names())
        text = None
    else:
        text = schema.text(top.get("rules_text"), "rules_text", MAX_RULES_TEXT)
    seed = schema.whole(top.get("seed"), "seed", 0, 2**63 - 1)
    seats = [schema.choice(s, f"seats[{i}]", SEAT_KINDS)
             for i, s in enumerate(schema.items(top.get("seats"), "seats", MAX_PLAYERS))]
    raw = schema.items(top.get("actions"), "actions", MAX_ACTIONS)
    try:
        actions = [parse_action(schema.text(a, f"actions[{i}]", 200)) for i, a in enumerate(raw)]
    except ActionParseError as exc:
        raise SchemaError("actions", str(exc)) from None
    source = schema.text(top.get("rules_source", "saved house rules"), "rules_source", 4_096)
    try:
        table = recorded_table(preset, text, source)
    except RulesError as exc:  # a house file's rules this version no longer reads
        raise SchemaError("rules_text", str(exc)) from None
    # The history, the reviews and the hinted hands are read apart (game.store.store): a bad
    # one is rebuilt, dropped or taken at its safest and reported; the game itself is kept.
    return SavedGame(table, seed, seats, actions,
                     schema.flag(top.get("practice", True), "practice"),
                     challenge=schema.flag(top.get("challenge", False), "challenge"))
