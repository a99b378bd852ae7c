"""The player's settings and their schema."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.bots.base import AGGRESSIONS
from game.bots.registry import TABLE_LEVELS
from game.rules.seating import MAX_PLAYERS
from game.store import schema
from game.store.schema import SchemaError

SPEEDS = ("slow", "normal", "fast", "instant")
BACKS = ("blue", "red", "green")
THINK_MS = (0, 5_000)
# Reference samples a millisecond (game.match.thinking), as measured on this machine; 0: not yet.
THINK_RATE = (0.0, 1_000.0)
# How long a completed trick stays face up in the middle before it is swept.
TRICK_PAUSES: dict[str, float | None] = {"1 s": 1.0, "2 s": 2.0, "until I click": None}
# A level for every seat but the player's, at the largest table the seating knows.
BOT_SEATS = MAX_PLAYERS - 1
DEFAULT_LEVEL = "medium"
# Cards easy on the eyes (issue 25): the size of the player's cards and the trick, up to 1.5x.
CARD_SIZES = (1.0, 1.25, 1.5)
THEMES = ("classic", "high contrast")
# People at a three-handed table (VARIANTS.md, "Sitting out"): 0 is the preset's three.
SEATED = (0, 4, 5)
# Where each seat's meld is shown: left face up on the table through the first trick, and/or
# the modal meld display (L opens the full recap either way).
MELD_SHOWS = ("table", "table and display", "display")


@dataclass
class Settings:
    # The New game screen's last table (a preset name, or the path of a house-rules file), with
    # the house options below: remembered for that screen (game.ui.table.house.setup_table); a
    # game's table comes whole from whoever chose it (game.store.tables), never from here.
    variant: str = "racehorse"
    seat_levels: list[str] = field(default_factory=lambda: [DEFAULT_LEVEL] * BOT_SEATS)
    speed: str = "normal"
    # A racehorse hand with no decision of the player's between tricks takes under a minute at
    # the default speed (issue 14): measured with `pinochle play --demo --pace`.
    think_ms: int = 400
    # This machine's speed, measured once (game.match.thinking.measure_rate): the think time
    # becomes a number of samples, so a replay on a busy machine decides as the table did.
    think_rate: float = 0.0
    bot_style: str = "normal"  # how boldly the bots bid: one of AGGRESSIONS
    sound: bool = True
    card_back: str = "blue"
    four_colour: bool = False
    practice: bool = True  # undo and hints allowed
    challenge: bool = False  # new games are duplicate challenges (issue 28)
    two_handed_match: bool = True  # two-handed: a match to 1000 (else every deal is a game)
    two_handed_64: bool = False  # two-handed: the 64-card pack with 8s and 7s (dix is the 7)
    # House options of the new-game screen (game/ui/table/house.py), where a preset allows them.
    two_handed_common_order: bool = False  # two-handed: A-10-K-Q-J-9 instead of 004's order
    beat_led_after_trump: bool = False  # must beat the led suit even after a trump
    simultaneous_exchange: bool = False  # the bidder passes back from its own hand, unseen
    seated: int = 0  # three-handed tables: 4 or 5 sit down and some sit out each hand (0: 3)
    trick_pause: str = "1 s"  # one of TRICK_PAUSES
    play_forced: bool = True  # play the player's only legal card for them
    card_size: float = 1.0  # one of CARD_SIZES
    big_index: bool = False  # faces with large corner indices
    table_theme: str = "classic"  # one of THEMES
    meld_shown: str = "table"  # one of MELD_SHOWS: regulars expect it on the table, no display
    fast: bool = False  # the fast flow: no click after meld, result or trick; short pauses
    looks_chosen: bool = False  # the first-run page of looks has been seen

    @property
    def trick_seconds(self) -> float | None:
        """Seconds a completed trick stays on show; None: until the player clicks."""
        return TRICK_PAUSES[self.trick_pause]

    def bot_levels(self, n: int) -> list[str]:
        """The levels of the first ``n`` bot seats, clockwise from the player's left; seats
        the player never set play at the default level."""
        return (self.seat_levels + [DEFAULT_LEVEL] * n)[:n]

    def bot_options(self) -> dict[str, object]:
        """The style options every bot seat of a new game is made with: the bidding style, and
        the think time as a number of reference samples (the think time times this machine's
        measured rate; game.match.thinking), so that hard and expert search about as long as
        the pause the player chose, and a replay searches the same samples whatever the machine
        is doing (0 ms, or a rate not measured yet: each level's own sample budget). The options
        are kept with the game (game.store.saves)."""
        options: dict[str, object] = {"aggression": self.bot_style}
        if self.think_ms > 0 and self.think_rate > 0:
            options["think_samples"] = max(1, round(self.think_ms * self.think_rate))
        return options

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _levels(value: Any, name: str) -> list[str]:
    levels = schema.items(value, name, BOT_SEATS)
    if not levels:
        raise SchemaError(name, f"expected one to {BOT_SEATS} bot levels")
    return [schema.choice(v, f"{name}[{i}]", TABLE_LEVELS) for i, v in enumerate(levels)]


def _card_size(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            float(value) not in CARD_SIZES:
        raise SchemaError(name, "expected one of " + ", ".join(f"{c:g}" for c in CARD_SIZES))
    return float(value)


def _rate(value: Any, name: str) -> float:
    low, high = THINK_RATE
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not low <= float(value) <= high:  # NaN fails both comparisons
        raise SchemaError(name, f"expected a number from {low:g} to {high:g}")
    return float(value)


def settings_from_json(data: Any) -> tuple[Settings, list[SchemaError]]:
    """The settings in ``data``, and every field that was refused (left at its default).
    Fields the game does not know (from a newer version) are ignored."""
    out = Settings()
    errors: list[SchemaError] = []
    try:
        fields = schema.table(data)
    except SchemaError as exc:
        return out, [exc]
    for name, check in CHECKS.items():
        if name in fields:
            try:
                setattr(out, name, check(fields[name], name))
            except SchemaError as exc:
                errors.append(exc)
    return out, errors


CHECKS: dict[str, Callable[[Any, str], Any]] = {
    "variant": lambda v, f: schema.text(v, f, 4_096),
    "seat_levels": _levels,
    "speed": lambda v, f: schema.choice(v, f, SPEEDS),
    "think_ms": lambda v, f: schema.whole(v, f, *THINK_MS),
    "think_rate": _rate,
    "bot_style": lambda v, f: schema.choice(v, f, AGGRESSIONS),
    "sound": schema.flag, "card_back": lambda v, f: schema.choice(v, f, BACKS),
    "four_colour": schema.flag, "practice": schema.flag, "challenge": schema.flag,
    "two_handed_match": schema.flag,
    "two_handed_64": schema.flag, "two_handed_common_order": schema.flag,
    "beat_led_after_trump": schema.flag, "simultaneous_exchange": schema.flag,
    "seated": lambda v, f: schema.choice(v, f, SEATED),
    "trick_pause": lambda v, f: schema.choice(v, f, tuple(TRICK_PAUSES)),
    "play_forced": schema.flag,
    "card_size": _card_size,
    "big_index": schema.flag,
    "table_theme": lambda v, f: schema.choice(v, f, THEMES),
    "meld_shown": lambda v, f: schema.choice(v, f, MELD_SHOWS),
    "fast": schema.flag, "looks_chosen": schema.flag,
}

