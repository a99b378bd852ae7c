"""A match's figures from its checkpoint file alone, and checkpoints made compact.

The strength tables of docs/strength.md are printed from the checkpoint files kept in the
repository (``python -m tools.strength``): each file's header names the match, and its pieces
hold every figure the tables show (the per-deal margins, contracts, trick points, checks and
game winners). Decision times are not in the files; the benchmarks measure them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.match.duplicate import MatchReport, MatchSpec, same_deal
from game.match.games import game_from_record, games_json, games_report, same_game
from game.match.pieces import parse_records
from game.match.records import deal_from_record
from game.store import checkpoint as checkpoint_file
from game.store.checkpoint import CheckpointError
from game.store.schema import SchemaError, choice, items, text, whole


def spec_of(header: Mapping[str, Any], path: Path) -> tuple[str, MatchSpec]:
    """(kind, the match) a checkpoint's header names."""
    try:
        kind = choice(header.get("kind"), "kind", ("deals", "games"))
        spec = MatchSpec(text(header.get("variant"), "variant", 300),
                         text(header.get("a"), "a", 20), text(header.get("b"), "b", 20),
                         whole(header.get("seed"), "seed", -2**63, 2**63),
                         _options(header, "a"), _options(header, "b"))
    except SchemaError as exc:
        raise CheckpointError(f"checkpoint {path}, line 1: {exc}") from None
    return kind, spec


def _options(header: Mapping[str, Any], which: str) -> tuple[tuple[str, object], ...]:
    out = []
    field = f"{which}_options"
    for i, raw in enumerate(items(header.get(field, []), field, 50)):
        pair = items(raw, f"{field}[{i}]", 2)
        if len(pair) != 2:
            raise SchemaError(f"{field}[{i}]", "expected [option, value]")
        out.append((text(pair[0], f"{field}[{i}][0]", 40), pair[1]))
    return tuple(out)


def report(path: Path) -> dict[str, Any]:
    """The ``pinochle match --json`` figures of a checkpoint's pieces (no decision times), with
    ``games`` for a file of whole games and ``code``, the code digest that wrote it."""
    header, found = checkpoint_file.read_any(path)
    kind, spec = spec_of(header, path)
    if kind == "deals":
        tables = [t for _, ts in parse_records(list(map(dict, found.records)), path,
                                               deal_from_record) for t in ts]
        tables.sort(key=lambda t: (t.deal, t.table))
        rep = MatchReport(spec, len({t.deal for t in tables}), tables, 0.0, ("deals", 0, 0))
        out = rep.to_json()
    else:
        results = parse_records(list(map(dict, found.records)), path, game_from_record)
        rep = games_report(spec, results, 0.0)
        rep.timed = ("games", 0, len(results))
        out = rep.to_json()
        out["games"] = games_json(results)
    out["kind"] = kind
    out["code"] = found.code
    out["verified"] = list(found.verified)
    return out


def compact(src: Path, dst: Path) -> int:
    """Write ``src`` to ``dst`` as this code keeps checkpoints (short rows, no decision times),
    the header and the verified notes as they were; the number of pieces. ``dst`` must not
    exist: nothing is overwritten."""
    if dst.exists():
        raise CheckpointError(f"checkpoint {dst} exists already: not overwritten")
    header, found = checkpoint_file.read_any(src)
    kind, _ = spec_of(header, src)
    same = same_deal if kind == "deals" else same_game
    lines = [json.dumps(dict(header), sort_keys=True)]
    for i, rec in enumerate(found.records):
        try:
            row = same(rec, f"record {i}")
        except SchemaError as exc:
            raise CheckpointError(f"checkpoint {src}: {exc}") from None
        lines.append(json.dumps(row, sort_keys=True, separators=(",", ":")))
    for note in found.notes:
        lines.append(json.dumps(dict(note), sort_keys=True, separators=(",", ":")))
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, dst)
    return len(found.records)
