"""The user's files on disk: read safely, written atomically, and never lost.

Only regular files are read, and never more than :data:`MAX_BYTES` (see
:mod:`game.store.reading`): a FIFO, a device or a folder in a file's place is reported and left
as it is. A file that cannot be read as the game wrote it is kept for the player in one folder,
``set-aside`` (moved there, or copied when it cannot be moved), where no loader looks, so it is
reported once and never read again; nothing is deleted or overwritten. A file or folder the game
may not write (read-only, full disk) is reported once, and the game plays on without saving there.
A file the player linked elsewhere is written through the link, so the link and its target stay
as the player set them up. Every problem becomes one line in ``messages``, which the title shows.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import time
from pathlib import Path

from game.store.reading import FileRefusedError, read_text
from game.store.schema import MAX_BYTES

# ".settings.json.1234.tmp": what write() leaves behind when the game is killed mid-save.
TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$")
STALE_SECONDS = 3600  # a temporary file this old is stale whoever wrote it


class UserFiles:
    """Reads and writes the user's files, collecting one-line reports of what went wrong."""

    def __init__(self, aside: Path) -> None:
        self.aside = aside  # where bad files are kept for the player
        self.messages: list[str] = []
        self.set_aside_count = 0  # files moved or copied to ``aside`` this session
        # Files that must not be overwritten this session: unreadable, or left in place bad.
        self.protected: set[Path] = set()
        self._write_failed: set[Path] = set()

    def say(self, message: str) -> None:
        if message not in self.messages:
            self.messages.append(message)

    def read(self, path: Path, what: str) -> str | None:
        """The file's text; None when it does not exist or cannot be read. A file that is not a
        regular file, or that the system will not let us read, is reported and protected from
        being overwritten (the player's file may be fine, only denied to us); one too large or
        not UTF-8 is set aside."""
        try:
            return read_text(path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except FileRefusedError as exc:
            if exc.kind in ("large", "text"):
                self.set_aside(path, what, exc.reason.removeprefix("is "))
            else:
                self.protected.add(path)
                self.say(f"{what} in {path} {exc.reason}; it is left as it is and not "
                         "overwritten, and defaults are used.")
            return None

    def set_aside(self, path: Path, what: str, reason: str,
                  using: str = "defaults are used") -> None:
        """Keep a bad file for the player in the set-aside folder, and say so in one line."""
        try:
            self.aside.mkdir(parents=True, exist_ok=True)
            target = _aside_name(self.aside, path)
        except OSError as exc:
            self.protected.add(path)
            kept = f"left in place and not overwritten ({exc.strerror})"
        else:
            kept = self._move(path, target)
        self.say(f"{what} in {path.name} is not usable ({reason}); {kept}; {using}.")

    def keep_copy(self, path: Path) -> str:
        """Copy a file whose part is bad (the rest is used) to the set-aside folder before it
        is saved again; says where, in a few words."""
        try:
            self.aside.mkdir(parents=True, exist_ok=True)
            target = _aside_name(self.aside, path)
            shutil.copy2(path, target, follow_symlinks=False)
        except OSError as exc:
            return f"no copy could be kept ({exc.strerror})"
        self.set_aside_count += 1
        return f"the file as it was is kept as {target.name}"

    def _move(self, path: Path, target: Path) -> str:
        try:
            os.replace(path, target)
        except OSError:
            try:
                shutil.copy2(path, target, follow_symlinks=False)
            except OSError as exc:
                self.protected.add(path)
                return f"left in place and not overwritten ({exc.strerror})"
            self.set_aside_count += 1
            try:
                path.unlink()  # the copy is safe: the original would be read again next time
            except OSError:
                self.protected.add(path)
                return f"copied to {target.name} and left in place"
            return f"set aside as {target.name}"
        self.set_aside_count += 1
        return f"set aside as {target.name}"

    def write(self, path: Path, text: str, what: str) -> bool:
        """Write atomically (a temporary file renamed over the old one); False, reported once,
        when the disk or folder refuses. What was saved before stays as it was. A link is
        written through: its target is replaced atomically and the link kept."""
        if path in self.protected:
            return False
        target = self._write_target(path, what)
        if target is None:
            return False
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            if target == path:
                path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, target)
        except OSError as exc:
            _remove_quietly(tmp)
            if path not in self._write_failed:
                self._write_failed.add(path)
                self.say(f"{what} cannot be saved in {target.parent} ({exc.strerror}); the game "
                         "goes on, and what was saved before is kept.")
            return False
        self._write_failed.discard(path)
        return True

    def _write_target(self, path: Path, what: str) -> Path | None:
        """The file to replace: ``path`` itself, or a link's target when that is a regular file.
        None (reported, and protected) for a link to anything else or to nothing: a device,
        a folder or a missing file is never replaced."""
        try:
            if not path.is_symlink():
                return path
            target = Path(os.path.realpath(path))
            if stat.S_ISREG(target.stat().st_mode):
                return target
            reason = "not to a regular file"
        except FileNotFoundError:
            reason = "to a file that does not exist"
        except (OSError, ValueError) as exc:
            reason = f"that cannot be followed ({getattr(exc, 'strerror', None) or exc})"
        self.protected.add(path)
        self.say(f"{what} in {path} is a link {reason}; it is left as it is and not "
                 "overwritten.")
        return None

    def remove(self, path: Path) -> None:
        """Delete a file the game itself wrote and no longer needs (a finished game)."""
        if path in self.protected:
            return
        _remove_quietly(path)

    def tidy(self, folders: list[Path]) -> int:
        """Remove temporary files a killed save left in ``folders`` (``.NAME.<pid>.tmp`` whose
        process has ended, or older than an hour); how many were removed. The file they were
        to replace is intact: the rename is the last step of a save."""
        removed = 0
        for folder in folders:
            try:
                paths = list(folder.iterdir())
            except OSError:
                continue
            for path in paths:
                found = TEMP_NAME.match(path.name)
                if found is not None and _stale(path, int(found["pid"])):
                    with contextlib.suppress(OSError):
                        path.unlink()
                        removed += 1
        return removed


def _stale(path: Path, pid: int) -> bool:
    try:
        info = path.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False  # not ours: the game only ever writes regular files
    if time.time() - info.st_mtime > STALE_SECONDS or pid == os.getpid():
        return True
    return not _running(pid)


def _running(pid: int) -> bool:
    if os.name == "nt":
        return True  # no cheap check: the hour's age decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: alive
    return True


def _aside_name(folder: Path, path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = folder / f"{path.stem}.bad-{stamp}{path.suffix}"
    n = 1
    while os.path.lexists(target):
        target = folder / f"{path.stem}.bad-{stamp}-{n}{path.suffix}"
        n += 1
    return target


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
