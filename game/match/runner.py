"""Running a duplicate match: deals or whole games shared between worker processes, each
finished deal or game written to an optional checkpoint so that a long run resumes.

Results never depend on ``jobs`` or on how often a run was interrupted: each deal and each
game is played from its own seed, and every bot decision's generator is seeded by its place
in the match.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.match.duplicate import MatchReport, MatchSpec, TableResult, play_deals
from game.match.games import GameResult, game_from_record, game_record, games_report, play_games
from game.match.records import deal_from_record, deal_record
from game.rules.ruleset import RuleSet
from game.store import checkpoint as checkpoint_file
from game.store.schema import SchemaError

Progress = Callable[[int, int], None]
Load = Callable[[str], RuleSet]
R = TypeVar("R")


def header(spec: MatchSpec, kind: str) -> dict[str, Any]:
    """What a checkpoint must match: the same match, the same kind of pieces, the same code."""
    return {"kind": kind, "variant": spec.variant, "a": spec.a, "b": spec.b, "seed": spec.seed,
            "a_options": [[k, v] for k, v in spec.a_options],
            "b_options": [[k, v] for k, v in spec.b_options],
            "code": checkpoint_file.source_digest()}


def _deal_work(args: tuple[MatchSpec, list[int], Load | None]) -> list[dict[str, Any]]:
    spec, part, load = args
    tables = play_deals(spec, part, load)
    by: dict[int, list[TableResult]] = {}
    for t in tables:
        by.setdefault(t.deal, []).append(t)
    return [deal_record(d, by[d]) for d in part]


def _game_work(args: tuple[MatchSpec, list[int], Load | None]) -> list[dict[str, Any]]:
    spec, part, load = args
    return [game_record(seats) for seats in play_games(spec, part, load)]


def _run(spec: MatchSpec, kind: str, n: int, jobs: int, progress: Progress | None,
         load: Load | None, path: Path | None,
         work: Callable[[tuple[MatchSpec, list[int], Load | None]], list[dict[str, Any]]],
         key: str) -> list[dict[str, Any]]:
    """Play pieces ``0 .. n-1`` not already in the checkpoint; every record, in order."""
    done: dict[int, dict[str, Any]] = {}
    if path is not None:
        head = header(spec, kind)
        for i, rec in enumerate(checkpoint_file.read(path, head)):
            try:
                index = int(rec[key])
            except (KeyError, TypeError, ValueError):
                raise checkpoint_file.CheckpointError(
                    f"checkpoint {path}, line {i + 2}: no {key} number") from None
            done[index] = dict(rec)
        checkpoint_file.start(path, head)
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
            keep(work((spec, part, load)))
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            for records in pool.imap_unordered(work, [(spec, p, load) for p in parts]):
                keep(records)
    return [done[i] for i in range(n)]


def _parse(records: Sequence[dict[str, Any]], path: Path | None,
           parse: Callable[[dict[str, Any], str], R]) -> list[R]:
    out = []
    for i, rec in enumerate(records):
        try:
            out.append(parse(rec, f"record {i}"))
        except SchemaError as exc:
            raise checkpoint_file.CheckpointError(f"checkpoint {path}: {exc}") from None
    return out


def run_match(spec: MatchSpec, deals: int, jobs: int = 1, progress: Progress | None = None,
              load: Load | None = None, checkpoint: Path | None = None) -> MatchReport:
    """Play ``deals`` duplicate deals; ``jobs`` processes share them (same result); with a
    ``checkpoint`` file an interrupted run resumes where it stopped."""
    return run_deals(spec, deals, jobs, progress, load, checkpoint)


def run_deals(spec: MatchSpec, deals: int, jobs: int = 1, progress: Progress | None = None,
              load: Load | None = None, path: Path | None = None) -> MatchReport:
    """Play ``deals`` duplicate deals; ``jobs`` processes share them (same result)."""
    start = time.perf_counter()
    records = _run(spec, "deals", deals, jobs, progress, load, path, _deal_work, "deal")
    tables = [t for _, ts in _parse(records, path, deal_from_record) for t in ts]
    tables.sort(key=lambda t: (t.deal, t.table))
    return MatchReport(spec, deals, tables, time.perf_counter() - start)


def run_games(spec: MatchSpec, games: int, jobs: int = 1, progress: Progress | None = None,
              load: Load | None = None, path: Path | None = None
              ) -> tuple[MatchReport, list[list[GameResult]]]:
    """Play ``games`` whole duplicate games: the per-deal report of their hands, and the
    games themselves (see :func:`game.match.games.games_json`)."""
    start = time.perf_counter()
    records = _run(spec, "games", games, jobs, progress, load, path, _game_work, "game")
    results = _parse(records, path, game_from_record)
    return games_report(spec, results, time.perf_counter() - start), results
