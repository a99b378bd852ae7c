"""The user's files on disk: read whole, written atomically, and never lost.

A file that cannot be read as the game wrote it is kept for the player: renamed aside, or copied
aside when it cannot be renamed, and never deleted or overwritten. A file or folder the game may
not write (read-only, full disk) is reported once, and the game plays on without saving there.
Every problem becomes one line in ``messages``, which the title screen shows.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from pathlib import Path

from game.store.schema import MAX_BYTES


class UserFiles:
    """Reads and writes the user's files, collecting one-line reports of what went wrong."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        # Files that must not be overwritten this session: unreadable, or left in place bad.
        self.protected: set[Path] = set()
        self._write_failed: set[Path] = set()

    def say(self, message: str) -> None:
        if message not in self.messages:
            self.messages.append(message)

    def read(self, path: Path, what: str) -> str | None:
        """The file's text; None when it does not exist or cannot be read (then reported, and
        protected from being overwritten: the player's file may be fine, only denied to us)."""
        try:
            if path.stat().st_size > MAX_BYTES:
                self.set_aside(path, what, f"larger than {MAX_BYTES // 1_000_000} MB")
                return None
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            self.set_aside(path, what, "not UTF-8 text")
            return None
        except OSError as exc:
            self.protected.add(path)
            self.say(f"{what} in {path} cannot be read ({exc.strerror}); it is left as it is "
                     "and not overwritten, and defaults are used.")
            return None

    def set_aside(self, path: Path, what: str, reason: str,
                  using: str = "defaults are used") -> None:
        """Keep a bad file for the player under a new name, and say so in one line."""
        target = _aside_name(path)
        try:
            os.replace(path, target)
            kept = f"kept as {target.name}"
        except OSError:
            try:
                shutil.copy2(path, target)
                kept = f"copied to {target.name}"
            except OSError as exc:
                self.protected.add(path)
                kept = f"left in place and not overwritten ({exc.strerror})"
        self.say(f"{what} in {path} is not usable ({reason}); {kept}; {using}.")

    def write(self, path: Path, text: str, what: str) -> bool:
        """Write atomically (a temporary file renamed over the old one); False, reported once,
        when the disk or folder refuses. What was saved before stays as it was."""
        if path in self.protected:
            return False
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            _remove_quietly(tmp)
            if path not in self._write_failed:
                self._write_failed.add(path)
                self.say(f"{what} cannot be saved in {path.parent} ({exc.strerror}); the game "
                         "goes on, and what was saved before is kept.")
            return False
        self._write_failed.discard(path)
        return True

    def remove(self, path: Path) -> None:
        """Delete a file the game itself wrote and no longer needs (a finished game)."""
        if path in self.protected:
            return
        _remove_quietly(path)


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        n += 1
    return target


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
