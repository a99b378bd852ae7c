"""The player's files: settings, statistics, tutorial progress and saved games.

Everything is JSON, parsed and checked by :mod:`game.store.schema` (never pickle or eval), and
read and written through :class:`game.store.files.UserFiles`: atomic writes, and a bad file moved
to ``data/set-aside/`` and reported in one line on the title screen, never deleted or silently
replaced. One saved game is kept per table (``data/saves/<table>.json``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.rules.errors import RulesError
from game.store.challenge import Challenge, challenge_from_json
from game.store.files import UserFiles
from game.store.handlog import check_history, history_from_json
from game.store.learning import Learning, learning_from_json
from game.store.paths import config_dir, data_dir
from game.store.progress import Progress, progress_from_json
from game.store.reviews import reviews_from_json
from game.store.saves import (
    SavedGame,
    bot_options_from_json,
    hinted_from_json,
    saved_game_from_json,
)
from game.store.schema import SchemaError, parse_json
from game.store.settings import Settings, settings_from_json
from game.store.stats import Stats, VariantStats, stats_from_json

T = TypeVar("T")
MAX_SAVES = 100
OLD_ASIDE = ".bad-"  # in the name of a file an earlier version set aside inside saves/


class Store:
    """Where the player's files live; ``root`` overrides the user folders (tests)."""

    def __init__(self, root: Path | None = None) -> None:
        self.config = (root / "config") if root else config_dir()
        self.data = (root / "data") if root else data_dir()
        self.files = UserFiles(self.aside_dir)
        self._unknown: dict[Path, dict[str, Any]] = {}  # per file: fields kept, not understood

    @property
    def messages(self) -> list[str]:
        """One-line reports for the title screen."""
        return self.files.messages

    def notices(self) -> list[str]:
        """What the title screen shows: every problem, one line each, and last, once, where
        every file set aside went."""
        lines = list(self.messages)
        if self.files.set_aside_count:
            lines.append(f"Files set aside are kept in {self.aside_dir}; nothing was deleted.")
        return lines

    def tidy(self) -> int:
        """At start: remove the temporary files of saves a kill interrupted; how many."""
        return self.files.tidy([self.config, self.data, self.saves_dir])

    @property
    def aside_dir(self) -> Path:
        """Where bad files are kept for the player, out of every loader's way."""
        return self.data / "set-aside"

    @property
    def settings_path(self) -> Path:
        return self.config / "settings.json"

    @property
    def stats_path(self) -> Path:
        return self.data / "stats.json"

    @property
    def challenge_path(self) -> Path:
        """The duplicate challenge's results and the rating's history (issue 28)."""
        return self.data / "challenge.json"

    @property
    def learning_path(self) -> Path:
        """The decisions still to find a better play for, and the figures by phase (issue
        40)."""
        return self.data / "learning.json"

    @property
    def progress_path(self) -> Path:
        return self.data / "tutorial.json"

    @property
    def saves_dir(self) -> Path:
        return self.data / "saves"

    @property
    def legacy_save_path(self) -> Path:
        """Where versions before one save per table kept their only saved game."""
        return self.data / "save.json"

    def save_path(self, key: str) -> Path:
        return self.saves_dir / f"{key}.json"

    # -- reading and writing one JSON file ------------------------------------------------
    def _load(self, path: Path, what: str,
              build: Callable[[Any], tuple[T, list[SchemaError]]], default: T) -> T:
        text = self.files.read(path, what)
        if text is None:
            return default
        try:
            data = parse_json(text)
            value, errors = build(data)
        except SchemaError as exc:
            value, errors = default, [exc]
        if not errors:
            self._unknown[path] = _unknown_fields(data, default)
        if errors:
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            using = ("defaults are used" if value == default else
                     "what could be read is used, with defaults for the rest")
            self.files.set_aside(path, what, f"{errors[0]}{more}", using)
        return value

    def _save(self, path: Path, data: dict[str, Any], what: str) -> bool:
        # Fields this version does not know (a newer version's) are written back as they were.
        data = {**self._unknown.get(path, {}), **data}
        return self.files.write(path, json.dumps(data, indent=1), what)

    # -- settings, statistics, progress ---------------------------------------------------
    def load_settings(self) -> Settings:
        return self._load(self.settings_path, "Settings", settings_from_json, Settings())

    def save_settings(self, settings: Settings) -> bool:
        return self._save(self.settings_path, settings.to_json(), "Settings")

    def load_stats(self) -> Stats:
        return self._load(self.stats_path, "Statistics", stats_from_json, Stats())

    def save_stats(self, stats: Stats) -> bool:
        return self._save(self.stats_path, stats.to_json(), "Statistics")

    def load_challenge(self) -> Challenge:
        return self._load(self.challenge_path, "The challenge results", challenge_from_json,
                          Challenge())

    def save_challenge(self, challenge: Challenge) -> bool:
        return self._save(self.challenge_path, challenge.to_json(), "The challenge results")

    def load_learning(self) -> Learning:
        return self._load(self.learning_path, "Practice and phase figures",
                          learning_from_json, Learning())

    def save_learning(self, learning: Learning) -> bool:
        return self._save(self.learning_path, learning.to_json(), "Practice and phase figures")

    def load_progress(self) -> Progress:
        return self._load(self.progress_path, "Tutorial progress", progress_from_json,
                          Progress())

    def save_progress(self, progress: Progress) -> bool:
        return self._save(self.progress_path, progress.to_json(), "Tutorial progress")

    # -- saved games, one per table --------------------------------------------------------
    def save_game(self, saved: SavedGame) -> bool:
        done = self._save(self.save_path(saved.key), saved.to_json(), "The saved game")
        if done and self.legacy_save_path.exists():
            # The old single save is read into the per-table saves and then resaved there.
            legacy = self._read_game(self.legacy_save_path)
            if legacy is not None and legacy.key == saved.key:
                self.files.remove(self.legacy_save_path)
        return done

    def retire_game(self, key: str) -> None:
        """A new game replaces the one at this table: its scored hands are kept with the
        finished games first (the player agreed to lose the game, not its history)."""
        old = self.load_game(key)
        if old is not None and old.history and not self.archive_game(old):
            return  # not archived: the save stays, and the next save reports the disk
        self.clear_game(key)

    def clear_game(self, key: str) -> None:
        """Forget the game at this table (it is over, or the player started a new one)."""
        self.files.remove(self.save_path(key))
        legacy = self.legacy_save_path
        if legacy.exists():
            old = self._read_game(legacy)
            if old is not None and old.key == key:
                self.files.remove(legacy)

    # -- finished games, kept for their hand history --------------------------------------
    @property
    def archive_dir(self) -> Path:
        return self.data / "history"

    def archive_game(self, saved: SavedGame) -> bool:
        """Keep a finished game (its actions, hand history and reviews) under the history
        folder, named for its table and the time it ended; never over another file."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.archive_dir / f"{saved.key}--{stamp}.json"
        n = 1
        while os.path.lexists(path):
            path = self.archive_dir / f"{saved.key}--{stamp}-{n}.json"
            n += 1
        return self._save(path, saved.to_json(), "The finished game")

    def archived(self) -> list[Path]:
        """The finished games kept, newest first."""
        try:
            paths = list(self.archive_dir.glob("*.json"))
        except OSError:
            return []
        return sorted(paths, key=lambda p: p.name.rpartition("--")[2], reverse=True)

    def load_archived(self, path: Path) -> SavedGame | None:
        """A finished game; a bad file is set aside and reported, like a saved game."""
        return self._read_game(path, "The finished game")

    def load_games(self) -> list[SavedGame]:
        """Every saved game, newest first; a bad one is reported and set aside."""
        paths = sorted(self._save_files(), key=_mtime, reverse=True)[:MAX_SAVES]
        if self.legacy_save_path.exists():
            paths.append(self.legacy_save_path)
        read = [(path, saved) for path in paths if (saved := self._read_game(path)) is not None]
        games: dict[str, tuple[Path, SavedGame]] = {}
        for path, saved in read:
            if saved.key not in games:
                games[saved.key] = (path, saved)
            elif path != self.legacy_save_path:
                # An older file of the same table (saved under another name by an earlier
                # version): kept for the player, and out of the way of the game being played.
                self.files.set_aside(path, "The saved game", "an older game at the same table",
                                     "the newer one is kept")
        for key, (path, _) in games.items():
            if path.parent == self.saves_dir and path != self.save_path(key):
                self._rename(path, self.save_path(key))
        return [saved for _, saved in games.values()]

    def _save_files(self) -> list[Path]:
        """The saves folder's games. Files an earlier version set aside there (``.bad-``) are
        moved to the set-aside folder first: the loader would refuse them again every time."""
        try:
            paths = list(self.saves_dir.glob("*.json"))
        except OSError:
            return []
        old = [p for p in paths if OLD_ASIDE in p.name]
        for path in old:
            with contextlib.suppress(OSError):
                self.aside_dir.mkdir(parents=True, exist_ok=True)
                if not os.path.lexists(self.aside_dir / path.name):
                    os.replace(path, self.aside_dir / path.name)
                    self.files.set_aside_count += 1
        if old:
            self.files.say(f"{len(old)} saved games set aside by an earlier version were moved "
                           "out of the saves folder.")
        return [p for p in paths if OLD_ASIDE not in p.name]

    def _rename(self, path: Path, target: Path) -> None:
        """A game saved under another name than its table's (the table's name changed): moved to
        its table's name, so that saving and clearing the table find it."""
        if not os.path.lexists(target):
            with contextlib.suppress(OSError):
                os.replace(path, target)

    def load_game(self, key: str | None = None) -> SavedGame | None:
        """The saved game at this table (or the newest one), or None."""
        games = self.load_games()
        if key is None:
            return games[0] if games else None
        return next((g for g in games if g.key == key), None)

    def _read_game(self, path: Path, what: str = "The saved game") -> SavedGame | None:
        text = self.files.read(path, what)
        if text is None:
            return None
        try:
            data = parse_json(text)
            saved = saved_game_from_json(data)
            saved.check()
        except (SchemaError, RulesError) as exc:
            self.files.set_aside(path, what, str(exc).splitlines()[0])
            return None
        self._read_history(path, saved, data)
        return saved

    def _read_history(self, path: Path, saved: SavedGame, data: Any) -> None:
        """The save's hand history, reviews, bots' options and hands played with Hint, checked;
        a bad part is rebuilt (the history, from the actions), dropped (the reviews; the bots'
        options, for the settings') or taken at its safest (every hand hinted), the file as it
        was copied aside, and the loss reported in one line. The game itself is kept whole."""
        rules = saved.rules()
        raw = data.get("history") if isinstance(data, dict) else None
        try:
            lines = history_from_json(raw)
            saved.history = (check_history(rules, saved.seed, saved.actions, lines)
                             if raw is not None else None)
        except SchemaError as exc:
            saved.history = None
            kept = self.files.keep_copy(path)
            self.files.say(f"The hand history in {path.name} is not usable ({exc}); it is "
                           f"rebuilt from the game's moves and nothing else is lost; {kept}.")
        try:
            saved.reviews = reviews_from_json(data.get("reviews") if isinstance(data, dict)
                                              else None, saved.actions)
        except SchemaError as exc:
            saved.reviews = {}
            kept = self.files.keep_copy(path)
            self.files.say(f"The hand reviews in {path.name} are not usable ({exc}); they "
                           f"will be analysed again and nothing else is lost; {kept}.")
        try:
            saved.bot_options = bot_options_from_json(data.get("bot_options")
                                                      if isinstance(data, dict) else None)
        except SchemaError as exc:
            saved.bot_options = None
            kept = self.files.keep_copy(path)
            self.files.say(f"The bots' options in {path.name} are not readable ({exc}); the "
                           f"game goes on with the settings' bots and nothing else is lost; "
                           f"{kept}.")
        hands = saved.progress()[0] + 1  # the hand in play included
        try:
            saved.hinted = hinted_from_json(data.get("hinted") if isinstance(data, dict)
                                            else None, hands)
        except SchemaError as exc:
            # Which hands had a Hint is unknown: all of them are taken as hinted, so that none
            # enters the rating unfairly; the file as it was is kept.
            saved.hinted = list(range(hands))
            kept = self.files.keep_copy(path)
            self.files.say(f"The hands played with Hint in {path.name} are not readable "
                           f"({exc}); every hand so far is counted as played with Hint and "
                           f"nothing else is lost; {kept}.")


def _unknown_fields(data: Any, default: Any) -> dict[str, Any]:
    """The top-level fields of ``data`` that the game neither reads nor writes: kept to be
    written back. Statistics of format 1 (flat counts, no ``format``) are read, not unknown."""
    if not isinstance(data, dict):
        return {}
    known = set(default.to_json())
    if isinstance(default, Stats) and "format" not in data:
        known |= {f.name for f in dataclasses.fields(VariantStats)}
    return {k: v for k, v in data.items() if k not in known}


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
