"""Running the pieces of a duplicate match (deals or whole games) in worker processes, each
finished piece written to an optional checkpoint so that a long run resumes.

Results never depend on ``jobs`` or on how often a run was interrupted: each piece is played
from its own seed, and every bot decision's generator is seeded by its place in the match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.store import checkpoint as checkpoint_file
from game.store.schema import SchemaError

Progress = Callable[[int, int], None]
Work = Callable[[Any], list[dict[str, Any]]]
R = TypeVar("R")


def run_pieces(header: Mapping[str, Any], kind: str, n: int, jobs: int,
               progress: Progress | None, path: Path | None, work: Work,
               args: Callable[[list[int]], Any], key: str) -> list[dict[str, Any]]:
    """Play pieces ``0 .. n-1`` not already in the checkpoint (``work(args(part))`` plays a
    part and returns one record per piece); every record, in order."""
    done: dict[int, dict[str, Any]] = {}
    if path is not None:
        for i, rec in enumerate(checkpoint_file.read(path, header)):
            try:
                index = int(rec[key])
            except (KeyError, TypeError, ValueError):
                raise checkpoint_file.CheckpointError(
                    f"checkpoint {path}, line {i + 2}: no {key} number") from None
            done[index] = dict(rec)
        checkpoint_file.start(path, header)
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
    return [done[i] for i in range(n)]


def parse_records(records: Sequence[dict[str, Any]], path: Path | None,
                  parse: Callable[[dict[str, Any], str], R]) -> list[R]:
    out = []
    for i, rec in enumerate(records):
        try:
            out.append(parse(rec, f"record {i}"))
        except SchemaError as exc:
            raise checkpoint_file.CheckpointError(f"checkpoint {path}: {exc}") from None
    return out
