"""Running the pieces of a duplicate match (deals or whole games) in worker processes, each
finished piece written to an optional checkpoint so that a long run resumes.

Results never depend on ``jobs`` or on how often a run was interrupted: each piece is played
from its own seed, and every bot decision's generator is seeded by its place in the match.

A checkpoint written by other code (another digest of the bots, rules, match and presets: a
refactor, or the same run on another machine's checkout) is verified by replay before its
pieces are mixed with new ones: the first recorded piece and two spread through the file are
played again with this code and must come out exactly as recorded (times apart). Then a line
noting that this code was verified is added and the run carries on; otherwise the file is
refused in one line naming the first piece that plays differently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.store import checkpoint as checkpoint_file
from game.store.checkpoint import CheckpointError
from game.store.schema import SchemaError

Progress = Callable[[int, int], None]
Work = Callable[[Any], list[dict[str, Any]]]
Normalize = Callable[[Mapping[str, Any], str], Any]  # a record as compared when verifying
R = TypeVar("R")


def run_pieces(header: Mapping[str, Any], kind: str, n: int, jobs: int,
               progress: Progress | None, path: Path | None, work: Work,
               args: Callable[[list[int]], Any], key: str,
               normalize: Normalize) -> tuple[list[dict[str, Any]], int]:
    """Play pieces ``0 .. n-1`` not already in the checkpoint (``work(args(part))`` plays a
    part and returns one record per piece): every record, in order, and how many of them this
    call played (only those carry decision times)."""
    done: dict[int, dict[str, Any]] = {}
    if path is not None:
        stored = checkpoint_file.read(path, header)
        for i, rec in enumerate(stored.records):
            try:
                index = int(rec[key])
            except (KeyError, TypeError, ValueError):
                raise CheckpointError(
                    f"checkpoint {path}, line {i + 2}: no {key} number") from None
            done[index] = dict(rec)
        checkpoint_file.start(path, header)
        code = str(header.get(checkpoint_file.CODE, ""))
        if done and not stored.trusts(code):
            checked = verify(path, key, done, work, args, normalize)
            checkpoint_file.note_verified(path, code, checked)
    todo = [i for i in range(n) if i not in done]
    size = 1 if kind == "games" else max(1, min(10, len(todo) // (jobs * 4) or 1))
    parts = [todo[i:i + size] for i in range(0, len(todo), size)]
    count = n - len(todo)
    if progress and count:
        progress(count, n)

    def keep(records: list[dict[str, Any]]) -> None:
        nonlocal count
        for rec in records:
            done[int(rec[key])] = rec
            if path is not None:
                checkpoint_file.append(path, rec)
        count += len(records)
        if progress:
            progress(count, n)

    if jobs <= 1:
        for part in parts:
            keep(work(args(part)))
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            for records in pool.imap_unordered(work, [args(p) for p in parts]):
                keep(records)
    return [done[i] for i in range(n)], len(todo)


def spread(indices: Sequence[int]) -> list[int]:
    """The first recorded piece and two spread through the rest (fewer when there are fewer)."""
    s = sorted(indices)
    picks = [s[0], s[len(s) // 2], s[-1]]
    return sorted(set(picks))


def verify(path: Path, key: str, done: Mapping[int, Mapping[str, Any]], work: Work,
           args: Callable[[list[int]], Any], normalize: Normalize) -> list[int]:
    """Replay a few recorded pieces with this code; the pieces checked, or CheckpointError
    naming the first that plays differently."""
    picks = spread(list(done))
    replayed = {int(rec[key]): rec for rec in work(args(picks))}
    for i in picks:
        try:
            was = normalize(done[i], f"{key} {i}")
        except SchemaError as exc:
            raise CheckpointError(f"checkpoint {path}: {exc}") from None
        if normalize(replayed[i], f"{key} {i}") != was:
            raise CheckpointError(
                f"checkpoint {path}: {key} {i} plays differently with this code than when the "
                "file was written; its results cannot be carried on: use another file")
    return picks


def parse_records(records: Sequence[dict[str, Any]], path: Path | None,
                  parse: Callable[[dict[str, Any], str], R]) -> list[R]:
    """Every record of a checkpoint read with ``parse``; CheckpointError naming the file
    and the record for a malformed one."""
    out = []
    for i, rec in enumerate(records):
        try:
            out.append(parse(rec, f"record {i}"))
        except SchemaError as exc:
            raise CheckpointError(f"checkpoint {path}: {exc}") from None
    return out
