"""Settings, statistics and the saved game, kept in the user's config and data directories.

Everything is JSON, validated on load (never pickle or eval). Writes are atomic (a temporary
file renamed over the old one), so a crash mid-write never loses the previous file. A corrupt
or incompatible file is reported in one line and set aside under a new name, never deleted.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.bots.base import AGGRESSIONS
from game.content import load_preset, preset_names, ruleset_from_text
from game.rules.actions import Action, ActionParseError, parse_action
from game.rules.engine import replay
from game.rules.errors import RulesError
from game.rules.ruleset import RuleSet

APP = "pinochle-table"
SAVE_FORMAT = 1
LEVELS = ("easy", "medium", "hard")
SPEEDS = ("slow", "normal", "fast", "instant")
BACKS = ("blue", "red", "green")


def config_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP))


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def set_aside(path: Path) -> Path:
    """Rename a bad file out of the way (keeping it for the player) and return the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


@dataclass
class Settings:
    variant: str = "racehorse"  # a preset name or the path of a house-rules file
    seat_levels: list[str] = field(default_factory=lambda: ["medium"] * 3)
    speed: str = "normal"
    think_ms: int = 600
    bot_style: str = "normal"  # how boldly the bots bid: one of AGGRESSIONS
    sound: bool = True
    card_back: str = "blue"
    four_colour: bool = False
    practice: bool = True  # undo and hints allowed
    two_handed_match: bool = True  # two-handed: a match to 1000 (else every deal is a game)
    two_handed_64: bool = False  # two-handed: the 64-card pack with 8s and 7s (dix is the 7)

    def bot_options(self) -> dict[str, object]:
        """The style options every bot seat of a new or resumed game is made with: the
        bidding style, and the think pause as hard's search budget, so a hard bot never holds
        the table up longer than the pause the player chose (0: its own sample budget)."""
        options: dict[str, object] = {"aggression": self.bot_style}
        if self.think_ms > 0:
            options["think_ms"] = self.think_ms
        return options

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Read settings leniently: a bad field falls back to its default."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(out, f.name)
            if f.name == "seat_levels":
                if isinstance(value, list) and all(v in LEVELS for v in value) and value:
                    out.seat_levels = list(value)[:3] + [out.seat_levels[0]] * (3 - len(value))
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(out, f.name, value)
            elif isinstance(default, int):
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5000:
                    setattr(out, f.name, value)
            elif isinstance(value, str):
                setattr(out, f.name, value)
        if out.speed not in SPEEDS:
            out.speed = "normal"
        if out.card_back not in BACKS:
            out.card_back = "blue"
        if out.bot_style not in AGGRESSIONS:
            out.bot_style = "normal"
        return out


@dataclass
class Stats:
    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    hands_won: int = 0  # hands where the human's side scored more than any other side
    bids_won: int = 0
    bids_made: int = 0
    bids_set: int = 0

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        out = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                    setattr(out, f.name, value)
        return out


@dataclass
class Progress:
    """Tutorial progress: finished lessons, and puzzles solved (first try or later)."""

    lessons: dict[str, bool] = field(default_factory=dict)
    puzzles: dict[str, str] = field(default_factory=dict)  # "first try", "solved", "tried"

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        out = cls()
        if isinstance(data, dict):
            lessons = data.get("lessons")
            if isinstance(lessons, dict):
                out.lessons = {str(k): True for k, v in lessons.items() if v is True}
            puzzles = data.get("puzzles")
            if isinstance(puzzles, dict):
                out.puzzles = {str(k): v for k, v in puzzles.items()
                               if v in ("first try", "solved", "tried")}
        return out


