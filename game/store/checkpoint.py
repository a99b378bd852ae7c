"""Checkpoint files of long measurements: a duplicate match resumes where it stopped.

A checkpoint is JSON lines. The first line names the match (variant, levels, options, seed,
kind); every later line is one finished piece of work (a deal or a game at every seating).
A run appends a line as each piece ends, so an interrupted run loses at most the pieces in
progress. A last line cut short is what an interrupted write leaves: it is dropped and the
piece replayed. Any other line that cannot be read, or a first line naming another match, is
an error naming the file and the line; nothing is overwritten.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.store.reading import FileRefusedError, read_text
from game.store.schema import SchemaError, parse_json, table

# A checkpoint is read whole; a long strength run writes a few megabytes, so this is far above
# any real one and only stops a file that is not a checkpoint at all.
MAX_CHECKPOINT = 256_000_000


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: one line naming the file and what is wrong."""


def read(path: Path, header: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The records of an earlier run of the match ``header`` names ([] for a new file)."""
    try:
        text = read_text(path, MAX_CHECKPOINT)
    except FileNotFoundError:
        return []
    except FileRefusedError as exc:
        raise CheckpointError(f"checkpoint {path}: {exc.reason}") from None
    lines = text.split("\n")
    complete = text.endswith("\n")
    if complete:
        lines.pop()  # the empty string after the last newline
    if not lines:
        return []
    records: list[Mapping[str, Any]] = []
    good = 0  # lines read whole
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        try:
            data = table(parse_json(line), f"line {i + 1}")
        except SchemaError as exc:
            if last and not complete and i > 0:
                # Cut short by an interruption: the piece is played again. (Not the first
                # line: start() writes it whole, so a first line cut short is some other file,
                # which is never truncated.)
                break
            raise CheckpointError(f"checkpoint {path}, line {i + 1}: {exc}") from None
        good += 1
        if i == 0:
            if dict(data) != dict(header):
                raise CheckpointError(
                    f"checkpoint {path} belongs to another match ({_describe(data)}); "
                    f"this one is {_describe(header)}: use another file")
            continue
        records.append(data)
    if not complete:
        # Drop the partial line so that appending starts on a fresh one.
        _write_all(path, "".join(line + "\n" for line in lines[:good]))
    return records


def start(path: Path, header: Mapping[str, Any]) -> None:
    """Create the checkpoint with its header line, unless it already exists."""
    try:
        if path.exists() and path.stat().st_size:
            return
        if path.is_symlink():  # a link to nothing: the player's link is not replaced
            raise CheckpointError(f"checkpoint {path}: is a link to a file that does not exist")
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_all(path, json.dumps(dict(header), sort_keys=True) + "\n")
    except OSError as exc:
        raise CheckpointError(f"checkpoint {path}: cannot be written ({exc.strerror})") from None


def append(path: Path, record: Mapping[str, Any]) -> None:
    """Add one finished piece, on disk before this returns."""
    try:
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(dict(record), sort_keys=True, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        raise CheckpointError(f"checkpoint {path}: cannot be written ({exc.strerror})") from None


def _write_all(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise CheckpointError(f"checkpoint {path}: cannot be written ({exc.strerror})") from None


def _describe(header: Mapping[str, Any]) -> str:
    keys = ("kind", "variant", "a", "b", "seed")
    return ", ".join(f"{k} {header.get(k)!r}" for k in keys if k in header)


@lru_cache(maxsize=1)
def source_digest() -> str:
    """A digest of the code a match result depends on (bots, rules, match, presets): a
    checkpoint written by other code is refused rather than mixed in."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for package in ("bots", "rules", "match", "presets"):
        for f in sorted((root / package).rglob("*")):
            if f.suffix in (".py", ".toml") and f.is_file():
                h.update(f.relative_to(root).as_posix().encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]
