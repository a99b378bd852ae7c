"""Two matches against the same opponent on the same deals, compared deal by deal.

    python -m tools.paired NEW.jsonl OLD.jsonl [--deals 300]

Both checkpoints must be duplicate-deal matches of one variant and seed with the same B level
(e.g. expert of a new generation against hard, and the kept generation against hard): deal d
holds the same cards in both. For every deal both hold, the difference of A's margin over B
(new minus old) is the new A's gain on that deal; its mean over the first ``--deals`` deals
both hold, with a 95% interval, is the A/B of the two A levels, measured against the opponent
that matters. Prints one line, or ``--json``.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from pathlib import Path

from game.match.pieces import parse_records
from game.match.records import TableResult, deal_from_record
from game.match.stored import spec_of
from game.store import checkpoint as checkpoint_file


def margins(path: Path) -> tuple[dict[str, object], dict[int, float]]:
    """(the match's header, A's margin over B per deal, averaged over the deal's seatings)."""
    header, found = checkpoint_file.read_any(path)
    spec_of(header, path)
    tables: list[TableResult] = [t for _, ts in parse_records(list(map(dict, found.records)),
                                                              path, deal_from_record)
                                 for t in ts]
    by: dict[int, list[float]] = {}
    for t in tables:
        by.setdefault(t.deal, []).append(t.margin)
    return dict(header), {d: sum(ms) / len(ms) for d, ms in by.items()}


def compare(new: Path, old: Path, deals: int | None = None) -> dict[str, object]:
    h_new, m_new = margins(new)
    h_old, m_old = margins(old)
    for key in ("variant", "seed", "b", "b_options", "kind"):
        if h_new.get(key) != h_old.get(key):
            raise SystemExit(f"{new.name} and {old.name} differ in {key}: "
                             f"{h_new.get(key)!r} against {h_old.get(key)!r}")
    both = sorted(set(m_new) & set(m_old))
    if deals is not None:
        both = both[:deals]
    if len(both) < 2:
        raise SystemExit("fewer than two deals in both files")
    diffs = [m_new[d] - m_old[d] for d in both]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return {"variant": h_new["variant"], "deals": n, "new": _name(h_new), "old": _name(h_old),
            "against": h_new["b"], "gain_per_deal": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "new_margin": round(sum(m_new[d] for d in both) / n, 2),
            "old_margin": round(sum(m_old[d] for d in both) / n, 2),
            "deals_differing": sum(1 for x in diffs if x)}


def _name(header: dict[str, object]) -> str:
    opts = header.get("a_options") or []
    assert isinstance(opts, list)
    return str(header["a"]) + "".join(f" {k}={v}" for k, v in opts)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("new", type=Path)
    p.add_argument("old", type=Path)
    p.add_argument("--deals", type=int, default=None)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    r = compare(args.new, args.old, args.deals)
    if args.json:
        print(json.dumps(r))
        return 0
    ci = r["ci95"]
    assert isinstance(ci, list)
    lo, hi = float(ci[0]), float(ci[1])
    print(f"{r['variant']}: {r['new']} against {r['old']}, both against {r['against']}, "
          f"{r['deals']} deals ({r['deals_differing']} differ): {r['gain_per_deal']:+.1f} a deal "
          f"({lo:+.1f} .. {hi:+.1f}); margins {r['new_margin']:+.1f} and {r['old_margin']:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