class Store:
    """Where settings, statistics and the saved game live; ``root`` overrides for tests."""

    def __init__(self, root: Path | None = None) -> None:
        self.config = (root / "config") if root else config_dir()
        self.data = (root / "data") if root else data_dir()
        self.messages: list[str] = []  # one-line reports for the title screen

    @property
    def settings_path(self) -> Path:
        return self.config / "settings.json"

    @property
    def stats_path(self) -> Path:
        return self.data / "stats.json"

    @property
    def save_path(self) -> Path:
        return self.data / "save.json"

    @property
    def progress_path(self) -> Path:
        return self.data / "tutorial.json"

    def load_progress(self) -> Progress:
        return Progress.from_json(self._read_json(self.progress_path, "Tutorial progress"))

    def save_progress(self, progress: Progress) -> None:
        atomic_write(self.progress_path, json.dumps(asdict(progress), indent=1))

    def _read_json(self, path: Path, what: str) -> Any:
        if not path.exists():
            return None
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            moved = set_aside(path)
            self.messages.append(f"{what} in {path} could not be read ({type(exc).__name__}); "
                                 f"kept as {moved.name}, defaults used")
            return None

    def load_settings(self) -> Settings:
        return Settings.from_json(self._read_json(self.settings_path, "Settings"))

    def save_settings(self, settings: Settings) -> None:
        atomic_write(self.settings_path, json.dumps(asdict(settings), indent=1))

    def load_stats(self) -> Stats:
        return Stats.from_json(self._read_json(self.stats_path, "Statistics"))

    def save_stats(self, stats: Stats) -> None:
        atomic_write(self.stats_path, json.dumps(asdict(stats), indent=1))

    # -- the game in progress -------------------------------------------------------------
    def save_game(self, saved: SavedGame) -> None:
        atomic_write(self.save_path, json.dumps(saved.to_json()))

    def clear_game(self) -> None:
        if self.save_path.exists():
            self.save_path.unlink()

    def load_game(self) -> SavedGame | None:
        """The saved game, or None; a corrupt or incompatible save is reported and set aside."""
        if not self.save_path.exists():
            return None
        try:
            data = json.loads(self.save_path.read_text(encoding="utf-8"))
            saved = SavedGame.from_json(data)
            saved.check()
            return saved
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, SaveError, RulesError) as exc:
            moved = set_aside(self.save_path)
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.messages.append(f"The saved game {self.save_path} could not be resumed "
                                 f"({reason}); it was kept as {moved.name}.")
            return None


class SaveError(ValueError):
    pass


@dataclass
class SavedGame:
    rules_preset: str | None
    rules_text: str | None  # a house-rules file's text (so the save survives the file moving)
    rules_source: str
    seed: int
    seats: list[str]
    actions: list[Action]
    practice: bool = True

    def rules(self) -> RuleSet:
        if self.rules_preset is not None:
            return load_preset(self.rules_preset)
        assert self.rules_text is not None
        return ruleset_from_text(self.rules_text, self.rules_source)

    def check(self) -> None:
        """Replay the actions: a save that does not replay is incompatible."""
        rules = self.rules()
        if len(self.seats) != rules.players:
            raise SaveError(f"field 'seats': {len(self.seats)} seats for a "
                            f"{rules.players}-player game")
        try:
            replay(rules, self.seed, self.actions)
        except RulesError as exc:
            raise SaveError(f"field 'actions': the game does not replay ({exc})") from None

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "preset": self.rules_preset, "rules_text": self.rules_text,
                "rules_source": self.rules_source, "seed": self.seed, "seats": self.seats,
                "actions": [str(a) for a in self.actions], "practice": self.practice}

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        if not isinstance(data, dict):
            raise SaveError("not a saved game")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"field 'format': expected {SAVE_FORMAT}, got {data.get('format')!r}")
        preset = data.get("preset")
        text = data.get("rules_text")
        if preset is not None and preset not in preset_names():
            raise SaveError(f"field 'preset': unknown variant {preset!r}")
        if preset is None and not isinstance(text, str):
            raise SaveError("field 'rules_text': missing")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("field 'seed': expected a whole number")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(s in ("human", *LEVELS, "random")
                                                   for s in seats):
            raise SaveError("field 'seats': expected a list of human or bot levels")
        raw = data.get("actions")
        if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
            raise SaveError("field 'actions': expected a list of action texts")
        try:
            actions = [parse_action(a) for a in raw]
        except ActionParseError as exc:
            raise SaveError(f"field 'actions': {exc}") from None
        source = data.get("rules_source")
        return cls(preset, text if preset is None else None,
                   source if isinstance(source, str) else "saved house rules", seed, seats,
                   actions, bool(data.get("practice", True)))
