"""Reading a file the player or a command line names: a regular file only, and never more than a
limit.

Anything else in a file's place is refused before a byte is read: a FIFO (reading one waits for a
writer that never comes), a device (``/dev/zero`` never ends), a folder, a socket. The file is
opened without blocking and its kind is checked on the open descriptor, so a FIFO cannot hang the
open and nothing can be swapped in between the check and the read. At most ``limit + 1`` bytes are
read: one more than allowed is enough to know the file is too large, whatever its size claims.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

CHUNK = 1 << 16

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class FileRefusedError(ValueError):
    """A file that is there but is not read: ``reason`` says why in a few words, e.g. "is a
    FIFO (named pipe), not a regular file" or "is larger than 2 MB"."""

    def __init__(self, path: Path, reason: str, kind: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        # "special": not a regular file; "large": over the limit; "text": not UTF-8;
        # "denied": the system refused to open or read it.
        self.kind = kind


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes. FileNotFoundError when nothing is there (a dangling link included);
    FileRefusedError for anything not a regular file, a file over ``limit`` bytes, or one the system
    will not open or read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except ValueError:  # a NUL character in the name, say from a settings file
        raise FileRefusedError(path, "is not a usable file name", "denied") from None
    except IsADirectoryError:
        raise FileRefusedError(path, "is a folder, not a regular file", "special") from None
    except OSError as exc:
        if is_folder(path):  # Windows refuses to open a folder with "permission denied"
            raise FileRefusedError(path, "is a folder, not a regular file", "special") from None
        raise FileRefusedError(path, f"cannot be read ({exc.strerror or exc})", "denied") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefusedError(path, f"is {_kind(mode)}, not a regular file", "special")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefusedError(path, f"is larger than {_size(limit)}", "large")
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefusedError(path, f"cannot be read ({exc.strerror or exc})", "denied") from None
    finally:
        os.close(fd)


def read_text(path: Path, limit: int) -> str:
    """The file as UTF-8 text (a byte-order mark is kept for the parser to drop); FileRefusedError,
    kind "text", when it is not UTF-8."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefusedError(path, "is not UTF-8 text", "text") from None


def _size(limit: int) -> str:
    if limit >= 1_000_000 and limit % 1_000_000 == 0:
        return f"{limit // 1_000_000} MB"
    if limit >= 1_000 and limit % 1_000 == 0:
        return f"{limit // 1_000} KB"
    return f"{limit} bytes"


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; False (not an exception) for a name the system refuses,
    e.g. one too long."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False
