"""Checkpoint files of long measurements: a duplicate match resumes where it stopped.

A checkpoint is JSON lines. The first line names the match (variant, levels, options, seed,
kind) and the code that wrote it (a digest of the bots, rules, match and presets); every later
line is one finished piece of work (a deal or a game at every seating), or a note that a newer
code's digest was verified against it (``{"verified": DIGEST, "pieces": [...]}``). A run
appends a line as each piece ends, so an interrupted run loses at most the pieces in progress.
A last line cut short is what an interrupted write leaves: it is dropped and the piece
replayed. Any other line that cannot be read, or a first line naming another match, is an
error naming the file and the line; nothing is overwritten.

Other code does not make a file unusable: the match layer (:mod:`game.match.pieces`) replays a
few recorded pieces with the code at hand and carries on only when they come out the same, so
a run moves between machines and across refactors that do not change play.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.store.reading import FileRefusedError, read_text
from game.store.schema import SchemaError, parse_json, table

CODE = "code"  # the header's field naming the code that wrote the file
VERIFIED = "verified"  # a note line: this code digest replayed the file's pieces the same
# A checkpoint is read whole; a long strength run writes a few megabytes, so this is far above
# any real one and only stops a file that is not a checkpoint at all.
MAX_CHECKPOINT = 256_000_000


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: one line naming the file and what is wrong."""


@dataclass
class Stored:
    """What a checkpoint holds: its pieces, the code that wrote it and the codes verified
    against it since."""

    records: list[Mapping[str, Any]] = field(default_factory=list)
    code: str = ""
    notes: list[Mapping[str, Any]] = field(default_factory=list)  # the verified lines

    @property
    def verified(self) -> list[str]:
        return [str(note[VERIFIED]) for note in self.notes]

    def trusts(self, code: str) -> bool:
        """Whether pieces of this file may be mixed with pieces ``code`` plays."""
        return code == self.code or code in self.verified


def read(path: Path, header: Mapping[str, Any]) -> Stored:
    """The records of an earlier run of the match ``header`` names (none for a new file)."""
    found, out = _read(path, header)
    if found is not None and _match(found) != _match(header):
        raise CheckpointError(
            f"checkpoint {path} belongs to another match ({_describe(found)}); "
            f"this one is {_describe(header)}: use another file")
    return out


def read_any(path: Path) -> tuple[Mapping[str, Any], Stored]:
    """A checkpoint's header and pieces, whatever match it holds (to print its figures)."""
    found, out = _read(path, None)
    if found is None:
        raise CheckpointError(f"checkpoint {path}: empty, or not a checkpoint")
    return found, out


def _read(path: Path, header: Mapping[str, Any] | None
          ) -> tuple[Mapping[str, Any] | None, Stored]:
    """(the header line, what follows it); a missing or empty file holds neither."""
    code = str(header.get(CODE, "")) if header is not None else ""
    try:
        text = read_text(path, MAX_CHECKPOINT)
    except FileNotFoundError:
        if header is None:
            raise CheckpointError(f"checkpoint {path}: no such file") from None
        return None, Stored(code=code)
    except FileRefusedError as exc:
        raise CheckpointError(f"checkpoint {path}: {exc.reason}") from None
    lines = text.split("\n")
    complete = text.endswith("\n")
    if complete:
        lines.pop()  # the empty string after the last newline
    found: Mapping[str, Any] | None = None
    out = Stored(code=code)
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
            found = data
            out.code = str(data.get(CODE, ""))
            if header is not None and _match(data) != _match(header):
                return found, out  # read() refuses it, and nothing is rewritten
            continue
        if VERIFIED in data:
            out.notes.append(data)
            continue
        out.records.append(data)
    if not complete and header is not None:
        # Drop the partial line so that appending starts on a fresh one.
        _write_all(path, "".join(line + "\n" for line in lines[:good]))
    return found, out


def _match(header: Mapping[str, Any]) -> dict[str, Any]:
    """The fields that name the match (all but the code)."""
    return {k: v for k, v in header.items() if k != CODE}


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
    """Add one finished piece, on disk before this returns. Keys that start with ``_`` are
    the run's own (decision times) and are not kept."""
    kept = {k: v for k, v in record.items() if not k.startswith("_")}
    try:
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(kept, sort_keys=True, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        raise CheckpointError(f"checkpoint {path}: cannot be written ({exc.strerror})") from None


def note_verified(path: Path, code: str, pieces: list[int]) -> None:
    """Record that ``code`` replayed ``pieces`` of this file exactly as they were written."""
    append(path, {VERIFIED: code, "pieces": pieces})


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
    """A digest of the code a match result depends on (bots, rules, match, presets): pieces
    written by other code are mixed in only once a few of them replay the same."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for package in ("bots", "rules", "match", "presets"):
        for f in sorted((root / package).rglob("*")):
            if f.suffix in (".py", ".toml") and f.is_file():
                h.update(f.relative_to(root).as_posix().encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]
